import type { UserPreferences } from '@cotton/sdk/contracts';
import { getSession, storage } from '@cotton/sdk';
import { normalisePreferences, themeColorOf } from '@cotton/sdk/validators';
import { useSyncExternalStore } from 'react';
import { RESERVED_PATHS } from '../router/public-routes';

/**
 * The back office's layout and theme (docs/architecture.md "Theme and layout"): the user's
 * choice, saved on the server and kept in `dandelion__preferences` so that a reload paints
 * dark from the first frame. Arco reads the theme from `<body arco-theme="dark">` and the
 * primary colour from the `--primary-*` variables, which every plugin's components and every
 * pop-up (they render into `<body>`) inherit: nothing per plugin. Public pages and the login
 * page stay light: the theme is a preference of the back office, not of the portal's face.
 */

export const PREFERENCES_KEY = 'preferences';
export const PUBLIC_PATHS_KEY = 'publicPaths';

const SHADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** The logged-in user's choice (or a preview of one); `null` when nobody is logged in. */
let chosen: UserPreferences | null = null;
let shownPath = '/';
let publicPaths = new Set<string>();
const listeners = new Set<() => void>();

/** Puts `preferences` (or the light default for `null`) on `body`: Arco's dark attribute and primary palette. */
export function applyTheme(preferences: UserPreferences | null, body: HTMLElement = document.body): void {
  // The whole theme is on <body> from now on: public/theme-boot.js's first-frame mark has done its work.
  body.ownerDocument.documentElement.removeAttribute('data-boot-theme');
  if (preferences?.theme === 'dark') body.setAttribute('arco-theme', 'dark');
  else body.removeAttribute('arco-theme');
  const palette = preferences ? themeColorOf(preferences.primaryColor)?.palette : undefined;
  for (const shade of SHADES) {
    // Arco defines each palette for both themes: the primary follows the theme by reference.
    if (palette && palette !== 'arcoblue') body.style.setProperty(`--primary-${shade}`, `var(--${palette}-${shade})`);
    else body.style.removeProperty(`--primary-${shade}`);
  }
}

/** A page of the back office (every path but the public pages, the login and the error pages). */
export function isBackOfficePath(pathname: string): boolean {
  // `/` only redirects (to the main page once logged in).
  if (pathname === '/') return true;
  return !RESERVED_PATHS.has(pathname) && !publicPaths.has(pathname);
}

function refresh() {
  applyTheme(chosen && isBackOfficePath(shownPath) ? chosen : null);
  for (const listener of listeners) listener();
}

/**
 * The synchronous first step of the shell, before React renders anything: the preferences of
 * the last visit (when a login token is kept) and the public paths then known.
 */
export function startTheme(pathname: string): void {
  publicPaths = new Set(storage.get<string[]>(PUBLIC_PATHS_KEY) ?? []);
  const stored = storage.get<unknown>(PREFERENCES_KEY);
  chosen = getSession().token && stored ? normalisePreferences(stored) : null;
  shownPath = pathname;
  refresh();
}

/** The public pages of the enabled plugins (kept for the next visit's first paint). */
export function setPublicPaths(paths: Iterable<string>): void {
  publicPaths = new Set(paths);
  storage.set(PUBLIC_PATHS_KEY, [...publicPaths]);
  refresh();
}

/** The page now shown. */
export function showPath(pathname: string): void {
  if (pathname === shownPath) return;
  shownPath = pathname;
  refresh();
}

/**
 * The server's (or a just saved) choice: kept for the next reload; `null` at logout. With
 * `persist: false` a preview, which the next call replaces.
 */
export function setPreferences(preferences: UserPreferences | null, { persist = true } = {}): void {
  chosen = preferences ? normalisePreferences(preferences) : null;
  if (persist) {
    if (chosen) storage.set(PREFERENCES_KEY, chosen);
    else storage.remove(PREFERENCES_KEY);
  }
  refresh();
}

export function getPreferences(): UserPreferences | null {
  return chosen;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The preferences in force (a preview included); `null` when nobody is logged in. */
export function usePreferences(): UserPreferences | null {
  return useSyncExternalStore(subscribe, getPreferences, getPreferences);
}
