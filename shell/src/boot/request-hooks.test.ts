import { Notification } from '@arco-design/web-react';
import { getSession } from '@cotton/sdk';
import { clearSession, setRequestHooks, setSession, type RequestHooks } from '@cotton/sdk/host';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStateFrom, getAuthState, setAuthState } from '../auth/auth-store';
import { initData } from '../auth/fixtures';
import { installRequestHooks } from './request-hooks';

vi.mock('@cotton/sdk/host', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cotton/sdk/host')>()),
  setRequestHooks: vi.fn(),
}));

/** The hooks the shell gave the SDK. */
function installed(): Pick<RequestHooks, 'onUnauthorized'> {
  const hooks = vi.mocked(setRequestHooks).mock.lastCall?.[0];
  if (!hooks?.onUnauthorized) throw new Error('no hooks installed');
  return { onUnauthorized: hooks.onUnauthorized };
}

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
  setAuthState(null);
  window.history.replaceState(null, '', '/');
});

describe('401 hook', () => {
  it('says 系统提示 / 未授权，请重新登录 for 4 s, clears the session and goes to /login?redirect=', () => {
    const notify = vi.spyOn(Notification, 'error').mockImplementation(() => undefined as never);
    const navigate = vi.fn();
    installRequestHooks(navigate);
    setSession({ token: 'tok', permissions: ['dashboard:view'] });
    setAuthState(authStateFrom(initData()));
    window.history.replaceState(null, '', '/system/sms?page=2');
    installed().onUnauthorized('');
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: '系统提示', content: '未授权，请重新登录', duration: 4000 }),
    );
    expect(getSession()).toMatchObject({ token: null, permissions: [] });
    expect(localStorage.getItem('dandelion__token')).toBeNull();
    expect(getAuthState()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fsystem%2Fsms%3Fpage%3D2');
  });

  it('stays on /login', () => {
    vi.spyOn(Notification, 'error').mockImplementation(() => undefined as never);
    const navigate = vi.fn();
    installRequestHooks(navigate);
    window.history.replaceState(null, '', '/login');
    installed().onUnauthorized('会话已过期');
    expect(navigate).not.toHaveBeenCalled();
  });
});
