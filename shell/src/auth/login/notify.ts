import { Notification } from '@arco-design/web-react';
import { LOGIN_TEXT } from './locale';

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  return error instanceof Error ? error.message : '';
}

/** Spec §8: 登录失败 with the server's message (or 请求出现错误，请稍后再试), 4 s. */
export function notifyLoginFailed(error: unknown): void {
  Notification.error({
    id: 'cotton-login-failed',
    title: LOGIN_TEXT.failedTitle,
    content: messageOf(error) || LOGIN_TEXT.failedFallback,
    duration: 4000,
  });
}
