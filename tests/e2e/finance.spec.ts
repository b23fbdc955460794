import { expect, test } from './fixtures';

// A visitor, not logged in: from the home page to the financial service page, its modes,
// products and contacts.

test('a visitor opens the financial service from the home page, a mode process and a product detail', async ({
  page,
}) => {
  await page.goto('/home');
  await page.getByTestId('home-card-pledge').click();
  await expect(page).toHaveURL(/\/financialService$/);

  // Four advantages and the overall process image.
  const advantages = page.getByTestId('finance-advantage');
  await expect(advantages).toHaveCount(4);
  await expect(advantages.nth(0)).toContainText('利率优惠');
  await expect(advantages.nth(3)).toContainText('风险可控');
  await expect(page.getByTestId('finance-process-diagram').getByTestId('process-step')).toHaveCount(7);

  // The four products of the spec, with their banks, 80 %, 6 months and rates.
  const rows = page.getByTestId('finance-product-table').locator('tbody tr');
  await expect(rows).toHaveCount(4);
  const expected = [
    ['中国农业发展银行', '3.85%'],
    ['中国农业银行', '3.60%'],
    ['中国银行', '3.60%'],
    ['中国建设银行', '3.85%'],
  ];
  for (const [index, [bank, rate]] of expected.entries()) {
    const cells = rows.nth(index).locator('td');
    await expect(cells.nth(1)).toHaveText(bank);
    await expect(cells.nth(2)).toHaveText('最高80%');
    await expect(cells.nth(3)).toHaveText('6个月');
    await expect(cells.nth(4)).toHaveText(rate);
  }

  // Hovering over a mode shows its introduction.
  const pledge = page.getByTestId('finance-mode-receipt-pledge');
  await pledge.getByTestId('finance-mode-card').hover();
  await expect(page.getByTestId('finance-mode-intro')).toBeVisible();
  await expect(page.getByTestId('finance-mode-intro')).toContainText('仓单');

  // 查看流程 opens the mode's process image in a modal; 关闭 closes it.
  await pledge.getByRole('button', { name: '查看流程' }).click();
  const modal = page.getByTestId('finance-mode-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('仓单质押融资流程');
  await expect(modal.getByTestId('process-step').first()).toContainText('仓单注册');
  await page.getByTestId('finance-mode-modal-close').click();
  await expect(modal).toBeHidden();

  // 查看详情 opens the product's details in a drawer.
  await rows.nth(2).getByRole('button', { name: '查看详情' }).click();
  const detail = page.getByTestId('finance-product-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText('中国银行');
  await expect(detail).toContainText('3.60%');
  for (const title of ['适用对象', '担保方式', '还款方式', '申请条件', '申请材料'])
    await expect(detail).toContainText(title);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // Contacts: the centre's offices and the four banks.
  const contacts = page.getByTestId('finance-contact-table').locator('tbody tr');
  await expect(contacts.first()).toContainText('办事处');
  await expect(page.getByTestId('finance-contact-table')).toContainText('中国建设银行新疆维吾尔自治区分行');
  await expect(contacts.first()).toContainText(/0\d{2,3}-\d{7,8}/);
});

test('the 融资产品 card of the home page opens the financial service at its product table', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('home-card-products').click();
  await expect(page).toHaveURL(/\/financialService#finance-products$/);
  await expect(page.getByTestId('finance-product-table')).toBeInViewport();
});
