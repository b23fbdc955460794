import { IMPORT_FILE_MAX_BYTES, IMPORT_FILE_MESSAGES } from '@cotton/sdk/validators';
import fastifyMultipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/envelope';
import { storedZip, unzipWithinBudget, UnzipRefusal, type UnzippedEntry } from './bounded-unzip';
import { sendXlsx, type XlsxColumn } from './xlsx';

/**
 * Import of an admin list from `.xlsx` (docs/architecture.md "Generic admin list"): the
 * file comes as the multipart field `file` (the SDK's `request.upload`), the first sheet's
 * first row names the columns (in any order, by the template's headers), and each later
 * non-blank row is handed to the list's own validation with its row number in the file.
 * The file is bounded (`IMPORT_FILE_MAX_BYTES`, 2 MB, which the browser checks too) and so is
 * the number of rows ({@link ImportSheet.maxRows}); anything unreadable is a `400` in Chinese.
 */

export const IMPORT_MESSAGES = {
  noFile: '请选择要导入的 Excel 文件',
  tooLarge: IMPORT_FILE_MESSAGES.tooLarge,
  unreadable: '无法读取该文件，请上传 .xlsx 格式的 Excel 文件（可先下载模板）',
  tooBig: '文件内容过大，请删除多余的工作表和格式后再导入',
  missingColumn: (header: string) => `文件缺少「${header}」列，请使用导入模板`,
  noRows: '文件中没有要导入的数据行',
  tooManyRows: (max: number) => `一次最多导入 ${max} 行，请分批导入`,
} as const;

export interface ImportColumn<Key extends string> {
  key: Key;
  /** The header in the template and in the file's first row. */
  header: string;
  /** Width in characters in the template. */
  width?: number;
  /** The template marks it with *; a file without the column is refused. */
  required?: boolean;
}

export interface ImportSheet<Key extends string> {
  columns: ReadonlyArray<ImportColumn<Key>>;
  /** The most data rows one file may hold. */
  maxRows: number;
}

/** One data row: its number in the file (the header is row 1) and its cells as trimmed text. */
export interface ImportedRow<Key extends string> {
  row: number;
  values: Record<Key, string>;
}

/**
 * Registers the multipart parser for the routes of `app` (register it in an encapsulated
 * plugin holding only the import route): one file of at most 2 MB, plus
 * the few text fields the SDK's upload adds.
 */
export async function registerImportUpload(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { files: 1, fileSize: IMPORT_FILE_MAX_BYTES, fields: 8, fieldNameSize: 64, fieldSize: 256, parts: 10 },
  });
}

/** The uploaded file's bytes; a missing or oversized file is a `400`. */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  return (await readUploadForm(request)).bytes;
}

/**
 * The uploaded file's bytes and the text fields sent before it (the list's `import.fields`,
 * e.g. the dictionary the items go into); a missing or oversized file is a `400`.
 */
export async function readUploadForm(request: FastifyRequest): Promise<{ bytes: Buffer; fields: Map<string, string> }> {
  if (!request.isMultipart()) throw new ApiError('400', IMPORT_MESSAGES.noFile);
  const file = await request.file();
  if (!file) throw new ApiError('400', IMPORT_MESSAGES.noFile);
  const fields = new Map<string, string>();
  for (const [name, part] of Object.entries(file.fields)) {
    const first = Array.isArray(part) ? part[0] : part;
    if (first && first.type === 'field' && typeof first.value === 'string') fields.set(name, first.value);
  }
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError('400', IMPORT_MESSAGES.tooLarge);
    throw error;
  }
  if (bytes.length === 0) throw new ApiError('400', IMPORT_MESSAGES.noFile);
  return { bytes, fields };
}

/** A cell's value as text: rich text joined, a formula's result, a date as YYYY-MM-DD. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    // A hyperlink's text may itself be rich text.
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  }
  return '';
}

/** What an import file may hold once unzipped: a 500-row sheet is well under 1 MB. */
export const MAX_IMPORT_UNZIPPED_BYTES = 8 * 1024 * 1024;
const MAX_IMPORT_ZIP_ENTRIES = 256;

/**
 * The workbook of `bytes`, handed to exceljs only as what was inflated within
 * {@link MAX_IMPORT_UNZIPPED_BYTES} (counted while inflating: the sizes a zip declares are
 * claims, and a 1 MB file declaring 15 KB can hold 1,000 MB), re-packed without compression
 * so that exceljs inflates nothing itself.
 */
async function loadWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  let entries: UnzippedEntry[];
  try {
    entries = await unzipWithinBudget(bytes, { budget: MAX_IMPORT_UNZIPPED_BYTES, maxEntries: MAX_IMPORT_ZIP_ENTRIES });
  } catch (error) {
    if (!(error instanceof UnzipRefusal)) throw error;
    throw new ApiError('400', error.reason === 'over-budget' ? IMPORT_MESSAGES.tooBig : IMPORT_MESSAGES.unreadable);
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(storedZip(entries) as unknown as ArrayBuffer);
  } catch {
    throw new ApiError('400', IMPORT_MESSAGES.unreadable);
  }
  return workbook;
}

/**
 * The data rows of the first sheet of `bytes`, by the headers of its first row. Blank rows
 * are skipped (their numbers are not reused: row numbers are the file's). Only the rows and
 * cells the file holds are visited, so a lone cell far down costs nothing.
 */
export async function readSheet<Key extends string>(
  bytes: Buffer,
  sheet: ImportSheet<Key>,
): Promise<Array<ImportedRow<Key>>> {
  const workbook = await loadWorkbook(bytes);
  const worksheet = workbook.worksheets[0];
  if (!worksheet) throw new ApiError('400', IMPORT_MESSAGES.unreadable);

  const positions = new Map<string, number>();
  worksheet.getRow(1).eachCell((cell, column) => {
    const header = cellText(cell.value)
      .replace(/^\*|\*$/g, '')
      .trim();
    if (header !== '' && !positions.has(header)) positions.set(header, column);
  });
  for (const column of sheet.columns) {
    if (column.required && !positions.has(column.header))
      throw new ApiError('400', IMPORT_MESSAGES.missingColumn(column.header));
  }

  const rows: Array<ImportedRow<Key>> = [];
  let tooMany = false;
  worksheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1 || tooMany) return;
    const values = {} as Record<Key, string>;
    let blank = true;
    for (const column of sheet.columns) {
      const position = positions.get(column.header);
      const cell = position === undefined ? undefined : row.findCell(position);
      const text = cell ? cellText(cell.value) : '';
      values[column.key] = text;
      if (text !== '') blank = false;
    }
    if (blank) return;
    if (rows.length === sheet.maxRows) tooMany = true;
    else rows.push({ row: number, values });
  });
  if (tooMany) throw new ApiError('400', IMPORT_MESSAGES.tooManyRows(sheet.maxRows));
  if (rows.length === 0) throw new ApiError('400', IMPORT_MESSAGES.noRows);
  return rows;
}

/**
 * Sends the import template: the header row only (required columns marked *), so that
 * nothing in it is imported by mistake when the file is sent back as it is.
 */
export function sendImportTemplate<Key extends string>(
  reply: FastifyReply,
  file: { filename: string; sheetName: string; sheet: ImportSheet<Key> },
): FastifyReply {
  const columns: Array<XlsxColumn<Record<Key, string>>> = file.sheet.columns.map((column) => ({
    header: column.required ? `*${column.header}` : column.header,
    width: column.width,
    value: (row) => row[column.key],
  }));
  async function* noRows(): AsyncGenerator<Array<Record<Key, string>>> {}
  return sendXlsx(reply, { filename: file.filename, sheetName: file.sheetName, columns, batches: noRows() });
}
