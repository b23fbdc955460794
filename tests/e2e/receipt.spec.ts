import { expect, test } from './fixtures';

// A visitor, not logged in: warehouse receipt search, receipt detail and batch quality.

test('a visitor filters receipts by colour grade and strength, sorts by length, opens a detail and the batch quality charts', async ({
  page,
}) => {
  const chartRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/plugins\/receipt\/receipt\.bar-chart\.[0-9a-f]{8}\.js$/.test(request.url()))
      chartRequests.push(request.url());
  });

  await page.goto('/home');
  await page.getByTestId('home-card-receipt').click();
  await expect(page).toHaveURL(/\/bid$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('仓单查询');
  const cards = page.locator('[data-testid^="receipt-card-"]');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('bid-total')).toContainText(/共 \d+ 条/);

  // Colour grade 白棉3级 (a tag of the always-visible rows).
  await page.getByTestId('filter-colorGrade-31').click();
  await expect(page).toHaveURL(/colorGrade=31/);
  await expect(cards.first().getByTestId('receipt-colorGrade').locator('dd')).toHaveText('白棉3级');

  // Strength 28–34 cN/tex: open the folded rows and type the lower bound.
  await page.getByTestId('filter-toggle').click();
  const strengthMin = page.getByTestId('range-strength').getByLabel('断裂比强度最小值');
  await strengthMin.fill('28');
  await strengthMin.blur();
  await expect(page).toHaveURL(/strength=28(\.0)?%2C34|strength=28(\.0)?,34/);
  // The cards shown until the filtered answer is in are the previous ones.
  await expect(page.getByTestId('bid-results')).toHaveAttribute('aria-busy', 'false');
  await expect(cards.first()).toBeVisible();
  const filteredCount = await cards.count();
  expect(filteredCount).toBeGreaterThan(0);
  for (let i = 0; i < filteredCount; i++) {
    const card = cards.nth(i);
    await expect(card.getByTestId('receipt-colorGrade').locator('dd')).toHaveText('白棉3级');
    const strength = Number.parseFloat(await card.getByTestId('receipt-strength').locator('dd').innerText());
    expect(strength).toBeGreaterThanOrEqual(28);
  }

  // Sort by length (the main length grade; most batches have one): first click ascending,
  // second descending.
  const lengths = () =>
    cards.evaluateAll((nodes) =>
      nodes.map((node) => Number(node.getAttribute('data-length') || 'NaN')).filter((n) => Number.isFinite(n)),
    );
  const ordered = (known: number[], descending: boolean) =>
    known.length > 1 &&
    known.every((length, i) => i === 0 || (descending ? length <= known[i - 1] : length >= known[i - 1]));
  await page.getByTestId('sort-length').click();
  await expect(page.getByTestId('sort-length')).toHaveAttribute('data-order', 'asc');
  await expect.poll(async () => ordered(await lengths(), false)).toBe(true);
  const shortest = (await lengths())[0];
  await page.getByTestId('sort-length').click();
  await expect(page.getByTestId('sort-length')).toHaveAttribute('data-order', 'desc');
  await expect(page).toHaveURL(/sort=length\.desc/);
  // The cards of the ascending answer stay until the descending one arrives: it starts longer.
  await expect
    .poll(async () => {
      const known = await lengths();
      return ordered(known, true) && known[0] > shortest;
    })
    .toBe(true);

  // Reload keeps the filters and the sort.
  await page.reload();
  await expect(page.getByTestId('sort-length')).toHaveAttribute('data-order', 'desc');
  await expect(page.getByTestId('filter-colorGrade-31')).toHaveAttribute('aria-pressed', 'true');

  // The chart library has not been downloaded on the list.
  expect(chartRequests).toEqual([]);

  // Open the first receipt's detail.
  const first = cards.first();
  const batch = (await first.getByTestId('receipt-batch').innerText()).trim();
  expect(batch).toMatch(/^\d{11}$/);
  await first.getByTestId('receipt-detail').click();
  await expect(page).toHaveURL(new RegExp(`/bid/detail\\?batchNumber=${batch}$`));
  await expect(page.getByTestId('breadcrumb')).toContainText('仓单详情');
  await expect(page.getByTestId('detail-batchNumber')).toHaveText(batch);
  await expect(page.getByTestId('quality-table')).toBeVisible();
  await expect(page.getByTestId('quality-whiteRate3')).toContainText(/\d+\.\d/);
  await expect(page.getByTestId('quality-mainColorGrade')).toContainText(/白棉3级|无主体颜色级/);

  // Batch quality: the summary tab with its notes, then the charts tab draws canvases.
  await page.getByTestId('detail-batch-quality').click();
  await expect(page).toHaveURL(new RegExp(`/batchQuality\\?batchNumber=${batch}$`));
  await expect(page.getByTestId('batch-whs-batchNumber')).toHaveText(batch);
  await expect(page.getByTestId('batch-notes').locator('li')).toHaveCount(5);
  expect(chartRequests).toEqual([]);
  await page.getByRole('tab', { name: '分布图' }).click();
  await expect(page.getByTestId('batch-charts')).toBeVisible();
  await expect(page.getByTestId('batch-chart-colorGrade').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('batch-chart-length').locator('canvas')).toBeVisible();
  expect(chartRequests).toHaveLength(1);
});

test('an unknown batch shows 未找到该批号 with the server message', async ({ page }) => {
  await page.goto('/bid/detail?batchNumber=99999999999');
  const panel = page.getByTestId('detail-not-found');
  await expect(panel).toContainText('未找到该批号');
  await expect(panel).toContainText('99999999999');
});

test('the quality table: every row on one grid, headers whole, the colour grades on two aligned lines', async ({
  page,
}) => {
  await page.goto('/bid');
  const first = page.locator('[data-testid^="receipt-card-"]').first();
  await first.getByTestId('receipt-detail').click();
  const table = page.getByTestId('quality-table');
  await expect(table).toBeVisible();
  const x = async (id: string) => (await page.getByTestId(id).boundingBox())!.x;
  // First grade column: colour (both lines), length, micronaire, uniformity, strength, 备注.
  const firstColumn = await x('quality-whiteRate1');
  for (const id of [
    'quality-yellowishRate1',
    'quality-lengthRate25',
    'quality-micronaireRateC1',
    'quality-uniformityRateU1',
    'quality-strengthRateS1',
    'quality-avgRd',
  ]) {
    expect([id, await x(id)]).toEqual([id, firstColumn]);
  }
  expect(await x('quality-spotRate3')).toBe(await x('quality-lengthRate32'));
  // 主体 and 平均 columns line up from row to row, under their headers.
  const main = await x('quality-head-main');
  for (const id of ['quality-mainColorGrade', 'quality-mainLength', 'quality-mainMicronaire']) {
    expect([id, await x(id)]).toEqual([id, main]);
  }
  const avg = await x('quality-head-avg');
  for (const id of ['quality-avgLength', 'quality-avgMicronaire', 'quality-avgUniformity', 'quality-avgStrength']) {
    expect([id, await x(id)]).toEqual([id, avg]);
  }
  // Every header whole, nothing clipped; the table fits its box at 1366 px.
  for (const header of await table.getByRole('columnheader').all()) {
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  expect(await table.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth)).toBe(true);
  await expect(page.getByTestId('quality-head-avg')).toBeInViewport({ ratio: 1 });
});

test('/batchQuality asks for a batch before any search; a bad batch in a link is dropped plainly', async ({ page }) => {
  await page.goto('/batchQuality');
  await expect(page.getByTestId('batch-prompt')).toContainText('请输入批号');
  await expect(page.locator('body')).not.toContainText('未找到该批号');

  await page.goto('/batchQuality?batchNumber=%3Cscript%3E');
  await expect(page.locator('.arco-message')).toHaveText(['批号无效，请输入 11 位批号']);
  await expect(page).toHaveURL(/\/batchQuality$/);
  await expect(page.getByTestId('batch-prompt')).toBeVisible();
  await expect(page.getByTestId('batch-search').locator('input')).toHaveValue('');
  await expect(page.locator('body')).not.toContainText(/stgWareHouseQueryParameters|参数错误/);
});

test('bad receipt filters in a link: one plain message, the search without them', async ({ page }) => {
  await page.goto('/bid?colorGrade=zz&storagePlace=abc&pageNum=abc');
  await expect(page.locator('.arco-message')).toHaveText(['筛选条件无效，已恢复默认']);
  await expect(page).toHaveURL(/\/bid$/);
  await expect(page.locator('[data-testid^="receipt-card-"]').first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/stgWareHouseQueryParameters|参数错误/);
});
