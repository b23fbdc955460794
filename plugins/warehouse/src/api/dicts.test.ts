import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@cotton/sdk';
import { dictCalls } from '@cotton/sdk/calls';
import { WHS_DICTS_FRESH_MS, queryWhsDicts, resetWhsDicts } from './index';

// A rename in 数据字典 reaches the next warehouse detail opened a few seconds later: the
// dictionaries are not kept for the page's whole life.

// Another file of this worker may have left an answer in the shared cache.
beforeEach(() => resetWhsDicts());

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetWhsDicts();
});

describe('queryWhsDicts', () => {
  it('shares one answer for a few seconds, then asks again and sees a renamed item', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
    let name = '棉花交割仓库';
    const call = vi
      .spyOn(request, 'call')
      .mockImplementation(async () => ({ dictLists: { WHS_TYPE: [{ code: '1', value: name }] } }));
    expect((await queryWhsDicts()).WHS_TYPE['1']).toBe('棉花交割仓库');
    name = '棉花期货交割库';
    expect((await queryWhsDicts()).WHS_TYPE['1']).toBe('棉花交割仓库');
    expect(call).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + WHS_DICTS_FRESH_MS);
    expect((await queryWhsDicts()).WHS_TYPE['1']).toBe('棉花期货交割库');
    expect(call).toHaveBeenCalledTimes(2);
    expect(call).toHaveBeenLastCalledWith(dictCalls.lists, {
      dictCategorys: ['WHS_TYPE', 'WHS_BIZ_TYPE', 'FREIGHT_YARD_TYPE'],
    });
  });
});
