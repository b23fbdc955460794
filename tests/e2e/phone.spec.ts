import { expect, test, type Locator, type Page } from './fixtures';

// A visitor on a phone (the `phone` project: 390 × 844, touch). Every public page fits the
// screen: the header folds into a menu, filters fold behind 筛选, tables scroll in their own
// box with the key column in view, and the floating tools are one button that covers nothing
// at the bottom of a page. The checks of the `… px wide` groups run at 390 px and at 360 px,
// the narrowest phone the public pages support; the walk to the bottom of every page only at
// 360 px, where the least room is left beside the button (it takes half a minute a width).

// Each test only reads public pages: they run side by side.
test.describe.configure({ mode: 'parallel' });

const PUBLIC_PAGES = [
  '/home',
  '/warehouse',
  '/bid',
  '/bid/detail?batchNumber=13001221001',
  '/batchQuality?batchNumber=13001221001',
  '/financialService',
  '/service',
  '/about',
  '/search?keyWord=棉花',
  '/register',
];

/** The public pages plus the ones reached from them, for the floating-button check. */
const BOTTOM_PAGES = [...PUBLIC_PAGES, '/reservation', '/inlReservation', '/register/status'];

/** The `phone` project's width and the narrowest supported phone. */
const WIDTHS = [390, 360];

/** How far the page itself scrolls sideways (0 when everything fits the screen). */
function sidewaysScroll(page: Page) {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

test('every public page fits the phone: no sideways scroll, a menu button, one floating button', async ({ page }) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByTestId('page-main').locator('*').first(), path).toBeVisible();
    await expect(page.getByTestId('site-footer'), path).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(await sidewaysScroll(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    await expect(page.getByTestId('header-menu'), path).toBeVisible();
    await expect(page.getByTestId('site-nav'), path).toBeHidden();
    await expect(page.getByTestId('header-login'), path).toBeHidden();
    await expect(page.getByTestId('tools-toggle'), path).toBeVisible();
    await expect(page.getByTestId('tool-phone'), path).toBeHidden();
  }

  // The one floating button opens the tools.
  await page.getByTestId('tools-toggle').click();
  await expect(page.getByTestId('tool-phone')).toBeVisible();
  await expect(page.getByTestId('tool-qr')).toBeVisible();
});

test('the menu button opens the navigation, the search, 登录 and 注册', async ({ page }) => {
  await page.goto('/warehouse');
  await page.getByTestId('header-menu').click();
  const menu = page.getByTestId('header-menu-panel');
  await expect(menu).toBeVisible();
  for (const title of ['首页', '仓单查询', '服务中心'])
    await expect(menu.getByRole('link', { name: title })).toBeVisible();
  await expect(menu.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '注册' })).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

  // A navigation item: the menu closes on the new page.
  await menu.getByRole('link', { name: '服务中心' }).click();
  await expect(page).toHaveURL(/\/service$/);
  await expect(menu).toBeHidden();

  // The search from the menu.
  await page.getByTestId('header-menu').click();
  await menu.getByPlaceholder('请输入关键字').fill('棉花');
  await menu.getByPlaceholder('请输入关键字').press('Enter');
  await expect(page).toHaveURL(/\/search\?keyWord=%E6%A3%89%E8%8A%B1/);

  // 注册 from the menu.
  await page.getByTestId('header-menu').click();
  await menu.getByRole('link', { name: '注册' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('the warehouse list: the table scrolls in its box with the name in view, the folded filter applies', async ({
  page,
}) => {
  await page.goto('/warehouse');
  const table = page.getByTestId('warehouse-table');
  const firstName = table.locator('tbody tr').first().locator('td').first();
  await expect(firstName).toBeVisible();

  // The table scrolls sideways inside its box; the warehouse name stays on screen.
  // The box that scrolls: the rows under the sticky header.
  const scrolled = await table.evaluate((element) => {
    const boxes = [...element.querySelectorAll<HTMLElement>('.cotton-light-table-scroller')];
    const box = boxes.find((candidate) => ['auto', 'scroll'].includes(getComputedStyle(candidate).overflowX));
    box?.scrollBy({ left: 600 });
    return box ? box.scrollLeft : -1;
  });
  expect(scrolled, 'the table scrolls sideways in its own box').toBeGreaterThan(0);
  const box = await firstName.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

  // The filter is folded behind 筛选; open it, pick 新疆 and search.
  const form = page.getByTestId('warehouse-search-form');
  await expect(form.getByRole('button', { name: /查询/ })).toBeHidden();
  await page.getByTestId('warehouse-filter-toggle').click();
  await form.getByLabel('区域类型').selectOption({ label: '新疆' });
  await form.getByRole('button', { name: /查询/ }).click();
  await expect(page).toHaveURL(/warehouseAreaType=1/);
  await expect(page.getByTestId('warehouse-filter-toggle')).toContainText('筛选（已设条件）');
  await expect(form.getByRole('button', { name: /查询/ })).toBeHidden();
  await expect(table.locator('tbody tr').first()).toContainText('新疆');
});

test('receipts: the folded filter panel applies a colour grade; the quality table keeps its first column in view', async ({
  page,
}) => {
  await page.goto('/bid');
  const cards = page.locator('[data-testid^="receipt-card-"]');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('filter-colorGrade-31')).toBeHidden();
  await page.getByTestId('filter-phone-toggle').click();
  await page.getByTestId('filter-colorGrade-31').click();
  await expect(page).toHaveURL(/colorGrade=31/);
  await expect(cards.first().getByTestId('receipt-colorGrade').locator('dd')).toHaveText('白棉3级');
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

  await page.goto('/bid/detail?batchNumber=13001221001');
  const quality = page.getByTestId('quality-table');
  await expect(quality).toBeVisible();
  const firstTitle = quality.getByRole('rowheader').first();
  await quality.evaluate((element) => element.parentElement!.scrollBy({ left: 400 }));
  await expect.poll(() => quality.evaluate((element) => element.parentElement!.scrollLeft)).toBeGreaterThan(0);
  const box = await firstTitle.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
});

/** Whether a tap at the element's centre reaches it (not something on top of it). */
function reachable(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

for (const width of WIDTHS) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('/register: every step title is whole, on screen and apart from the others', async ({ page }) => {
      await page.goto('/register');
      const titles = page.getByTestId('register-steps').locator('.arco-steps-item-title');
      await expect(titles).toHaveText(['选择账户类型', '填写注册信息', '等待审核']);
      const boxes = await titles.evaluateAll((elements) =>
        elements.map((title) => {
          // The text itself, clipped by no box around it (Arco's step items hide their overflow).
          const range = document.createRange();
          range.selectNodeContents(title);
          const text = range.getBoundingClientRect();
          let clipped = false;
          for (let box = title.parentElement; box && box !== document.body; box = box.parentElement) {
            if (getComputedStyle(box).overflowX === 'visible') continue;
            const edge = box.getBoundingClientRect();
            if (text.left < edge.left - 0.5 || text.right > edge.right + 0.5) clipped = true;
          }
          return {
            title: title.textContent,
            left: text.left,
            right: text.right,
            top: text.top,
            bottom: text.bottom,
            clipped,
            cut: title.scrollWidth > title.clientWidth,
          };
        }),
      );
      for (const [i, box] of boxes.entries()) {
        expect(box.clipped, `${box.title} is cut off`).toBe(false);
        expect(box.cut, `${box.title} overflows its label`).toBe(false);
        expect(box.left, `${box.title} starts off screen`).toBeGreaterThanOrEqual(0);
        expect(box.right, `${box.title} ends off screen`).toBeLessThanOrEqual(width);
        const before = boxes.slice(0, i);
        const into = before.find(
          (other) =>
            box.left < other.right && box.right > other.left && box.top < other.bottom && box.bottom > other.top,
        );
        expect(into?.title, `${box.title} runs into another title`).toBeUndefined();
        expect(await reachable(titles.nth(i)), `${box.title} is covered`).toBe(true);
      }
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    });

    test('/financialService: the contact table keeps 单位名称 in view while it scrolls sideways', async ({ page }) => {
      await page.goto('/financialService');
      const table = page.getByTestId('finance-contact-table');
      const organization = table.locator('tbody tr').first().locator('td').nth(1);
      await expect(organization).toContainText('办事处');
      await table.scrollIntoViewIfNeeded();
      await table.evaluate((box) => box.scrollBy({ left: 600 }));
      await expect.poll(() => table.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
      const box = (await table.boundingBox())!;
      for (const cell of [organization, table.getByRole('columnheader', { name: '单位名称' })]) {
        const cellBox = (await cell.boundingBox())!;
        expect(cellBox.x, 'the name stays at the left of the box').toBeGreaterThanOrEqual(box.x);
        expect(cellBox.x + cellBox.width).toBeLessThanOrEqual(Math.min(width, box.x + box.width));
        expect(await reachable(cell), 'the columns scrolling by pass under the name').toBe(true);
      }
      // The 类别 column went by; the phone column is on screen beside the name.
      const type = (await table.locator('tbody tr').first().locator('td').first().boundingBox())!;
      expect(type.x + type.width).toBeLessThanOrEqual(box.x + 1);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    });

    if (width !== 360) return;
    // One test per page: each within its own time limit, and a failure names its page.
    for (const path of BOTTOM_PAGES)
      test(`${path}: scrolled to the bottom, nothing sits under the floating button`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByTestId('page-main').locator('*').first(), path).toBeVisible();
        await page.waitForLoadState('networkidle');
        const button = page.getByTestId('tools-toggle');
        await expect(button, path).toBeVisible();
        // Scrolled to the end — again while the page still grows as it loads (the week's
        // cards arrive after the first frame) — nothing (text, link, button, field, image)
        // is under the button.
        await expect
          .poll(
            () =>
              button.evaluate((toggle) => {
                const root = document.scrollingElement!;
                window.scrollTo(0, root.scrollHeight);
                if (root.scrollHeight - window.innerHeight - window.scrollY > 1) return ['not yet at the end'];
                const tools = toggle.getBoundingClientRect();
                const under = (box: DOMRect) =>
                  box.width > 0 &&
                  box.height > 0 &&
                  box.left < tools.right &&
                  box.right > tools.left &&
                  box.top < tools.bottom &&
                  box.bottom > tools.top;
                const own = (node: Node) => toggle.closest('[data-testid="floating-tools"]')!.contains(node);
                const found: string[] = [];
                const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                for (let node = texts.nextNode(); node; node = texts.nextNode()) {
                  if (!node.textContent?.trim() || own(node)) continue;
                  const range = document.createRange();
                  range.selectNodeContents(node);
                  if ([...range.getClientRects()].some(under))
                    found.push(`text "${node.textContent.trim().slice(0, 40)}"`);
                }
                const controls = 'a, button, input, select, textarea, img, svg, [role="button"], [tabindex]';
                for (const element of document.querySelectorAll(controls)) {
                  if (!own(element) && under(element.getBoundingClientRect()))
                    found.push(`<${element.tagName.toLowerCase()}> ${element.textContent?.trim().slice(0, 40) ?? ''}`);
                }
                return found;
              }),
            { message: `${path}: under the floating button` },
          )
          .toEqual([]);

        // The footer's links and lines: a tap reaches each one.
        const footer = page.getByTestId('site-footer');
        const needed = footer.locator('a, [data-testid="footer-copyright"], [data-testid="footer-qr"]');
        const count = await needed.count();
        expect(count, path).toBeGreaterThan(0);
        for (let i = 0; i < count; i++) {
          const item = needed.nth(i);
          await item.scrollIntoViewIfNeeded();
          expect(await reachable(item), `${path}: ${await item.textContent()} is covered`).toBe(true);
        }
      });
  });
}
