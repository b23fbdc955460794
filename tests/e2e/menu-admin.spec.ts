import { expect, test } from './fixtures';
import { signIn } from './staff';

// 系统管理 › 菜单管理: the administrator adds a menu for a component a plugin provides; after a
// reload it is in the side menu and opens its page; deleted, it is gone again — no restart.
// Accounts: docs/auth.md (seeded demo users).

// One journey on one server's state: a retry would start from another state.
test.describe.configure({ retries: 0 });

test('the administrator adds a menu that shows after a reload and opens its page, then deletes it', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@2026');
  const sideMenu = page.getByTestId('admin-menu');
  await sideMenu.getByText('系统管理').click();
  await sideMenu.getByText('菜单管理').click();
  await expect(page).toHaveURL(/\/system\/menu$/);
  const list = page.getByTestId('menu-list');
  const systemRow = list.getByRole('row').filter({ hasText: '/system' }).first();
  await expect(list.getByRole('cell', { name: 'system/UserList' })).toBeVisible();

  // Under 系统管理: 短信查询 at /system/sms-query, the SMS log's component.
  await systemRow.getByRole('button', { name: '新增下级' }).click();
  const form = page.getByTestId('menu-form');
  await form.getByPlaceholder('请输入名称').fill('短信查询');
  await form.getByPlaceholder('/system/user').fill('/system/sms-query');
  await page.getByTestId('menu-form-component').click();
  // A component no plugin declares is not even offered.
  await expect(page.getByRole('option', { name: 'system/SmsLog' })).toBeVisible();
  await page.getByRole('option', { name: 'system/SmsLog' }).click();
  await page.getByTestId('menu-form-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const added = list.getByRole('row').filter({ hasText: '/system/sms-query' });
  await expect(added).toContainText('短信查询');

  await page.reload();
  await sideMenu.getByText('短信查询').click();
  await expect(page).toHaveURL(/\/system\/sms-query$/);
  await expect(page.getByTestId('sms-log')).toBeVisible();

  await sideMenu.getByText('菜单管理').click();
  await list.getByRole('row').filter({ hasText: '/system/sms-query' }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: '/system/sms-query' })).toHaveCount(0);
  await page.reload();
  await expect(sideMenu.getByText('短信查询')).toHaveCount(0);
});
