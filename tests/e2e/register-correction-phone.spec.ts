import { expect, test, type Page } from './fixtures';
import { applyOverHttp, returnOverHttp } from './applicant';
import { lastSmsCode } from './sms-gateway';
import { signIn } from './staff';
import { dragSliderByTouch } from './touch';

// An application returned by a reviewer is corrected on a phone (the `phone` project, at 360 ×
// 740 with touch; issue 30): the applicant queries 注册进度查询 with the slider by a finger and
// the SMS code, opens the correction — a history entry of its own: the phone's Back button asks
// before it drops what was typed, and returns to the status —, corrects and resubmits; the
// status and 注册审核's list show the new round.

test.use({ viewport: { width: 360, height: 740 } });

const field = (page: Page, name: string) => page.getByTestId(`register-field-${name}`);

test('a returned application is queried by touch, corrected at 360 px and resubmitted; Back from the correction asks first', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `新疆棉运手机修改物流有限公司${Date.now() % 100000}`;
  const mobile = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const { applyId, code } = await applyOverHttp(request, { name, mobile, street: '红山路 77 号' });
  await returnOverHttp(request, applyId, '详细地址不完整，请补充单元和门牌号');

  // 注册进度查询 by touch: the slider by a finger, then the SMS code.
  await page.goto('/register/status');
  await page.getByTestId('register-status-code').fill(code);
  await dragSliderByTouch(page);
  await page.getByTestId('register-status-send').tap();
  await expect(page.getByTestId('register-status-form')).toContainText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
  await page.getByTestId('register-status-sms').fill(await lastSmsCode(mobile));
  await page.getByTestId('register-status-query').tap();
  await expect(page.getByTestId('register-status-tag')).toHaveText('退回修改');
  await expect(page.getByTestId('register-status-reason')).toContainText('详细地址不完整，请补充单元和门牌号');

  // 修改并重新提交: the form, filled, at its own address.
  await page.getByTestId('register-status-correct').tap();
  await expect(page.getByTestId('register-form')).toContainText('修改注册信息');
  await expect(page).toHaveURL(/\/register\/status\?correct=1$/);
  const street = field(page, 'traderRegisteredDetailedAddress');
  await expect(street).toHaveValue('红山路 77 号');
  const corrected = '红山路 77 号 3 单元 502 室';
  await street.fill(corrected);

  // The phone's Back button asks; 继续填写 keeps what was typed.
  await page.goBack();
  const confirm = page.getByRole('dialog').filter({ hasText: '放弃本次修改？' });
  await expect(confirm).toBeVisible();
  await expect(confirm, 'asked once').toHaveCount(1);
  await confirm.getByRole('button', { name: '继续填写' }).tap();
  await expect(page.locator('.arco-modal-wrapper:visible')).toHaveCount(0);
  await expect(street).toHaveValue(corrected);
  await expect(page).toHaveURL(/\/register\/status\?correct=1$/);

  // Back again, 放弃修改: the status result (not the query form); Forward opens the correction afresh.
  await page.goBack();
  await confirm.getByRole('button', { name: '放弃修改' }).tap();
  await expect(page.getByTestId('register-status-tag')).toHaveText('退回修改');
  await expect(page).toHaveURL(/\/register\/status$/);
  await page.goForward();
  await expect(street).toHaveValue('红山路 77 号');

  // Corrected and resubmitted at 360 px.
  await street.fill(corrected);
  await page.getByTestId('register-agree').tap();
  await page.getByTestId('register-submit').tap();
  await expect(page.getByRole('dialog')).toContainText('修改后的注册信息已提交');
  await page.getByTestId('register-view-status').tap();
  await expect(page.getByTestId('register-status-tag')).toHaveText('待审核');
  await expect(page.getByTestId('register-status-view')).toContainText('第 2 次提交');
  await expect(page).toHaveURL(/\/register\/status$/);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // 注册审核 lists it under review again, with what changed.
  const reviewerContext = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    isMobile: false,
    hasTouch: false,
  });
  const reviewer = await reviewerContext.newPage();
  await signIn(reviewer, 'reviewer', 'Review@2026');
  await reviewer.goto('/system/register');
  const view = reviewer.getByTestId(`register-review-view-${applyId}`);
  await expect(reviewer.locator('tr').filter({ has: view })).toContainText('待审核');
  await view.click();
  const drawer = reviewer.getByTestId('register-review-drawer');
  await expect(drawer.getByTestId('register-review-changes')).toContainText(corrected);
  await reviewerContext.close();
});
