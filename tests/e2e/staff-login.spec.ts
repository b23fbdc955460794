import { expect, test } from './fixtures';
import { logIn, logOut } from './staff';

// Staff of the trading centre: the login form with the slider, the back office built from
// the server's menu, the account centre, logout. Accounts: docs/auth.md (seeded demo users).
// Every test here logs in from 127.0.0.1: keep the wrong-password tries of the whole run
// below the address lockout (30 in 15 minutes; docs/auth.md) and each account's (5).

// The tests change a password and count failed logins on one server: a retry would start
// from another state, so none.
test.describe.configure({ retries: 0 });

test('the system administrator logs in with the slider and sees the whole back-office menu', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('site-header').getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Without the slider the login is refused before anything is sent.
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('请输入业务代码')).toBeVisible();

  await logIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/project\/display$/);
  const menu = page.getByTestId('admin-menu');
  await expect(menu).toContainText('工作台');
  await expect(menu).toContainText('系统管理');
  await expect(page.getByTestId('admin-header')).toContainText('张伟');
  await expect(page.getByTestId('admin-greeting')).toHaveText(/(早上好|上午好|中午好|下午好|晚上好)/);

  // The overview counts real data, each card a link.
  const warehouses = page.getByTestId('overview-card-warehouses');
  await expect(warehouses).toContainText(/\d+/);
  await expect(page.getByTestId('overview-card-registrations')).toBeVisible();

  // A phone-login code goes out through the SMS gateway ...
  const sms = await page.request.post('/account/sms', { data: { mobile: '13800000003' } });
  expect((await sms.json()).rtnCode).toBe('0000');
  // ... and 系统管理 › 短信日志, the system plugin's SmsLog from the server menu, lists it
  // with the code masked.
  await menu.getByText('系统管理').click();
  await menu.getByText('短信日志').click();
  await expect(page).toHaveURL(/\/system\/sms$/);
  const smsRow = page.getByTestId('sms-log').locator('tbody tr').first();
  await expect(smsRow).toContainText('13800000003');
  await expect(smsRow).toContainText('******');
  await expect(smsRow).toContainText('已发送');
  // 导出 downloads the list as it stands (codes masked there too: server/test/sms-log.test.ts).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
  expect(download.suggestedFilename()).toBe('短信日志.xlsx');

  await logOut(page);
  // Logged out: the back office is gone; its address asks for a login first.
  await page.goto('/system/sms');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fsms$/);
  await expect(page.getByTestId('admin-menu')).toHaveCount(0);
});

test('a wrong password shows 登录失败 with the server message and the button works again', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'editor', 'not-the-password-1');
  const notice = page.locator('.arco-notification').filter({ hasText: '登录失败' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('业务代码、用户名或密码错误');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeEnabled();
  // The spent proof is gone: the slider is back at the start.
  await expect(page.getByTestId('slider-verify-label')).toHaveText('请按住滑块，拖动到最右边');
});

test('a reviewer sees their own menu, gets 403 outside it, and changes the password in the account centre', async ({
  page,
}) => {
  await page.goto('/login');
  await logIn(page, 'reviewer', 'Review@2026');
  await expect(page).toHaveURL(/\/project\/display$/);
  const menu = page.getByTestId('admin-menu');
  await expect(menu).toContainText('工作台');
  // 系统管理 holds only 注册审核 for them.
  await expect(menu).toContainText('注册审核');
  await expect(menu).not.toContainText('用户管理');
  await expect(menu).not.toContainText('短信日志');

  // A route of the menu the reviewer does not hold.
  await page.goto('/system/sms');
  await expect(page.getByText('没有权限')).toBeVisible();

  // Account centre from the user menu.
  await page.goto('/project/display');
  await page.getByTestId('admin-user-menu').hover();
  await page.getByTestId('user-menu-center').click();
  await expect(page).toHaveURL(/\/account\/center$/);
  await expect(page.getByTestId('account-profile')).toContainText('reviewer');
  await expect(page.getByTestId('account-profile-roles')).toContainText('注册审核员');

  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.getByLabel('原密码').fill('Review@2026');
  await page.getByLabel('新密码', { exact: true }).fill('Review@2027');
  await page.getByLabel('确认新密码').fill('Review@2027');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('密码修改成功')).toBeVisible();

  await logOut(page);
  await logIn(page, 'reviewer', 'Review@2027');
  await expect(page).toHaveURL(/\/project\/display$/);
});

test('a token the server no longer accepts leads to the login page and back to the requested page', async ({
  page,
}) => {
  await page.goto('/login');
  await logIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/project\/display$/);

  // The session ends on the server (expired or revoked) while the browser still holds the token.
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('dandelion__token') ?? 'null')?.value as string,
  );
  expect(token).toBeTruthy();
  // Off the portal while it happens: a call of the open page would meet the 401 first and log
  // the browser out there (tested below through the next page the user opens).
  await page.goto('about:blank');
  const answer = await page.request.post('/logout?client_name=form_client', {
    headers: { Authorization: token },
    data: {},
  });
  expect((await answer.json()).rtnCode).toBe('0000');

  await page.goto('/account/center');
  await expect(page.locator('.arco-notification').filter({ hasText: '系统提示' })).toContainText('未授权，请重新登录');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fcenter/);
  await logIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/account\/center$/);
  await expect(page.getByTestId('account-profile')).toContainText('admin');
});
