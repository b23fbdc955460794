import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { sessionOverHttp } from './login-api';
import { SMS_GATEWAY_ORIGIN } from './sms-gateway';
import { BUSINESS_CODE, openMenu, signIn } from './staff';
import { flatMenuTree, type MenuTreeNode } from './menu-tree';

// Issue 31, 菜单管理: an iframe menu (内嵌页面) embeds a page of an allowed origin in a tab — any
// other origin is refused as the form is filled — and a menu with 缓存 off is mounted afresh each
// time its tab is shown. The menus carry codes of their own, which only the system
// administrator holds (every code), so no other file's users see them.

test.describe.configure({ retries: 0 });

const IFRAME_PATH = '/system/e2eEmbed';
const FRESH_PATH = '/system/e2eFresh';
// The stand-in SMS gateway's message list for a mobile nobody uses: a plain page, `[]`.
const EMBEDDED = `${SMS_GATEWAY_ORIGIN}/messages?mobile=00000000000`;

async function adminCalls(request: APIRequestContext) {
  const { token } = await sessionOverHttp(request, BUSINESS_CODE, 'admin', 'Admin@2026');
  const post = async (path: string, data: unknown) => {
    const body = (await (await request.post(path, { headers: { 'X-Access-Token': token }, data })).json()) as {
      rtnCode: string;
      rtnMessage: string;
      dataSet: { tree?: MenuTreeNode[] };
    };
    if (body.rtnCode !== '0000') throw new Error(`${path}: ${body.rtnCode} ${body.rtnMessage}`);
    return body.dataSet;
  };
  return { post, menus: async () => flatMenuTree((await post('/rest/menu/getMenuTree', {})).tree ?? []) };
}

async function cleanUp(request: APIRequestContext) {
  const admin = await adminCalls(request);
  for (const node of await admin.menus()) {
    if (node.path === IFRAME_PATH || node.path === FRESH_PATH)
      await admin.post('/rest/menu/delMenuRel', { id: node.id });
  }
}

test('an iframe menu embeds an allowed page; a menu without 缓存 opens afresh', async ({ page, request }) => {
  await cleanUp(request);
  try {
    // 缓存 off, on a copy of 短信日志's page (over HTTP: the form is the iframe's part below).
    const admin = await adminCalls(request);
    const system = (await admin.menus()).find((node) => node.path === '/system')!;
    await admin.post('/rest/menu/addMenuRel', {
      parentId: system.id,
      type: 'menu',
      name: '短信日志不缓存',
      code: 'e2e:fresh:list',
      path: FRESH_PATH,
      componentPath: 'system/SmsLog',
      sort: 9998,
      hidden: false,
      keepAlive: false,
    });

    await signIn(page, 'admin', 'Admin@2026');
    await openMenu(page, '系统管理', '菜单管理');
    const menus = page.getByTestId('menu-list');
    await menus
      .getByRole('row')
      .filter({ hasText: '/system' })
      .first()
      .getByRole('button', { name: '新增下级' })
      .click();
    const form = page.getByTestId('menu-form');
    await form.getByPlaceholder('请输入名称').fill('内嵌网关');
    await form.getByPlaceholder('/system/user').fill(IFRAME_PATH);
    await form.getByText('内嵌页面', { exact: true }).click();
    await expect(form.getByText(`只能内嵌以下来源的页面：${SMS_GATEWAY_ORIGIN}`)).toBeVisible();
    await form.getByPlaceholder('system:user:add').fill('e2e:embed:list');
    // Another origin: refused before anything is sent.
    await form.getByTestId('menu-form-url').fill('https://evil.example.net/x');
    await page.getByTestId('menu-form-save').click();
    await expect(
      form.getByText(`链接地址的来源 https://evil.example.net 不在允许内嵌的来源之内（${SMS_GATEWAY_ORIGIN}）`),
    ).toBeVisible();
    await form.getByTestId('menu-form-url').fill(EMBEDDED);
    await page.getByTestId('menu-form-save').click();
    await expect(page.getByText('保存成功，用户下次进入系统时菜单随之更新')).toBeVisible();

    // The next load has both menus.
    await page.reload();
    await openMenu(page, '系统管理', '内嵌网关');
    await expect(page).toHaveURL(new RegExp(`${IFRAME_PATH}$`));
    const frame = page.getByTestId('menu-iframe');
    await expect(frame).toHaveAttribute('src', EMBEDDED);
    // Loaded, not blocked by the portal's CSP (frame-src names the allowed origin).
    await expect(page.frameLocator('[data-testid="menu-iframe"]').locator('body')).toHaveText('[]');

    // 缓存 off: what was typed is gone when the tab is shown again.
    const bar = page.getByTestId('workspace-tabs');
    await openMenu(page, '系统管理', '短信日志不缓存');
    await expect(page).toHaveURL(new RegExp(`${FRESH_PATH}$`));
    const mobile = () =>
      page
        .locator(`[data-testid="workspace-pane"][data-path="${FRESH_PATH}"]`)
        .getByTestId('list-search-form')
        .getByPlaceholder('请输入手机号码');
    await mobile().fill('1380000');
    await bar.getByRole('tab', { name: '内嵌网关' }).click();
    await expect(page).toHaveURL(new RegExp(`${IFRAME_PATH}$`));
    await expect(mobile()).toHaveCount(0);
    await bar.getByRole('tab', { name: '短信日志不缓存' }).click();
    await expect(mobile()).toBeVisible();
    await expect(mobile()).toHaveValue('');
  } finally {
    await cleanUp(request);
  }
});
