import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../contracts/session';
import { ACCESS_TOKEN, STORAGE_PREFIX, TOKEN_EXPIRE_MS, storage } from '../storage';
import { Authorized } from './Authorized';
import { getSessionService, setSessionService } from './service';
import {
  BUTTON_AUTH,
  PERMISSION_LIST,
  USER_INFO,
  clearSession,
  getSession,
  hasPermission,
  setSession,
  useSession,
} from './store';

const user: UserInfo = {
  uid: 'u1',
  loginName: 'admin',
  nickName: '管理员',
  realname: '张三',
  avatar: null,
  phone: null,
  email: null,
  enterpriseCode: 'CNCE',
  enterpriseName: '示例交易中心',
};

function entry(key: string): { value: unknown; expire: number | null } {
  return JSON.parse(localStorage.getItem(STORAGE_PREFIX + key) ?? 'null');
}

describe('session store', () => {
  beforeEach(() => clearSession());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    clearSession();
  });

  it('starts empty', () => {
    expect(getSession()).toMatchObject({ token: null, user: null, permissions: [], buttons: [] });
    expect(hasPermission('dashboard:view')).toBe(false);
  });

  it('keeps the token 7 days and the user, permissions and buttons in dandelion__ storage', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    setSession({
      token: 'tok',
      user,
      permissions: ['dashboard:view', 'system:sms:delete'],
      buttons: ['system:sms:delete'],
    });
    expect(entry(ACCESS_TOKEN)).toEqual({ value: 'tok', expire: Date.now() + TOKEN_EXPIRE_MS });
    expect(localStorage.getItem('dandelion__token')).not.toBeNull();
    expect(entry(USER_INFO).value).toEqual(user);
    expect(entry(PERMISSION_LIST).value).toEqual(['dashboard:view', 'system:sms:delete']);
    expect(entry(BUTTON_AUTH).value).toEqual(['system:sms:delete']);
    expect(hasPermission('dashboard:view')).toBe(true);
    expect(hasPermission('system:sms:list')).toBe(false);
    vi.setSystemTime(Date.now() + TOKEN_EXPIRE_MS);
    expect(storage.get(ACCESS_TOKEN)).toBeNull();
  });

  it('merges partial updates into a new frozen snapshot', () => {
    setSession({ token: 'tok', user });
    const before = getSession();
    setSession({ siteDisplayName: '棉花交易中心' });
    const after = getSession();
    expect(after).not.toBe(before);
    expect(after).toMatchObject({ token: 'tok', user, siteDisplayName: '棉花交易中心' });
    expect(Object.isFrozen(after)).toBe(true);
  });

  it('starts from storage after a page reload', async () => {
    setSession({ token: 'tok', user, permissions: ['a'], buttons: ['b'] });
    vi.resetModules();
    const fresh = await import('./store');
    expect(fresh.getSession()).toMatchObject({ token: 'tok', user, permissions: ['a'], buttons: ['b'] });
  });

  it('clears memory and storage', () => {
    setSession({ token: 'tok', user, permissions: ['a'], buttons: ['b'] });
    clearSession();
    expect(getSession().token).toBeNull();
    for (const key of [ACCESS_TOKEN, USER_INFO, PERMISSION_LIST, BUTTON_AUTH]) {
      expect(localStorage.getItem(STORAGE_PREFIX + key)).toBeNull();
    }
  });

  it('re-renders useSession and <Authorized> on change', () => {
    function Name() {
      const { user: current } = useSession();
      return <span data-testid="name">{current?.realname ?? '未登录'}</span>;
    }
    render(
      <>
        <Name />
        <Authorized code="system:sms:delete" fallback={<span>无权限</span>}>
          <button type="button">删除</button>
        </Authorized>
      </>,
    );
    expect(screen.getByTestId('name').textContent).toBe('未登录');
    expect(screen.getByText('无权限')).toBeInTheDocument();
    act(() => setSession({ token: 'tok', user, permissions: ['system:sms:delete'] }));
    expect(screen.getByTestId('name').textContent).toBe('张三');
    expect(screen.getByRole('button', { name: '删除' })).toBeInTheDocument();
    act(() => clearSession());
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
});

describe('session service', () => {
  it('is what the host set', async () => {
    const logout = vi.fn(async () => undefined);
    const reload = vi.fn(async () => undefined);
    setSessionService({ logout, reload });
    await getSessionService().logout();
    await getSessionService().reload();
    expect(logout).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();
  });
});
