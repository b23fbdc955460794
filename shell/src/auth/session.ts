import { Notification } from '@arco-design/web-react';
import type { InitData, UserInfo } from '@cotton/sdk/contracts';
import { getPortalConfig, getSession, isApiError, request } from '@cotton/sdk';
import { loginCalls, sessionCalls } from '@cotton/sdk/calls';
import { clearSession, setSession } from '@cotton/sdk/host';
import { safeLocalPath } from '@cotton/sdk/validators';
import { callAt } from './call-at';
import { authStateFrom, getAuthState, sameRoutes, setAuthState, type AuthState } from './auth-store';
import { DEFAULT_MAIN_PATH, menuHasPath } from './menu';
import { clearSavedTabs } from '../workspace/saved-tabs';

export const SYSTEM_NOTICE = '系统提示';
export const NO_MENU_MESSAGE = '未获取到用户菜单';
export const INIT_FAILED_MESSAGE = '请求用户信息失败，请重试';
export const LOGIN_PATH = '/login';

/** Rebuilds the router for the current auth state, at `to` (the current location when omitted). */
export type Remount = (to?: string, options?: { replace?: boolean }) => void;

export interface SessionController {
  /** After a login call: keeps token and user, runs the init, goes to `redirect`. False when the init failed (already told). */
  completeLogin(login: { token: string; user: UserInfo | null }, redirect: string | null | undefined): Promise<boolean>;
  logout(): Promise<void>;
  reload(): Promise<void>;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/**
 * The route guard's steps (spec §2): load the init data (user, permission list, buttons,
 * title, templateList) into the SDK session and the auth state; no menu → 系统提示
 * 未获取到用户菜单; failure → its message (or 请求用户信息失败，请重试) and the session is
 * dropped (`null`).
 */
export async function loadSession(reserved: Iterable<string>): Promise<AuthState | null> {
  let init: InitData;
  try {
    init = await request.call(sessionCalls.init, {});
  } catch (error) {
    // A 401 has had its own notice from the request hook.
    if (!(isApiError(error) && error.handled)) {
      Notification.error({
        id: 'cotton-init-failed',
        title: SYSTEM_NOTICE,
        content: errorMessage(error) || INIT_FAILED_MESSAGE,
        duration: 4000,
      });
    }
    clearSession();
    setAuthState(null);
    return null;
  }
  const permissions = init.permissions ?? [];
  setSession({
    user: init.loginUser,
    permissions: permissions.map((permission) => permission.code),
    buttons: permissions.filter((permission) => permission.type === 'button').map((permission) => permission.code),
    siteDisplayName: init.siteDisplayName ?? '',
    mustChangePassword: init.mustChangePassword === true,
  });
  if (!init.menu || init.menu.length === 0) {
    Notification.error({ id: 'cotton-no-menu', title: SYSTEM_NOTICE, content: NO_MENU_MESSAGE, duration: 4000 });
  }
  const state = authStateFrom(init, reserved);
  setAuthState(state);
  return state;
}

/**
 * Where a successful login goes — the one decision for every login path (account, phone,
 * CAS, third party): only a path of this site (`safeLocalPath`: no scheme, no `//`, no
 * backslash, no control characters even when percent-decoded), and only a page of the menu,
 * a page of the menu the user may not open (its 403 page says so) or a public page; no
 * redirect or `/` → the main page; anything else → `/`. Never another site, never a
 * `javascript:` URL.
 */
export function loginTarget(
  redirect: string | null | undefined,
  state: AuthState | null,
  isPublicPath: (pathname: string) => boolean = () => false,
): string {
  if (!redirect || redirect === '/') return DEFAULT_MAIN_PATH;
  const path = safeLocalPath(redirect);
  if (path === null) return '/';
  const pathname = path.split(/[?#]/)[0];
  const known =
    (state !== null && (menuHasPath(state.menu, pathname) || state.forbidden.includes(pathname))) ||
    isPublicPath(pathname);
  return known ? path : '/';
}

export interface SessionControllerOptions {
  remount: Remount;
  /** Shell and public plugin paths: never menu routes. */
  reserved: readonly string[];
  isPublicPath(pathname: string): boolean;
  /** Leaves the portal for the single sign-on logout page (the only address a login or logout ever leaves to). */
  assign?(url: string): void;
}

export function createSessionController(options: SessionControllerOptions): SessionController {
  const assign = options.assign ?? ((url: string) => window.location.assign(url));
  return {
    async completeLogin({ token, user }, redirect) {
      setSession({ token, user });
      const state = await loadSession(options.reserved);
      if (!state) return false;
      options.remount(loginTarget(redirect, state, options.isPublicPath), { replace: true });
      return true;
    },

    async logout() {
      const { token } = getSession();
      const clientName = getPortalConfig().ssoLoginUrl ? 'cas_client' : 'form_client';
      let ssoLogoutUrl: string | null = null;
      try {
        const answer = await request.call(
          callAt(loginCalls.logout, { query: { client_name: clientName } }),
          undefined,
          token ? { headers: { Authorization: token } } : {},
        );
        ssoLogoutUrl = answer?.ssoLogoutUrl ?? null;
      } catch {
        // The server forgets the session anyway when it expires; the browser forgets it now.
      }
      clearSession();
      setAuthState(null);
      clearSavedTabs();
      if (ssoLogoutUrl) assign(ssoLogoutUrl);
      else options.remount(LOGIN_PATH);
    },

    async reload() {
      const before = getAuthState();
      const after = await loadSession(options.reserved);
      if (!after) {
        options.remount(
          `${LOGIN_PATH}?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`,
        );
        return;
      }
      if (!sameRoutes(before, after)) options.remount();
    },
  };
}
