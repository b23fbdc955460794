import { describe, expect, it } from 'vitest';
import {
  batchNumberOf,
  parseBatchNumber,
  parseReceiptNumber,
  receiptNumberOf,
} from '../src/modules/receipt/identifiers';

describe('batch numbers', () => {
  it('are ginnery code, crop year and serial', () => {
    expect(parseBatchNumber('65079161001')).toEqual({
      ginneryCode: '65079',
      provincePrefix: '65',
      cropYear: 2016,
      serial: 1001,
    });
    expect(batchNumberOf('37012', 2024, 1234)).toBe('37012241234');
    expect(batchNumberOf('65001', 2021, 9999)).toBe('65001219999');
  });

  it('refuse other forms and serials outside 1001…9999', () => {
    for (const text of ['6507916100', '650791610011', '6507916100a', '65079161000', '05079161001', ' 65079161001'])
      expect(parseBatchNumber(text), text).toBeNull();
    expect(() => batchNumberOf('65001', 2021, 10_000)).toThrow('批号无效');
    expect(() => batchNumberOf('65001', 2021, 1000)).toThrow('批号无效');
    expect(() => batchNumberOf('6500', 2021, 1001)).toThrow('批号无效');
  });
});

describe('receipt numbers', () => {
  it('are CF, crop year and an 8-digit serial', () => {
    expect(receiptNumberOf(2021, 1)).toBe('CF2100000001');
    expect(parseReceiptNumber('CF2500123456')).toEqual({ cropYear: 2025, serial: 123_456 });
    for (const text of ['cf2100000001', 'CF210000001', 'CF21000000012', 'CX2100000001'])
      expect(parseReceiptNumber(text), text).toBeNull();
    expect(() => receiptNumberOf(2021, 100_000_000)).toThrow('仓单号无效');
  });
});
