import { expect, test } from './fixtures';
import { formLoginOverHttp } from './login-api';
import { BUSINESS_CODE, openMenu, signIn } from './staff';

// 系统管理 › 操作日志 / 登录日志 / 访问日志 (docs/architecture.md "Logs"): a failed login
// appears in 登录日志 with its reason; the administrator edits a post and finds the edit in
// 操作日志 with the name before and after; the pages opened appear in 访问日志.

// A retry (CI runs a failed test once more, with a trace) edits a post of its own: the first
// try's may be there already. The newest rows are the retry's.
const postOf = (retry: number) => {
  const suffix = retry === 0 ? '' : `${retry}`;
  return { code: `E2E_LOG${suffix}`, name: `日志核对岗${suffix}`, renamed: `日志核对岗${suffix}（改）` };
};

test('a failed login, an edit and the pages opened are in the logs, the edit with its before and after', async ({
  page,
}, testInfo) => {
  const POST = postOf(testInfo.retry);
  // A login to an account that does not exist, sent as the login page sends it (the page's
  // 登录失败 notice: staff-login.spec.ts).
  await expect(formLoginOverHttp(page.request, BUSINESS_CODE, 'e2e.nobody', 'Nobody@2026x')).rejects.toThrow(
    /^form login: /,
  );
  await signIn(page, 'admin', 'Admin@2026');

  // The edit: a post of this test's own, renamed.
  await openMenu(page, '系统管理', '岗位管理');
  await expect(page).toHaveURL(/\/system\/post$/);
  const form = page.getByTestId('post-form');
  await page.getByTestId('post-add').click();
  await form.getByPlaceholder('请输入岗位编码').fill(POST.code);
  await form.getByPlaceholder('请输入岗位名称').fill(POST.name);
  await page.getByTestId('post-form-save').click();
  await expect(page.getByTestId('post-list').getByRole('row').filter({ hasText: POST.code })).toBeVisible();
  await page.getByTestId(`post-edit-${POST.code}`).click();
  await form.getByPlaceholder('请输入岗位名称').fill(POST.renamed);
  await page.getByTestId('post-form-save').click();
  await expect(page.getByTestId('post-list').getByRole('row').filter({ hasText: POST.renamed })).toBeVisible();

  // 操作日志: the edit, with the name before and after.
  await openMenu(page, '系统管理', '操作日志');
  await expect(page).toHaveURL(/\/system\/log\/operation$/);
  const operations = page.getByTestId('operation-log');
  const edit = operations.getByRole('row').filter({ hasText: '岗位管理 · 编辑岗位' }).first();
  await expect(edit).toContainText('admin');
  await expect(edit).toContainText('成功');
  await edit.getByRole('button', { name: '详情' }).click();
  const change = page.getByTestId('operation-detail').getByTestId('operation-change');
  const nameRow = change.getByRole('row').filter({ hasText: '名称' });
  await expect(nameRow).toContainText(POST.name);
  await expect(nameRow).toContainText(POST.renamed);
  // Closed with its close button, and gone before the menu is clicked: the drawer's mask covers the menu.
  await page.locator('.arco-drawer-close-icon:visible').click();
  await expect(page.getByTestId('operation-detail')).toBeHidden();
  await expect(page.locator('.arco-drawer-mask:visible')).toHaveCount(0);

  // 登录日志: the failure with its reason, searched by the account tried.
  await openMenu(page, '系统管理', '登录日志');
  await expect(page).toHaveURL(/\/system\/log\/login$/);
  const logins = page.getByTestId('login-log');
  await logins.getByPlaceholder('请输入登录账号').fill('e2e.nobody');
  await logins.getByRole('button', { name: '查询', exact: true }).click();
  const failure = logins.getByRole('row').filter({ hasText: 'CNCE/e2e.nobody' }).first();
  await expect(failure).toContainText('失败');
  await expect(failure).toContainText('账号不存在');
  await expect(failure).toContainText('账号密码');

  // 访问日志: the pages the administrator opened.
  await openMenu(page, '系统管理', '访问日志');
  await expect(page).toHaveURL(/\/system\/log\/visit$/);
  const visits = page.getByTestId('visit-log');
  await expect(visits.getByRole('row').filter({ hasText: '/system/log/operation' }).first()).toContainText('admin');
});
