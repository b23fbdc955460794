import { applyOverHttp } from './applicant';
import { expect, test, type Locator, type Page } from './fixtures';
import { statusCodeOverHttp } from './login-api';
import { openSignedIn } from './staff';

// Issue 31, item 4: the back office's lists at the widths staff use (1440 and 1920 px). A row
// is the density's height (spec: 54 default, 46 中等, 38 紧凑) — no 操作 button or value
// wraps to a second line; a time is never cut; with nothing found the pager and 共 0 条 stay.
// 系统监控 has its title and keeps each figure on one line.

const DENSITIES: Array<[string, number]> = [
  ['默认', 54],
  ['中等', 46],
  ['紧凑', 38],
];

/** The heights (px) of the list's rows. */
function rowHeights(list: Locator): Promise<number[]> {
  return list
    .locator('.arco-table-body tbody tr')
    .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
}

/** The cells of column `dataIndex` whose value is cut (wider than the cell shows). */
function clippedCells(list: Locator, dataIndex: string): Promise<string[]> {
  return list.locator(`.arco-table-body [data-list-column="${dataIndex}"]`).evaluateAll((values) =>
    values
      .map((value) => value.closest<HTMLElement>('.arco-table-cell')!)
      .filter((cell) => cell.scrollWidth > cell.clientWidth)
      .map((cell) => `${cell.textContent} (${cell.scrollWidth} > ${cell.clientWidth})`),
  );
}

async function expectTimesWhole(page: Page, path: string, testId: string) {
  await page.goto(path);
  const list = page.getByTestId(testId);
  await expect(list.locator('[data-list-column="createTime"]').first()).toHaveText(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  );
  expect(await clippedCells(list, 'createTime')).toEqual([]);
}

for (const width of [1440, 1920]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('用户管理 rows keep the density heights; 短信日志 and 操作日志 show whole times', async ({
      page,
      request,
    }) => {
      // A message in 短信日志 (the status page's code to an application's mobile).
      const mobile = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const { code } = await applyOverHttp(request, {
        name: `版式测试物流有限公司${width}`,
        mobile,
        street: '友好路 1 号',
      });
      await statusCodeOverHttp(request, code);
      await openSignedIn(page, '/system/user', 'admin', 'Admin@2026');
      const users = page.getByTestId('user-list');
      await expect(users.locator('.arco-table-body tbody tr').first()).toContainText(/\S/);
      for (const [density, height] of DENSITIES) {
        await users.getByText(density, { exact: true }).click();
        await expect.poll(() => rowHeights(users)).toEqual(expect.arrayContaining([height]));
        const heights = await rowHeights(users);
        expect(heights, `${density}: every row ${height} px`).toEqual(heights.map(() => height));
      }
      // The 操作 buttons side by side, none cut.
      const actions = users.locator('.arco-table-body [data-list-column="__actions"]').first();
      const tops = await actions
        .locator('button')
        .evaluateAll(
          (buttons) => new Set(buttons.map((button) => Math.round(button.getBoundingClientRect().top))).size,
        );
      expect(tops).toBe(1);
      expect(await clippedCells(users, '__actions')).toEqual([]);
      expect(await clippedCells(users, 'createTime')).toEqual([]);

      // Nothing found: the pager and 共 0 条 stay.
      await users.getByPlaceholder('请输入登录名').fill('no-such-login-name');
      await users.getByRole('button', { name: '查询', exact: true }).click();
      await expect(users.getByTestId('list-pager')).toContainText('共 0 条');
      await expect(users.locator('.arco-pagination')).toBeVisible();

      await expectTimesWhole(page, '/system/sms', 'sms-log');
      // 短信日志's 导出 is an operation: 操作日志 has a row of this test's at least.
      await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
      await expectTimesWhole(page, '/system/log/operation', 'operation-log');
    });

    test('系统监控 has its title and keeps each figure on one line', async ({ page }) => {
      await openSignedIn(page, '/system/monitor', 'admin', 'Admin@2026');
      const monitor = page.getByTestId('server-monitor');
      await expect(monitor.getByRole('heading', { name: '系统监控' })).toBeVisible();
      const cells = page.getByTestId('monitor-processes').locator('tbody td .arco-table-cell');
      await expect(cells.first()).toContainText('主进程');
      // Lines of each value but the search index's sentence.
      const lines = await cells.evaluateAll((all) =>
        all.map((cell) => {
          const style = getComputedStyle(cell);
          const content = cell.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
          return { text: cell.textContent ?? '', lines: Math.round(content / parseFloat(style.lineHeight)) };
        }),
      );
      const figures = lines.filter(({ text }) => !text.includes('条，版本'));
      expect(figures.filter(({ lines: count }) => count > 1).map(({ text }) => text)).toEqual([]);
    });
  });
}
