import { storage } from '@cotton/sdk';
import { clearSession, setSession } from '@cotton/sdk/host';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PREFERENCES_KEY,
  PUBLIC_PATHS_KEY,
  applyTheme,
  setPreferences,
  setPublicPaths,
  showPath,
  startTheme,
} from './theme';

const dark = { menuLayout: 'top', theme: 'dark', primaryColor: '#00B42A' } as const;

afterEach(() => {
  setPreferences(null);
  storage.clear();
  clearSession();
});

describe('theme before the first render', () => {
  it('paints a logged-in user’s back office dark, in their colour, from local storage alone', () => {
    setSession({ token: 'tok' });
    storage.set(PREFERENCES_KEY, dark);
    startTheme('/system/user');
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    expect(document.body.style.getPropertyValue('--primary-6')).toBe('var(--green-6)');
    expect(localStorage.getItem('dandelion__preferences')).not.toBeNull();
  });

  it('stays light without a login token, on public pages and on the login page', () => {
    storage.set(PREFERENCES_KEY, dark);
    startTheme('/system/user');
    expect(document.body.hasAttribute('arco-theme')).toBe(false);

    setSession({ token: 'tok' });
    storage.set(PUBLIC_PATHS_KEY, ['/home']);
    startTheme('/home');
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
    showPath('/system/user');
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    showPath('/login');
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
  });

  it('follows the server’s answer and forgets the choice at logout', () => {
    setSession({ token: 'tok' });
    startTheme('/project/display');
    setPublicPaths(['/home']);
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
    setPreferences(dark);
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    expect(storage.get(PREFERENCES_KEY)).toEqual(dark);
    setPreferences(null);
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
    expect(document.body.style.getPropertyValue('--primary-6')).toBe('');
    expect(storage.get(PREFERENCES_KEY)).toBeNull();
  });

  it('ignores a tampered stored value (unknown colour: Arco’s blue)', () => {
    const body = document.createElement('body');
    applyTheme({ menuLayout: 'side', theme: 'light', primaryColor: 'url(javascript:1)' }, body);
    expect(body.style.getPropertyValue('--primary-6')).toBe('');
    setSession({ token: 'tok' });
    storage.set(PREFERENCES_KEY, { theme: 'dark', primaryColor: ');color:red' });
    startTheme('/system/user');
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    expect(document.body.style.getPropertyValue('--primary-6')).toBe('');
  });
});
