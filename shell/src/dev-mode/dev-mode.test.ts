import type { PluginManifest } from '@cotton/sdk/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  DEV_MODE_PERMISSION,
  DEV_MODE_STORAGE_KEY,
  createDevMode,
  devServerOrigin,
  fetchDevManifest,
  originAllowed,
  withDevPlugin,
  type DevModeOptions,
} from './dev-mode';

const DEV = 'http://127.0.0.1:5174';
const SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'];

function manifest(overrides: Partial<PluginManifest> = {}): PluginManifest {
  return {
    id: 'acme-ledger',
    version: '1.0.0',
    entry: '/plugins/acme-ledger/acme-ledger.0123abcd.js',
    integrity: 'sha384-installed',
    sdkVersion: '1.0.0',
    routes: [],
    components: ['LedgerList'],
    ...overrides,
  } as PluginManifest;
}

const devManifest = (build = 1, session = 'run-1') =>
  manifest({ entry: `${DEV}/acme-ledger.${build}bcd0000.js`, integrity: 'sha384-dev', ...{ dev: { build, session } } });
const switchedOn = (url = DEV, until = Date.now() + 60_000) => JSON.stringify({ url, until });

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

/** A stand-in EventSource whose events the test sends. */
function fakeEvents() {
  const handlers = new Map<string, (event: Event) => void>();
  const opened: string[] = [];
  return {
    opened,
    open: (url: string) => {
      opened.push(url);
      return {
        addEventListener: (type: string, handler: (event: Event) => void) => void handlers.set(type, handler),
        close: vi.fn(),
      } as unknown as EventSource;
    },
    send: (type: string, data?: unknown) =>
      handlers.get(type)?.(
        data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) }),
      ),
  };
}

function setUp(
  overrides: Partial<DevModeOptions> & { stored?: string; permitted?: boolean; user?: string | null } = {},
) {
  const storage = memoryStorage(overrides.stored ? { [`${DEV_MODE_STORAGE_KEY}:u1`]: overrides.stored } : {});
  let user: string | null = overrides.user === undefined ? 'u1' : overrides.user;
  let permitted = overrides.permitted ?? true;
  const reload = vi.fn();
  const events = fakeEvents();
  const onBuildError = vi.fn();
  const devMode = createDevMode({
    storage,
    fetchImpl: vi.fn(() => answer(200, devManifest(1))),
    hasPermission: (code) => permitted && code === DEV_MODE_PERMISSION,
    currentUser: () => user,
    reload,
    openEvents: events.open,
    onBuildError,
    ...overrides,
  });
  const logIn = (as: string | null, mayInstall = true) => {
    user = as;
    permitted = mayInstall;
  };
  return { devMode, storage, reload, events, onBuildError, logIn };
}

describe('plugin dev mode', () => {
  it('matches dev server addresses against the portal’s CSP sources', () => {
    expect(originAllowed('http://127.0.0.1:5174', SOURCES)).toBe(true);
    expect(originAllowed('http://localhost', SOURCES)).toBe(true);
    expect(originAllowed('https://127.0.0.1:5174', SOURCES)).toBe(false);
    expect(originAllowed('http://evil.example.cn:5174', SOURCES)).toBe(false);
    expect(originAllowed('http://10.0.0.5:5174', ['http://10.0.0.5:5174'])).toBe(true);
    expect(originAllowed('http://10.0.0.5:5175', ['http://10.0.0.5:5174'])).toBe(false);
    expect(originAllowed('http://10.0.0.5', ['http://10.0.0.5'])).toBe(true);
    expect(devServerOrigin(' 127.0.0.1:5174/ ', SOURCES)).toBe(DEV);
    expect(() => devServerOrigin('http://evil.example.cn', SOURCES)).toThrow(/PLUGIN_DEV_ORIGINS/);
    expect(() => devServerOrigin('javascript:alert(1)', SOURCES)).toThrow(/请填写开发服务器地址/);
  });

  it('reads the dev server’s manifest and refuses one whose files are elsewhere', async () => {
    await expect(fetchDevManifest(DEV, () => answer(200, devManifest(3)))).resolves.toMatchObject({
      dev: { build: 3 },
    });
    await expect(
      fetchDevManifest(DEV, () => answer(200, { ...devManifest(), entry: 'http://evil.example.cn/x.js' })),
    ).rejects.toThrow(/其他地址/);
    await expect(fetchDevManifest(DEV, () => answer(200, manifest()))).rejects.toThrow(/不是插件开发服务器/);
    await expect(
      fetchDevManifest(DEV, () => answer(503, { error: 'src/index.tsx (3:1): Unexpected token' })),
    ).rejects.toThrow(/还没有可用的构建：src\/index.tsx/);
    await expect(fetchDevManifest(DEV, () => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow(
      /无法连接开发服务器/,
    );
  });

  it('puts the dev plugin in place of the installed one of the same id', () => {
    const other = manifest({ id: 'home' });
    expect(withDevPlugin([manifest(), other], devManifest())).toEqual([other, devManifest()]);
  });

  it('switched on: a user who may install plugins gets the dev plugin; a newer build reloads the page', async () => {
    const { devMode, reload, events } = setUp({ stored: switchedOn() });
    await devMode.start({ production: false, pluginDevOrigins: SOURCES });
    expect(devMode.apply([manifest()])).toEqual([devManifest(1)]);
    expect(devMode.getState()).toMatchObject({ url: DEV, pluginId: 'acme-ledger', status: 'active' });
    expect(events.opened).toEqual([`${DEV}/events`]);
    events.send('build', { build: 1 });
    expect(reload).not.toHaveBeenCalled();
    events.send('build', { build: 2 });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a restarted dev server (builds counted from 1 again) reloads the page too; bad event data is ignored', async () => {
    const { devMode, reload, events } = setUp({ stored: switchedOn(), fetchImpl: () => answer(200, devManifest(5)) });
    await devMode.start({ production: false, pluginDevOrigins: SOURCES });
    devMode.apply([manifest()]);
    events.send('build', { build: 5, manifest: devManifest(5) });
    events.send('build', 'not json');
    expect(reload).not.toHaveBeenCalled();
    events.send('build', { build: 1, manifest: devManifest(1, 'run-2') });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a manifest it cannot use is read again on the next build, with no reload until it can be used', async () => {
    let manifestAnswer = () => answer(200, { ...devManifest(1), entry: 'http://localhost:5174/x.js' });
    const { devMode, reload, events } = setUp({ stored: switchedOn(), fetchImpl: () => manifestAnswer() });
    await devMode.start({ production: false, pluginDevOrigins: SOURCES });
    expect(devMode.apply([manifest()])).toEqual([manifest()]);
    events.send('build', { build: 1 });
    await vi.waitFor(() => expect(devMode.getState()).toMatchObject({ status: 'failed' }));
    expect(reload).not.toHaveBeenCalled();
    manifestAnswer = () => answer(200, devManifest(2));
    events.send('build', { build: 2 });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('is each user’s own: another user, a logout, or a switch older than 12 hours does not get it', async () => {
    const { devMode, reload, events, logIn } = setUp({ stored: switchedOn() });
    await devMode.start({ production: false, pluginDevOrigins: SOURCES });
    expect(devMode.apply([manifest()])).toEqual([devManifest(1)]);
    // Logged out: the event stream closes and the page that ran dev code reloads.
    logIn(null);
    expect(devMode.apply([manifest()])).toEqual([manifest()]);
    expect(reload).toHaveBeenCalledTimes(1);
    events.send('build', { build: 9 });
    expect(reload).toHaveBeenCalledTimes(1);
    // Another administrator in the same browser: nothing switched on for them.
    logIn('u2');
    expect(devMode.apply([manifest()])).toEqual([manifest()]);
    await vi.waitFor(() => expect(devMode.getState()).toBeNull());
    const expired = setUp({ stored: switchedOn(DEV, Date.now() - 1) });
    await expired.devMode.start({ production: false, pluginDevOrigins: SOURCES });
    expect(expired.devMode.apply([manifest()])).toEqual([manifest()]);
    expect(expired.storage.values.size).toBe(0);
  });

  it('after a login, reads that user’s switch and reloads once the dev plugin is there', async () => {
    const { devMode, reload, logIn } = setUp({ stored: switchedOn(), user: null });
    await devMode.start({ production: false, pluginDevOrigins: SOURCES });
    expect(devMode.apply([manifest()])).toEqual([manifest()]);
    logIn('u1');
    expect(devMode.apply([manifest()])).toEqual([manifest()]);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('a failed build is shown and the page kept; the dev server going away is shown too', async () => {
    const { devMode, reload, events, onBuildError } = setUp({ stored: switchedOn() });
    await devMode.start({ production: false, pluginDevOrigins: SOURCES });
    devMode.apply([manifest()]);
    events.send('error', { message: 'src/index.tsx: Unexpected token' });
    expect(onBuildError).toHaveBeenCalledWith('src/index.tsx: Unexpected token');
    expect(devMode.getState()).toMatchObject({ status: 'failed', message: 'src/index.tsx: Unexpected token' });
    events.send('error');
    expect(devMode.getState()).toMatchObject({ status: 'unreachable' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing in production, without the permission, or when not switched on', async () => {
    for (const [config, permitted, stored] of [
      [{ production: true, pluginDevOrigins: SOURCES }, true, switchedOn()],
      [{ production: false, pluginDevOrigins: [] }, true, switchedOn()],
      [{ production: false, pluginDevOrigins: SOURCES }, false, switchedOn()],
      [{ production: false, pluginDevOrigins: SOURCES }, true, undefined],
    ] as const) {
      const { devMode, events } = setUp({ stored, permitted });
      await devMode.start(config);
      expect(devMode.apply([manifest()])).toEqual([manifest()]);
      expect(devMode.getState()).toBeNull();
      expect(events.opened).toEqual([]);
    }
  });

  it('switching on checks the address and the manifest before remembering it; switching off forgets it', async () => {
    const { devMode, storage, reload } = setUp({ fetchImpl: () => answer(200, devManifest(1)) });
    await devMode.start({ production: false, pluginDevOrigins: SOURCES });
    expect(devMode.service.isAvailable()).toBe(true);
    await expect(devMode.service.switchOn('http://evil.example.cn:5174')).rejects.toThrow(/PLUGIN_DEV_ORIGINS/);
    expect(storage.values.size).toBe(0);
    await devMode.service.switchOn('127.0.0.1:5174');
    expect(JSON.parse(storage.values.get(`${DEV_MODE_STORAGE_KEY}:u1`)!)).toMatchObject({ url: DEV });
    expect(reload).toHaveBeenCalledTimes(1);
    devMode.service.switchOff();
    expect(storage.values.size).toBe(0);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('an unreachable dev server leaves the installed plugin in use and says so', async () => {
    const { devMode } = setUp({
      stored: switchedOn(),
      fetchImpl: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await devMode.start({ production: false, pluginDevOrigins: SOURCES });
    expect(devMode.apply([manifest()])).toEqual([manifest()]);
    expect(devMode.getState()).toMatchObject({ status: 'unreachable', message: expect.stringMatching(/无法连接/) });
  });
});
