/**
 * Batch and receipt numbers (docs/cotton-quality.md "Identifiers"). Pure functions: the seed
 * builds its numbers with them and the seed tests check the data against them.
 *
 * - Batch number (批号), 11 digits: ginnery code (5: the 2-digit GB/T 2260 province prefix
 *   and a 3-digit serial), crop year (its last 2 digits), serial within that ginnery and
 *   year (4 digits, 1001…9999).
 * - Receipt number (仓单号): `CF`, the crop year's last 2 digits, an 8-digit serial.
 */

/** The first and last serial of a ginnery's batches in one crop year. */
export const BATCH_SERIAL_FIRST = 1001;
export const BATCH_SERIAL_LAST = 9999;

export interface BatchNumberParts {
  ginneryCode: string;
  /** The GB/T 2260 province prefix (65 = Xinjiang). */
  provincePrefix: string;
  /** Four digits: 2000 + the batch number's two year digits. */
  cropYear: number;
  serial: number;
}

const BATCH_NUMBER = /^(\d{5})(\d{2})(\d{4})$/;
const RECEIPT_NUMBER = /^CF(\d{2})(\d{8})$/;
const GINNERY_CODE = /^[1-8]\d{4}$/;

/** The parts of a batch number, or `null` when it is not one (wrong form, serial out of 1001…9999). */
export function parseBatchNumber(text: string): BatchNumberParts | null {
  const match = BATCH_NUMBER.exec(text);
  if (!match || !GINNERY_CODE.test(match[1])) return null;
  const serial = Number(match[3]);
  if (serial < BATCH_SERIAL_FIRST || serial > BATCH_SERIAL_LAST) return null;
  return { ginneryCode: match[1], provincePrefix: match[1].slice(0, 2), cropYear: 2000 + Number(match[2]), serial };
}

/** The batch number of a ginnery's `serial`-th batch of `cropYear` (throws on parts out of range). */
export function batchNumberOf(ginneryCode: string, cropYear: number, serial: number): string {
  const text = `${ginneryCode}${String(cropYear % 100).padStart(2, '0')}${String(serial).padStart(4, '0')}`;
  if (!parseBatchNumber(text) || cropYear < 2000 || cropYear > 2099)
    throw new Error(`批号无效：加工企业 ${ginneryCode}，年度 ${cropYear}，流水号 ${serial}`);
  return text;
}

/** The crop year and serial of a receipt number, or `null`. */
export function parseReceiptNumber(text: string): { cropYear: number; serial: number } | null {
  const match = RECEIPT_NUMBER.exec(text);
  if (!match) return null;
  return { cropYear: 2000 + Number(match[1]), serial: Number(match[2]) };
}

/** `CF` + crop year (2 digits) + serial (8 digits). */
export function receiptNumberOf(cropYear: number, serial: number): string {
  if (!Number.isInteger(serial) || serial < 1 || serial > 99_999_999 || cropYear < 2000 || cropYear > 2099)
    throw new Error(`仓单号无效：年度 ${cropYear}，流水号 ${serial}`);
  return `CF${String(cropYear % 100).padStart(2, '0')}${String(serial).padStart(8, '0')}`;
}
