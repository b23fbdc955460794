import { expect, test, type Page } from './fixtures';
import { messagesTo } from './sms-gateway';
import { dragSlider, logIn, signIn } from './staff';
import { creditCode, PDF, png } from './applicant';

// A visitor registers an enterprise (issue 13): 注册 in the header, the account type, the
// five sections with a passport holder, two licence images and PDFs, the key section with
// its consents, the server's name check, and the completion dialog with the offices.

const field = (page: Page, name: string) => page.getByTestId(`register-field-${name}`);

async function pick(page: Page, name: string, label: string) {
  await field(page, name).locator('.arco-select-view').click();
  await page.locator('.arco-select-popup:visible').getByRole('option', { name: label, exact: true }).click();
}

test('a visitor registers a cotton trader; returned, it is corrected and approved, and its administrator logs in', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const name = `新疆棉运测试贸易有限公司${Date.now() % 100000}`;
  const code = creditCode();
  const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await page.goto('/home');
  await page.getByTestId('header-register').click();
  await expect(page).toHaveURL(/\/register$/);

  // Nothing chosen: the spec's warning; then 棉花交易商.
  await page.getByTestId('register-next').click();
  await expect(page.locator('.arco-message').filter({ hasText: '请选择开通哪种业务类型权限' })).toBeVisible();
  await page.getByTestId('register-identity-1').getByText('棉花交易商').click();
  await page.getByTestId('register-next').click();
  await expect(page.getByTestId('register-form')).toBeVisible();

  // 1 企业信息: a name already registered is refused under the field by the server.
  await field(page, 'traderName').fill('全国棉花交易市场');
  await field(page, 'traderName').blur();
  await expect(page.getByTestId('register-form')).toContainText('该企业名称已注册，请勿重复注册');
  await field(page, 'traderName').fill(name);
  await pick(page, 'serviceAreaCode', '乌鲁木齐办事处');
  await pick(page, 'traderType', '棉花贸易企业');
  await field(page, 'registeredCapital').fill('1000.5');
  await field(page, 'uniformCreditCode').fill(code);
  await field(page, 'postcode').fill('830000');
  await field(page, 'traderRegisteredAddress').locator('.arco-cascader').click();
  for (const label of ['新疆维吾尔自治区', '乌鲁木齐市', '天山区'])
    await page.locator('.arco-cascader-popup:visible').getByText(label, { exact: true }).click();
  await field(page, 'traderRegisteredDetailedAddress').fill('红山路 88 号');
  await page.getByTestId('register-copy-address').click();
  await field(page, 'copyBusinessLicenseId')
    .locator('input[type=file]')
    .setInputFiles([
      { name: '营业执照正本.png', mimeType: 'image/png', buffer: png(40, 30) },
      { name: '营业执照副本.png', mimeType: 'image/png', buffer: png(30, 40) },
    ]);
  await expect(field(page, 'copyBusinessLicenseId').locator('img')).toHaveCount(2);

  // 2 法定代表人: a passport number is not an ID card number.
  await page.getByTestId('register-section-lrInfo').click();
  await pick(page, 'lrCertificateType', '护照');
  await field(page, 'lrName').fill('John Smith');
  await field(page, 'lrCertificateNumber').fill('E12345678');
  await field(page, 'lrPhone').fill(mobile);
  await field(page, 'lrCertificateId')
    .locator('input[type=file]')
    .setInputFiles({ name: '护照.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(field(page, 'lrCertificateId').getByRole('link', { name: '护照.pdf' })).toBeVisible();

  // 3 增值税发票: the bank found by a word of its name.
  await page.getByTestId('register-section-vtaInvoiceInfo').click();
  await field(page, 'vtaInvoiceAccount').fill('6222020200112233445');
  await field(page, 'vtaInvoiceBank').locator('input').fill('建设');
  await page.locator('.arco-select-popup:visible').getByRole('option', { name: '中国建设银行', exact: true }).click();
  await field(page, 'vtaInvoicePhone').fill('0991-2811111');
  await field(page, 'vtaInvoiceAddress').fill('乌鲁木齐市红山路 88 号');
  await field(page, 'taxpayerIdentificationNumber').fill(code);
  await field(page, 'digitalInvoiceEmail').fill('invoice@example.com');
  await field(page, 'feeId')
    .locator('input[type=file]')
    .setInputFiles({ name: '汇款凭证.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(field(page, 'feeId').getByRole('link', { name: '汇款凭证.pdf' })).toBeVisible();

  // 4 联系人.
  await page.getByTestId('register-section-contacterInfo').click();
  await field(page, 'contacterName').fill('李娜');
  await field(page, 'contacterPhone').fill('13812345678');
  await field(page, 'contacterEmail').fill('lina@example.com');

  // 5 电子签章: asked for by default for a trader, the name and code mirrored.
  await page.getByTestId('register-section-usbkeyInfo').click();
  await expect(page.getByTestId('register-usbkey-details')).toBeVisible();
  await expect(page.getByTestId('register-usbkey-cfca')).toHaveAttribute('href', '/register/agreement/cfca');
  await expect(field(page, 'ukeyUserName')).toHaveValue(name);
  await expect(field(page, 'ukeyUniformCreditCode')).toHaveValue(code);
  await field(page, 'ukeyUserPhone').fill('0991-2811111');
  await field(page, 'ukeyMailingAddress').fill('乌鲁木齐市红山路 88 号');
  await field(page, 'ukeyAgentUserName').fill('赵强');
  await field(page, 'ukeyAgentUserPhone').fill('13712345678');
  await field(page, 'usbkeyAgentFile')
    .locator('input[type=file]')
    .setInputFiles({ name: '授权委托书.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(field(page, 'usbkeyAgentFile').getByRole('link', { name: '授权委托书.pdf' })).toBeVisible();

  // The gates: the agreements, then the three consents.
  await page.getByTestId('register-submit').click();
  await expect(page.locator('.arco-message').filter({ hasText: '请先阅读并同意相关协议' })).toBeVisible();
  await page.getByTestId('register-agree').click();
  await page.getByTestId('register-submit').click();
  await expect(page.locator('.arco-message').filter({ hasText: '请先勾选电子签章的三项确认' })).toBeVisible();
  for (const index of [1, 2, 3]) await page.getByTestId(`register-usbkey-consent-${index}`).click();
  await page.getByTestId('register-submit').click();

  // Done: the offices to call, the chosen office's phone, and home.
  const complete = page.getByTestId('register-complete');
  await expect(complete).toContainText('信息已提交，请等待审核');
  await expect(page.getByTestId('register-complete-offices').locator('tbody tr')).toHaveCount(6);
  // At 1366 every phone number and postcode is whole on one line (郑州's wrapped mid-number).
  const offices = page.getByTestId('register-complete-offices');
  await expect(offices.getByRole('columnheader')).toHaveText(['名称', '电话一', '电话二', '地址', '邮编', '服务省份']);
  const broken = await offices.locator('tbody tr').evaluateAll((rows) =>
    rows.flatMap((row) =>
      [1, 2, 4]
        .map((index) => row.querySelectorAll('td')[index])
        .filter((cell) => {
          // The lines the text itself takes (a text node's range: one rect a line).
          const text = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT).nextNode();
          if (!text) return false;
          const range = document.createRange();
          range.selectNodeContents(text);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
        })
        .map((cell) => cell.textContent),
    ),
  );
  expect(broken, 'numbers broken across lines').toEqual([]);
  await expect(page.getByTestId('register-complete-phone')).toContainText(/0991-\d{7}/);
  await page.getByTestId('register-home').click();
  await expect(page).toHaveURL(/\/home$/);

  // The same company again: the name is now under review.
  await page.goto('/register');
  await page.getByTestId('register-identity-1').getByText('棉花交易商').click();
  await page.getByTestId('register-next').click();
  await field(page, 'traderName').fill(name);
  await field(page, 'traderName').blur();
  await expect(page.getByTestId('register-form')).toContainText('该企业名称已提交注册申请，正在审核中');

  // 注册审核员 returns it: the licence copies are not stamped.
  // (In a browser of their own: the applicant's stays where it is.)
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await signIn(reviewer, 'reviewer', 'Review@2026');
  await reviewer.goto('/system/register');
  await reviewer.locator('tr', { hasText: name }).getByRole('button', { name: '查看' }).click();
  const drawer = reviewer.getByTestId('register-review-drawer');
  await expect(drawer).toContainText(name);
  await expect(drawer.getByTestId('register-review-file')).toHaveCount(5);
  await drawer.getByTestId('register-review-return').click();
  await reviewer.getByTestId('register-review-reason').fill('营业执照复印件未加盖公章，请重新上传');
  await reviewer.getByTestId('register-review-confirm').click();
  await expect(drawer.getByTestId('register-review-history')).toContainText('退回修改');
  await drawer.getByRole('button', { name: '关闭' }).click();

  // The applicant, told by SMS, finds the application with the credit code and a code.
  expect((await messagesTo(mobile)).some((content) => content.includes('营业执照复印件未加盖公章'))).toBe(true);
  await page.goto('/register');
  await page.getByTestId('register-status-link').click();
  await expect(page).toHaveURL(/\/register\/status$/);
  await page.getByTestId('register-status-code').fill(code);
  await dragSlider(page);
  await page.getByTestId('register-status-send').click();
  await expect(page.getByTestId('register-status-form')).toContainText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
  let smsCode = '';
  await expect(async () => {
    smsCode = /验证码为(\d{6})/.exec((await messagesTo(mobile)).join('\n'))?.[1] ?? '';
    expect(smsCode).toMatch(/^\d{6}$/);
  }).toPass();
  await page.getByTestId('register-status-sms').fill(smsCode);
  await page.getByTestId('register-status-query').click();
  await expect(page.getByTestId('register-status-tag')).toHaveText('退回修改');
  await expect(page.getByTestId('register-status-reason')).toContainText('营业执照复印件未加盖公章，请重新上传');

  // It corrects: a stamped licence instead of the two copies, the rest as submitted.
  await page.getByTestId('register-status-correct').click();
  await expect(page.getByTestId('register-form')).toContainText('修改注册信息');
  await expect(field(page, 'traderName')).toHaveValue(name);
  // (In the closed 法定代表人 section: there, not shown.)
  await expect(field(page, 'lrCertificateId').getByTitle('护照.pdf').first()).toBeAttached();
  const licence = field(page, 'copyBusinessLicenseId');
  await expect(licence.getByTestId('register-field-copyBusinessLicenseId-item')).toHaveCount(2);
  await page.getByTestId('register-field-copyBusinessLicenseId-remove-1').click();
  await page.getByTestId('register-field-copyBusinessLicenseId-remove-0').click();
  await licence
    .locator('input[type=file]')
    .setInputFiles({ name: '营业执照（盖章）.png', mimeType: 'image/png', buffer: png(40, 30) });
  await expect(licence.locator('img')).toHaveCount(1);
  await page.getByTestId('register-agree').click();
  await page.getByTestId('register-section-usbkeyInfo').click();
  await expect(field(page, 'ukeyAgentUserName')).toHaveValue('赵强');
  for (const index of [1, 2, 3]) await page.getByTestId(`register-usbkey-consent-${index}`).click();
  await page.getByTestId('register-submit').click();
  await expect(page.getByRole('dialog')).toContainText('修改后的注册信息已提交');
  await page.getByTestId('register-view-status').click();
  await expect(page.getByTestId('register-status-tag')).toHaveText('待审核');
  await expect(page.getByTestId('register-status-view')).toContainText('第 2 次提交');

  // The reviewer sees what changed and approves.
  await reviewer.goto('/system/register');
  await reviewer.locator('tr', { hasText: name }).getByRole('button', { name: '查看' }).click();
  await expect(drawer.getByTestId('register-review-changes')).toContainText('营业执照（盖章）.png');
  await expect(drawer.getByTestId('register-review-changes')).toContainText('营业执照正本.png、营业执照副本.png');
  await drawer.getByTestId('register-review-approve').click();
  await reviewer.getByRole('button', { name: '确定' }).click();
  await expect(drawer.getByTestId('register-review-history')).toContainText('审核通过');
  await drawer.getByRole('button', { name: '关闭' }).click();

  // The new enterprise's administrator logs in with the initial password, must change it, and works.
  const sms = (await messagesTo(mobile)).find((content) => content.includes('初始密码'));
  const enterpriseCode = /业务代码：(M\d{6})/.exec(sms ?? '')?.[1] ?? '';
  const password = /初始密码：([^，]+)，/.exec(sms ?? '')?.[1] ?? '';
  expect(enterpriseCode).toMatch(/^M\d{6}$/);
  await reviewerContext.close();
  await page.goto('/login');
  await logIn(page, 'admin', password, enterpriseCode);
  await expect(page).toHaveURL(/\/account\/center/);
  await expect(page.getByTestId('account-must-change-password')).toBeVisible();
  await page.getByTestId('account-password-old').fill(password);
  await page.getByTestId('account-password-old').blur();
  await page.getByTestId('account-password-new').fill('Cotton2026new');
  await page.getByTestId('account-password-confirm').fill('Cotton2026new');
  await page.getByTestId('account-password-submit').click();
  await expect(page).toHaveURL(/\/project\/display/);
  await expect(page.getByTestId('admin-user-menu')).toBeVisible();
});

test('the agreements read on their own page', async ({ page }) => {
  await page.goto('/register/agreement/privacy');
  await expect(page.getByTestId('agreement-title')).toHaveText('个人信息保护政策');
  await expect(page.getByTestId('agreement-content')).toContainText('仅申请人本人及具有审核权限的工作人员可以查看');
});
