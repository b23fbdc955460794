import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/envelope';
import { readSheet, type ImportSheet } from './xlsx-import';
import { zipBomb } from '../../../scripts/zip-bomb.mjs';

const SHEET: ImportSheet<'name' | 'note'> = {
  columns: [
    { key: 'name', header: '名称', required: true },
    { key: 'note', header: '备注' },
  ],
  maxRows: 3,
};

async function xlsx(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据');
  sheet.getRow(1).values = ['名称', '备注'];
  fill(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function refusal(bytes: Buffer): Promise<string> {
  try {
    await readSheet(bytes, SHEET);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).message;
  }
  throw new Error('not refused');
}

describe('readSheet', () => {
  it('reads rich text, hyperlinks, numbers and formula results as text, by the file’s row numbers', async () => {
    const bytes = await xlsx((sheet) => {
      sheet.getCell('A2').value = { richText: [{ text: '甲' }, { text: '号' }] };
      sheet.getCell('B2').value = { text: { richText: [{ text: 'a@b.cn' }] }, hyperlink: 'mailto:a@b.cn' } as never;
      sheet.getCell('A4').value = 13900000001;
      sheet.getCell('B4').value = { formula: '1+1', result: 2 };
    });
    expect(await readSheet(bytes, SHEET)).toEqual([
      { row: 2, values: { name: '甲号', note: 'a@b.cn' } },
      { row: 4, values: { name: '13900000001', note: '2' } },
    ]);
  });

  it('visits only the rows the file holds: a lone cell on the last row is one row, not a million', async () => {
    const bytes = await xlsx((sheet) => {
      sheet.getCell('A1048576').value = '末行';
    });
    expect(await readSheet(bytes, SHEET)).toEqual([{ row: 1048576, values: { name: '末行', note: '' } }]);
  });

  it('refuses more rows than the list takes', async () => {
    const bytes = await xlsx((sheet) => {
      for (let row = 2; row <= 5; row += 1) sheet.getCell(`A${row}`).value = `第${row}行`;
    });
    expect(await refusal(bytes)).toBe('一次最多导入 3 行，请分批导入');
  });

  it('refuses a zip bomb — 15 KB declared, 64 MB inside — with the too-big message', async () => {
    const bomb = zipBomb({ name: 'xl/worksheets/sheet1.xml', megabytes: 64, declaredBytes: 15 * 1024 });
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await refusal(bomb)).toBe('文件内容过大，请删除多余的工作表和格式后再导入');
  });

  it('refuses a zip whose directory misstates what an entry holds, and what is no zip', async () => {
    const bytes = await xlsx((sheet) => {
      sheet.getCell('A2').value = '甲';
    });
    // The first central directory entry now says 2 GB.
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt32LE(0x7fffffff, central + 24);
    expect(await refusal(bytes)).toBe('无法读取该文件，请上传 .xlsx 格式的 Excel 文件（可先下载模板）');
    expect(await refusal(Buffer.from('不是 zip'))).toBe(
      '无法读取该文件，请上传 .xlsx 格式的 Excel 文件（可先下载模板）',
    );
  });
});
