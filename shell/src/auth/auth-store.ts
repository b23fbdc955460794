import { useSyncExternalStore } from 'react';
import { setPreferences } from '../theme/theme';
import { buildMenuRoutes, filterMenu, forbiddenPaths, type MenuRoute } from './menu';
import type { InitData, MenuNode } from '@cotton/sdk/contracts';

/** What the shell knows after the init call: the filtered menu and the dynamic route set. */
export interface AuthState {
  init: InitData;
  /** The menu the user may see (filtered, index menu fallback). */
  menu: MenuNode[];
  routes: MenuRoute[];
  /** Pages of the whole menu the user may not open: the 403 page. */
  forbidden: string[];
}

/** Builds the state from the init answer; `reserved` paths (shell and public pages) are never menu routes. */
export function authStateFrom(init: InitData, reserved: Iterable<string> = []): AuthState {
  const taken = [...reserved];
  const codes = (init.permissions ?? []).map((permission) => permission.code);
  const menu = filterMenu(init.menu, codes, init.indexMenu);
  return { init, menu, routes: buildMenuRoutes(menu, taken), forbidden: forbiddenPaths(init.menu ?? [], menu, taken) };
}

let current: AuthState | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState | null {
  return current;
}

export function setAuthState(state: AuthState | null): void {
  current = state;
  // The user's layout and theme come with the init answer; nobody's after a logout.
  setPreferences(state?.init.preferences ?? null);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useAuthState(): AuthState | null {
  return useSyncExternalStore(subscribe, getAuthState, getAuthState);
}

/** The same route set: nothing to rebuild. */
export function sameRoutes(a: AuthState | null, b: AuthState | null): boolean {
  const key = (state: AuthState | null) => (state ? JSON.stringify([state.routes, state.forbidden]) : '');
  return key(a) === key(b);
}
