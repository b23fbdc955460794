import type { PluginManifest } from '@cotton/sdk/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createPluginListRefresher, pluginListSignature } from './plugin-list-refresh';

function manifest(overrides: Partial<PluginManifest> = {}): PluginManifest {
  return {
    id: 'partner',
    version: '1.0.0',
    entry: '/plugins/partner/partner.0123abcd.js',
    integrity: 'sha384-abc',
    routes: [],
    components: ['PartnerPage'],
    sdkVersion: '1.0.0',
    sharedImports: [],
    ...overrides,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createPluginListRefresher', () => {
  it('reads the list again only when it is older than the maximum age, one call at a time', async () => {
    let time = 0;
    const fetchList = vi.fn(async () => [manifest()]);
    const refresher = createPluginListRefresher({ fetchList, maxAgeMs: 30_000, now: () => time });
    refresher.reset([manifest()]);
    time = 29_999;
    refresher.check();
    expect(fetchList).not.toHaveBeenCalled();
    time = 30_000;
    refresher.check();
    refresher.check();
    expect(fetchList).toHaveBeenCalledTimes(1);
    await settle();
    expect(refresher.takeChanged()).toBeNull();
    // Read just now: not again before another 30 s.
    refresher.check();
    expect(fetchList).toHaveBeenCalledTimes(1);
  });

  it('hands a changed list to the next navigation, once', async () => {
    let time = 0;
    const upgraded = [manifest({ version: '1.1.0', entry: '/plugins/partner/partner.4567cdef.js' })];
    const refresher = createPluginListRefresher({ fetchList: async () => upgraded, maxAgeMs: 10, now: () => time });
    refresher.reset([manifest()]);
    time = 10;
    refresher.check();
    await settle();
    expect(refresher.takeChanged()).toBe(upgraded);
    expect(refresher.takeChanged()).toBeNull();
  });

  it('keeps the list in use when the call fails, and tries again at the next check', async () => {
    let time = 100;
    const fetchList = vi.fn(async (): Promise<PluginManifest[]> => {
      throw new Error('offline');
    });
    const refresher = createPluginListRefresher({ fetchList, maxAgeMs: 10, now: () => time });
    refresher.reset([]);
    time = 200;
    refresher.check();
    await settle();
    expect(refresher.takeChanged()).toBeNull();
    refresher.check();
    expect(fetchList).toHaveBeenCalledTimes(2);
  });

  it('tells lists apart by what they load, not by their order', () => {
    const a = manifest({ id: 'a' });
    const b = manifest({ id: 'b' });
    expect(pluginListSignature([a, b])).toBe(pluginListSignature([b, a]));
    expect(pluginListSignature([a])).not.toBe(pluginListSignature([manifest({ id: 'a', integrity: 'sha384-x' })]));
  });

  it('reads now for a 重试, whatever the age: the list when it differs, else null (and null offline)', async () => {
    const upgraded = manifest({ version: '1.0.1', entry: '/plugins/partner/partner.89abcdef.js' });
    let answer: Promise<PluginManifest[]> = Promise.resolve([manifest()]);
    const fetchList = vi.fn(() => answer);
    const refresher = createPluginListRefresher({ fetchList, maxAgeMs: 30_000, now: () => 0 });
    refresher.reset([manifest()]);
    await expect(refresher.readNow()).resolves.toBeNull();
    answer = Promise.resolve([upgraded]);
    await expect(refresher.readNow()).resolves.toEqual([upgraded]);
    answer = Promise.reject(new Error('offline'));
    await expect(refresher.readNow()).resolves.toBeNull();
    expect(fetchList).toHaveBeenCalledTimes(3);
  });
});
