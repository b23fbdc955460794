import { expect, test, type Page } from './fixtures';
import { messagesTo } from './sms-gateway';
import { openMenu, signIn } from './staff';
import { PDF, PNG } from './applicant';

// 企业管理 › 企业信息 and its 变更申请 (docs/registration.md "Change requests"): the seeded
// enterprise's administrator reads the registered information and asks to rename the
// enterprise; a registration reviewer returns the request, the administrator corrects it, the
// reviewer approves, and 企业信息 shows the new name.

const ENTERPRISE = { code: 'M000005', name: '新疆天山棉业有限公司', phone: '13999120518' };
const NEW_NAME = '新疆天山棉业集团有限公司';

const field = (page: Page, name: string) => page.getByTestId(`register-field-${name}`);

async function upload(page: Page, name: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const target = field(page, name);
  await target.locator('input[type=file]').setInputFiles(file);
  await expect(target.getByTitle(file.name).first()).toBeAttached();
}

/** 企业信息 as it stands now (the administrator's browser stays signed in meanwhile). */
async function openInfo(page: Page) {
  await page.goto('/enterprise/info');
  await expect(page.getByTestId('enterprise-info-head')).toBeVisible();
}

/** The reviewer, in a browser of their own, opens the change request in 注册审核. */
async function openChange(page: Page, reviewer: (drawer: ReturnType<Page['getByTestId']>) => Promise<void>) {
  await page.goto('/system/register');
  const row = page.locator('tr', { hasText: NEW_NAME });
  await expect(row).toContainText('变更申请');
  await row.getByRole('button', { name: '查看' }).click();
  const drawer = page.getByTestId('register-review-drawer');
  await expect(drawer).toContainText('变更申请详情');
  await reviewer(drawer);
  await drawer.getByRole('button', { name: '关闭' }).click();
  await expect(drawer).toBeHidden();
}

test('an enterprise administrator asks for a change; returned, corrected and approved, 企业信息 shows it', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  // Two people, each in their own browser, each signed in once.
  await signIn(page, 'admin', 'Qiye@2026', ENTERPRISE.code);
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await signIn(reviewer, 'reviewer', 'Review@2026');

  // The registered information, labelled as on the registration form.
  await openMenu(page, '企业管理', '企业信息');
  await expect(page).toHaveURL(/\/enterprise\/info$/);
  await expect(page.getByTestId('enterprise-info-head')).toBeVisible();
  await expect(page.getByTestId('enterprise-info-head')).toContainText(ENTERPRISE.name);
  await expect(page.getByTestId('enterprise-info-head')).toContainText('棉花交易商');
  const sections = page.getByTestId('enterprise-info-section');
  await expect(sections).toHaveCount(5);
  await expect(sections.first()).toContainText('轧花企业');
  await expect(sections.first()).toContainText('新疆维吾尔自治区 / 乌鲁木齐市 / 天山区');

  // 变更申请: the registration form, filled; a new name and the files a registration needs.
  await page.getByTestId('enterprise-info-change').click();
  await expect(page).toHaveURL(/\/enterprise\/info\/change$/);
  await expect(page.getByTestId('register-form')).toContainText('企业信息变更申请');
  await expect(field(page, 'traderName')).toHaveValue(ENTERPRISE.name);
  await field(page, 'traderName').fill(NEW_NAME);
  await upload(page, 'copyBusinessLicenseId', { name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
  await upload(page, 'lrCertificateId', { name: '身份证.pdf', mimeType: 'application/pdf', buffer: PDF });
  await upload(page, 'feeId', { name: '汇款凭证.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('register-agree').click();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('enterprise-change-complete')).toContainText('变更申请已提交，请等待审核');
  await page.getByTestId('enterprise-change-done').click();
  await expect(page).toHaveURL(/\/enterprise\/info$/);
  const state = page.getByTestId('enterprise-change-state');
  await expect(state.getByTestId('enterprise-change-status')).toHaveText('待审核');
  await expect(state.getByTestId('enterprise-change-changes')).toContainText(NEW_NAME);
  await expect(page.getByTestId('enterprise-info-change')).toBeDisabled();
  await expect(page.getByTestId('enterprise-info-head')).toContainText(ENTERPRISE.name);

  // A reviewer reads what it changes and returns it.
  await openChange(reviewer, async (drawer) => {
    await expect(drawer.getByTestId('register-review-changes')).toContainText(ENTERPRISE.name);
    await expect(drawer.getByTestId('register-review-changes')).toContainText(NEW_NAME);
    await drawer.getByTestId('register-review-return').click();
    await reviewer.getByTestId('register-review-reason').fill('营业执照复印件须加盖公章');
    await reviewer.getByTestId('register-review-confirm').click();
    await expect(drawer.getByTestId('register-review-history')).toContainText('退回修改');
  });
  await expect.poll(async () => (await messagesTo(ENTERPRISE.phone)).join('\n')).toContain('营业执照复印件须加盖公章');

  // The administrator corrects it: a stamped licence instead.
  await openInfo(page);
  await expect(state.getByTestId('enterprise-change-status')).toHaveText('退回修改');
  await expect(state).toContainText('营业执照复印件须加盖公章');
  await page.getByTestId('enterprise-info-change').click();
  await expect(page.getByTestId('enterprise-change-reason')).toContainText('营业执照复印件须加盖公章');
  await expect(page.getByTestId('register-form')).toContainText('修改变更申请');
  await expect(field(page, 'traderName')).toHaveValue(NEW_NAME);
  await page.getByTestId('register-field-copyBusinessLicenseId-remove-0').click();
  await upload(page, 'copyBusinessLicenseId', { name: '营业执照（盖章）.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('register-agree').click();
  await page.getByTestId('register-submit').click();
  await page.getByTestId('enterprise-change-done').click();
  await expect(state.getByTestId('enterprise-change-status')).toHaveText('待审核');

  // The reviewer approves the corrected round.
  await openChange(reviewer, async (drawer) => {
    await expect(drawer.getByTestId('register-review-summary')).toContainText('第 2 轮');
    await drawer.getByTestId('register-review-approve').click();
    await reviewer.getByRole('button', { name: '确定' }).click();
    await expect(drawer.getByTestId('register-review-history')).toContainText('审核通过');
  });

  // 企业信息 is the enterprise as changed.
  await openInfo(page);
  await expect(page.getByTestId('enterprise-info-head')).toContainText(NEW_NAME);
  await expect(sections.first()).toContainText(NEW_NAME);
  await expect(sections.first().getByTestId('enterprise-info-file')).toContainText('营业执照（盖章）.png');
  await expect(state.getByTestId('enterprise-change-status')).toHaveText('审核通过');
  await reviewerContext.close();
});
