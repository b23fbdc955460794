// For the projects that share one module cache per worker (vitest.config.ts, `isolate: false`):
// the SDK's host-set state lives in modules, so a file must not see what the previous file
// of its worker left there. Each file starts signed out, with the empty portal configuration,
// the default request hooks, the SDK's own session and plugin dev mode services and empty
// browser storage, with no animation frame of the previous file pending; it leaves no spy
// (e.g. on `request.post`) and no fake clock behind.
// Not reset: the SDK's 5-second dictionary and region caches (services/dict.ts, region.ts) have
// no hook for it, so a file that needs them fresh still runs isolated (it keeps its `vi.mock`).
import { afterAll, beforeAll, vi } from 'vitest';
import { EMPTY_PORTAL_CONFIG } from '../../sdk/src/services/portal-config';
import { getPluginDevModeService } from '../../sdk/src/services/plugin-dev-mode';
import { resetRequestHooks } from '../../sdk/src/request/hooks';
import { getSessionService } from '../../sdk/src/session/service';
import { clearSession, setPluginDevModeService, setPortalConfig, setSessionService } from '@cotton/sdk/host';

// What a service getter returned before any test set one. This file runs again before every
// file, the first time before any test of the worker; kept per module instance, as a test's
// vi.resetModules() brings new ones.
const initial = ((globalThis as { __cottonInitialServices?: WeakMap<object, unknown> }).__cottonInitialServices ??=
  new WeakMap());
function initialOf<T>(get: () => T): T {
  if (!initial.has(get)) initial.set(get, get());
  return initial.get(get) as T;
}
const sessionService = initialOf(getSessionService);
const pluginDevModeService = initialOf(getPluginDevModeService);

/**
 * jsdom runs animation frames on one Node interval, started by the first pending frame and
 * stopped when none is left. A frame requested while a test fakes `setInterval` starts a fake
 * one: Arco keeps the real `requestAnimationFrame` from its import (`_util/raf`), so faking that
 * too does not help. Once the fake clock is gone, no frame would run again in this window
 * (bid-list's suggestions test left the home page's hash scroll waiting). Cancelling every
 * pending frame lets the next one start a real interval.
 */
function cancelPendingFrames() {
  const win = window as Window & { cottonFramesCancelled?: number };
  const last = requestAnimationFrame(() => {});
  const done = win.cottonFramesCancelled ?? 0;
  for (let handle = done < last ? done + 1 : 1; handle <= last; handle++) cancelAnimationFrame(handle);
  win.cottonFramesCancelled = last;
}

beforeAll(() => {
  cancelPendingFrames();
  clearSession();
  setPortalConfig(EMPTY_PORTAL_CONFIG);
  resetRequestHooks();
  setSessionService(sessionService);
  setPluginDevModeService(pluginDevModeService);
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(() => {
  // Vitest 4 restores every vi.spyOn spy to the original after each file too (vitest/dist
  // chunks/base: `vi.restoreAllMocks()` per file); restoreAllMocks leaves vi.fn() mocks alone.
  vi.restoreAllMocks();
  vi.useRealTimers();
});
