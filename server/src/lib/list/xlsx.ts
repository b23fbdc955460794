import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/**
 * An `.xlsx` written as a stream (exceljs's streaming writer): rows go out batch by batch,
 * and the next batch is read only once the client has taken the previous one, so the
 * server's memory stays flat however many rows there are (docs/architecture.md "Generic
 * admin list").
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

/** Sends the rows as an `.xlsx` download; the reply is streaming when this returns. */
export function sendXlsx<Row>(reply: FastifyReply, file: XlsxExport<Row>): FastifyReply {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(file.sheetName);
  sheet.columns = file.columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width ?? 18,
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const rows of file.batches) {
        for (const row of rows) sheet.addRow(file.columns.map((column) => column.value(row))).commit();
        // Wait for the client before reading more rows.
        if (stream.writableNeedDrain) await once(stream, 'drain');
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      reply.log.error({ err: error }, 'xlsx export failed while streaming');
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
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
