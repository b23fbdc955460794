import { expect, test } from './fixtures';
import { logOut, openMenu, signIn } from './staff';

// The back office's tabs: each menu page opens as a tab that stays mounted (its half-typed
// search survives a switch), the tabs come back after a reload and are gone after logout.
// The home tab (工作台) is fixed.

const SAVED_TABS = 'dandelion__WORKSPACE_TABS';

test('menu pages open as tabs that keep their state, survive a reload and end with logout', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@2026');
  const bar = page.getByTestId('workspace-tabs');
  const tab = (name: string) => bar.getByRole('tab', { name });
  await expect(bar.getByRole('tab')).toHaveCount(1);
  await expect(tab('工作台')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('工作台').getByTestId('workspace-tab-close')).toHaveCount(0);

  // A second page from the menu: its own tab; type into its search form.
  const menu = page.getByTestId('admin-menu');
  await menu.getByText('系统管理').click();
  await menu.getByText('短信日志').click();
  await expect(page).toHaveURL(/\/system\/sms$/);
  await expect(tab('短信日志')).toHaveAttribute('aria-selected', 'true');
  // 短信日志's own search field: 个人中心's phone field has the same placeholder, and a closed
  // tab's page can still be in the document for a moment.
  const mobile = page.getByTestId('list-search-form').getByPlaceholder('请输入手机号码');
  await mobile.fill('1380000');

  // To the home tab and back: the half-typed search is still there (the page stayed mounted).
  await tab('工作台').click();
  await expect(page).toHaveURL(/\/project\/display$/);
  await expect(page.getByTestId('overview-card-warehouses')).toBeVisible();
  await expect(mobile).toBeHidden();
  await tab('短信日志').click();
  await expect(page).toHaveURL(/\/system\/sms$/);
  await expect(mobile).toBeVisible();
  await expect(mobile).toHaveValue('1380000');

  // Each tab keeps its own scroll position (a short window makes the list scroll).
  await page.setViewportSize({ width: 1366, height: 400 });
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(150);
  await page.evaluate(() => window.scrollTo(0, 150));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
  await tab('工作台').click();
  await expect(page).toHaveURL(/\/project\/display$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await tab('短信日志').click();
  await expect(mobile).toHaveValue('1380000');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1366, height: 900 });

  // Back and forward move between the tabs, the state still kept.
  await page.goBack();
  await expect(page).toHaveURL(/\/project\/display$/);
  await expect(tab('工作台')).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(page).toHaveURL(/\/system\/sms$/);
  await expect(mobile).toHaveValue('1380000');

  // A third page (个人中心, from the user menu), closed with ×: its left neighbour shows.
  const openCenter = async () => {
    await page.getByTestId('admin-user-menu').hover();
    await page.getByTestId('user-menu-center').click();
    await expect(page).toHaveURL(/\/account\/center$/);
    await expect(tab('个人中心')).toHaveAttribute('aria-selected', 'true');
  };
  await openCenter();
  await tab('个人中心').getByTestId('workspace-tab-close').click();
  await expect(tab('个人中心')).toHaveCount(0);
  await expect(page).toHaveURL(/\/system\/sms$/);
  await expect(mobile).toHaveValue('1380000');

  // Again, closed from 短信日志's context menu with 关闭右侧.
  await openCenter();
  await tab('短信日志').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭右侧' }).click();
  await expect(tab('个人中心')).toHaveCount(0);
  await expect(page).toHaveURL(/\/system\/sms$/);
  await expect(bar.getByRole('tab')).toHaveCount(2);

  // A reload restores the tabs (from the SDK's namespaced storage) in their order, the one in
  // view still chosen: 个人中心 opened again after 短信日志, and 短信日志 chosen.
  await openCenter();
  await tab('短信日志').click();
  await expect(page).toHaveURL(/\/system\/sms$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), SAVED_TABS)).toContain('/system/sms');
  await page.reload();
  await expect(tab('短信日志')).toHaveAttribute('aria-selected', 'true');
  await expect(bar.getByRole('tab')).toHaveText([/^工作台/, /^短信日志/, /^个人中心/]);
  await tab('个人中心').getByTestId('workspace-tab-close').click();
  await expect(bar.getByRole('tab')).toHaveCount(2);
  await tab('工作台').click();
  await expect(page).toHaveURL(/\/project\/display$/);
  await expect(tab('短信日志')).toHaveAttribute('aria-selected', 'false');

  // Logout forgets them: the next login starts with the home tab only.
  await logOut(page);
  expect(await page.evaluate((key) => localStorage.getItem(key), SAVED_TABS)).toBeNull();
  await signIn(page, 'admin', 'Admin@2026');
  await expect(bar.getByRole('tab')).toHaveCount(1);
  await expect(tab('工作台')).toBeVisible();
});

// Issue 31: a half-filled add form is parked with its tab — the drawer sits below the tab bar,
// inside its tab — and closing that tab asks first.
test('a half-filled drawer stays with its tab; closing the tab asks first', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@2026');
  const bar = page.getByTestId('workspace-tabs');
  const tab = (name: string) => bar.getByRole('tab', { name });
  await openMenu(page, '系统管理', '岗位管理');
  await expect(page).toHaveURL(/\/system\/post$/);
  await page.getByTestId('post-add').click();
  const form = page.getByTestId('post-form');
  await form.getByPlaceholder('请输入岗位编码').fill('PARKED');
  await form.getByPlaceholder('请输入岗位名称').fill('停放的岗位');

  // The tab bar stays usable beside the open drawer: to the home tab and back.
  await tab('工作台').click();
  await expect(page).toHaveURL(/\/project\/display$/);
  await expect(form).toBeHidden();
  await expect(page.getByTestId('overview-card-warehouses')).toBeVisible();
  await tab('岗位管理').click();
  await expect(page).toHaveURL(/\/system\/post$/);
  await expect(form).toBeVisible();
  await expect(form.getByPlaceholder('请输入岗位编码')).toHaveValue('PARKED');
  await expect(form.getByPlaceholder('请输入岗位名称')).toHaveValue('停放的岗位');
  // Below the tab bar, not over it.
  const barBox = (await bar.boundingBox())!;
  const drawerBox = (await page.locator('.arco-drawer').filter({ has: form }).boundingBox())!;
  expect(drawerBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1);
  expect(drawerBox.y + drawerBox.height).toBeLessThanOrEqual((page.viewportSize()?.height ?? 0) + 1);
  await expect(page.getByTestId('post-form-save')).toBeInViewport();

  // Closing or reloading the browser's tab would ask too (beforeunload), while input is unsaved.
  const leaving = () =>
    page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  expect(await leaving()).toBe(true);

  // × asks; 取消 keeps the tab and its drawer.
  // The confirm shown (a cancelled one may linger, hidden, while it fades out).
  const confirm = page.locator('.arco-modal').filter({ hasText: '确认关闭？', visible: true });
  await tab('岗位管理').getByTestId('workspace-tab-close').click();
  await expect(confirm).toContainText('未保存的内容将丢失');
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toBeHidden();
  await expect(tab('岗位管理')).toBeVisible();
  await expect(form.getByPlaceholder('请输入岗位编码')).toHaveValue('PARKED');
  // 关闭: the tab goes, with its drawer; nothing was saved.
  await tab('岗位管理').getByTestId('workspace-tab-close').click();
  await confirm.getByRole('button', { name: '关闭' }).click();
  await expect(tab('岗位管理')).toHaveCount(0);
  await expect(page).toHaveURL(/\/project\/display$/);
  await expect(form).toHaveCount(0);
  // Nothing unsaved is left: the browser's tab closes without a question.
  expect(await leaving()).toBe(false);
});
