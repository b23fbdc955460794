import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { ReceiptSearchBody } from '@cotton/sdk/contracts';
import { BID_URL_DEFAULTS, BID_URL_RULES, toQuery } from './use-bid-url-state';
import type { BidUrlState } from './use-bid-url-state';

// Whatever passes the URL's rules, the search body built from it is one the server accepts.
function serverAccepts(key: keyof BidUrlState, value: string): boolean {
  const query = toQuery({ ...BID_URL_DEFAULTS, [key]: value });
  // The server's Ajv turns a bound's JSON number into its text before the pattern (Value.Check does not).
  const coerced = Object.fromEntries(
    Object.entries(query).map(([field, v]) => [field, typeof v === 'number' ? String(v) : v]),
  );
  return Value.Check(ReceiptSearchBody, {
    stgWareHouseQueryParameters: coerced,
    pageParameter: { pageNum: 1, pageSize: 10 },
  });
}

const samples: Partial<Record<keyof BidUrlState, string[]>> = {
  text: ['6507', '65079161001', '<>', 'x'.repeat(65)],
  productYear: ['2024', '2024,2025', '1999x', 'abc'],
  stockName: ['1', '1,2', '3', 'x'],
  warehouseStatus: ['5', '6'],
  origin: ['1', '北疆', 'zz'],
  colorGrade: ['31', '31,12', 'zz', '15'],
  macronGrade: ['A', 'B1,C2', 'D'],
  lengthGrade: ['28', '33', '24'],
  strength: ['26,30.5', '30,26', '-5,200', '1,2', 'x,y', '26'],
  rd: ['70,80', '70,101'],
  storagePlace: ['650100', 'abc', '65010'],
  whsName: ['某库', 'x'.repeat(128), 'x'.repeat(129)],
  factoryName: ['某厂', 'x'.repeat(65)],
  sort: ['length.desc', 'batchNumber.asc', 'x', 'length.up'],
};

describe('receipt search URL rules', () => {
  for (const [key, values] of Object.entries(samples) as [keyof BidUrlState, string[]][]) {
    it(`${key}: never passes what the server refuses`, () => {
      for (const value of values) {
        if (BID_URL_RULES[key]!(value)) expect([value, serverAccepts(key, value)]).toEqual([value, true]);
      }
    });
  }

  it('refuses the bad values of the samples and keeps the good ones', () => {
    expect(BID_URL_RULES.colorGrade!('zz')).toBe(false);
    expect(BID_URL_RULES.storagePlace!('abc')).toBe(false);
    expect(BID_URL_RULES.origin!('zz')).toBe(false);
    expect(BID_URL_RULES.strength!('-5,200')).toBe(false);
    expect(BID_URL_RULES.pageNum!('abc')).toBe(false);
    expect(BID_URL_RULES.colorGrade!('31,12')).toBe(true);
    expect(BID_URL_RULES.strength!('26,30.5')).toBe(true);
    expect(BID_URL_RULES.sort!('length.desc')).toBe(true);
  });
});
