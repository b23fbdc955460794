import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Per-component Arco styles (issue 16, docs/architecture.md "Shared modules"): the shell links
// only the styles of what it renders up front; each component a plugin imports brings its
// own stylesheet, which must be in the document before the plugin's page is first drawn.

/**
 * Before any page script runs: watches the DOM and, the first time an element matching one
 * of `selectors` is inserted (a MutationObserver runs before the browser paints), records
 * whether a stylesheet of the document has a rule for it.
 */
async function watchFirstAppearance(page: Page, selectors: string[]) {
  await page.addInitScript((watched: string[]) => {
    const seen: Record<string, boolean> = {};
    (window as unknown as { __styledOnArrival: Record<string, boolean> }).__styledOnArrival = seen;
    const hasRule = (className: string) =>
      [...document.styleSheets].some((sheet) => {
        try {
          return [...sheet.cssRules].some((rule) =>
            (rule as CSSStyleRule).selectorText?.split(',').some((part) => part.trim() === className),
          );
        } catch {
          return false;
        }
      });
    new MutationObserver(() => {
      for (const selector of watched) {
        if (selector in seen || !document.querySelector(selector)) continue;
        seen[selector] = hasRule(selector);
      }
    }).observe(document, { childList: true, subtree: true });
  }, selectors);
}

const styledOnArrival = (page: Page) =>
  page.evaluate(() => (window as unknown as { __styledOnArrival: Record<string, boolean> }).__styledOnArrival);

test('a cold visit draws the header, the home page, the warehouse and finance pages with their Arco styles already there', async ({
  page,
}) => {
  // The home page itself draws no Arco component (issue 30: plain cards and grid); the header's
  // search box and buttons are Arco's.
  const home = ['.arco-input', '.arco-btn'];
  await watchFirstAppearance(page, home);
  await page.goto('/home');
  await expect(page.locator('#logistics')).toBeAttached();
  await expect.poll(() => styledOnArrival(page)).toEqual({ '.arco-input': true, '.arco-btn': true });
  // Arco's whole stylesheet is not part of the page: no rule for a component nobody rendered.
  const hasDatePicker = await page.evaluate(() =>
    [...document.styleSheets].some((sheet) =>
      [...sheet.cssRules].some((rule) => (rule as CSSStyleRule).selectorText?.startsWith('.arco-picker')),
    ),
  );
  expect(hasDatePicker).toBe(false);

  // The warehouse list draws its table and search fields with plain elements (issue 30); its
  // province cascader is Arco's, in the table's chunk, loaded once the rows are shown.
  const warehouse = ['.arco-cascader'];
  await watchFirstAppearance(page, warehouse);
  await page.goto('/warehouse');
  await expect(page.getByTestId('warehouse-table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('warehouse-search-form').locator('.arco-cascader')).toBeVisible();
  await expect.poll(() => styledOnArrival(page)).toEqual({ '.arco-cascader': true });

  // A public view with Arco's Table: a warehouse's detail (its freight yards), loaded when opened.
  const detail = ['.arco-table'];
  await watchFirstAppearance(page, detail);
  await page.goto('/warehouse');
  await page.getByTestId('warehouse-table').locator('tbody tr').first().getByRole('button', { name: '详情' }).click();
  const freight = page.getByTestId('warehouse-freight-table');
  await expect(freight).toBeVisible();
  await expect.poll(() => styledOnArrival(page)).toEqual({ '.arco-table': true });
  // And they are Arco's rules: the table's header cells have its grey.
  const headerBackground = await freight
    .locator('.arco-table-th')
    .first()
    .evaluate((cell) => getComputedStyle(cell).backgroundColor);
  expect(headerBackground).not.toBe('rgba(0, 0, 0, 0)');
});

// FIXME (issue 30, left open): since the warehouse list loads its province cascader as a lazy
// part (React.lazy), a failed download of that part's stylesheet shows the error panel, but
// 重试 only renders the page again: React.lazy keeps the rejected import and SystemJS keeps the
// failed chunk, so the panel stays until the page is reloaded. Retrying a lazy part needs the
// SDK's lazy helper to start afresh and the boundary's retry to forget the failed modules.
test.fixme('a component stylesheet that fails to download fails the page; 重试 brings the page back styled', async ({
  page,
}) => {
  let failures = 0;
  // The stylesheet of the chunk that holds Arco's Table (its chunk group, shell/vite/chunk-groups.ts).
  const TABLE_CSS = '**/assets/arco-table-*.css';
  await page.route(TABLE_CSS, (route) => {
    failures += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto('/warehouse');
  const panel = page.getByTestId('plugin-error-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-failure', 'execute');
  expect(failures).toBeGreaterThan(0);

  await page.unroute(TABLE_CSS);
  await page.getByTestId('plugin-retry').click();
  const table = page.getByTestId('warehouse-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect
    .poll(() =>
      table
        .locator('.arco-table-th')
        .first()
        .evaluate((cell) => getComputedStyle(cell).backgroundColor),
    )
    .not.toBe('rgba(0, 0, 0, 0)');
  const tableRule = await page.evaluate(() =>
    [...document.styleSheets].some((sheet) =>
      [...sheet.cssRules].some((rule) => (rule as CSSStyleRule).selectorText === '.arco-table'),
    ),
  );
  expect(tableRule).toBe(true);
});
