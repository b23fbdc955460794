import { describe, expect, it } from 'vitest';
import { heapGrowthGiven, withHeapGrowthLimited } from './index';

describe('withHeapGrowthLimited', () => {
  it('answers the work’s result or failure, however many run at once', async () => {
    const results = await Promise.all([1, 2, 3].map((n) => withHeapGrowthLimited(async () => n * 2)));
    expect(results).toEqual([2, 4, 6]);
    await expect(
      withHeapGrowthLimited(async () => {
        throw new Error('the client went');
      }),
    ).rejects.toThrow('the client went');
  });

  it('leaves an operator’s own --heap-growing-percent alone', () => {
    expect(heapGrowthGiven(['--heap-growing-percent=20'])).toBe(true);
    expect(heapGrowthGiven(['--max-old-space-size=4096'])).toBe(false);
  });
});
