import { expect, test } from './fixtures';
import { openMenu, signIn } from './staff';

// Issue 31: a new article's author is the writer; the editor keeps typed spaces as spaces
// (white-space: pre-wrap, no ProseMirror warning); a bullet list on the public page sits next
// to its marker; a withdrawn article is 已撤回 in the list and its public address says so in
// plain words. Accounts: docs/auth.md (seeded demo users).

test.describe.configure({ retries: 0 });

const TITLE = '交收服务要点（撤回测试）';

test('an article with a list: author prefilled, published, read, withdrawn', async ({ browser, page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/white-space/i.test(message.text())) warnings.push(message.text());
  });
  await signIn(page, 'editor', 'Editor@2026');
  await openMenu(page, '内容管理', '文章管理');
  await expect(page.getByTestId('article-list').getByRole('row').nth(1)).toBeVisible();
  await page.getByTestId('article-add').click();
  const form = page.getByTestId('article-form');
  await expect(form.getByLabel('作者')).toHaveValue('陈静');
  await form.getByTestId('article-form-catalog').click();
  await page.locator('.arco-tree-select-popup').getByText('注册指南', { exact: true }).click();
  await form.getByTestId('article-form-title').fill(TITLE);
  const body = form.getByTestId('rich-text-content').locator('[contenteditable="true"]');
  await body.click();
  // ProseMirror's own stylesheet asks for break-spaces (pre-wrap that also keeps trailing spaces).
  await expect(body).toHaveCSS('white-space', /^(pre-wrap|break-spaces)$/);
  await page.keyboard.type('办理要点如下：');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- 带好营业执照');
  await page.keyboard.press('Enter');
  await page.keyboard.type('提前预约');
  await expect(body.locator('ul > li')).toHaveCount(2);
  await page.getByTestId('article-form-save').click();

  const row = page.getByTestId('article-list').getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText('草稿');
  await expect(row).toContainText('陈静');
  await row.getByRole('button', { name: '发布', exact: true }).click();
  await page.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('已发布');

  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto('/service');
  await readerPage.getByTestId('content-list-item').filter({ hasText: TITLE }).click();
  await expect(readerPage.getByTestId('article-title')).toHaveText(TITLE);
  const address = readerPage.url();
  // The list item's text starts within 2 em of the list's edge (its marker's place), not 3.5.
  const item = readerPage.getByTestId('article-body').locator('li').first();
  const gap = await item.evaluate((li) => {
    const list = li.parentElement!.getBoundingClientRect().left;
    const range = document.createRange();
    range.selectNodeContents(li);
    const text = range.getClientRects()[0]!.left;
    return (text - list) / parseFloat(getComputedStyle(li).fontSize);
  });
  expect(gap).toBeLessThan(2);

  // 撤回: 已撤回 in the list; the old public address says so, without a record number.
  await row.getByRole('button', { name: '撤回', exact: true }).click();
  await page.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('已撤回');
  await readerPage.goto(address);
  const gone = readerPage.getByTestId('article-gone');
  await expect(gone).toContainText('文章不存在或已撤回');
  await expect(readerPage.getByTestId('service-panel')).not.toContainText(/\d{2,}/);
  await reader.close();
  expect(warnings).toEqual([]);
});
