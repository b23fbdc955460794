import { expect, test } from './fixtures';
import { logOut, signIn } from './staff';

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

  // A reload restores the tabs (from the SDK's namespaced storage).
  expect(await page.evaluate((key) => localStorage.getItem(key), SAVED_TABS)).toContain('/system/sms');
  await page.reload();
  await expect(tab('短信日志')).toHaveAttribute('aria-selected', 'true');
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
