import { expect, test } from './fixtures';
import { messagesTo } from './sms-gateway';
import { signIn } from './staff';
import { applyOverHttp } from './applicant';

// Issue 13's review: a 注册审核员 opens an application in 系统管理 › 注册审核, reads it with its
// files and approves it; the applicant's new administrator logs in with the initial password
// the SMS brought, is kept on 修改密码 until it is changed, and then works in the back office.

test('a reviewer approves an application; its administrator changes the initial password and works', async ({
  browser,
  page,
  request,
}) => {
  // The application, as the registration page sends it (that page has its own journey).
  const name = `乌鲁木齐审核测试物流有限公司${Date.now() % 100000}`;
  const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const { applyId } = await applyOverHttp(request, { name, mobile, street: '红山路 88 号' });

  // 注册审核员 reads it and approves it.
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await signIn(reviewer, 'reviewer', 'Review@2026');
  await reviewer.goto('/system/register');
  await reviewer.getByTestId(`register-review-view-${applyId}`).click();
  const drawer = reviewer.getByTestId('register-review-drawer');
  await expect(drawer).toContainText(name);
  await expect(drawer.getByTestId('register-review-section').first()).toContainText(
    '新疆维吾尔自治区 / 乌鲁木齐市 / 天山区',
  );
  await expect(drawer.getByTestId('register-review-file')).toHaveCount(2);
  await expect(drawer.locator('img').first()).toBeVisible();
  await drawer.getByTestId('register-review-approve').click();
  await reviewer.getByRole('button', { name: '确定' }).click();
  const enterpriseCode = `M${applyId.padStart(6, '0')}`;
  await expect(reviewer.locator('.arco-message').filter({ hasText: enterpriseCode })).toBeVisible();
  await expect(drawer.getByTestId('register-review-history')).toContainText('审核通过');
  await drawer.getByRole('button', { name: '关闭' }).click();
  await expect(drawer).toBeHidden();

  // The applicant's SMS: the business code, the user name, the initial password.
  const sms = (await messagesTo(mobile)).find((content) => content.includes('初始密码'));
  expect(sms).toContain(`业务代码：${enterpriseCode}，用户名：admin`);
  const password = /初始密码：([^，]+)，/.exec(sms!)![1];

  // The new administrator: kept on 修改密码 until the initial password is changed.
  await reviewerContext.close();
  // Signed in with the initial password (the form with a business code: register.spec.ts).
  await signIn(page, 'admin', password, enterpriseCode, /\/account\/center/);
  await expect(page.getByTestId('account-must-change-password')).toBeVisible();
  await page.goto('/project/display');
  await expect(page).toHaveURL(/\/account\/center/);
  await page.getByTestId('account-password-old').fill(password);
  await page.getByTestId('account-password-old').blur();
  await page.getByTestId('account-password-new').fill('Cotton2026new');
  await page.getByTestId('account-password-confirm').fill('Cotton2026new');
  await page.getByTestId('account-password-submit').click();
  await expect(page).toHaveURL(/\/project\/display/);
  await expect(page.getByTestId('account-must-change-password')).toHaveCount(0);
  await expect(page.getByTestId('admin-user-menu')).toBeVisible();
});
