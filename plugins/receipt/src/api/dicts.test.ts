import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@cotton/sdk';
import { RECEIPT_DICTS_FRESH_MS, queryReceiptDicts, resetReceiptDicts } from './index';

// A rename in 数据字典 reaches 仓单查询 opened again a few seconds later: the filter
// dictionaries are not kept for the page's whole life.

// Another file of this worker may have left an answer in the shared cache.
beforeEach(() => resetReceiptDicts());

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetReceiptDicts();
});

describe('queryReceiptDicts', () => {
  it('shares one answer for a few seconds, then asks again and sees a renamed item', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
    let name = '白棉1级';
    const call = vi
      .spyOn(request, 'call')
      .mockImplementation(async () => ({ dictLists: { COLOR_GRADE: [{ code: '11', value: name }] } }));
    expect((await queryReceiptDicts()).COLOR_GRADE).toEqual([{ code: '11', value: '白棉1级' }]);
    name = '白棉一级';
    expect((await queryReceiptDicts()).COLOR_GRADE).toEqual([{ code: '11', value: '白棉1级' }]);
    expect(call).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + RECEIPT_DICTS_FRESH_MS);
    expect((await queryReceiptDicts()).COLOR_GRADE).toEqual([{ code: '11', value: '白棉一级' }]);
    expect(call).toHaveBeenCalledTimes(2);
  });
});
