import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { sessionOverHttp } from './login-api';
import { BUSINESS_CODE, openMenu, signIn } from './staff';

// The header's 应用 switcher (issue 31): an app whose address is a back-office page narrows the
// side menu to the pages it groups and opens its page; the choice survives a reload (remembered
// per user) and 全部菜单 brings the whole menu back. An app on another site (the seeded 交易系统,
// https://trade.example.cn) opens in a new tab and leaves the menu as it is.

const APP = { appName: '岗位维护', visitUrl: '/system/post', icon: 'dashboard', menus: ['system:post:list'] };

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const answer = await request.post(path, { headers: { 'X-Access-Token': token }, data });
  const body = (await answer.json()) as { rtnCode: string; rtnMessage: string; dataSet: T };
  if (body.rtnCode !== '0000') throw new Error(`${path}: ${body.rtnCode} ${body.rtnMessage}`);
  return body.dataSet;
}

test('an app narrows the side menu to its pages, is remembered across a reload, and 全部菜单 restores it', async ({
  page,
  request,
}, testInfo) => {
  // The app over the API (应用管理's own journeys are list-detail-export's and admin-resource's):
  // a code of its own on each try, so a retry does not find it taken.
  const appCode = `E2E_POST_${testInfo.retry}`;
  const { token } = await sessionOverHttp(request, BUSINESS_CODE, 'admin', 'Admin@2026');
  await call(request, token, '/rest/app/addApp', { ...APP, appCode, sort: 90 });

  await signIn(page, 'admin', 'Admin@2026');
  const menu = page.getByTestId('admin-menu');
  const switcher = page.getByTestId('admin-apps');
  await expect(switcher).toHaveText('应用');
  // The whole menu: 内容管理 is there beside 系统管理.
  await expect(menu.getByText('内容管理', { exact: true })).toBeVisible();

  await switcher.click();
  await page.getByTestId(`app-${appCode}`).click();
  await expect(page).toHaveURL(/\/system\/post$/);
  await expect(switcher).toHaveText(`应用：${APP.appName}`);
  // Only the app's page (and the home page every user has) in the side menu.
  await expect(menu.getByText('内容管理', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('工作台', { exact: true })).toBeVisible();
  await openMenu(page, '系统管理', '岗位管理');
  await expect(menu.getByText('用户管理', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('菜单管理', { exact: true })).toHaveCount(0);

  // Remembered: a reload keeps the app and its menu.
  await page.reload();
  await expect(switcher).toHaveText(`应用：${APP.appName}`);
  await expect(menu.getByText('内容管理', { exact: true })).toHaveCount(0);
  await openMenu(page, '系统管理', '岗位管理');
  await expect(menu.getByText('用户管理', { exact: true })).toHaveCount(0);

  // Another site's app: a new tab at its address; this page and its menu stay as they are.
  await page
    .context()
    .route('https://trade.example.cn/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>交易系统</title>' }),
    );
  await switcher.click();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('app-TRADE').click()]);
  await expect(popup).toHaveURL('https://trade.example.cn/');
  await popup.close();
  await expect(page).toHaveURL(/\/system\/post$/);
  await expect(switcher).toHaveText(`应用：${APP.appName}`);

  // 全部菜单: the whole menu again, also after a reload.
  await switcher.click();
  await page.getByTestId('app-all').click();
  await expect(switcher).toHaveText('应用');
  await expect(menu.getByText('内容管理', { exact: true })).toBeVisible();
  await page.reload();
  await expect(menu.getByText('内容管理', { exact: true })).toBeVisible();
  await expect(switcher).toHaveText('应用');
  await openMenu(page, '系统管理', '用户管理');
  await expect(page).toHaveURL(/\/system\/user$/);
});
