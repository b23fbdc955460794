import { expect, test, type Page } from './fixtures';
import { openMenu, signIn } from './staff';

// 内容管理: the 内容编辑 writes an article with an uploaded image in 服务中心 › 注册指南,
// previews it, publishes it; a visitor reads it on /service with the image shown. A visitor's
// complaint (with markup in it) reaches the inbox as text, and the editor answers it.
// Accounts: docs/auth.md (seeded demo users).

// One journey on one server's state: a retry would start from another state.
test.describe.configure({ retries: 0 });

const TITLE = '新棉上市交收服务指南（测试）';
const COMPLAINT = '<b>仓库</b> 收费标准不清楚，请公示。';
// A 2×2 PNG: the image's bytes, checked by content on the server.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4sUADiBggFAAuTgZB3ue8bAAAAABJRU5ErkJggg==',
  'base64',
);

/** The image has arrived and decoded (a broken one has no natural width). */
async function expectImageShown(page: Page, selector: string) {
  const image = page.locator(selector).first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth)).toBe(2);
}

test('the editor publishes an article with an image that a visitor reads on /service, and answers a complaint', async ({
  browser,
  page,
}) => {
  // A visitor's complaint from the service centre's feedback form.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/service');
  await visitorPage.getByTestId('service-menu-complaint').click();
  const feedback = visitorPage.getByTestId('complaint-form');
  await feedback.getByTestId('complaint-name').fill('李文博');
  await feedback.getByTestId('complaint-phone').fill('13912345678');
  await feedback.getByTestId('complaint-content').fill(COMPLAINT);
  await feedback.getByTestId('complaint-submit').click();
  await expect(visitorPage.getByTestId('complaint-success')).toContainText('提交成功');

  // The editor writes the article.
  await signIn(page, 'editor', 'Editor@2026');
  await openMenu(page, '内容管理', '文章管理');
  await expect(page).toHaveURL(/\/cms\/article$/);
  await expect(page.getByTestId('article-list').getByRole('row').nth(1)).toBeVisible();
  await page.getByTestId('article-add').click();
  const form = page.getByTestId('article-form');
  await form.getByTestId('article-form-catalog').click();
  await page.locator('.arco-tree-select-popup').getByText('注册指南', { exact: true }).click();
  await form.getByTestId('article-form-title').fill(TITLE);
  const body = form.getByTestId('rich-text-content').locator('[contenteditable="true"]');
  await body.click();
  await page.keyboard.type('新棉上市后，交收服务按以下流程办理。');
  await page
    .getByTestId('editor-image-input')
    .setInputFiles({ name: 'cotton.png', mimeType: 'image/png', buffer: PNG });
  await expectImageShown(page, '[data-testid="rich-text-content"] img');

  // 保存并预览: the draft as /service will show it.
  await page.getByTestId('article-form-save-preview').click();
  const preview = page.getByTestId('article-preview');
  await expect(preview.getByTestId('preview-title')).toHaveText(TITLE);
  await expect(preview.getByTestId('preview-body')).toContainText('交收服务按以下流程办理');
  await expectImageShown(page, '[data-testid="preview-body"] img');
  // Closed with its close button: Escape closes a drawer only while the focus is inside it, and
  // on a busy machine the preview can still be sliding in here, the focus still on the article
  // form's 保存并预览 (its drawer sliding out); a person does not press Escape within 300 ms.
  await page.locator('.arco-drawer', { has: preview }).locator('.arco-drawer-close-icon').click();
  await expect(preview).toBeHidden();

  // 发布.
  const row = page.getByTestId('article-list').getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText('草稿');
  await row.getByRole('button', { name: '发布', exact: true }).click();
  await page.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('发布成功')).toBeVisible();
  await expect(row).toContainText('已发布');

  // A visitor (a new browser) finds it on /service and reads it with its image.
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto('/service');
  await readerPage.getByTestId('content-list-item').filter({ hasText: TITLE }).click();
  await expect(readerPage.getByTestId('article-title')).toHaveText(TITLE);
  await expect(readerPage.getByTestId('article-body')).toContainText('交收服务按以下流程办理');
  await expectImageShown(readerPage, '[data-testid="article-body"] img');
  await reader.close();

  // The complaint, shown as the visitor typed it, answered.
  await openMenu(page, '内容管理', '投诉建议');
  await expect(page).toHaveURL(/\/cms\/complain$/);
  const complaintRow = page.getByTestId('complaint-inbox').getByRole('row').filter({ hasText: '李文博' });
  await expect(complaintRow).toContainText('待处理');
  await complaintRow.getByRole('button', { name: '查看' }).click();
  const detail = page.getByTestId('complaint-detail');
  await expect(detail.getByTestId('complaint-content')).toHaveText(COMPLAINT);
  await expect(detail.locator('b')).toHaveCount(0);
  await detail.getByTestId('complaint-start').click();
  await expect(detail.getByTestId('complaint-status')).toHaveText('处理中');
  await detail.getByTestId('complaint-answer').click();
  await expect(detail.getByTestId('complaint-error')).toHaveText('请输入答复内容');
  await detail.getByTestId('complaint-reply').fill('收费标准已在服务中心 › 收费标准中公示。');
  await detail.getByTestId('complaint-answer').click();
  await expect(detail.getByTestId('complaint-status')).toHaveText('已答复');
  await expect(detail).toContainText('收费标准已在服务中心 › 收费标准中公示。');
  await expect(complaintRow).toContainText('已答复');
  await visitor.close();
});
