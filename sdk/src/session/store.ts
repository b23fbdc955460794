import { useSyncExternalStore } from 'react';
import type { UserInfo } from '../contracts/session';
import { ACCESS_TOKEN, TOKEN_EXPIRE_MS, storage } from '../storage';

/** Storage key of the button permission codes (spec §6: stored after login). */
export const BUTTON_AUTH = 'BUTTON_AUTH';
/** Storage key of the logged-in user. */
export const USER_INFO = 'USER_INFO';
/** Storage key of every permission code the user holds (menus and buttons). */
export const PERMISSION_LIST = 'PERMISSION_LIST';

export interface SessionSnapshot {
  token: string | null;
  /** `userInfo` of the login calls and `loginUser` of the init call (docs/auth.md). */
  user: UserInfo | null;
  /** Every code the user holds (menus and buttons). */
  permissions: string[];
  /** Button codes, also stored under BUTTON_AUTH. */
  buttons: string[];
  siteDisplayName: string;
  /** The password is an initial one: the shell keeps the user in 个人中心 › 修改密码 until it is changed. */
  mustChangePassword: boolean;
}

const EMPTY: SessionSnapshot = Object.freeze({
  token: null,
  user: null,
  permissions: [],
  buttons: [],
  siteDisplayName: '',
  mustChangePassword: false,
});

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** What a reload of the page starts from: the token, user and codes kept in storage. */
function fromStorage(): SessionSnapshot {
  const token = storage.get<string>(ACCESS_TOKEN);
  if (!token) return EMPTY;
  return Object.freeze({
    token,
    user: storage.get<UserInfo>(USER_INFO),
    permissions: stringList(storage.get(PERMISSION_LIST)),
    buttons: stringList(storage.get(BUTTON_AUTH)),
    siteDisplayName: '',
    // Known again from the init call that every page load makes.
    mustChangePassword: false,
  });
}

// Read lazily: a module-level read would run before a test (or the host) prepared storage.
let current: SessionSnapshot | undefined;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** The session now (a frozen object, replaced on each change), for non-React code. */
export function getSession(): SessionSnapshot {
  current ??= fromStorage();
  return current;
}

/**
 * Host only: merges `next` into the session and keeps what a page reload needs in storage
 * (token for 7 days, user, permission list and buttons as long as the token).
 */
export function setSession(next: Partial<SessionSnapshot>): void {
  const merged: SessionSnapshot = Object.freeze({ ...getSession(), ...next });
  if ('token' in next) {
    if (next.token) storage.set(ACCESS_TOKEN, next.token, TOKEN_EXPIRE_MS);
    else storage.remove(ACCESS_TOKEN);
  }
  if ('user' in next) {
    if (next.user) storage.set(USER_INFO, next.user, TOKEN_EXPIRE_MS);
    else storage.remove(USER_INFO);
  }
  if ('permissions' in next) storage.set(PERMISSION_LIST, merged.permissions, TOKEN_EXPIRE_MS);
  if ('buttons' in next) storage.set(BUTTON_AUTH, merged.buttons, TOKEN_EXPIRE_MS);
  current = merged;
  notify();
}

/** Host only: forgets the token, user and permission list, in memory and in storage. */
export function clearSession(): void {
  for (const key of [ACCESS_TOKEN, USER_INFO, PERMISSION_LIST, BUTTON_AUTH]) storage.remove(key);
  current = EMPTY;
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The session, re-rendering the component when it changes (login, logout, reload). */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** True when the user holds `code` (a menu or button permission). */
export function hasPermission(code: string): boolean {
  return getSession().permissions.includes(code);
}
