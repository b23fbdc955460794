import type { Browser, Locator } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { signIn } from './staff';

// 系统管理 › 数据字典 and 区域管理: the administrator disables a dictionary item (交易商类型 › 其他)
// and a province (西藏自治区); a visitor's registration form and warehouse search no longer
// offer them — the server's answers, not a browser cache — and offer them again once
// re-enabled. Items and regions no other journey uses, so the files running beside this one
// are not disturbed.

test.describe.configure({ retries: 0 });

async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The options of 企业类型 on a fresh registration form. */
async function traderTypes(page: Page): Promise<Locator> {
  await page.goto('/register');
  await page.getByTestId('register-identity-1').getByText('棉花交易商').click();
  await page.getByTestId('register-next').click();
  await page.getByTestId('register-field-traderType').locator('.arco-select-view').click();
  const popup = page.locator('.arco-select-popup:visible');
  await expect(popup.getByRole('option', { name: '棉花贸易企业', exact: true })).toBeVisible();
  return popup;
}

/** The provinces of the warehouse search, freshly loaded. */
async function provinces(page: Page): Promise<Locator> {
  await page.goto('/warehouse');
  await page.getByTestId('warehouse-search-form').getByRole('button', { name: '所在省份' }).click();
  const list = page.getByTestId('warehouse-province-select-list');
  await expect(list.getByRole('checkbox', { name: '山东省' })).toBeVisible();
  return list;
}

async function toggle(page: Page, testId: string, message: string) {
  await page.getByTestId(testId).click();
  await expect(page.locator('.arco-message').filter({ hasText: message }).first()).toBeVisible();
}

test('a disabled dictionary item and region leave the public pickers, and come back when enabled', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const other = () => page.getByTestId('dict-items');
  const visitorPage = await visitor(browser);

  await signIn(page, 'admin', 'Admin@2026');

  // 数据字典: 交易商类型's items, 其他 switched off.
  await page.goto('/system/dict');
  const dicts = page.getByTestId('dict-list');
  await dicts.getByPlaceholder('请输入字典编码').fill('TRADER_TYPE');
  await dicts.getByTestId('list-search-form').getByRole('button', { name: '查询', exact: true }).click();
  await dicts.getByTestId('dict-items-TRADER_TYPE').click();
  await expect(other().getByText('其他', { exact: true })).toBeVisible();
  await toggle(page, 'dict-item-status-5', '已停用');

  let options = await traderTypes(visitorPage);
  await expect(options.getByRole('option', { name: '其他', exact: true })).toHaveCount(0);

  // 区域管理: 西藏自治区 switched off at the provinces' level.
  await page.goto('/system/region');
  const regions = page.getByTestId('region-list');
  await expect(regions.getByText('北京市', { exact: true })).toBeVisible();
  await regions.getByPlaceholder('请输入区域名称').fill('西藏');
  await regions.getByTestId('list-search-form').getByRole('button', { name: '查询', exact: true }).click();
  await expect(regions.getByText('西藏自治区', { exact: true })).toBeVisible();
  await toggle(page, 'region-status-540000', '已停用');

  let list = await provinces(visitorPage);
  await expect(list.getByRole('checkbox', { name: '西藏自治区' })).toHaveCount(0);

  // Both enabled again: offered again.
  await toggle(page, 'region-status-540000', '已启用');
  await page.goto('/system/dict');
  await page.getByTestId('dict-list').getByPlaceholder('请输入字典编码').fill('TRADER_TYPE');
  await page
    .getByTestId('dict-list')
    .getByTestId('list-search-form')
    .getByRole('button', { name: '查询', exact: true })
    .click();
  await page.getByTestId('dict-items-TRADER_TYPE').click();
  await toggle(page, 'dict-item-status-5', '已启用');

  list = await provinces(visitorPage);
  await expect(list.getByRole('checkbox', { name: '西藏自治区' })).toBeVisible();
  options = await traderTypes(visitorPage);
  await expect(options.getByRole('option', { name: '其他', exact: true })).toBeVisible();
});
