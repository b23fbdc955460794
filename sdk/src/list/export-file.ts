import { Message } from '@arco-design/web-react';
import type { ListExportBody } from '../contracts/list';
import { request } from '../request/client';
import { showFailure } from '../request/show-failure';
import type { ListCall } from './types';

/** 导出's messages. */
export const EXPORT_MESSAGES = {
  exporting: '正在导出…',
  exported: '导出完成',
} as const;

const EXPORT_MESSAGE_ID = 'list-export';

/** 1.2 MB, 356 KB. */
function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `已接收 ${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `已接收 ${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * 导出 as every list does it (ListPage, and the tree pages that have no list store): POSTs
 * the list's query to an export call and saves the file, a message counting the bytes received
 * while the server writes it; a refusal is shown. Resolves true once the file is saved.
 */
export async function exportListFile(call: ListCall, body: ListExportBody, filename?: string): Promise<boolean> {
  Message.loading({ id: EXPORT_MESSAGE_ID, content: EXPORT_MESSAGES.exporting, duration: 0 });
  try {
    await request.download(call, body as never, filename, {
      onProgress: (loaded) =>
        Message.loading({
          id: EXPORT_MESSAGE_ID,
          content: `${EXPORT_MESSAGES.exporting} ${formatBytes(loaded)}`,
          duration: 0,
        }),
    });
    Message.success({ id: EXPORT_MESSAGE_ID, content: EXPORT_MESSAGES.exported, duration: 3000 });
    return true;
  } catch (error) {
    Message.clear();
    showFailure(error);
    return false;
  }
}
