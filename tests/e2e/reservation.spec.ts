import { expect, test, type Page } from './fixtures';

// A visitor, not logged in, follows the warehouses' reservation progress.

function shanghaiToday(): string {
  return new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function headDates(page: Page): Promise<string[]> {
  const dates: string[] = [];
  for (let i = 1; i <= 7; i++) {
    const text = await page.getByTestId(`reservation-head-${i}`).innerText();
    dates.push(text.match(/\d{4}-\d{2}-\d{2}/)![0]);
  }
  return dates;
}

test('a visitor looks at next week, opens a day and comes back', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('home-card-reservation').click();
  await expect(page).toHaveURL(/\/reservation$/);
  await expect(page.getByText('新疆棉入库预约进度').first()).toBeVisible();

  // This week: Monday … Sunday with dates, today highlighted, today's date shown.
  const today = shanghaiToday();
  await expect(page.getByTestId('reservation-now-date')).toHaveText(`当前日期：${today}`);
  const rows = page.locator('[data-testid^="reservation-row-"]');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('reservation-table')).toHaveAttribute('data-drawn', 'true');
  expect(await rows.count()).toBeGreaterThan(10);
  const thisWeek = await headDates(page);
  expect(thisWeek).toContain(today);
  expect(thisWeek[1]).toBe(addDays(thisWeek[0], 1));
  const weekdays = ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'];
  for (let i = 0; i < 7; i++) {
    const head = page.getByTestId(`reservation-head-${i + 1}`);
    await expect(head).toContainText(weekdays[i]);
    await expect(head).toHaveAttribute('data-today', thisWeek[i] === today ? 'true' : 'false');
  }
  const todayHead = page.locator('[data-testid^="reservation-head-"][data-today="true"]');
  await expect(todayHead).toHaveCount(1);
  await expect(todayHead).toHaveCSS('background-color', 'rgb(22, 93, 255)');

  // Next week: dates move by 7 days, the URL keeps the offset, nothing is today.
  await page.getByTestId('reservation-next').click();
  await expect(page).toHaveURL(/weekStep=1/);
  await expect(page.getByTestId('reservation-head-1')).toContainText(addDays(thisWeek[0], 7));
  expect(await headDates(page)).toEqual(thisWeek.map((date) => addDays(date, 7)));
  await expect(todayHead).toHaveCount(0);

  // A booked day's details: the warehouse, the date and its batches.
  const cell = page.locator('[data-testid^="reservation-cell-"]').filter({ hasNotText: '已预约 0%' }).first();
  await expect(cell).toBeVisible();
  const cellId = (await cell.getAttribute('data-testid'))!;
  const date = cellId.replace('reservation-cell-', '');
  const rowLabel = cell.locator('xpath=ancestor::*[@role="row"]').locator('[data-testid^="reservation-row-"]');
  const warehouseName = (await rowLabel.locator('div').first().innerText()).trim();
  const percentText = await cell.innerText();
  expect(percentText).toMatch(/已预约 [\d.]+%/);
  // What is free: 可预约 on a day that can still take a batch, 剩余 on a full one.
  expect(percentText).toMatch(/(可预约|剩余) [\d,.]+ 吨/);
  if (percentText.includes('已约满')) expect(percentText).not.toContain('可预约');
  await cell.getByRole('button', { name: '查看详情' }).click();

  await expect(page).toHaveURL(new RegExp(`appointDate=${date}`));
  await expect(page).toHaveURL(/whsCode=WH65\d{3}/);
  const detail = page.getByTestId('reservation-detail');
  await expect(detail.getByTestId('reservation-detail-name')).toHaveText(warehouseName);
  await expect(detail.getByTestId('reservation-detail-date')).toHaveText(`预约日期：${date}`);
  const batches = page.getByTestId('reservation-detail-table').locator('tbody tr');
  await expect(batches.first()).toBeVisible();
  await expect(batches.first().locator('td').first()).toHaveText(/^65\d{9}$/);
  for (const title of ['批号', '加工单位', '品名', '加工方式', '产棉年度', '重量（吨）', '件数']) {
    await expect(page.getByTestId('reservation-detail-table')).toContainText(title);
  }

  // Back with the arrow: next week again.
  await page.getByTestId('reservation-back').click();
  await expect(page).not.toHaveURL(/whsCode=/);
  await expect(page).toHaveURL(/weekStep=1/);
  await expect(page.getByTestId('reservation-head-1')).toContainText(addDays(thisWeek[0], 7));

  // And with the browser's back button.
  await cell.getByRole('button', { name: '查看详情' }).click();
  await expect(detail).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/whsCode=/);
  await expect(page.getByTestId('reservation-table')).toBeVisible();
  await expect(page.getByTestId('reservation-head-1')).toContainText(addDays(thisWeek[0], 7));

  // 本周 goes back to this week.
  await page.getByTestId('reservation-this').click();
  await expect(page).toHaveURL(/\/reservation$/);
  await expect(todayHead).toHaveCount(1);
});

test('a visitor filters the Xinjiang page by area and the inland page by province', async ({ page }) => {
  await page.goto('/reservation');
  const rows = page.locator('[data-testid^="reservation-row-"]');
  const table = page.getByTestId('reservation-table');
  await expect(rows.first()).toBeVisible();
  await expect(table).toHaveAttribute('data-drawn', 'true');
  const all = await rows.count();

  await page.getByTestId('reservation-region-select').selectOption({ label: '南疆' });
  await expect(page).toHaveURL(/regionAreaCode=NJ/);
  await expect.poll(() => rows.count()).toBeLessThan(all);
  expect(await rows.count()).toBeGreaterThan(0);

  await page.goto('/inlReservation');
  await expect(page.getByText('内地棉入库预约进度').first()).toBeVisible();
  await expect(rows.first()).toBeVisible();
  await expect(table).toHaveAttribute('data-drawn', 'true');
  const inland = await rows.count();
  await page.getByTestId('reservation-region-cascader').locator('.arco-cascader').click();
  // Open 山东省 (its cities load), then tick the whole province: its codes go to the server.
  const shandong = page.locator('.arco-cascader-list-item', { hasText: '山东省' });
  await shandong.click();
  await expect(page.locator('.arco-cascader-list-item', { hasText: '青岛市' })).toBeVisible();
  await shandong.locator('.arco-checkbox').click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/regionProviceCode=37\d{4}/);
  await expect.poll(() => rows.count()).toBeLessThan(inland);
  const labels = rows;
  const count = await labels.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++)
    await expect(labels.nth(i)).toHaveAttribute('data-testid', /reservation-row-WH37\d{3}/);
  await page.reload();
  await expect(page).toHaveURL(/regionProviceCode=37\d{4}/);
  await expect(labels.first()).toHaveAttribute('data-testid', /reservation-row-WH37\d{3}/);
});

test('every click on 下一周 counts, and the week shown is the week asked', async ({ page }) => {
  await page.goto('/reservation');
  const table = page.getByTestId('reservation-table');
  await expect(table).toHaveAttribute('data-drawn', 'true');
  const monday = (await headDates(page))[0];
  const next = page.getByTestId('reservation-next');

  // Five clicks one after the other, none waiting for the page.
  const box = (await next.boundingBox())!;
  for (let i = 0; i < 5; i++) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/weekStep=5$/);
  await expect(table).toHaveAttribute('data-drawn', 'true');
  expect(await headDates(page)).toEqual([0, 1, 2, 3, 4, 5, 6].map((day) => addDays(monday, 35 + day)));
  const cells = page.locator('[data-testid^="reservation-cell-"]');
  await expect(cells.first()).toHaveAttribute('data-testid', `reservation-cell-${addDays(monday, 35)}`);

  // Five clicks inside one task: the page cannot redraw between them.
  await page.getByTestId('reservation-this').click();
  await expect(page).toHaveURL(/\/reservation$/);
  await next.evaluate((button) => {
    for (let i = 0; i < 5; i++) (button as HTMLButtonElement).click();
  });
  await expect(page).toHaveURL(/weekStep=5$/);
  await expect(table).toHaveAttribute('data-drawn', 'true');
  await expect(page.getByTestId('reservation-head-1')).toContainText(addDays(monday, 35));
  for (const id of await cells.evaluateAll((all) => all.map((cell) => cell.getAttribute('data-testid')))) {
    const date = id!.replace('reservation-cell-', '');
    expect(date >= addDays(monday, 35) && date <= addDays(monday, 41), `${date} is in the week asked`).toBe(true);
  }
});

test('the week table reads right: weekday header kept on screen, percentages inside their cards, past days 已过期', async ({
  page,
}) => {
  await page.goto('/reservation?weekStep=-1');
  const table = page.getByTestId('reservation-table');
  await expect(table).toHaveAttribute('data-drawn', 'true');

  // Last week is past: no day says 可预约, every status is 已过期.
  const cells = page.locator('[data-testid^="reservation-cell-"]');
  const texts = await cells.allTextContents();
  expect(texts.length).toBeGreaterThan(70);
  for (const text of texts) expect(text).not.toContain('可预约');
  const statuses = await page.getByTestId('reservation-status').allTextContents();
  expect(new Set(statuses)).toEqual(new Set(['已过期']));

  // Percentages of 100 % and more stay inside their cards (and every other one).
  const spills = await cells.evaluateAll((all) =>
    all.flatMap((cell) => {
      const card = cell.getBoundingClientRect();
      const percent = cell.querySelector('[data-testid="reservation-percent"]')!;
      const box = percent.getBoundingClientRect();
      return box.right > card.right + 0.5 || box.left < card.left - 0.5 ? [percent.textContent] : [];
    }),
  );
  expect(spills).toEqual([]);

  // Scrolled down the long page, the weekday header is still there, under the site's header.
  const head = page.getByTestId('reservation-week-head');
  const siteHeader = page.getByTestId('site-header');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.7));
  await expect
    .poll(async () => {
      const headBox = (await head.boundingBox())!;
      const headerBox = (await siteHeader.boundingBox())!;
      return Math.abs(headBox.y - (headerBox.y + headerBox.height));
    })
    .toBeLessThan(2);
  const visible = await head.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && element.contains(hit);
  });
  expect(visible, 'nothing covers the weekday header').toBe(true);
  await expect(page.getByTestId('reservation-head-1')).toBeInViewport();
});

test('on a phone the week scrolls sideways in its box, the warehouse column fixed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/reservation');
  const table = page.getByTestId('reservation-table');
  await expect(table).toHaveAttribute('data-drawn', 'true');
  const body = table.locator('[role="rowgroup"]').nth(1);
  const label = page.locator('[data-testid^="reservation-row-"]').first();
  const before = (await label.boundingBox())!;
  const scrolled = await body.evaluate((element) => {
    element.scrollLeft = 400;
    return element.scrollLeft;
  });
  expect(scrolled).toBeGreaterThan(0);
  // The warehouse names stay where they were; the days and their header move together.
  await expect.poll(async () => Math.round((await label.boundingBox())!.x)).toBe(Math.round(before.x));
  await expect
    .poll(() => page.getByTestId('reservation-week-head').evaluate((element) => element.scrollLeft))
    .toBe(scrolled);
  // A day's details open from there and their table fits the box.
  await page.locator('[data-testid^="reservation-cell-"]').first().getByRole('button', { name: '查看详情' }).click();
  await expect(page.getByTestId('reservation-detail')).toBeVisible();
});

test('the inland cascader goes down to counties; a bad link gives one plain message, no wire names', async ({
  page,
}) => {
  await page.goto('/inlReservation?regionProviceCode=abc&weekStep=99');
  await expect(page.locator('.arco-message')).toHaveText(['筛选条件无效，已恢复默认']);
  await expect(page).toHaveURL(/\/inlReservation$/);
  const rows = page.locator('[data-testid^="reservation-row-"]');
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/appoinmentRequestVo|参数错误/);

  // Three levels (spec §9): 山东省 › 青岛市 › its districts.
  await page.getByTestId('reservation-region-cascader').locator('.arco-cascader').click();
  await page.locator('.arco-cascader-list-item', { hasText: '山东省' }).click();
  await page.locator('.arco-cascader-list-item', { hasText: '青岛市' }).click();
  const lists = page.locator('.arco-cascader-popup .arco-cascader-list');
  await expect(lists).toHaveCount(3);
  const county = lists.nth(2).locator('.arco-cascader-list-item').first();
  await expect(county).toBeVisible();
  await county.locator('.arco-checkbox').click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/regionProviceCode=3702\d\d/);
  await expect(page.locator('.arco-message')).toHaveCount(0);
});

test('an unknown region in an inland link says so once', async ({ page }) => {
  await page.goto('/inlReservation?regionProviceCode=999999');
  await expect(page.getByText('内地棉入库预约进度').first()).toBeVisible();
  await expect(page.locator('.arco-message')).toHaveCount(1);
});
