import type { BrowserContext } from '@playwright/test';
import { expect, type Page } from './fixtures';
import { formLoginOverHttp } from './login-api';

// What staff do on the login page and in the back office, shared by the staff journeys.
// Accounts: docs/auth.md (seeded demo users).

export const BUSINESS_CODE = 'CNCE';

/** Drags the slider to the end with the mouse, the way a person does: uneven steps. */
export async function dragSlider(page: Page) {
  const handle = page.getByRole('slider', { name: '滑块验证' });
  const track = page.getByTestId('slider-verify');
  await expect(handle).toHaveAttribute('aria-valuenow', '0');
  // After a reset (a failed login) the handle slides back to the start, a CSS transition:
  // measured mid-way, the press landed beside it on the track. hover() waits until it stands still.
  await handle.hover();
  const handleBox = (await handle.boundingBox())!;
  const trackBox = (await track.boundingBox())!;
  const y = handleBox.y + handleBox.height / 2;
  let x = handleBox.x + handleBox.width / 2;
  const end = trackBox.x + trackBox.width - handleBox.width / 2 + 6;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const steps = [4, 9, 15, 22, 30, 34, 31, 26, 22, 18, 14, 11, 9, 7, 6, 5, 4, 4, 3];
  for (const step of steps) {
    x = Math.min(end, x + step * 1.1);
    await page.mouse.move(x, y + (step % 3) - 1);
    await page.waitForTimeout(16 + (step % 5) * 4);
  }
  await page.mouse.move(end, y);
  await page.mouse.up();
  await expect(page.getByTestId('slider-verify-label')).toHaveText('验证通过');
}

export async function fillLoginForm(page: Page, username: string, password: string, code = BUSINESS_CODE) {
  await page.getByPlaceholder('请输入业务代码').fill(code);
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await dragSlider(page);
  const agreement = page.getByTestId('login-agreement').getByRole('checkbox');
  if ((await agreement.count()) > 0 && !(await agreement.isChecked())) await agreement.check();
}

export async function logIn(page: Page, username: string, password: string, code = BUSINESS_CODE) {
  await fillLoginForm(page, username, password, code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/**
 * Signs in the way the login page does over HTTP (slider proof, encrypted form: login-api.ts)
 * and lets the page finish it (`/login?casLogin=1`: the token kept, the init loaded, the main
 * page shown) — for journeys about what a user does once logged in. The form itself, dragged
 * and typed, is staff-login.spec.ts's (and login-redirect's, slider-phone's, register's);
 * without the drag a login costs a fraction of the time.
 */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  code = BUSINESS_CODE,
  landing: RegExp = /\/project\/display$/,
) {
  await formLoginOverHttp(page.request, code, username, password);
  await page.goto('/login?casLogin=1');
  await expect(page).toHaveURL(landing);
}

type KeptSession = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Each account's browser state once signed in (openSignedIn), kept by the worker. */
const keptSessions = new Map<string, KeptSession>();

/**
 * Opens `path` signed in as the account, for journeys in which being signed in is only where
 * they start. The worker's first call for an account signs in (signIn) and keeps the browser's
 * state (cookies, and local storage with the token); later calls give a new page that state
 * and open `path` directly — one page load instead of the login's two. Only for journeys that
 * neither log out nor change the account's password (either ends the kept session).
 */
export async function openSignedIn(page: Page, path: string, username: string, password: string, code = BUSINESS_CODE) {
  const key = `${code}/${username}`;
  let kept = keptSessions.get(key);
  if (!kept) {
    await signIn(page, username, password, code);
    kept = await page.context().storageState();
    keptSessions.set(key, kept);
    await page.goto(path);
    return;
  }
  await page.context().addCookies(kept.cookies);
  // Local storage is set once, in the first document of the page's origin: what the page
  // later stores (its tabs) or removes (a logout) stays as the page left it.
  await page.addInitScript((origin) => {
    const MARK = 'e2e-kept-session';
    if (window.location.origin !== origin.origin || window.sessionStorage.getItem(MARK)) return;
    window.sessionStorage.setItem(MARK, '1');
    for (const { name, value } of origin.localStorage) window.localStorage.setItem(name, value);
  }, kept.origins[0]!);
  await page.goto(path);
}

export async function logOut(page: Page) {
  // A dialog still fading out can take the hover; the pointer then leaves and comes back.
  await expect(async () => {
    await page.mouse.move(0, 300);
    await page.getByTestId('admin-user-menu').hover();
    await expect(page.getByText('退出登录')).toBeVisible({ timeout: 2000 });
  }).toPass();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(/\/login/);
}

/**
 * Opens a back-office page from the side menu: its group is opened first unless it already
 * is (whether it is open is the header's aria-expanded — a click on an open group closes it,
 * and its items' visibility lags the animation).
 */
export async function openMenu(page: Page, group: string, item: string) {
  const menu = page.getByTestId('admin-menu');
  const header = menu.locator('[aria-expanded]').filter({ hasText: new RegExp(`^${group}$`) });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  const link = menu.getByText(item, { exact: true });
  await expect(link).toBeVisible();
  await link.click();
}
