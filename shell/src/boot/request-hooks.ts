import { Message, Notification } from '@arco-design/web-react';
import { clearSession, setRequestHooks } from '@cotton/sdk/host';
import { setAuthState } from '../auth/auth-store';

export const UNAUTHORIZED_TITLE = '系统提示';
export const UNAUTHORIZED_MESSAGE = '未授权，请重新登录';

/**
 * Plugs the shell's answers into the SDK's request client: a 401 shows 系统提示 for 4 s,
 * forgets the token, user and permission list and goes to the login page (back here
 * afterwards); a 510 is a warning.
 */
export function installRequestHooks(navigate: (to: string) => void): void {
  setRequestHooks({
    onUnauthorized(message) {
      // One notice for a burst of 401s (several calls on one page).
      Notification.error({
        id: 'cotton-unauthorized',
        title: UNAUTHORIZED_TITLE,
        content: message || UNAUTHORIZED_MESSAGE,
        duration: 4000,
      });
      clearSession();
      setAuthState(null);
      const { pathname, search } = window.location;
      if (pathname === '/login') return;
      navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`);
    },
    onWarning(message) {
      Message.warning(message);
    },
  });
}
