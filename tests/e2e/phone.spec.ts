import { expect, test, type Page } from './fixtures';

// A visitor on a phone (the `phone` project: 390 × 844, touch). Every public page fits the
// screen: the header folds into a menu, filters fold behind 筛选, tables scroll in their own
// box with the key column in view, and the floating tools are one button.

const PUBLIC_PAGES = [
  '/home',
  '/warehouse',
  '/bid',
  '/bid/detail?batchNumber=13001221001',
  '/batchQuality?batchNumber=13001221001',
  '/financialService',
  '/service',
  '/about',
  '/search?keyWord=棉花',
  '/register',
];

/** How far the page itself scrolls sideways (0 when everything fits the screen). */
function sidewaysScroll(page: Page) {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

test('every public page fits the phone: no sideways scroll, a menu button, one floating button', async ({ page }) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByTestId('page-main').locator('*').first(), path).toBeVisible();
    await expect(page.getByTestId('site-footer'), path).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(await sidewaysScroll(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    await expect(page.getByTestId('header-menu'), path).toBeVisible();
    await expect(page.getByTestId('site-nav'), path).toBeHidden();
    await expect(page.getByTestId('header-login'), path).toBeHidden();
    await expect(page.getByTestId('tools-toggle'), path).toBeVisible();
    await expect(page.getByTestId('tool-phone'), path).toBeHidden();
  }

  // The one floating button opens the tools.
  await page.getByTestId('tools-toggle').click();
  await expect(page.getByTestId('tool-phone')).toBeVisible();
  await expect(page.getByTestId('tool-qr')).toBeVisible();
});

test('the menu button opens the navigation, the search, 登录 and 注册', async ({ page }) => {
  await page.goto('/warehouse');
  await page.getByTestId('header-menu').click();
  const menu = page.getByTestId('header-menu-panel');
  await expect(menu).toBeVisible();
  for (const title of ['首页', '仓单查询', '服务中心'])
    await expect(menu.getByRole('link', { name: title })).toBeVisible();
  await expect(menu.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '注册' })).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

  // A navigation item: the menu closes on the new page.
  await menu.getByRole('link', { name: '服务中心' }).click();
  await expect(page).toHaveURL(/\/service$/);
  await expect(menu).toBeHidden();

  // The search from the menu.
  await page.getByTestId('header-menu').click();
  await menu.getByPlaceholder('请输入关键字').fill('棉花');
  await menu.getByPlaceholder('请输入关键字').press('Enter');
  await expect(page).toHaveURL(/\/search\?keyWord=%E6%A3%89%E8%8A%B1/);

  // 注册 from the menu.
  await page.getByTestId('header-menu').click();
  await menu.getByRole('button', { name: '注册' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('the warehouse list: the table scrolls in its box with the name in view, the folded filter applies', async ({
  page,
}) => {
  await page.goto('/warehouse');
  const table = page.getByTestId('warehouse-table');
  const firstName = table.locator('tbody tr').first().locator('td').first();
  await expect(firstName).toBeVisible();

  // The table scrolls sideways inside its box; the warehouse name stays on screen.
  // The box that scrolls: the body under the sticky header (Arco's wrappers around it do not clip).
  const scrolled = await table.evaluate((element) => {
    const boxes = [...element.querySelectorAll<HTMLElement>('.arco-table-body, .arco-table-content-inner')];
    const box = boxes.find((candidate) => ['auto', 'scroll'].includes(getComputedStyle(candidate).overflowX));
    box?.scrollBy({ left: 600 });
    return box ? box.scrollLeft : -1;
  });
  expect(scrolled, 'the table scrolls sideways in its own box').toBeGreaterThan(0);
  const box = await firstName.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

  // The filter is folded behind 筛选; open it, pick 新疆 and search.
  const form = page.getByTestId('warehouse-search-form');
  await expect(form.getByRole('button', { name: /查询/ })).toBeHidden();
  await page.getByTestId('warehouse-filter-toggle').click();
  await form.locator('.arco-select').click();
  await page.locator('.arco-select-option', { hasText: '新疆' }).click();
  await form.getByRole('button', { name: /查询/ }).click();
  await expect(page).toHaveURL(/warehouseAreaType=1/);
  await expect(page.getByTestId('warehouse-filter-toggle')).toContainText('筛选（已设条件）');
  await expect(form.getByRole('button', { name: /查询/ })).toBeHidden();
  await expect(table.locator('tbody tr').first()).toContainText('新疆');
});

test('receipts: the folded filter panel applies a colour grade; the quality table keeps its first column in view', async ({
  page,
}) => {
  await page.goto('/bid');
  const cards = page.locator('[data-testid^="receipt-card-"]');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('filter-colorGrade-31')).toBeHidden();
  await page.getByTestId('filter-phone-toggle').click();
  await page.getByTestId('filter-colorGrade-31').click();
  await expect(page).toHaveURL(/colorGrade=31/);
  await expect(cards.first().getByTestId('receipt-colorGrade').locator('dd')).toHaveText('白棉3级');
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

  await page.goto('/bid/detail?batchNumber=13001221001');
  const quality = page.getByTestId('quality-table');
  await expect(quality).toBeVisible();
  const firstTitle = quality.getByRole('rowheader').first();
  await quality.evaluate((element) => element.parentElement!.scrollBy({ left: 400 }));
  await expect.poll(() => quality.evaluate((element) => element.parentElement!.scrollLeft)).toBeGreaterThan(0);
  const box = await firstTitle.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
});
