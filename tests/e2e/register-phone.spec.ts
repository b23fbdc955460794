import { expect, test, type Locator, type Page } from './fixtures';
import { creditCode, expectBelowHeader, PDF, png } from './applicant';

// A visitor registers a logistics company on a phone (the `phone` project, at 360 × 740, the
// narrowest phone the public pages support; issue 30): the form step is a history entry of
// its own, leaving typed input asks first, a refused submit scrolls to the first field below
// the sticky header, the region pickers' columns come into view when tapped, the floating tools
// button steps aside from the fields, and the completion dialog reads on the screen.

test.use({ viewport: { width: 360, height: 740 } });

const WIDTH = 360;
const HEIGHT = 740;

const field = (page: Page, name: string) => page.getByTestId(`register-field-${name}`);

/** Taps an Arco select open in a field and taps the option named `label`. */
async function pick(page: Page, name: string, label: string) {
  await field(page, name).locator('.arco-select-view').tap();
  await page.locator('.arco-select-popup:visible').getByRole('option', { name: label, exact: true }).tap();
}

/** Whether the element's box lies within the screen, sideways. */
async function onScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= WIDTH + 0.5;
}

/**
 * Taps a region field open and its province, city and district: each column comes into view by
 * itself (the test waits for it, it does not scroll to it), then the field shows the whole path.
 */
async function pickRegion(page: Page, name: string, labels: string[]) {
  await field(page, name).locator('.arco-cascader').tap();
  const popup = page.locator('.arco-cascader-popup:visible');
  await expect(popup).toBeVisible();
  const box = (await popup.boundingBox())!;
  expect(box.x, 'the popup starts on screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'the popup ends on screen').toBeLessThanOrEqual(WIDTH);
  for (const label of labels) {
    const option = popup.getByRole('menuitem', { name: label, exact: true });
    await expect(option).toBeVisible();
    await expect.poll(() => onScreen(option), { message: `${label} comes into view` }).toBe(true);
    await option.tap();
  }
  await expect(popup).toBeHidden();
  const value = field(page, name).locator('.arco-cascader-view-value');
  await expect(value).toHaveText(labels.join(' / '));
  // The whole path shows (it wraps): not cut after the city.
  expect(await value.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
}

/** Whether a tap at (x, y) reaches `locator`'s element, not something on top of it. */
function reaches(locator: Locator, x: number, y: number): Promise<boolean> {
  return locator.evaluate(
    (element, [px, py]) => {
      const hit = document.elementFromPoint(px, py);
      return hit !== null && (hit === element || element.contains(hit));
    },
    [x, y],
  );
}

test('a visitor registers on a 360 px phone: Back, the region pickers, the floating button, the completion dialog', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `新疆棉运手机注册物流有限公司${Date.now() % 100000}`;
  const code = creditCode();
  const mobile = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const contact = `158${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

  await page.goto('/register');
  await page.getByTestId('register-identity-2').getByText('物流企业', { exact: true }).tap();
  await page.getByTestId('register-next').tap();
  await expect(page.getByTestId('register-form')).toBeVisible();
  await expect(page).toHaveURL(/\/register\?type=\w+$/);

  // The phone's Back button returns to the type step, the type still chosen; Forward, the form.
  await page.goBack();
  await expect(page.getByTestId('register-account-types')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('register-identity-2').getByRole('radio', { name: /物流企业/ })).toBeChecked();
  await page.goForward();
  await expect(page.getByTestId('register-form')).toBeVisible();

  // A submit with nothing filled: the first refused field's label is on screen, below the header.
  await page.getByTestId('register-agree').tap();
  await page.getByTestId('register-submit').tap();
  const firstItem = page.locator('.arco-form-item', { has: field(page, 'traderName') });
  await expect(firstItem).toContainText('请输入企业名称');
  await expectBelowHeader(page, firstItem.locator('.arco-form-label-item'));

  // Typed input: 返回 and Back both ask first; 继续填写 keeps it.
  await field(page, 'traderName').fill(name);
  await page.getByTestId('register-back').tap();
  const confirm = page.getByRole('dialog').filter({ hasText: '放弃填写的注册信息？' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '继续填写' }).tap();
  await expect(page.locator('.arco-modal-wrapper:visible')).toHaveCount(0);
  await page.goBack();
  await expect(confirm).toBeVisible();
  await expect(confirm, 'asked once').toHaveCount(1);
  await confirm.getByRole('button', { name: '继续填写' }).tap();
  // Closed (the page scrolls again once the dialog's wrapper is gone).
  await expect(page.locator('.arco-modal-wrapper:visible')).toHaveCount(0);
  await expect(field(page, 'traderName')).toHaveValue(name);
  await expect(page).toHaveURL(/\/register\?type=\w+$/);

  // The floating tools button steps aside from a field under it: the field's right end takes the tap.
  const nameInput = field(page, 'traderName');
  await nameInput.scrollIntoViewIfNeeded();
  const toggle = page.getByTestId('tools-toggle');
  const button = (await toggle.boundingBox())!;
  const before = (await nameInput.boundingBox())!;
  await page.evaluate((dy) => window.scrollBy(0, dy), before.y + before.height / 2 - (button.y + button.height / 2));
  const under = (await nameInput.boundingBox())!;
  expect(under.x + under.width, 'the field reaches under the button').toBeGreaterThan(button.x);
  await expect(toggle).toBeHidden();
  expect(await reaches(nameInput, under.x + under.width - 8, under.y + under.height / 2)).toBe(true);

  // 1 企业信息, the region pickers by tapping.
  await pick(page, 'serviceAreaCode', '乌鲁木齐办事处');
  await pick(page, 'traderType', '棉花贸易企业');
  await field(page, 'uniformCreditCode').fill(code);
  await field(page, 'postcode').fill('830000');
  await expect(field(page, 'traderRegisteredAddress').locator('input')).toHaveAttribute(
    'placeholder',
    '请选择省/市/区县',
  );
  await pickRegion(page, 'traderRegisteredAddress', ['新疆维吾尔自治区', '乌鲁木齐市', '天山区']);
  await field(page, 'traderRegisteredDetailedAddress').fill('红山路 18 号');
  await pickRegion(page, 'traderMailingAddress', ['新疆维吾尔自治区', '乌鲁木齐市', '沙依巴克区']);
  await field(page, 'traderMailingDetailedAddress').fill('友好北路 6 号');
  await field(page, 'copyBusinessLicenseId')
    .locator('input[type=file]')
    .setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: png(40, 30) });
  await expect(field(page, 'copyBusinessLicenseId').locator('img')).toHaveCount(1);

  // 2 法定代表人.
  await page.getByTestId('register-section-lrInfo').tap();
  await pick(page, 'lrCertificateType', '护照');
  await field(page, 'lrName').fill('王海');
  await field(page, 'lrCertificateNumber').fill('E87654321');
  await field(page, 'lrPhone').fill(mobile);
  await field(page, 'lrCertificateId')
    .locator('input[type=file]')
    .setInputFiles({ name: '护照.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(field(page, 'lrCertificateId').getByRole('link', { name: '护照.pdf' })).toBeVisible();

  // 3 联系人.
  await page.getByTestId('register-section-contacterInfo').tap();
  await field(page, 'contacterName').fill('周敏');
  await field(page, 'contacterPhone').fill(contact);
  await field(page, 'contacterEmail').fill('zhoumin@example.com');

  await page.getByTestId('register-submit').tap();

  // The completion dialog: on the screen, nothing wider than it, each office a card, 返回首页 in reach.
  const complete = page.getByTestId('register-complete');
  await expect(complete).toContainText('信息已提交，请等待审核');
  const offices = page.getByTestId('register-complete-office');
  await expect(offices).toHaveCount(6);
  await expect(page.getByTestId('register-complete-phone')).toContainText(/0991-\d{7}/);
  const dialog = page.getByRole('dialog').filter({ has: complete });
  const dialogBox = (await dialog.boundingBox())!;
  expect(dialogBox.x).toBeGreaterThanOrEqual(0);
  expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(WIDTH);
  expect(dialogBox.y).toBeGreaterThanOrEqual(0);
  expect(dialogBox.y + dialogBox.height, 'the dialog fits the screen').toBeLessThanOrEqual(HEIGHT);
  const overflow = await complete.evaluate((body) =>
    [body, ...body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
      .map((element) => element.className || element.tagName),
  );
  expect(overflow, 'nothing in the dialog is wider than its box').toEqual([]);
  // Each phone number on one line, on screen once scrolled to.
  const phones = complete.locator('a[href^="tel:"]');
  await expect(phones).toHaveCount(12);
  for (let i = 0; i < 12; i += 1) {
    const phone = phones.nth(i);
    await phone.scrollIntoViewIfNeeded();
    const number = (await phone.textContent()) ?? '';
    expect(await phone.evaluate((link) => link.getClientRects().length), `${number} on one line`).toBe(1);
    expect(await onScreen(phone)).toBe(true);
  }
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const home = page.getByTestId('register-home');
  const homeBox = (await home.boundingBox())!;
  expect(homeBox.y + homeBox.height, '返回首页 on the screen').toBeLessThanOrEqual(HEIGHT);
  await home.tap();
  await expect(page).toHaveURL(/\/home$/);
});
