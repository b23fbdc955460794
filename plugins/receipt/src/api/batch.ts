import { ApiError } from '@cotton/sdk';
import { findReceipt, queryInspection } from './index';
import type { BatchInspection, ReceiptItem } from '@cotton/sdk/contracts';

export interface BatchData {
  /** The warehouse record; `null` when the batch has inspection data but no receipt. */
  receipt: ReceiptItem | null;
  /** The inspection record; `null` when the batch has a receipt but no inspection. */
  inspection: BatchInspection | null;
}

/**
 * A batch's warehouse record (the receipt search) and inspection record, in parallel.
 * A batch neither knows rejects with a handled `404` whose message is the server's
 * (`批号不存在：<code>`), so the page shows it in its 未找到该批号 panel and no toast.
 */
export async function loadBatch(batchNumber: string, noReceiptMessage: string): Promise<BatchData> {
  const [receipt, inspection] = await Promise.all([
    findReceipt(batchNumber),
    queryInspection(batchNumber).then(
      (result) => ({ result, missing: null as string | null }),
      (error: unknown) => {
        if (error instanceof ApiError && error.code === '404') return { result: null, missing: error.message };
        throw error;
      },
    ),
  ]);
  if (!receipt && !inspection.result) throw new ApiError('404', inspection.missing ?? noReceiptMessage, true);
  return { receipt, inspection: inspection.result };
}
