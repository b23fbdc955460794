import { Message, Notification } from '@arco-design/web-react';
import { ACCESS_TOKEN, setRequestHooks, storage } from '@cotton/sdk';

export const UNAUTHORIZED_TITLE = '系统提示';
export const UNAUTHORIZED_MESSAGE = '未授权，请重新登录';

/**
 * Plugs the shell's answers into the SDK's request client: a 401 shows 系统提示 for 4 s,
 * forgets the token and goes to the login page (back here afterwards); a 510 is a warning.
 */
export function installRequestHooks(navigate: (to: string) => void): void {
  setRequestHooks({
    onUnauthorized(message) {
      // One notice for a burst of 401s (several calls on one page).
      Notification.error({ id: 'cotton-unauthorized', title: UNAUTHORIZED_TITLE, content: message || UNAUTHORIZED_MESSAGE, duration: 4000 });
      storage.remove(ACCESS_TOKEN);
      const { pathname, search } = window.location;
      if (pathname === '/login') return;
      navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`);
    },
    onWarning(message) {
      Message.warning(message);
    },
  });
}
