import { expect, test } from './fixtures';

// A visitor reads the portal's content: anchored navigation, the footer's user-centre
// links, service-centre articles, the keyword search and the feedback form.

test('a nav anchor clicked on /warehouse lands on /home scrolled to its section, 82 px below the top', async ({
  page,
}) => {
  await page.goto('/warehouse');
  await expect(page.getByTestId('warehouse-table')).toBeVisible();
  await page.getByTestId('nav-logistics').click();
  await expect(page).toHaveURL(/\/home#logistics$/);
  // The scroll happens about a second after the page has loaded.
  await expect
    .poll(async () => Math.round((await page.locator('#logistics').boundingBox())?.y ?? -1), { timeout: 8_000 })
    .toBeGreaterThanOrEqual(78);
  await expect
    .poll(async () => Math.round((await page.locator('#logistics').boundingBox())?.y ?? -1))
    .toBeLessThanOrEqual(86);
  await expect(page.getByTestId('nav-logistics')).toHaveAttribute('aria-current', 'page');

  // The home page's content-management parts are there too.
  await expect(page.getByTestId('home-banner')).toHaveCount(3);
  await expect(page.getByTestId('home-news-item').first()).toBeVisible();
});

test('a footer user-centre link opens its catalogue on /service, where the visitor reads an article', async ({
  page,
}) => {
  await page.goto('/home');
  // The footer sits below the page's content: the visitor clicks it once the news has come in
  // and the footer stopped moving down (on a busy machine it could move between aim and click).
  await expect(page.getByTestId('home-news-item').first()).toBeVisible();
  const links = page.getByTestId('site-footer').getByTestId('footer-user-center-link');
  await expect(links).toHaveCount(4);
  await expect(links).toHaveText(['注册指南', '交易规则', '收费标准', '常见问题']);
  await links.nth(1).click();
  await expect(page).toHaveURL(/\/service\?code=serviceCenter&activeKey=tradeRules&catalogId=\d+$/);
  const items = page.getByTestId('content-list-item');
  await expect(items).toHaveCount(3);
  await items.filter({ hasText: '仓单交易结算细则' }).click();
  await expect(page).toHaveURL(/activeKey=tradeRules&id=\d+/);
  await expect(page.getByTestId('article-title')).toHaveText('仓单交易结算细则');
  await expect(page.getByTestId('article-body')).toContainText('T+1日结算');

  // 联系我们 opens its one article.
  await page.getByTestId('service-menu-contactUs').click();
  await expect(page.getByTestId('article-title')).toHaveText('联系我们');
  await expect(page.getByTestId('article-body')).toContainText('乌鲁木齐');
});

test('the help popover offers 5 service-centre articles', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('tool-help').hover();
  const articles = page.getByTestId('help-popover').getByTestId('help-article');
  await expect(articles).toHaveCount(5);
  const title = (await articles.first().innerText()).trim();
  await articles.first().click();
  await expect(page).toHaveURL(/\/service\?activeKey=\w+&id=\d+$/);
  await expect(page.getByTestId('article-title')).toHaveText(title);
});

test('a keyword searched from the header lists highlighted results; one opens', async ({ page }) => {
  await page.goto('/home');
  const search = page.getByTestId('site-header').getByPlaceholder('请输入关键字');
  await search.fill('仓单');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?keyWord=%E4%BB%93%E5%8D%95$/);
  const results = page.getByTestId('search-result');
  await expect(results.first()).toBeVisible();
  await expect(page.getByTestId('search-summary')).toContainText('相关的内容');
  await expect(results.first().locator('mark')).toHaveText('仓单');
  const title = (await results.first().innerText()).trim();
  await results.first().click();
  await expect(page).toHaveURL(/\/service\?activeKey=\w+&id=\d+$/);
  await expect(page.getByTestId('article-title')).toHaveText(title);

  await page.goto('/search?keyWord=不存在的词语');
  await expect(page.getByText('未找到相关内容')).toBeVisible();

  // A page past the last (an old link): the last page, never “N 条” and 未找到相关内容 at once.
  await page.goto('/search?keyWord=%E4%BB%93%E5%8D%95&pageNum=9999');
  await expect(page).not.toHaveURL(/pageNum=9999/);
  await expect(results.first()).toBeVisible();
  await expect(page.getByTestId('search-summary')).toContainText('条');
  await expect(page.getByText('未找到相关内容')).toHaveCount(0);

  // A page number the server would refuse: dropped, with one plain message.
  await page.goto('/search?keyWord=%E4%BB%93%E5%8D%95&pageNum=abc');
  await expect(page.locator('.arco-message')).toHaveText(['链接参数无效，已恢复默认']);
  await expect(page).toHaveURL(/\/search\?keyWord=%E4%BB%93%E5%8D%95$/);
  await expect(results.first()).toBeVisible();
});

test('the feedback form refuses a bad phone, then sends a good complaint', async ({ page }) => {
  await page.goto('/service');
  await page.getByTestId('service-menu-complaint').click();
  const form = page.getByTestId('complaint-form');
  await expect(form).toBeVisible();
  await form.getByTestId('complaint-name').fill('王建国');
  await form.getByTestId('complaint-phone').fill('12345');
  await form.getByTestId('complaint-content').fill('建议在仓库查询页面增加按城市筛选的功能。');
  await form.getByTestId('complaint-submit').click();
  await expect(form.getByText('请输入正确的手机号码或固定电话（如 0991-1234567）')).toBeVisible();
  await expect(page.getByTestId('complaint-success')).toHaveCount(0);

  await form.getByTestId('complaint-phone').fill('0991-2817766');
  await form.getByTestId('complaint-submit').click();
  await expect(page.getByTestId('complaint-success')).toContainText('提交成功');
  await expect(form.getByTestId('complaint-name')).toHaveValue('');
});
