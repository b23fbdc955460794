import AxeBuilder from '@axe-core/playwright';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyOverHttp, expectBelowHeader } from './applicant';
import { expect, test, type Locator, type Page } from './fixtures';
import { lastSmsCode } from './sms-gateway';

// What the public uses — the public pages, the registration form, the status page and the
// login page — passes axe-core's WCAG 2.0/2.1 A and AA rules with no serious or critical
// violation (issue 30), at 1366 × 768 (the `desktop` project) and at 360 × 740 with touch
// (the `phone` project: this file is in both, playwright.config.ts). No rule and no element
// is excluded: what axe finds is fixed in the product.
//
// Each test opens a few pages one after the other (a page load is what costs; Chromium is the
// bottleneck on two cores) and checks each once it is drawn. They only read, or write their own
// application: they run side by side. axe takes its time on a large page — the reservation
// week's ~7,400 elements take 15 s on a quiet two-core machine, over a minute on a busy one,
// most of it the contrast rule — so the tests have more time than the suite's default, and the
// two weeks of reservations are tests of their own.

test.describe.configure({ mode: 'parallel', timeout: 300_000 });

// The phone project's 390 × 844 is narrowed to the narrowest phone the public pages support.
test.use({
  viewport: async ({ isMobile }, use) => {
    await use(isMobile ? { width: 360, height: 740 } : { width: 1366, height: 768 });
  },
});

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per violation: the rule, its impact, the elements (selectors) and how to fix it. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map((violation) => {
    const targets = violation.nodes
      .slice(0, 8)
      .map((node) => {
        const summary = node.failureSummary?.split('\n').slice(1, 2).join(' ').trim();
        return `      ${node.target.join(' >> ')}${summary ? ` — ${summary}` : ''}`;
      })
      .join('\n');
    const more = violation.nodes.length > 8 ? `\n      … ${violation.nodes.length - 8} more` : '';
    return `  ${violation.id} (${violation.impact}): ${violation.help} — ${violation.helpUrl}\n${targets}${more}`;
  });
}

/**
 * Runs axe on the page as it is and fails the test on any serious or critical violation; the
 * test goes on to its next page (a soft assertion), so one run lists every page's violations.
 */
async function expectAccessible(page: Page, what: string) {
  // Arco's fades and the handle's glide end first: a half-faded text is not what a reader sees.
  // (Endless ones — a spinner — are not waited for.) An animation can start while others end
  // (a refused submit's error text blinks in after the section opens): wait until a frame has none.
  await page.waitForFunction(async () => {
    const running = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
      .filter((animation) => animation.playState !== 'finished');
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return running.length === 0;
  });
  // One run of axe in the page (`axe.run`, legacy mode: the pages have no frames) keeping only
  // the violations' nodes: the frame-by-frame mode serialises every node of every passing
  // check with a selector of its own, which on the week's ~4,900 elements was most of the run.
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  // Every element of every violation, for when the message's first eight are not enough: a
  // file in the test's output folder (test-results/e2e/…).
  if (serious.length > 0) {
    const file = test.info().outputPath(`axe-${what.replace(/[^\w-]+/g, '_')}.json`);
    await writeFile(file, JSON.stringify(serious, null, 2));
    await test.info().attach(`axe ${what}`, { path: file, contentType: 'application/json' });
  }
  expect
    .soft(
      serious.length,
      `${what}: serious or critical accessibility violations\n${describeViolations(serious).join('\n')}`,
    )
    .toBe(0);
}

/** Opens a public page and waits until its content is drawn and its data loaded. */
async function openPublic(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('page-main').locator('*').first(), path).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/**
 * Every public route of the portal's plugins (their `plugin.json`), with the test below that
 * checks it; the shell's own /login and its error pages are checked too. A public route added
 * to a plugin fails 'every public route is checked' until a test here opens it.
 */
const CHECKED_PUBLIC_ROUTES: Record<string, string> = {
  '/home': 'home, the warehouse list and a warehouse',
  '/warehouse': 'home, the warehouse list and a warehouse',
  '/reservation': 'the Xinjiang reservations: this week and 下一周',
  '/inlReservation': 'the inland reservations',
  '/bid': 'receipts: the list, a receipt and its batch quality',
  '/bid/detail': 'receipts: the list, a receipt and its batch quality',
  '/batchQuality': 'receipts: the list, a receipt and its batch quality',
  '/financialService': 'financial services, the service centre, about, search and an agreement',
  '/service': 'the service centre: an article and the feedback form, and its refusal',
  '/about': 'financial services, the service centre, about, search and an agreement',
  '/search': 'financial services, the service centre, about, search and an agreement',
  '/register': 'the registration: the type step; the form of an enterprise, its Tab order and its refused submit',
  '/register/status': 'the status page: the query form, its Tab order and an application found',
  '/register/agreement/:code': 'financial services, the service centre, about, search and an agreement',
};

test('every public route is checked', async () => {
  const pluginsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'plugins');
  const publicRoutes: string[] = [];
  for (const entry of await readdir(pluginsDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const description = JSON.parse(await readFile(join(pluginsDir, entry.name, 'plugin.json'), 'utf8')) as {
      routes: Array<{ path: string; public?: boolean }>;
    };
    publicRoutes.push(...description.routes.filter((route) => route.public).map((route) => route.path));
  }
  expect(publicRoutes.length).toBeGreaterThan(10);
  expect(
    publicRoutes.filter((path) => !(path in CHECKED_PUBLIC_ROUTES)).sort(),
    'public routes no test here opens',
  ).toEqual([]);
  expect(
    Object.keys(CHECKED_PUBLIC_ROUTES).filter((path) => !publicRoutes.includes(path)),
    'routes gone',
  ).toEqual([]);
});

test('home, the warehouse list and a warehouse', async ({ page }) => {
  await openPublic(page, '/home');
  await expectAccessible(page, '/home');
  // The whole page by keyboard: the header's links, the page's cards and links, the footer's.
  expect(await expectTabOrder(page, page.locator('body'))).toBeGreaterThan(10);

  await openPublic(page, '/warehouse');
  await expect(page.getByTestId('warehouse-table').locator('tbody tr').first()).toBeVisible();
  await expectAccessible(page, '/warehouse');
  expect(await expectTabOrder(page, page.locator('body'))).toBeGreaterThan(10);
  await page.locator('[data-testid^="warehouse-detail-link-"]').first().click();
  await expect(page.getByTestId('warehouse-detail')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, '/warehouse?whsCode=…');
});

test('the Xinjiang reservations: this week and 下一周', async ({ page }) => {
  await openPublic(page, '/reservation');
  const table = page.getByTestId('reservation-table');
  await expect(table).toHaveAttribute('data-drawn', 'true');
  await expectAccessible(page, '/reservation');
  await page.getByTestId('reservation-next').click();
  await expect(page).toHaveURL(/weekStep=1/);
  await expect(table).toHaveAttribute('data-drawn', 'true');
  await expectAccessible(page, '/reservation?weekStep=1 (下一周)');
});

test('the inland reservations', async ({ page }) => {
  await openPublic(page, '/inlReservation');
  await expect(page.getByTestId('reservation-table')).toHaveAttribute('data-drawn', 'true');
  await expectAccessible(page, '/inlReservation');
});

test('receipts: the list, a receipt and its batch quality', async ({ page }) => {
  await openPublic(page, '/bid');
  await expect(page.locator('[data-testid^="receipt-card-"]').first()).toBeVisible();
  await expectAccessible(page, '/bid');

  await openPublic(page, '/bid/detail?batchNumber=13001221001');
  await expect(page.getByTestId('quality-table')).toBeVisible();
  await expectAccessible(page, '/bid/detail');

  await openPublic(page, '/batchQuality?batchNumber=13001221001');
  await expect(page.getByTestId('batch-tabs')).toBeVisible();
  await expectAccessible(page, '/batchQuality');
});

test('financial services, the service centre, about, search and an agreement', async ({ page }) => {
  for (const path of ['/financialService', '/service', '/about', '/search?keyWord=棉花']) {
    await openPublic(page, path);
    await expectAccessible(page, path);
  }

  await openPublic(page, '/register/agreement/privacy');
  await expect(page.getByTestId('agreement-content')).toBeVisible();
  await expectAccessible(page, '/register/agreement/privacy');
});

test('the service centre: an article and the feedback form, and its refusal', async ({ page }) => {
  await openPublic(page, '/service');
  await page.getByTestId('content-list-item').first().click();
  await expect(page).toHaveURL(/[?&]id=/);
  await expect(page.getByTestId('article-title')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, '/service?id=… (an article)');

  await page.getByTestId('service-menu-complaint').click();
  const form = page.getByTestId('complaint-form');
  await expect(form).toBeVisible();
  await expectAccessible(page, '/service?activeKey=complaint (the feedback form)');
  expect(await expectTabOrder(page, form)).toBeGreaterThanOrEqual(5);

  // Refused: the errors under the fields are read too. (Nothing is sent: complaints are
  // limited per address, and the suite's other tests send theirs from the same one; the sent
  // form's alert is checked in the page's own test.)
  await form.getByTestId('complaint-phone').fill('12345');
  await form.getByTestId('complaint-submit').click();
  await expect(form.getByText('请输入正确的手机号码或固定电话（如 0991-1234567）')).toBeVisible();
  await expect(page.locator('.arco-form-message:not(.formblink-enter-done)')).toHaveCount(0);
  await expectAccessible(page, '/service?activeKey=complaint (refused)');
});

test('the error pages: 403, 404 and 500', async ({ page }) => {
  for (const status of ['403', '404', '500']) {
    const path = `/${status}`;
    await page.goto(path);
    await expect(page.getByTestId(`exception-${status}`), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, path);
  }
});

/** What has the keyboard focus: its role and name, as a screen reader would say them (roughly). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const tag = element.tagName.toLowerCase();
    const type = element.getAttribute('type');
    const role =
      element.getAttribute('role') ??
      (tag === 'a' ? 'link' : tag === 'input' ? (type === 'checkbox' ? 'checkbox' : 'textbox') : tag);
    const label = element.closest('label')?.textContent?.trim();
    const name =
      element.getAttribute('aria-label') ??
      element.getAttribute('placeholder') ??
      (label || element.textContent?.trim() || '');
    return `${role} ${name}`.trim();
  });
}

/**
 * Tab, from the first control on screen in `scope`, reaches every other one (links, buttons,
 * fields, anything focusable and drawn), one press each, in document order. Returns how many.
 */
async function expectTabOrder(page: Page, scope: Locator): Promise<number> {
  const count = await scope.evaluate((root) => {
    const controls = [
      ...root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
    ].filter(
      (element) =>
        element.tabIndex >= 0 &&
        !(element as HTMLButtonElement).disabled &&
        element.getClientRects().length > 0 &&
        getComputedStyle(element).visibility !== 'hidden',
    );
    document.querySelectorAll('[data-tab-order]').forEach((element) => element.removeAttribute('data-tab-order'));
    controls.forEach((element, index) => element.setAttribute('data-tab-order', String(index)));
    controls[0]?.focus();
    return controls.length;
  });
  const reached: number[] = [
    await page.evaluate(() => Number(document.activeElement?.getAttribute('data-tab-order') ?? -1)),
  ];
  for (let presses = 1; presses < count; presses += 1) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(() =>
        Number(document.activeElement?.closest('[data-tab-order]')?.getAttribute('data-tab-order') ?? -1),
      ),
    );
  }
  expect(reached, 'the controls Tab reached, by their place in the document').toEqual([...Array(count).keys()]);
  return count;
}

test('the registration: the type step; the form of an enterprise, its Tab order and its refused submit', async ({
  page,
}) => {
  await openPublic(page, '/register');
  await expect(page.getByTestId('register-account-types')).toBeVisible();
  await expectAccessible(page, '/register (type step)');

  await page.getByTestId('register-identity-2').getByText('物流企业', { exact: true }).click();
  await page.getByTestId('register-next').click();
  await expect(page.getByTestId('register-form')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, '/register?type=… (form step)');

  // Tab reaches every control on screen in the page's main part (返回, the open section's
  // fields and buttons, the closed sections' headers, the consents, 提交), in document order.
  expect(await expectTabOrder(page, page.getByTestId('page-main'))).toBeGreaterThan(15);

  // Submitted empty: the errors under the fields are read too.
  await page.getByTestId('register-agree').click();
  await page.getByTestId('register-submit').click();
  const firstItem = page.locator('.arco-form-item', { has: page.getByTestId('register-field-traderName') });
  await expect(firstItem).toContainText('请输入企业名称');
  // The page scrolled (from 提交, at its end) to the first refused field: its label is on
  // screen, below the sticky header, not under it.
  await expectBelowHeader(page, firstItem.locator('.arco-form-label-item'));
  // Arco's error text fades in (300 ms), then blinks once (an animation that starts only when
  // the fade's timer has ended): wait for the blink to have been added before waiting it out.
  await expect(page.locator('.arco-form-message:not(.formblink-enter-done)')).toHaveCount(0);
  await expectAccessible(page, '/register?type=… (refused submit)');
});

test('the status page: the query form, its Tab order and an application found', async ({ page, request }) => {
  const mobile = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const { code } = await applyOverHttp(request, {
    name: `无障碍检查物流有限公司${Date.now() % 100000}`,
    mobile,
    street: '北京路 9 号',
  });

  await openPublic(page, '/register/status');
  await expect(page.getByTestId('register-status-form')).toBeVisible();
  await expectAccessible(page, '/register/status (query form)');
  // 返回, 申请编号, the slider, 获取验证码 (drawn disabled until the slider passes: not a stop),
  // 验证码, 查询.
  expect(await expectTabOrder(page, page.getByTestId('page-main'))).toBeGreaterThanOrEqual(4);

  // By keyboard: the slider's End.
  await page.getByTestId('register-status-code').fill(code);
  await page.getByRole('slider', { name: '滑块验证' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('slider-verify-label')).toHaveText('验证通过');
  await page.getByTestId('register-status-send').click();
  await expect(page.getByTestId('register-status-form')).toContainText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
  await page.getByTestId('register-status-sms').fill(await lastSmsCode(mobile));
  await page.getByTestId('register-status-query').click();
  await expect(page.getByTestId('register-status-tag')).toHaveText('待审核');
  await expectAccessible(page, '/register/status (result)');
});

test('the login page; Tab reaches every control once, in reading order', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByPlaceholder('请输入用户名')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, '/login');

  const sequence: string[] = [];
  for (let presses = 0; presses < 20; presses += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now === 'body' || now === sequence[0]) break;
    sequence.push(now);
  }
  expect(sequence).toEqual([
    'link 全国棉花交易市场',
    'tab 账号登录',
    'tab 手机号登录',
    // Arco's panel of the tab shown (a stop of its own, as the WAI-ARIA tabs pattern allows).
    expect.stringMatching(/^tabpanel /),
    'textbox 请输入业务代码',
    'textbox 请输入用户名',
    'textbox 请输入密码',
    'button 显示密码',
    'slider 滑块验证',
    'checkbox 记住账号',
    expect.stringMatching(/^checkbox 我已阅读并同意/),
    'button 《用户服务协议》',
    'button 登录',
    'link 还没有账号？立即注册',
  ]);

  // The other way in: 手机号登录.
  await page.getByRole('tab', { name: '手机号登录' }).click();
  await expect(page.getByPlaceholder('请输入手机号码')).toBeVisible();
  await expectAccessible(page, '/login (手机号登录)');
});
