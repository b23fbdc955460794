import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { withHeapGrowthLimited } from '../heap/index';

/**
 * An `.xlsx` written as a stream (exceljs's streaming writer): rows go out batch by batch,
 * and the next batch is read only once what the last one wrote has moved on — into the zip's
 * compressor, and from there to the client — so the server's memory stays flat however many
 * rows there are (docs/architecture.md "Generic admin list").
 */

export interface XlsxColumn<Row> {
  /** The row's field it shows (what a list's `field` names). */
  field?: string;
  header: string;
  /** Width in characters. */
  width?: number;
  value: (row: Row) => string | number | null;
}

export interface XlsxExport<Row> {
  /** The downloaded file's name (Chinese is fine: sent as RFC 5987 `filename*`). */
  filename: string;
  sheetName: string;
  columns: XlsxColumn<Row>[];
  batches: AsyncIterable<Row[]>;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A writable as far as its backlog goes (node's streams and the readable-stream ones archiver uses). */
interface Backlogged {
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean; length?: number };
  _readableState?: { length?: number };
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * The stream between the sheet and the zip: exceljs writes a streamed sheet's XML into a
 * buffer of its own (`StreamBuf`) that hands each 64 KB on to archiver's PassThrough without
 * looking at its answer — so a sheet written faster than the zip deflates piles up there,
 * uncompressed (+120 MB for 300,000 rows, measured), while the file's own stream looks
 * drained. This is that PassThrough, whose `drain` says the compressor has taken it.
 * (exceljs 4.4, archiver 5: xlsx.test.ts fails should either change.)
 */
export function sheetPipe(sheet: ExcelJS.Worksheet): Backlogged {
  const buffer = (sheet as unknown as { stream: { pipes?: Backlogged[] } }).stream;
  const pipe = buffer.pipes?.[0];
  if (!pipe) throw new Error('exceljs: the streamed sheet is not piped into the zip');
  return pipe;
}

/** Whether a writable holds more than its high-water mark (a write answered false). */
function needsDrain(stream: Backlogged): boolean {
  return Boolean(stream.writableNeedDrain ?? stream._writableState?.needDrain);
}

/**
 * Resolves when `stream` emits `drain`, or rejects when `signal` aborts (the client went:
 * no drain will come).
 */
function drained(stream: Backlogged, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    stream.once('drain', () => {
      signal.removeEventListener('abort', abort);
      resolve();
    });
  });
}

/** Bytes held between the sheet and the zip (its XML not yet compressed). */
function backlog(stream: Backlogged): number {
  return (stream._writableState?.length ?? 0) + (stream._readableState?.length ?? 0);
}

export interface WriteXlsxOptions {
  /** Stops the export (the client went): the promise rejects, no more batches are read. */
  signal?: AbortSignal;
  /** After each batch is written, the uncompressed bytes held before the zip (the memory bound's test). */
  onBatch?: (heldBytes: number) => void;
}

/**
 * Writes the rows as an `.xlsx` into `output`, batch by batch: after each batch it waits until
 * the sheet's XML has gone into the compressor and the compressed bytes out of `output` (to
 * the client), so what is held at once is about one batch of XML and two of rows.
 */
export function writeXlsx<Row>(
  output: Writable,
  file: Pick<XlsxExport<Row>, 'sheetName' | 'columns' | 'batches'>,
  options: WriteXlsxOptions = {},
): Promise<void> {
  // The rows read and written die young but outlive a few scavenges: without the limit V8 lets
  // them pile up in the old generation by hundreds of MB before it collects (lib/heap).
  return withHeapGrowthLimited(() => writeSheet(output, file, options));
}

async function writeSheet<Row>(
  output: Writable,
  file: Pick<XlsxExport<Row>, 'sheetName' | 'columns' | 'batches'>,
  { signal = new AbortController().signal, onBatch }: WriteXlsxOptions,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(file.sheetName);
  sheet.columns = file.columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width ?? 18,
  }));
  sheet.getRow(1).font = { bold: true };
  const pipe = sheetPipe(sheet);
  const batches = file.batches[Symbol.asyncIterator]();
  // The next batch is read from the database while this one is compressed and sent (at most
  // two batches of rows are held): waiting for the one before the other would add a database
  // round trip to every batch.
  let next = batches.next();
  try {
    for (;;) {
      const batch = await next;
      if (batch.done) break;
      next = batches.next();
      // Its failure is met at the `await` above; until then it is not unhandled.
      next.catch(() => undefined);
      for (const row of batch.value) sheet.addRow(file.columns.map((column) => column.value(row))).commit();
      onBatch?.(backlog(pipe));
      // Into the compressor, then out to the client, before writing more rows.
      if (needsDrain(pipe)) await drained(pipe, signal);
      if (needsDrain(output)) await drained(output, signal);
    }
  } catch (error) {
    // No more rows for a client gone or a failed export: the reader closes (its batches end).
    await next.catch(() => undefined);
    await batches.return?.(undefined);
    throw error;
  }
  sheet.commit();
  await workbook.commit();
}

/** Sends the rows as an `.xlsx` download; the reply is streaming when this returns. */
export function sendXlsx<Row>(reply: FastifyReply, file: XlsxExport<Row>): FastifyReply {
  const stream = new PassThrough();
  // A client that goes away ends the export: no more rows are read for it.
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort(new Error('the client closed the export')));
  void writeXlsx(stream, file, { signal: gone.signal }).catch((error: unknown) => {
    if (!gone.signal.aborted) reply.log.error({ err: error }, 'xlsx export failed while streaming');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'no-store')
    .send(stream);
}
