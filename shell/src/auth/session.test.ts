import { Notification } from '@arco-design/web-react';
import { ApiError, getSession, request } from '@cotton/sdk';
import { loginCalls } from '@cotton/sdk/calls';
import { clearSession, setPortalConfig, setSession } from '@cotton/sdk/host';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalConfig } from '../test-support';
import { authStateFrom, getAuthState, setAuthState } from './auth-store';
import { initData, testUser } from './fixtures';
import { createSessionController, loadSession, loginTarget } from './session';

let notify: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  clearSession();
  setAuthState(null);
  setPortalConfig(portalConfig());
  notify = vi.spyOn(Notification, 'error').mockImplementation(() => undefined as never);
});

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
  setAuthState(null);
});

describe('loadSession (the route guard)', () => {
  it('keeps user, permissions, buttons and title, and builds the route set', async () => {
    vi.spyOn(request, 'call').mockResolvedValue(initData(['dashboard:view', 'system:sms:delete:x']));
    setSession({ token: 'tok' });
    const state = await loadSession(['/home']);
    expect(getSession()).toMatchObject({
      token: 'tok',
      user: testUser,
      permissions: ['dashboard:view', 'system:sms:delete:x'],
      buttons: ['system:sms:delete:x'],
      siteDisplayName: '棉花交易门户',
    });
    expect(state?.routes.map((r) => r.path)).toEqual(['/project/display', '/account/center']);
    expect(state?.forbidden).toEqual(['/system/sms']);
    expect(getAuthState()).toBe(state);
    expect(notify).not.toHaveBeenCalled();
  });

  it('says 系统提示 未获取到用户菜单 without a menu and keeps the home menu', async () => {
    vi.spyOn(request, 'call').mockResolvedValue(initData(['dashboard:view'], { menu: [] }));
    const state = await loadSession([]);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: '系统提示', content: '未获取到用户菜单' }));
    expect(state?.routes.map((r) => r.path)).toEqual(['/project/display']);
  });

  it('on failure shows the message (or 请求用户信息失败，请重试) and drops the session', async () => {
    setSession({ token: 'tok', user: testUser });
    vi.spyOn(request, 'call').mockRejectedValueOnce(new ApiError('500', '数据库不可用'));
    expect(await loadSession([])).toBeNull();
    expect(notify).toHaveBeenLastCalledWith(expect.objectContaining({ title: '系统提示', content: '数据库不可用' }));
    expect(getSession().token).toBeNull();
    vi.spyOn(request, 'call').mockRejectedValueOnce(new Error(''));
    await loadSession([]);
    expect(notify).toHaveBeenLastCalledWith(expect.objectContaining({ content: '请求用户信息失败，请重试' }));
  });

  it('adds no notice of its own to a 401 (the request hook has told)', async () => {
    vi.spyOn(request, 'call').mockRejectedValue(new ApiError('401', '未授权，请重新登录', true));
    expect(await loadSession([])).toBeNull();
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('loginTarget', () => {
  const state = authStateFrom(initData(['dashboard:view']));
  it('sends / or nothing to the main page', () => {
    expect(loginTarget('/', state)).toBe('/project/display');
    expect(loginTarget(null, state)).toBe('/project/display');
  });
  it('keeps a menu page or a public page, else /', () => {
    expect(loginTarget('/account/center?tab=pwd', state)).toBe('/account/center?tab=pwd');
    expect(loginTarget('/warehouse', state, (p) => p === '/warehouse')).toBe('/warehouse');
    expect(loginTarget('/no/such/page', state)).toBe('/');
  });
  it('keeps a page of the menu the user may not open: its 403 page says so', () => {
    expect(state.forbidden).toContain('/system/sms');
    expect(loginTarget('/system/sms', state)).toBe('/system/sms');
  });
  it.each([
    'javascript:alert(document.cookie)',
    ' javascript:alert(1)',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '/%5Cevil.example',
    '/\t/evil.example',
    'data:text/html,x',
  ])('never leaves the site: %j → /', (redirect) => {
    expect(loginTarget(redirect, state, () => true)).toBe('/');
  });
});

describe('session controller', () => {
  it('completes a login: token and user, init, then the router at the target', async () => {
    vi.spyOn(request, 'call').mockResolvedValue(initData());
    const remount = vi.fn();
    const controller = createSessionController({ remount, reserved: [], isPublicPath: () => false });
    expect(await controller.completeLogin({ token: 'tok', user: testUser }, '/')).toBe(true);
    expect(getSession().token).toBe('tok');
    expect(remount).toHaveBeenCalledWith('/project/display', { replace: true });
  });

  it.each(['javascript:alert(1)', 'https://evil.example/', '//evil.example/'])(
    'after a login with redirect %j stays on the site',
    async (redirect) => {
      vi.spyOn(request, 'call').mockResolvedValue(initData());
      const remount = vi.fn();
      const assign = vi.fn();
      const controller = createSessionController({ remount, reserved: [], isPublicPath: () => true, assign });
      expect(await controller.completeLogin({ token: 'tok', user: testUser }, redirect)).toBe(true);
      expect(assign).not.toHaveBeenCalled();
      expect(remount).toHaveBeenCalledWith('/', { replace: true });
    },
  );

  it('logs out: POST /logout with the token, clears everything, then /login or the SSO logout', async () => {
    setSession({ token: 'tok', user: testUser, permissions: ['a'] });
    setAuthState(authStateFrom(initData()));
    localStorage.setItem(
      'dandelion__WORKSPACE_TABS',
      JSON.stringify({ value: { owner: 'u1', urls: [] }, expire: null }),
    );
    const post = vi.spyOn(request, 'call').mockResolvedValue({ ssoLogoutUrl: null });
    const remount = vi.fn();
    const assign = vi.fn();
    const controller = createSessionController({ remount, reserved: [], isPublicPath: () => false, assign });
    await controller.logout();
    expect(post).toHaveBeenCalledWith({ ...loginCalls.logout, path: '/logout?client_name=form_client' }, undefined, {
      headers: { Authorization: 'tok' },
    });
    expect(getSession()).toMatchObject({ token: null, permissions: [] });
    expect(localStorage.getItem('dandelion__PERMISSION_LIST')).toBeNull();
    // The back office's open tabs too (shell/src/workspace).
    expect(localStorage.getItem('dandelion__WORKSPACE_TABS')).toBeNull();
    expect(getAuthState()).toBeNull();
    expect(remount).toHaveBeenCalledWith('/login');

    setPortalConfig(portalConfig({ ssoLoginUrl: 'https://sso.example/cas/login' }));
    setSession({ token: 'tok2' });
    post.mockResolvedValue({ ssoLogoutUrl: 'https://sso.example/cas/logout?service=x' });
    await controller.logout();
    expect(post).toHaveBeenLastCalledWith({ ...loginCalls.logout, path: '/logout?client_name=cas_client' }, undefined, {
      headers: { Authorization: 'tok2' },
    });
    expect(assign).toHaveBeenCalledWith('https://sso.example/cas/logout?service=x');
  });
});
