import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { sessionOverHttp } from './login-api';
import { SMS_GATEWAY_URL } from './sms-gateway';
import { BUSINESS_CODE, openSignedIn, signIn } from './staff';

// 系统管理 › 通知公告 and the header's bell (docs/architecture.md "Notices"): the administrator
// writes a notice to a role and publishes it; a holder of that role, already signed in, sees
// the bell's count go up at its next poll without reloading, opens the notice from the bell,
// and it is read. The bell polls every 30 s: the reader's clock is moved on instead of waited.

// One journey on one server's state: a retry would start from another state.
test.describe.configure({ retries: 0 });

const ROLE = { code: 'e2e_notice_reader', name: '通知接收员' };
const READER = { loginName: 'e2e.noticer', password: 'Noticer@2026x' };
const TITLE = '关于春节期间仓库作业安排的通知';
const POLL_MS = 30_000;

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const answer = await request.post(path, { headers: { 'X-Access-Token': token }, data });
  const body = (await answer.json()) as { rtnCode: string; rtnMessage: string; dataSet: T };
  if (body.rtnCode !== '0000') throw new Error(`${path}: ${body.rtnCode} ${body.rtnMessage}`);
  return body.dataSet;
}

test('a notice published to a role lights the bell of a user of that role, who reads it', async ({
  browser,
  page,
  request,
}) => {
  // The role (no menus of its own) and its holder, over the API.
  const { token } = await sessionOverHttp(request, BUSINESS_CODE, 'admin', 'Admin@2026');
  const { id: roleId } = await call<{ id: string }>(request, token, '/rest/role/addRole', ROLE);
  await call(request, token, '/rest/user/AddUser', {
    loginName: READER.loginName,
    realname: '通知接收人',
    password: READER.password,
    roleIds: [roleId],
  });

  // The reader signs in first and keeps the back office open.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await reader.clock.install();
  await signIn(reader, READER.loginName, READER.password);
  const bell = reader.getByTestId('notice-bell');
  await expect(bell).toHaveAttribute('data-unread', '0');

  // The administrator writes the notice to the role and publishes it.
  await openSignedIn(page, '/system/notice', 'admin', 'Admin@2026');
  await page.getByTestId('notice-add').click();
  const form = page.getByTestId('notice-form');
  await form.getByPlaceholder('请输入标题').fill(TITLE);
  await form.getByText('指定角色').click();
  await form.getByTestId('notice-form-roles').click();
  await page.getByRole('option', { name: ROLE.name }).click();
  await form.getByPlaceholder('请输入内容').fill('春节期间各仓库照常作业。\n请提前安排值班。');
  await page.getByTestId('notice-form-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const row = page.getByTestId('notice-list').getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText('草稿');
  await row.getByRole('button', { name: '发布' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toContainText('已发布');
  await expect(row).toContainText('指定角色');

  // The reader's bell counts it at its next poll, the page never reloaded.
  await reader.clock.fastForward(POLL_MS + 1000);
  await expect(bell).toHaveAttribute('data-unread', '1');
  await bell.click();
  const panel = reader.getByTestId('notice-bell-panel');
  await panel.getByText(TITLE).click();
  await expect(reader).toHaveURL(/\/account\/notice\?id=\d+$/);
  const detail = reader.getByTestId('my-notice-detail');
  await expect(detail).toContainText('请提前安排值班。');
  await expect(bell).toHaveAttribute('data-unread', '0');
  await reader.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(reader.getByTestId('my-notices')).toContainText(TITLE);
  await expect(reader.getByTestId('my-notices').getByTestId('my-notice-unread')).toHaveCount(0);

  // The list counts the reader.
  const { pagination } = await call<{ pagination: { result: Array<{ title: string; readCount: number }> } }>(
    request,
    token,
    '/rest/noticeService/getNoticeByPage',
    { pageNum: 1, pageSize: 10, filters: { title: TITLE } },
  );
  expect(pagination.result).toEqual([expect.objectContaining({ title: TITLE, readCount: 1 })]);
  await readerContext.close();
});

// 系统管理 › 短信模板: a template with two variables, tried with 测试发送 — the phone gets the
// text with the values, the page (like the SMS log) shows the code masked.
test('the administrator adds an SMS template and test-sends it through the gateway', async ({ page }) => {
  const mobile = '13900002231';
  await openSignedIn(page, '/system/sms-template', 'admin', 'Admin@2026');
  const list = page.getByTestId('template-list');
  await expect(list.getByRole('row').filter({ hasText: 'LOGIN_CODE' })).toContainText('系统');
  await expect(page.getByTestId('template-delete-LOGIN_CODE')).toHaveCount(0);

  await page.getByTestId('template-add').click();
  const form = page.getByTestId('template-form');
  await form.getByPlaceholder('请输入模板编码').fill('E2E_PICKUP');
  await form.getByPlaceholder('请输入模板名称').fill('提货通知');
  await form.getByPlaceholder('请输入模板内容').fill('${name}您好，您的提货码为${code}。');
  // The tag input loses its placeholder once it holds a tag.
  const variables = form.locator('.arco-input-tag input');
  await variables.fill('name');
  await variables.press('Enter');
  await page.getByTestId('template-form-save').click();
  // A placeholder not declared is the server's refusal, shown under the content.
  await expect(form).toContainText('模板内容使用了未声明的变量：code');
  await variables.fill('code');
  await variables.press('Enter');
  await page.getByTestId('template-form-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();

  await page.getByTestId('template-send-E2E_PICKUP').click();
  const dialog = page.getByTestId('template-send');
  await dialog.getByPlaceholder('请输入手机号码').fill(mobile);
  const values = dialog.getByRole('textbox');
  await values.nth(1).fill('王师傅');
  await values.nth(2).fill('731904');
  await page.getByRole('button', { name: /^发\s*送$/ }).click();
  const result = page.getByTestId('template-send-result');
  await expect(result).toContainText('已发送');
  await expect(result).toContainText('王师傅您好，您的提货码为******。');
  const sent = await fetch(`${SMS_GATEWAY_URL.replace(/\/sms$/, '')}/messages?mobile=${mobile}`);
  expect(await sent.json()).toEqual([{ mobile, content: '王师傅您好，您的提货码为731904。' }]);
});
