import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { sessionOverHttp } from './login-api';
import { BUSINESS_CODE, openMenu, signIn } from './staff';

// Issue 15 items 7 and 9: a user picks 深色 + 顶部菜单 + a colour in 布局与主题; after a reload the
// back office is dark from its first paint and the menu runs across the header. The system
// administrator opens 系统监控 and 图标管理.

// One journey on one server's state: a retry would start from another state.
test.describe.configure({ retries: 0 });

// A user of its own: the shared demo accounts keep the side menu other journeys click through.
const USER = { loginName: 'e2e.theme', realname: '主题用户', password: 'Theme@2026x' };

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const answer = await request.post(path, { headers: { 'X-Access-Token': token }, data });
  const body = (await answer.json()) as { rtnCode: string; rtnMessage: string; dataSet: T };
  if (body.rtnCode !== '0000') throw new Error(`${path}: ${body.rtnCode} ${body.rtnMessage}`);
  return body.dataSet;
}

test.use({
  allowedConsole: {
    patterns: [
      // The first-paint check holds the shell's scripts back (route.abort): the browser logs each.
      /^error: Failed to load resource: net::ERR_FAILED \(http:\/\/[^/]+\/assets\/[^/]+\.js/,
    ],
  },
});

test('dark theme, top menu and a colour survive a reload without a light first paint', async ({ page, request }) => {
  const { token } = await sessionOverHttp(request, BUSINESS_CODE, 'admin', 'Admin@2026');
  await call(request, token, '/rest/user/AddUser', { ...USER, roleIds: [] });

  // What the body carries when the document is parsed, before any later script could fix it up.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstPaintTheme: string | null }).firstPaintTheme =
        document.body.getAttribute('arco-theme');
    });
  });

  await signIn(page, USER.loginName, USER.password);
  await expect(page.locator('.arco-layout-sider')).toBeVisible();
  await expect(page.locator('body')).not.toHaveAttribute('arco-theme', 'dark');

  await page.getByTestId('admin-user-menu').click();
  await page.getByTestId('user-menu-theme').click();
  const drawer = page.getByTestId('theme-drawer');
  await drawer.getByTestId('theme-mode-dark').click();
  // A preview: dark at once, before saving.
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  await drawer.getByTestId('theme-layout-top').click();
  await drawer.getByRole('radio', { name: '仙野绿' }).click();
  await page.getByTestId('theme-save').click();
  await expect(page.getByText('布局与主题已保存')).toBeVisible();

  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { firstPaintTheme: string | null }).firstPaintTheme)).toBe(
    'dark',
  );
  const menu = page.getByTestId('admin-menu');
  await expect(menu).toHaveAttribute('data-menu-layout', 'top');
  await expect(page.getByTestId('admin-header').getByTestId('admin-menu')).toContainText('工作台');
  await expect(page.locator('.arco-layout-sider')).toHaveCount(0);
  expect(await page.evaluate(() => document.body.style.getPropertyValue('--primary-6'))).toBe('var(--green-6)');

  // The first frame, before any module runs: with the shell's scripts held back the page is dark
  // already (public/theme-boot.js in <head>), not white until the shell starts.
  const shellScripts = /\/assets\/[^/]+\.js$/;
  await page.route(shellScripts, (route) => route.abort());
  await page.reload();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 23, 26)');
  await page.unroute(shellScripts);

  // The public pages stay light.
  await page.goto('/home');
  await expect(page.locator('body')).not.toHaveAttribute('arco-theme', 'dark');
});

test('the system administrator watches the servers and the icons in 系统监控 and 图标管理', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@2026');
  const sideMenu = page.getByTestId('admin-menu');
  await openMenu(page, '系统管理', '系统监控');
  await expect(page).toHaveURL(/\/system\/monitor$/);
  const processes = page.getByTestId('monitor-processes');
  await expect(processes).toContainText('本次应答');
  await expect(processes).toContainText('运行中');
  await expect(processes).toContainText('MB');
  const database = page.getByTestId('monitor-database');
  await expect(database).toContainText('正常');
  await expect(database).toContainText('数据库大小');

  await sideMenu.getByText('图标管理').click();
  await expect(page).toHaveURL(/\/system\/icon$/);
  const dashboard = page.getByTestId('icon-dashboard');
  await expect(dashboard).toContainText('工作台');
  await page.getByTestId('icon-delete-dashboard').click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(/图标「dashboard」仍被菜单「工作台」/)).toBeVisible();
  await expect(page.getByTestId('icon-dashboard')).toBeVisible();
});
