import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx, type XlsxColumn } from './xlsx';

interface Row {
  n: number;
  name: string;
}

const COLUMNS: Array<XlsxColumn<Row>> = [
  { header: '序号', value: (row) => row.n },
  { header: '名称', value: (row) => row.name },
  { header: '备注', value: (row) => `第 ${row.n} 行：${'操作日志的一行，'.repeat(12)}` },
];

/** `count` batches of 500 rows, read as fast as they are asked for. */
async function* batches(count: number, read: { batches: number }) {
  for (let batch = 0; batch < count; batch++) {
    read.batches += 1;
    yield Array.from({ length: 500 }, (_, index) => ({ n: batch * 500 + index + 1, name: `staff${batch}-${index}` }));
  }
}

/** A client taking each chunk on the next turn of the event loop; the bytes kept. */
function client() {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      setImmediate(done);
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks) };
}

describe('writeXlsx', () => {
  it('holds about one batch of XML before the zip, however fast the rows come: the file is whole', async () => {
    const { sink, bytes } = client();
    const read = { batches: 0 };
    const held: number[] = [];
    await writeXlsx(
      sink,
      { sheetName: '日志', columns: COLUMNS, batches: batches(40, read) },
      {
        onBatch: (bytes) => held.push(bytes),
      },
    );
    await new Promise((resolve) => sink.end(resolve));

    // 20,000 rows of ~250 bytes of XML each: 5 MB written, never more than 1 MB of it waiting.
    // (Without the wait on the sheet's own stream, it piles up: most of it here.)
    expect(held).toHaveLength(40);
    expect(Math.max(...held)).toBeLessThan(1024 * 1024);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes() as never);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('日志');
    expect(sheet.getRow(1).values).toEqual([undefined, '序号', '名称', '备注']);
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getRow(20_001).getCell(2).value).toBe('staff39-499');
  });

  it('stops reading rows when the client goes', async () => {
    // A client that never reads: the export waits for it, then it goes.
    const stalled = new Writable({ highWaterMark: 1024, write: () => undefined });
    const read = { batches: 0 };
    const gone = new AbortController();
    const writing = writeXlsx(
      stalled,
      { sheetName: '日志', columns: COLUMNS, batches: batches(1000, read) },
      {
        signal: gone.signal,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    gone.abort(new Error('client gone'));
    await expect(writing).rejects.toThrow('client gone');
    const asked = read.batches;
    expect(asked).toBeLessThan(50);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read.batches).toBe(asked);
  });
});
