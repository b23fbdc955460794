import { randomInt } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { BrowserContext } from '@playwright/test';
import * as sdkCalls from '../../sdk/src/calls';
import { expect, test, type Locator, type Page } from './fixtures';
import { signIn, openMenu } from './staff';
import {
  ADMIN,
  ELSEWHERE,
  kitFor,
  sender,
  type Account,
  type Filter,
  type SweepCase,
  type SweepFile,
} from './sweep/kit';

// 详情 and 导出 on every generic admin list (issue 31), one case a list — a file of its own in
// sweep/lists/, each run here (a new list is swept by adding its file; the first test below
// fails while an export call of the SDK has no case). Each list is opened from the side menu,
// a row's 详情 shows a value, a filter is applied — with 高级查询, a sorted column and a column
// hidden by 列设置 wherever the list offers them — and 导出 writes exactly the rows it matches,
// in the order shown, without the hidden column; then one row is ticked and 导出 writes that
// row alone — headers are labels, values labels not codes, times China time. The rows are the
// test's own, made over HTTP with codes no other journey uses (a fresh run token each time:
// the file runs side by side with itself), except where a list only reads what the system
// keeps (插件, 区域, 注册审核), which are read, never changed. Imports: list-import.spec.ts;
// the trees (机构, 栏目): tree-export.spec.ts. Accounts: docs/auth.md.

test.describe.configure({ retries: 0 });

const LISTS = join(dirname(fileURLToPath(import.meta.url)), 'sweep', 'lists');
const sweeps: Array<{ name: string; make: SweepFile }> = await Promise.all(
  readdirSync(LISTS)
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .map(async (file) => ({
      name: file,
      make: ((await import(`./sweep/lists/${file}`)) as { default: SweepFile }).default,
    })),
);

/** `2026-04-01 08:30:00` in China time, within ten minutes of now (UTC would be eight hours off). */
function expectChinaNow(value: string, header: string) {
  expect(value, header).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/);
  const at = new Date(`${value.replace(' ', 'T')}+08:00`).getTime();
  expect(Math.abs(at - Date.now()), `${header} ${value} is China time`).toBeLessThan(10 * 60_000);
}

test('every export call of the SDK is swept: a case in sweep/lists, or a tree’s spec', () => {
  const swept = new Set(sweeps.map(({ make }) => make('000000', kitFor('000000')).exports));
  const exportCalls = Object.values(sdkCalls).flatMap((group) =>
    Object.entries(group as Record<string, { path?: string; kind?: string }>)
      .filter(([key, call]) => /export/i.test(key) && call?.kind === 'download')
      .map(([, call]) => call.path!),
  );
  expect(exportCalls.length).toBeGreaterThan(20);
  expect(exportCalls.filter((path) => !swept.has(path) && !(path in ELSEWHERE))).toEqual([]);
  // And no case names a call the SDK does not have.
  expect([...swept].filter((path) => !exportCalls.includes(path))).toEqual([]);
});

type SignedIn = { state: Awaited<ReturnType<BrowserContext['storageState']>>; token: string };

/**
 * The browser state of each account signed in, kept by the worker: the first test signs in
 * (signIn, staff.ts), the next ones open their page with that state instead of logging in
 * again. Each test still has a page of its own, so that one list's failure or leftovers (a
 * drawer, a tab, a filter the workspace keeps) are never the next one's.
 */
const signedIn = new Map<string, SignedIn>();

/**
 * Columns a list shows that its file does not hold: a count the tree draws its expander from
 * (下级区域), a dictionary's button to its items (字典项). Every other column's title is a
 * header of the file — a time's （北京时间）, said on screen where a time could be misread, aside.
 */
const SHOWN_NOT_FILED = new Set(['下级区域', '字典项', '操作', '']);
const asFiled = (title: string) => title.replace(/（北京时间）$/, '');

async function landSignedIn(page: Page, account: Account): Promise<SignedIn> {
  const key = `${account.code}/${account.username}`;
  const kept = signedIn.get(key);
  if (kept) {
    await page.context().addCookies(kept.state.cookies);
    await page.addInitScript((origin) => {
      if (window.location.origin === origin.origin)
        for (const { name, value } of origin.localStorage) window.localStorage.setItem(name, value);
    }, kept.state.origins[0]!);
    await page.goto('/project/display');
    return kept;
  }
  await signIn(page, account.username, account.password, account.code);
  const state = await page.context().storageState();
  const entry = state.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'dandelion__token');
  const made = { state, token: (JSON.parse(entry!.value) as { value: string }).value };
  signedIn.set(key, made);
  return made;
}

async function readRows(page: Page, download: import('@playwright/test').Download) {
  // The notice is brief (3 s): looked for before the file is read.
  await expect(page.getByText('导出完成')).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const cells: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    cells.push(
      Array.from(row.values as unknown[])
        .slice(1)
        .map((value) => String(value ?? '')),
    );
  });
  const [headers, ...rows] = cells;
  return {
    headers: headers ?? [],
    rows: rows.map((row) => Object.fromEntries((headers ?? []).map((header, index) => [header, row[index] ?? '']))),
  };
}

async function applyFilter(page: Page, list: Locator, filter: Filter) {
  if ('placeholder' in filter) {
    await list.getByPlaceholder(filter.placeholder).fill(filter.value);
    return;
  }
  const item = list.getByTestId('list-search-form').locator('.arco-form-item').filter({ hasText: filter.select });
  await item.locator('.arco-select').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: filter.option }).click();
}

/** Clicks, then waits for the list's call that follows (a body with a page and a sort). */
async function clickAndLoad(page: Page, target: Locator) {
  await Promise.all([
    page.waitForResponse((response) => {
      try {
        const body = response.request().postDataJSON() as { pageNum?: number; sort?: unknown } | null;
        return Boolean(body && typeof body.pageNum === 'number' && 'sort' in body);
      } catch {
        return false;
      }
    }),
    target.click(),
  ]);
}

/**
 * 高级查询 where the list offers it on the header the filter reads: that field 包含 the first
 * filter's text. Answers whether it was applied.
 */
async function superQuery(page: Page, list: Locator, sweep: SweepCase): Promise<boolean> {
  const button = list.getByRole('button', { name: '高级查询' });
  const [filter] = sweep.filters;
  if ((await button.count()) === 0 || !filter || !('placeholder' in filter)) return false;
  await button.first().click();
  const panel = page.getByTestId('list-super-query');
  const popup = page.locator('.arco-select-popup:visible');
  await panel.getByRole('combobox', { name: '字段' }).click();
  const field = popup.getByRole('option', { name: sweep.filtered.header, exact: true });
  const offered = (await field.count()) > 0;
  if (offered) {
    await field.click();
    await panel.getByRole('combobox', { name: '条件' }).click();
    const like = popup.getByRole('option', { name: '包含', exact: true });
    if ((await like.count()) === 0) await page.keyboard.press('Escape');
    else {
      await like.click();
      await panel.getByRole('textbox', { name: '值' }).fill(filter.value);
      await clickAndLoad(page, page.getByRole('dialog').getByRole('button', { name: '查询', exact: true }));
      return true;
    }
  } else await page.keyboard.press('Escape');
  await page.getByRole('dialog').getByRole('button', { name: '取消', exact: true }).click();
  return false;
}

/** 200 rows a page, where the list has a pager: a sort cannot move the test's rows off the page. */
async function showAll(page: Page, list: Locator) {
  const pager = list.getByTestId('list-pager');
  if ((await pager.count()) === 0) return;
  await pager.locator('.arco-select').click();
  await clickAndLoad(page, page.locator('.arco-select-popup:visible').getByText('200 条/页', { exact: true }));
}

/** The cells of each row the list shows, as text. */
function shownCells(list: Locator): Promise<string[][]> {
  return list
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim())),
    );
}

/** The title of the first column the list sorts on that the file has, sorted descending (two clicks). */
async function sortDescending(page: Page, list: Locator, headers: string[]): Promise<string | null> {
  const titles = await list.locator('th .arco-table-cell-with-sorter').allInnerTexts();
  const title = titles.map((text) => text.trim()).find((text) => headers.includes(text));
  if (!title) return null;
  const header = list.locator('th').filter({ has: page.locator('.arco-table-cell-with-sorter', { hasText: title }) });
  await clickAndLoad(page, header.first());
  await clickAndLoad(page, header.first());
  // The pointer leaves the header: its 取消排序 tooltip would stay over the toolbar above it
  // (in a drawer, over 导出: a click there waited until the test timed out, 执行记录 in CI).
  await page.mouse.move(0, 0);
  await expect(page.locator('.arco-tooltip-content', { hasText: '取消排序' })).toBeHidden();
  return title;
}

/** Hides, by 列设置, the last column the file has that the case reads nothing from. */
async function hideColumn(page: Page, list: Locator, sweep: SweepCase, keep: string[]): Promise<string | null> {
  const button = list.getByRole('button', { name: /列设置/ });
  if ((await button.count()) === 0) return null;
  const shown = (await list.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  // The export then writes the columns shown: the file's key and filtered column must be among them.
  if (!shown.includes(sweep.key) || !shown.includes(sweep.filtered.header)) return null;
  const reads = new Set([sweep.key, sweep.filtered.header, ...Object.keys(sweep.row), ...(sweep.fresh ?? []), ...keep]);
  const title = sweep.headers.filter((header) => shown.includes(header) && !reads.has(header)).at(-1);
  if (!title) return null;
  await button.click();
  const setting = page.locator('.arco-drawer').filter({ hasText: '列设置' });
  await setting.getByText(title, { exact: true }).click();
  await setting.getByRole('button', { name: '确定' }).click();
  await expect(list.getByRole('columnheader', { name: title, exact: true })).toHaveCount(0);
  return title;
}

for (const { name, make } of sweeps) {
  const title = make('000000', kitFor('000000')).list;
  test(`${title}: 详情 of a row; 导出 of the filtered, sorted rows, then of the ticked one (${name})`, async ({
    page,
  }) => {
    const u = String(randomInt(100000, 1000000));
    const sweep = make(u, kitFor(u));
    const { token } = await landSignedIn(page, sweep.account ?? ADMIN);
    const send = sender(page.request, token);
    const seeded = sweep.seed ? await sweep.seed(send) : {};
    try {
      await openMenu(page, ...sweep.menu);
      await expect(page).toHaveURL(sweep.url);
      const outer = page.getByTestId(sweep.testId);
      const list = sweep.open ? await sweep.open(page, outer, seeded) : outer;

      // The filter, as typed or picked.
      for (const filter of sweep.filters) await applyFilter(page, list, filter);
      if (sweep.filters.length > 0) {
        await list.getByTestId('list-search-form').getByRole('button', { name: '查询', exact: true }).click();
      }
      // 详情: read-only, in a drawer (over the list's own, for 执行记录).
      const drawers = page.locator('.arco-drawer:visible');
      const open = await drawers.count();
      const detailRow = list.locator('tr', { hasText: sweep.detail.row }).first();
      await detailRow.getByRole('button', { name: sweep.detail.button ?? '详情', exact: true }).click();
      await expect(drawers).toHaveCount(open + 1);
      const drawer = drawers.last();
      if (sweep.detail.key)
        await expect(drawer.getByTestId(`list-detail-${sweep.detail.key}`)).toContainText(sweep.detail.shows);
      else await expect(drawer).toContainText(sweep.detail.shows);
      await drawer.locator('.arco-drawer-close-icon').click();
      await expect(drawers).toHaveCount(open);

      // What the list offers of the generic list's view: 高级查询, a sorted column, 列设置.
      await showAll(page, list);
      await expect(list.locator('tr', { hasText: sweep.tick }).first()).toBeVisible();
      const queried = await superQuery(page, list, sweep);
      const sorted = await sortDescending(page, list, sweep.headers);
      const hidden = await hideColumn(page, list, sweep, sorted ? [sorted] : []);
      test.info().annotations.push({
        type: 'view',
        description: `高级查询 ${queried ? 'yes' : 'no'}, sorted ${sorted ?? 'no'}, hidden ${hidden ?? 'no'}`,
      });
      const shownTitles = (await list.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());

      // 导出 of the filtered rows: those the filter matches, the test's own among them, in the order shown.
      const exportButton = list.getByRole('button', { name: /^导出/ });
      await expect(list.locator('tr', { hasText: sweep.tick }).first()).toBeVisible();
      const shownRows = await shownCells(list);
      const [all, called] = await Promise.all([
        page.waitForEvent('download'),
        page.waitForRequest((request) => new URL(request.url()).pathname === sweep.exports),
        exportButton.click(),
      ]);
      expect(all.suggestedFilename()).toBe(sweep.file);
      if (queried) expect(called.postDataJSON()).toHaveProperty('superQueryParams');
      const filtered = await readRows(page, all);
      if (hidden) {
        // The columns shown, less the one hidden, in the list's order (and what a re-import needs).
        expect(filtered.headers).not.toContain(hidden);
        const expected = sweep.headers.filter((header) => filtered.headers.includes(header));
        expect(filtered.headers.slice(0, expected.length)).toEqual(expected);
        for (const title of shownTitles.filter((title) => sweep.headers.includes(title)))
          expect(filtered.headers).toContain(title);
      } else expect(filtered.headers.slice(0, sweep.headers.length)).toEqual(sweep.headers);
      // The file's labels are the list's (each written once on the server and once on the page).
      for (const title of shownTitles.filter((shown) => !SHOWN_NOT_FILED.has(shown)))
        expect(filtered.headers, `the list's column ${title}`).toContain(asFiled(title));
      // Labels, never a wire name (`loginName`, `create_time`).
      for (const header of filtered.headers) expect(header).not.toMatch(/^[a-z]+(?:[A-Z_][a-z]*)+$|^[a-z]+$/);
      expect(filtered.rows.length).toBeGreaterThan(0);
      for (const row of filtered.rows)
        expect(sweep.filtered.matches(row[sweep.filtered.header]!), JSON.stringify(row)).toBe(true);
      const keys = filtered.rows.map((row) => row[sweep.key]!);
      for (const key of sweep.filtered.includes) expect(keys).toContain(key);
      // The file's rows in the list's order (as far as the page shows them): the first row first.
      if (shownTitles.includes(sweep.key)) {
        const positions = keys
          .map((key) => shownRows.findIndex((cells) => cells.includes(key)))
          .filter((at) => at >= 0);
        expect(positions.length).toBeGreaterThan(0);
        expect(positions, 'the file in the order the list shows').toEqual([...positions].sort((a, b) => a - b));
      }

      // 导出 of the ticked row alone. Arco draws the box over a hidden input: the box is what a user clicks.
      const box = list.locator('tr', { hasText: sweep.tick }).first().locator('.arco-checkbox');
      await box.click();
      await expect(box).toHaveClass(/arco-checkbox-checked/);
      const [one] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
      const ticked = await readRows(page, one);
      expect(ticked.headers).toEqual(filtered.headers);
      expect(ticked.rows).toHaveLength(1);
      const [row] = ticked.rows;
      // (A column the list does not show is not exported once 列设置 has hidden one.)
      const written = (header: string) => !hidden || ticked.headers.includes(header) || shownTitles.includes(header);
      for (const [header, value] of Object.entries(sweep.row)) {
        if (!written(header)) continue;
        if (typeof value === 'string') expect(row![header], header).toBe(value);
        else expect(row![header], header).toMatch(value);
      }
      for (const header of (sweep.fresh ?? []).filter(written)) expectChinaNow(row![header]!, header);
    } finally {
      await sweep.cleanup?.(send);
    }
  });
}

// 导出 writes what the list shows (issue 31), on a generic list of the seam (岗位管理; every list
// on ListPage exports through the same store): the rows 高级查询 leaves, in the order of the
// column sorted, without the column 列设置 hid — the ticked-row case is the sweep's above.
test('岗位管理: 导出 follows 高级查询, the sorted column and the columns 列设置 leaves', async ({ page }) => {
  const u = String(randomInt(100000, 1000000));
  const { token } = await landSignedIn(page, ADMIN);
  const send = sender(page.request, token);
  // Three posts of this run, their 排序 not in the order of their codes.
  for (const [suffix, name, sort] of [
    ['a', '甲', 3],
    ['b', '乙', 1],
    ['c', '丙', 2],
  ] as const)
    await send('/rest/postService/addPost', {
      code: `order_${u}_${suffix}`,
      name: `排序岗位${name}${u}`,
      status: '1',
      sort,
    });

  await openMenu(page, '系统管理', '岗位管理');
  const list = page.getByTestId('post-list');
  await expect(list).toContainText(/共 \d+ 条/);

  // 高级查询: 岗位编码 包含 this run's token.
  await list.getByRole('button', { name: '高级查询' }).click();
  const superQuery = page.getByTestId('list-super-query');
  await superQuery.getByRole('combobox', { name: '字段' }).click();
  await page.locator('.arco-select-popup:visible').getByRole('option', { name: '岗位编码', exact: true }).click();
  await superQuery.getByRole('combobox', { name: '条件' }).click();
  await page.locator('.arco-select-popup:visible').getByRole('option', { name: '包含', exact: true }).click();
  await superQuery.getByRole('textbox', { name: '值' }).fill(`order_${u}`);
  await page.getByRole('button', { name: '查询', exact: true }).last().click();
  await expect(list).toContainText('共 3 条');

  // 排序, descending (a first click sorts up, a second down).
  const sortHeader = list.getByRole('columnheader', { name: '排序' });
  await sortHeader.click();
  await expect(list.locator('tbody tr').first()).toContainText(`order_${u}_b`);
  await sortHeader.click();
  await expect(list.locator('tbody tr').first()).toContainText(`order_${u}_a`);
  await expect(list.locator('tbody tr')).toHaveCount(3);

  // 列设置: 描述 hidden.
  await list.getByRole('button', { name: /列设置/ }).click();
  const setting = page.locator('.arco-drawer').filter({ hasText: '列设置' });
  await setting.getByText('描述', { exact: true }).click();
  await setting.getByRole('button', { name: '确定' }).click();
  await expect(list.getByRole('columnheader', { name: '描述' })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    list.getByRole('button', { name: /^导出/ }).click(),
  ]);
  const file = await readRows(page, download);
  expect(file.headers).toEqual(['岗位编码', '岗位名称', '排序', '状态', '在岗人数', '创建时间']);
  expect(file.rows.map((row) => [row['岗位编码'], row['排序']])).toEqual([
    [`order_${u}_a`, '3'],
    [`order_${u}_c`, '2'],
    [`order_${u}_b`, '1'],
  ]);
});
