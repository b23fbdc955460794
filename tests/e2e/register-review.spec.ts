import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { messagesTo } from './sms-gateway';
import { signIn } from './staff';
import { creditCode, idCard, PDF, PNG } from './applicant';

// Issue 13's review: a 注册审核员 opens an application in 系统管理 › 注册审核, reads it with its
// files and approves it; the applicant's new administrator logs in with the initial password
// the SMS brought, is kept on 修改密码 until it is changed, and then works in the back office.

test('a reviewer approves an application; its administrator changes the initial password and works', async ({
  browser,
  page,
  request,
}) => {
  // The application, as the registration page sends it (that page has its own journey).
  const types = await request.post('/rest/accountType/getRegisterAccountType', { data: {} });
  const typeId = (await types.json()).dataSet.registerAccountTypeList[3].id as string; // 物流企业
  const name = `乌鲁木齐审核测试物流有限公司${Date.now() % 100000}`;
  const code = creditCode();
  const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const vo = {
    requestId: randomUUID(),
    accountTypeIds: [typeId],
    traderInfo: {
      traderName: name,
      serviceAreaCode: 'WLMQ',
      traderType: '4',
      uniformCreditCode: code,
      postcode: '830000',
      traderRegisteredAddress: '650000,650100,650102',
      traderRegisteredDetailedAddress: '红山路 88 号',
      traderMailingAddress: '650000,650100,650102',
      traderMailingDetailedAddress: '红山路 88 号',
    },
    lrInfo: {
      lrCertificateType: '1',
      lrName: '马振华',
      lrCertificateNumber: idCard('65010219800101123'),
      lrPhone: mobile,
    },
    contacterInfo: { contacterName: '李娜', contacterPhone: '13812345678', contacterEmail: 'lina@example.com' },
    usbkeyInfo: { isNeedUsbkey: '0' },
  };
  const submitted = await request.post('/rest/traderregister/addRegisterApply', {
    multipart: {
      registerApplyVo: JSON.stringify(vo),
      copyBusinessLicenseFile: { name: '营业执照.png', mimeType: 'image/png', buffer: PNG },
      lrCertificateFile: { name: '身份证.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  const answer = await submitted.json();
  expect(answer.rtnCode).toBe('0000');
  const applyId = answer.dataSet.applyId as string;

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
