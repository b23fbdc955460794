import { expect, test } from './fixtures';

// The visitor's walk as shipped: the shell prefetches the plugins the pages link to (fixtures.ts).
test.use({ dataSaver: false });

// A visitor, not logged in: the portal's front door and the public warehouse query.

test('opening the site lands on the home page with header, sections and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('env-label')).toHaveText('测试环境');
  for (const section of ['supervision', 'trading', 'finance', 'logistics', 'imported', 'receipt']) {
    await expect(page.locator(`#${section}`)).toBeAttached();
  }
  await expect(page.getByTestId('site-footer')).toContainText('ICP');
});

test('a visitor filters warehouses by province, opens one and goes back with the browser', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('home-card-warehouse').click();
  await expect(page).toHaveURL(/\/warehouse$/);

  const rows = page.getByTestId('warehouse-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText('.'); // fees with two decimals

  // Provinces, level 1 only (a light list of checkboxes): tick 山东省 and search.
  await page.getByTestId('warehouse-search-form').getByRole('button', { name: '所在省份' }).click();
  await page.getByTestId('warehouse-province-select-list').getByRole('checkbox', { name: '山东省' }).check();
  await page.keyboard.press('Escape');
  await page.getByTestId('warehouse-search-form').getByRole('button', { name: /查询/ }).click();
  await expect(page).toHaveURL(/regionProviceCode=370000/);
  await expect(rows.first()).toContainText('山东');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText('山东');

  // Open the first warehouse: four sections, the red unit note, the freight yards.
  const firstName = (await rows.first().locator('td').first().innerText()).trim();
  await rows.first().getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/whsCode=/);
  const detail = page.getByTestId('warehouse-detail');
  await expect(detail).toContainText(firstName);
  for (const title of ['基本信息', '业务信息', '联系信息', '收费标准']) await expect(detail).toContainText(title);
  const note = page.getByTestId('warehouse-fee-note');
  await expect(note).toContainText('元/吨');
  await expect(note).toHaveCSS('color', /rgb\((2[0-9]{2}), \d{1,2}, \d{1,2}\)/);
  await expect(page.getByTestId('warehouse-freight-table')).toBeVisible();

  // Back with the browser: the filtered list again; reload keeps it.
  await page.goBack();
  await expect(page).not.toHaveURL(/whsCode=/);
  await expect(page).toHaveURL(/regionProviceCode=370000/);
  await expect(rows.first()).toContainText('山东');
  await page.reload();
  await expect(rows.first()).toContainText('山东');
});

test('the 404 page says so and its button returns home', async ({ page }) => {
  // Before login an unknown address may be a back-office page: the login page
  // (login-redirect.spec.ts); /404 is where a page that does not exist is sent.
  await page.goto('/404');
  await expect(page.getByText('页面不存在或仍在开发中')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('#logistics')).toBeAttached();
});

test('the back-to-top button appears after scrolling and takes the visitor up', async ({ page }) => {
  await page.goto('/home');
  // The page must be tall enough to scroll: wait for the home plugin's last section.
  await expect(page.locator('#receipt')).toBeVisible();
  const backToTop = page.getByTestId('back-to-top');
  await expect(backToTop).toBeHidden();
  await page.mouse.move(600, 500);
  await page.mouse.wheel(0, 1200);
  await expect(backToTop).toBeVisible();
  await backToTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('at 1366 px every warehouse column fits; the header stays in view; 操作 and one data column always stay', async ({
  page,
}) => {
  await page.goto('/warehouse');
  const table = page.getByTestId('warehouse-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  // No sideways scrolling: the last column ends inside the table's box, the fee columns are on screen, whole.
  const box = (await table.boundingBox())!;
  // The visible header (the table's own header row, for screen readers, has no height).
  const head = table.getByTestId('light-table-head');
  const actions = (await head.locator('th', { hasText: '操作' }).boundingBox())!;
  expect(actions.x + actions.width).toBeLessThanOrEqual(box.x + box.width + 1);
  for (const name of ['汽车入库费', '汽车出库费', '室内仓储费', '室外仓储费', '公检搬倒费']) {
    const header = head.locator('th', { hasText: name });
    await expect(header).toBeInViewport({ ratio: 1 });
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }

  // The header row stays under the navigation bar while the page scrolls past it.
  await page.setViewportSize({ width: 1366, height: 500 });
  await page.mouse.wheel(0, 400);
  const header = head;
  await expect.poll(async () => (await header.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
  await expect(header).toBeInViewport();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));

  // Hiding columns: 操作 is not offered, and the last data column cannot go.
  await page.getByRole('button', { name: /列设置/ }).click();
  const drawer = page.locator('.arco-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('操作')).toHaveCount(0);
  const boxes = drawer.locator('.arco-checkbox');
  const n = await boxes.count();
  for (let i = 1; i < n; i++) await boxes.nth(i).click();
  await expect(drawer.getByTestId('column-setting-hint')).toHaveText(/至少保留一列数据/);
  await expect(boxes.first().locator('input')).toBeDisabled();
  await drawer.getByRole('button', { name: '确定' }).click();
  await expect(table.getByRole('columnheader')).toHaveText(['仓库名称', '操作']);
  await expect(head.locator('th')).toHaveText(['仓库名称', '操作']);
  await expect(table.locator('tbody tr').first()).toContainText('详情');
});

test('bad filters in a warehouse link: one plain message, defaults, nothing technical', async ({ page }) => {
  await page.goto('/warehouse?warehouseAreaType=9&pageNum=abc&regionProviceCode=x');
  await expect(page.locator('.arco-message')).toHaveText(['筛选条件无效，已恢复默认']);
  await expect(page).toHaveURL(/\/warehouse$/);
  await expect(page.getByTestId('warehouse-table').locator('tbody tr').first()).toContainText('.');
  await expect(page.getByTestId('warehouse-search-form')).not.toContainText('9');
  await expect(page.locator('body')).not.toContainText(/searchParam|pageParameter|参数错误/);
});

test('//home (a doubled slash) shows the portal, not JSON', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}//home`);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('rtnCode');
});

test('the search form is whole from its first frame: no stand-in, no control swapped, no layout jump', async ({
  page,
}) => {
  // Every frame: the form's box and each field's box.
  await page.addInitScript(() => {
    const frames: string[] = [];
    Object.defineProperty(window, '__formFrames', { value: frames });
    const record = () => {
      const form = document.querySelector('[data-testid="warehouse-search-form"] form');
      if (form) {
        const boxes = [form, ...form.querySelectorAll('.cotton-light-field')].map((el) => {
          const r = el.getBoundingClientRect();
          return `${r.x},${r.y},${r.width},${r.height}`;
        });
        frames.push(boxes.join(' '));
      }
      if (frames.length < 2000) requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
  // The table's answer waits a moment, so that frames before it are seen.
  await page.route('**/rest/anon/queryWhsPage', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.goto('/warehouse');
  const form = page.getByTestId('warehouse-search-form');
  await expect(page.getByTestId('warehouse-table').locator('tbody tr').first()).toBeVisible();
  await expect(form.getByRole('button', { name: '所在省份' })).toBeVisible();
  await expect(form.getByLabel('区域类型')).toBeVisible();
  // Neither Arco's Cascader nor its Table and Form chunks: plain elements from the start.
  await expect(form.locator('.arco-cascader')).toHaveCount(0);
  const frames = await page.evaluate(() => (window as unknown as { __formFrames: string[] }).__formFrames);
  expect(frames.length).toBeGreaterThan(1);
  expect(new Set(frames).size).toBe(1);

  // The controls work: the area select filters.
  await form.getByLabel('区域类型').selectOption({ label: '新疆' });
  await form.getByRole('button', { name: /查询/ }).click();
  await expect(page).toHaveURL(/warehouseAreaType=1/);
});
