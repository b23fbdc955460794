import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { QueryWhsDetailBody, QueryWhsPageBody } from '@cotton/sdk/contracts';
import { WAREHOUSE_URL_RULES } from './use-warehouse-url-state';

// The client's rules for the URL agree with the server's schemas on what they accept.
function serverAccepts(key: string, value: string): boolean {
  if (key === 'whsCode') return Value.Check(QueryWhsDetailBody, { whsCode: value });
  if (key === 'pageNum') {
    return (
      /^\d+$/.test(value) &&
      Value.Check(QueryWhsPageBody, { searchParam: {}, pageParameter: { pageNum: Number(value), pageSize: 10 } })
    );
  }
  const sent = key === 'warehouseName' ? value.trim() : value;
  return Value.Check(QueryWhsPageBody, { searchParam: { [key]: sent }, pageParameter: { pageNum: 1, pageSize: 10 } });
}

const samples: Record<string, string[]> = {
  warehouseName: ['南通', 'x'.repeat(100), 'x'.repeat(101), '<script>'],
  regionProviceCode: ['650000', '650000,410000', '650100', 'abc', '65000', `${'650000,'.repeat(60)}650000`],
  warehouseAreaType: ['1', '2', '3', '9', '12', 'abc'],
  pageNum: ['1', '2', '1000000', '1000001', '0', '-1', 'abc', '1.5', '01'],
  whsCode: ['WH001', 'x'.repeat(32), 'x'.repeat(33)],
};

describe('warehouse URL rules', () => {
  for (const [key, values] of Object.entries(samples)) {
    it(`${key}: accepts what the server accepts`, () => {
      const rule = WAREHOUSE_URL_RULES[key as keyof typeof WAREHOUSE_URL_RULES]!;
      for (const value of values) {
        // A page number the server would read differently (01, 1.5) is refused by the client only.
        const expected = key === 'pageNum' && !/^[1-9]\d*$/.test(value) ? false : serverAccepts(key, value);
        expect([value, rule(value)]).toEqual([value, expected]);
      }
    });
  }
});
