import { expect, test, type Page } from './fixtures';
import { messagesTo } from './sms-gateway';
import { dragSlider, signIn } from './staff';
import { applyOverHttp } from './applicant';

// Issue 30, item 6: times shown to people are China time (UTC+8), whatever the browser's zone.
// Every browser here runs in UTC, 8 hours behind China: an application's submission and its
// review read the same on 注册审核 and on the applicant's status page, and 个人中心's last
// login is the China time of the login — each the China time of the moment this test saw.

test.use({ timezoneId: 'UTC' });

/** `YYYY-MM-DD HH:mm` in China (UTC+8 all year) of an instant: worked out here, not by the portal's code. */
function chinaMinute(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The China minutes from `from` to `to` (a step that crosses a minute boundary shows either). */
function chinaMinutes(from: number, to: number): RegExp {
  const minutes = new Set<string>();
  for (let at = from - (from % 60_000); at <= to; at += 60_000) minutes.add(chinaMinute(at));
  return new RegExp(`(${[...minutes].join('|')})`);
}

/**
 * The times a JSON answer carries are instants with their zone (`…Z` or `…+08:00`), never a bare
 * wall-clock time a browser would read in its own zone.
 */
function expectZonedTimes(body: string, fields: string[]) {
  const times = [...body.matchAll(new RegExp(`"(${fields.join('|')})":"([^"]*)"`, 'g'))].map((match) => match[2]);
  expect(times.length).toBeGreaterThan(0);
  for (const time of times) expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/);
}

async function browserZone(page: Page): Promise<string> {
  return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
}

test('a browser in UTC shows China time on 注册审核, the status page and 个人中心', async ({
  browser,
  page,
  request,
}) => {
  // An application, as the registration page sends it.
  const name = `乌鲁木齐时区测试物流有限公司${Date.now() % 100000}`;
  const mobile = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const submittedFrom = Date.now();
  const { applyId, code } = await applyOverHttp(request, { name, mobile, street: '红山路 99 号' });
  const submittedTo = Date.now();
  const submittedAt = chinaMinutes(submittedFrom, submittedTo);

  // Staff (admin, the system administrator) in a UTC browser too.
  const staffContext = await browser.newContext({ timezoneId: 'UTC' });
  const staff = await staffContext.newPage();
  const loginFrom = Date.now();
  await signIn(staff, 'admin', 'Admin@2026');
  const loginTo = Date.now();
  expect(await browserZone(staff)).toBe('UTC');

  // 注册审核: the list's 提交时间, titled 北京时间, from an instant with its zone on the wire.
  const page1 = staff.waitForResponse((response) => response.url().includes('/rest/registerReview/getApplyPage'));
  await staff.goto('/system/register');
  expectZonedTimes(await (await page1).text(), ['createTime']);
  const table = staff.getByTestId('register-review-list');
  await expect(table.locator('th').filter({ hasText: '提交时间（北京时间）' })).toBeVisible();
  const row = table.locator('tr').filter({ has: staff.getByTestId(`register-review-view-${applyId}`) });
  await expect(row).toContainText(submittedAt);
  const listed = submittedAt.exec((await row.textContent()) ?? '')![0];

  // The review: returned for correction; its time in the history, the same China time.
  await staff.getByTestId(`register-review-view-${applyId}`).click();
  const drawer = staff.getByTestId('register-review-drawer');
  await expect(drawer).toContainText(name);
  await expect(drawer).toContainText(listed);
  await drawer.getByTestId('register-review-return').click();
  await staff.getByTestId('register-review-reason').fill('营业执照复印件不清晰，请重新上传');
  const reviewedFrom = Date.now();
  const detail = staff.waitForResponse((response) => response.url().includes('/rest/registerReview/getApplyDetail'));
  await staff.getByTestId('register-review-confirm').click();
  const history = drawer.getByTestId('register-review-history');
  await expect(history).toContainText('退回修改');
  const reviewedTo = Date.now();
  expectZonedTimes(await (await detail).text(), ['createTime', 'reviewedAt']);
  const reviewedAt = chinaMinutes(reviewedFrom, reviewedTo);
  await expect(history).toContainText('审核时间（北京时间）');
  await expect(history).toContainText(reviewedAt);
  const reviewed = reviewedAt.exec((await history.textContent()) ?? '')![0];

  // 个人中心: the last login is this login's China time, named so.
  const center = staff.waitForResponse((response) => response.url().includes('/rest/user/accountCenter'));
  await staff.goto('/account/center');
  expectZonedTimes(await (await center).text(), ['lastLoginAt']);
  await expect(staff.getByTestId('account-last-login')).toHaveText(
    new RegExp(`^${chinaMinutes(loginFrom, loginTo).source}:\\d{2}（北京时间）$`),
  );
  await staffContext.close();

  // The applicant's status page, in the test's own UTC browser: the same times as 注册审核.
  await page.goto('/register/status');
  expect(await browserZone(page)).toBe('UTC');
  await page.getByTestId('register-status-code').fill(code);
  await dragSlider(page);
  await page.getByTestId('register-status-send').click();
  let smsCode = '';
  await expect(async () => {
    smsCode = /验证码为(\d{6})/.exec((await messagesTo(mobile)).join('\n'))?.[1] ?? '';
    expect(smsCode).toMatch(/^\d{6}$/);
  }).toPass();
  await page.getByTestId('register-status-sms').fill(smsCode);
  const status = page.waitForResponse((response) => response.url().includes('/rest/anon/registerApply/queryStatus'));
  await page.getByTestId('register-status-query').click();
  await expect(page.getByTestId('register-status-tag')).toHaveText('退回修改');
  expectZonedTimes(await (await status).text(), ['createTime', 'submitTime', 'reviewedAt']);
  const view = page.getByTestId('register-status-view');
  await expect(view.locator('tr').filter({ hasText: '首次提交时间（北京时间）' })).toContainText(listed);
  await expect(page.getByTestId('register-status-history')).toContainText(reviewed);
  await expect(page.getByTestId('register-status-history')).toContainText('审核时间（北京时间）');
});
