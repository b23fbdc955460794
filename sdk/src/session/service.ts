import { clearSession } from './store';

/** What the host does for plugins with the session. */
export interface SessionService {
  /** POST /logout, clears token + permission list, SSO logout when configured, else /login. */
  logout(): Promise<void>;
  /** Re-runs the init call (after a profile change): user, menus and permissions refresh. */
  reload(): Promise<void>;
}

const fallback: SessionService = {
  async logout() {
    clearSession();
    if (typeof window !== 'undefined') window.location.assign('/login');
  },
  async reload() {},
};

let current: SessionService = fallback;

/** Host side, at boot. */
export function setSessionService(service: SessionService): void {
  current = service;
}

/** Plugin side: the host's service (a plain clear-and-go-to-login before the host set one). */
export function getSessionService(): SessionService {
  return current;
}
