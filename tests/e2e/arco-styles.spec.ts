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

// A part of the warehouse screen loaded when it is shown (issue 30, `lazyPart`): the detail
// view (`warehouse.warehouse-detail.*.js`, with Arco's Descriptions and its stylesheet). When one of their files does not download, the page shows
// the error panel; 重试 must forget the failure everywhere it is kept (the lazy part, SystemJS's
// registry, the shared module, the failed <link>) and bring the page back, the part working
// and styled from its first frame.

/** Aborts the requests for `pattern` until `heal` is called; counts them. */
async function failDownloads(page: Page, pattern: string) {
  let failures = 0;
  await page.route(pattern, (route) => {
    failures += 1;
    return route.abort('internetdisconnected');
  });
  return {
    failures: () => failures,
    heal: () => page.unroute(pattern),
  };
}

/** A warehouse's detail address, from the list. */
async function detailAddress(page: Page): Promise<string> {
  await page.goto('/warehouse');
  await page.getByTestId('warehouse-table').locator('tbody tr').first().getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/whsCode=/);
  return page.url();
}

async function expectPartPanel(page: Page) {
  const panel = page.getByTestId('plugin-error-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-failure', 'part');
  // Plain words first; the browser's or SystemJS's message only as the small detail.
  await expect(page.getByTestId('plugin-error-reason')).toHaveText('页面的一部分未能加载，请检查网络后重试');
  return panel;
}

test.describe('a lazy part that fails to download', () => {
  test.use({
    allowedConsole: {
      patterns: [
        // The chunk or stylesheet made to fail, as the browser logs it.
        /^error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(http:\/\/[^)]*\/(plugins\/warehouse\/warehouse\.warehouse-detail\.|assets\/Descriptions-)/,
        // Vite's CSS preload rejects and SystemJS reports the chunk. (Never as an unhandled
        // rejection: the shell silences SystemJS's second report, ignoreReportedLoadFailures.)
        /^error: Error: (Unable to preload CSS for http:\/\/\S*\/assets\/Descriptions-|Error loading http:\/\/\S*\/plugins\/warehouse\/warehouse\.warehouse-detail\.)/,
        // The plugin's error boundary logs what it caught, with the plugin's name.
        /^error: 插件「warehouse」渲染出错 Error: (Unable to preload CSS|Error loading)/,
      ],
    },
  });

  test('a lazy part whose chunk fails to download shows the panel; 重试 brings the detail back, working and styled', async ({
    page,
  }) => {
    const detailUrl = await detailAddress(page);

    // Opened afresh, the detail view's own chunk fails to download.
    const chunk = await failDownloads(page, '**/plugins/warehouse/warehouse.warehouse-detail.*.js');
    // Arco's Descriptions has no rule for `.arco-descriptions` itself: its labels' rule is watched.
    await watchFirstAppearance(page, ['.arco-descriptions-item-label']);
    await page.goto(detailUrl);
    const panel = await expectPartPanel(page);
    expect(chunk.failures()).toBeGreaterThan(0);

    await chunk.heal();
    await page.getByTestId('plugin-retry').click();
    await expect(panel).toHaveCount(0);
    const detail = page.getByTestId('warehouse-detail');
    for (const title of ['基本信息', '业务信息', '联系信息', '收费标准']) await expect(detail).toContainText(title);
    // Arco's rules, not the browser's defaults: the descriptions' labels are medium weight.
    await expect.poll(() => styledOnArrival(page)).toEqual({ '.arco-descriptions-item-label': true });
    await expect(detail.locator('.arco-descriptions-item-label').first()).toHaveCSS('font-weight', '500');
  });

  test('a lazy part whose stylesheet fails to download shows the panel; 重试 brings the detail back styled', async ({
    page,
  }) => {
    const detailUrl = await detailAddress(page);

    // Opened afresh, its Descriptions stylesheet (loaded only with the detail view) fails.
    const stylesheet = await failDownloads(page, '**/assets/Descriptions-*.css');
    await watchFirstAppearance(page, ['.arco-descriptions-item-label']);
    await page.goto(detailUrl);
    const panel = await expectPartPanel(page);
    expect(stylesheet.failures()).toBeGreaterThan(0);

    await stylesheet.heal();
    await page.getByTestId('plugin-retry').click();
    await expect(panel).toHaveCount(0);
    const detail = page.getByTestId('warehouse-detail');
    for (const title of ['基本信息', '业务信息', '联系信息', '收费标准']) await expect(detail).toContainText(title);
    await expect.poll(() => styledOnArrival(page)).toEqual({ '.arco-descriptions-item-label': true });
    // Arco's rules, not the browser's defaults: the descriptions' labels are medium weight.
    await expect(detail.locator('.arco-descriptions-item-label').first()).toHaveCSS('font-weight', '500');
  });
});
