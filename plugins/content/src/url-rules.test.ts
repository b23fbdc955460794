import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { CatalogTreeBody, ContentDetailBody, SearchContentBody } from '@cotton/sdk/contracts';
import { isCatalogCode, isKeyWord, isPageNum, isRecordId } from './url-rules';

const page = { pageNum: 1, pageSize: 10 };

describe('content URL rules agree with the server', () => {
  it('catalogue codes', () => {
    for (const value of ['serviceCenter', 'a-b_1', '1abc', '<x>', '', 'a'.repeat(48), 'a'.repeat(49)]) {
      expect([value, isCatalogCode(value)]).toEqual([value, Value.Check(CatalogTreeBody, { code: value })]);
    }
  });

  it('record ids', () => {
    for (const value of ['1', '42', '2147483647', '2147483648', '0', '-1', '01', 'abc', '1.5', '99999999999']) {
      expect([value, isRecordId(value)]).toEqual([value, Value.Check(ContentDetailBody, { id: value })]);
    }
  });

  it('keywords and pages', () => {
    for (const value of ['棉花', 'x'.repeat(50), ` ${'x'.repeat(50)} `, 'x'.repeat(51)]) {
      const sent = value.trim();
      expect([value, isKeyWord(value)]).toEqual([
        value,
        Value.Check(SearchContentBody, { keyWord: sent, pageParameter: page }),
      ]);
    }
    for (const value of ['1', '9999', '1000000']) {
      expect(Value.Check(SearchContentBody, { keyWord: 'x', pageParameter: { ...page, pageNum: Number(value) } })).toBe(
        isPageNum(value),
      );
    }
    expect(isPageNum('1000001')).toBe(false);
  });
});
