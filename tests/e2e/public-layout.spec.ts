import { expect, test, type Locator, type Page } from './fixtures';

// The public layout at 1366 × 900: the floating tools on the right never cover what a visitor
// needs, and the navigation follows the home page's sections to the last one.

/** Whether the element is what a click at its centre reaches (not something on top of it). */
async function reachable(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

async function expectAllReachable(page: Page, locator: Locator, what: string) {
  await expect(locator.first()).toBeVisible();
  const count = await locator.count();
  for (let i = 0; i < count; i++) expect(await reachable(locator.nth(i)), `${what} #${i + 1} is covered`).toBe(true);
}

test('the floating tools cover none of the counts, inputs, table columns or the footer QR', async ({ page }) => {
  await page.goto('/warehouse');
  await expectAllReachable(page, page.getByText(/共 \d+ 条/), 'the warehouse count');
  await expectAllReachable(page, page.getByTestId('footer-qr'), 'the footer QR code');

  await page.goto('/bid');
  await expectAllReachable(page, page.getByTestId('bid-total'), 'the receipt count');
  await page.getByTestId('filter-toggle').click();
  await expectAllReachable(page, page.getByLabel(/最大值$/), 'a slider maximum');

  await page.goto('/bid/detail?batchNumber=13001221001');
  const quality = page.getByTestId('quality-table');
  await expectAllReachable(page, quality.getByRole('columnheader', { name: /主体/ }), 'the 主体 header');
  await expectAllReachable(page, quality.getByRole('row').nth(1).getByRole('cell').last(), 'the 主体 value');

  await page.goto('/reservation');
  const sunday = page.locator('[data-testid^="reservation-cell-"]').nth(6);
  await expectAllReachable(page, sunday.getByRole('button', { name: '查看详情' }), "Sunday's 查看详情");

  // The tools still work: the phone number pops up.
  await page.getByTestId('tool-phone').hover();
  await expect(page.getByTestId('phone-popover')).toBeVisible();
});

test('scrolled to the end of the home page, the last section (仓单查询) is the active item', async ({ page }) => {
  await page.goto('/home');
  await expect(page.locator('#receipt')).toBeAttached();
  await expect(page.getByTestId('nav-home')).toHaveAttribute('aria-current', 'page');
  // Sections above may still grow while they load: scroll to the end until it stays there.
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      return page.getByTestId('nav-receipt').getAttribute('aria-current');
    })
    .toBe('page');
  await expect(page.locator('[aria-current="page"]')).toHaveCount(1);
});
