import type { PluginManifest } from '@cotton/sdk/contracts';
import { describe, expect, it, vi } from 'vitest';
import * as devModeModule from './dev-mode';
import { DEV_MODE_PERMISSION, DEV_MODE_STORAGE_KEY, type DevModeOptions } from './dev-mode';
import { createLazyDevMode } from './lazy-dev-mode';

const DEV = 'http://127.0.0.1:5174';
const OFFER = { production: false, pluginDevOrigins: ['http://127.0.0.1:*'] };
const installed = { id: 'acme-ledger', entry: '/plugins/acme-ledger/a.js' } as PluginManifest;
const devManifest = {
  ...installed,
  version: '1.0.0',
  entry: `${DEV}/acme-ledger.1.js`,
  integrity: 'sha384-dev',
  sdkVersion: '1.0.0',
  routes: [],
  components: [],
  dev: { build: 1, session: 's' },
};

function setup({ user = 'u1' as string | null, permitted = true, stored = true } = {}) {
  const values = new Map<string, string>();
  if (stored && user)
    values.set(`${DEV_MODE_STORAGE_KEY}:${user}`, JSON.stringify({ url: DEV, until: Date.now() + 60_000 }));
  const state = { user, permitted };
  const options: DevModeOptions = {
    storage: {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
    },
    fetchImpl: () =>
      Promise.resolve(
        new Response(JSON.stringify(devManifest), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    hasPermission: (code) => state.permitted && code === DEV_MODE_PERMISSION,
    currentUser: () => state.user,
    reload: vi.fn(),
  };
  const load = vi.fn(() => Promise.resolve(devModeModule));
  return { devMode: createLazyDevMode(options, load), load, options, state };
}

describe('createLazyDevMode', () => {
  it('a visitor, or a portal that offers nothing: the dev-mode module is never loaded', async () => {
    const visitor = setup({ user: null });
    await visitor.devMode.start(OFFER);
    expect(visitor.devMode.apply([installed])).toEqual([installed]);
    expect(visitor.devMode.service.isAvailable()).toBe(false);
    expect(visitor.load).not.toHaveBeenCalled();

    const production = setup();
    await production.devMode.start({ ...OFFER, production: true });
    expect(production.devMode.apply([installed])).toEqual([installed]);
    expect(production.load).not.toHaveBeenCalled();
  });

  it('a permitted user with dev mode on: loaded at boot, the dev plugin in place, the badge state', async () => {
    const { devMode, load } = setup();
    await devMode.start(OFFER);
    expect(load).toHaveBeenCalledTimes(1);
    expect(devMode.apply([installed]).map((plugin) => plugin.entry)).toEqual([devManifest.entry]);
    expect(devMode.getState()).toMatchObject({ url: DEV, pluginId: 'acme-ledger', status: 'active' });
    expect(devMode.service.getState()).toMatchObject({ status: 'active' });
  });

  it('a login since boot: reads the switch, and reloads when the dev plugin is there', async () => {
    const { devMode, load, options, state } = setup({ user: 'u1' });
    state.user = null;
    await devMode.start(OFFER);
    expect(load).not.toHaveBeenCalled();
    state.user = 'u1';
    expect(devMode.apply([installed])).toEqual([installed]);
    await vi.waitFor(() => expect(options.reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('switching on loads the module; a user without the permission is refused without it', async () => {
    const refused = setup({ permitted: false });
    await refused.devMode.start(OFFER);
    await expect(refused.devMode.service.switchOn(DEV)).rejects.toThrow('没有安装插件的权限');
    expect(refused.load).not.toHaveBeenCalled();

    const { devMode, load, options } = setup({ stored: false });
    await devMode.start(OFFER);
    expect(load).toHaveBeenCalledTimes(1);
    await devMode.service.switchOn(DEV);
    expect(options.reload).toHaveBeenCalledTimes(1);
  });
});
