import type { Location } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { authStateFrom, setAuthState } from '../auth/auth-store';
import { initData } from '../auth/fixtures';
import { buildMenuRoutes } from '../auth/menu';
import { workspaceScrollKey } from './scroll-key';
import { homeTab } from './use-workspace-tabs';

const at = (pathname: string): Location => ({ pathname, search: '?x=1', hash: '', state: null, key: 'k1' });

afterEach(() => setAuthState(null));

describe('workspaceScrollKey', () => {
  it('keys a menu page by its path (one scroll position per tab), other pages by history entry', () => {
    setAuthState(authStateFrom(initData(['dashboard:view', 'system:sms:list'])));
    expect(workspaceScrollKey(at('/system/sms'))).toBe('/system/sms');
    expect(workspaceScrollKey(at('/home'))).toBe('k1');
    setAuthState(null);
    expect(workspaceScrollKey(at('/system/sms'))).toBe('k1');
  });
});

describe('homeTab', () => {
  it('is the main page when the menu has it, else the first menu page', () => {
    const routes = authStateFrom(initData(['dashboard:view', 'system:sms:list'])).routes;
    expect(homeTab(routes)).toEqual({ path: '/project/display', title: '工作台' });
    expect(homeTab(buildMenuRoutes([]))).toBeNull();
    expect(homeTab(routes.filter((route) => route.path !== '/project/display'))).toEqual({
      path: routes.find((route) => route.path !== '/project/display')!.path,
      title: routes.find((route) => route.path !== '/project/display')!.title,
    });
  });
});
