import ExcelJS from 'exceljs';
import type { Download } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { openSignedIn } from './staff';

// Issue 31: the trees have the generic list's 详情 and 导出 — 机构管理 (the administrator),
// 栏目管理 (the content editor, whose role holds 导出栏目) and 菜单管理 (the administrator). Each
// ticks two nodes, exports and reads the file: its headers and the ticked rows, labels not codes;
// 机构 and 栏目 first open a node's 详情 (its parent, path and level, which the tree shows by
// indentation only). Seeded nodes only, read and never changed. 机构管理's 查询 lists the
// organisations found, sorts and exports them.

test.describe.configure({ retries: 0 });

async function rowsOf(page: Page, download: Download): Promise<string[][]> {
  // The notice is brief (3 s): looked for before the file is read.
  await expect(page.getByText('导出完成')).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push(
      Array.from(row.values as unknown[])
        .slice(1)
        .map((value) => String(value ?? '')),
    );
  });
  return rows;
}

async function closeDetail(page: Page) {
  const detail = page.getByTestId('list-detail');
  await page.locator('.arco-drawer').filter({ has: detail }).locator('.arco-drawer-close-icon').click();
  await expect(detail).toBeHidden();
}

test('机构管理: 详情 of an organisation, and 导出 of the ticked ones', async ({ page }) => {
  await openSignedIn(page, '/system/org', 'admin', 'Admin@2026');
  const list = page.getByTestId('org-list');
  await expect(list.getByText('新疆监管处')).toBeVisible();

  await list.getByTestId('org-detail-WH-XJ').click();
  const detail = page.getByTestId('list-detail');
  await expect(detail.getByTestId('list-detail-parentId')).toHaveText('仓储监管部（WAREHOUSE）');
  await expect(detail.getByTestId('list-detail-path')).toHaveText('全国棉花交易市场 / 仓储监管部 / 新疆监管处');
  await expect(detail.getByTestId('list-detail-level')).toHaveText('3');
  await closeDetail(page);

  for (const name of ['新疆监管处', '交易部']) {
    // Arco draws the box over a hidden input: the box is what a user clicks.
    const box = list.locator('tr', { hasText: name }).locator('.arco-checkbox');
    await box.click();
    await expect(box).toHaveClass(/arco-checkbox-checked/);
  }
  await expect(list.getByTestId('org-export')).toHaveText(/导出（2）/);
  const [download] = await Promise.all([page.waitForEvent('download'), list.getByTestId('org-export').click()]);
  expect(download.suggestedFilename()).toBe('机构列表.xlsx');
  const rows = await rowsOf(page, download);
  expect(rows[0]).toEqual([
    '机构编码',
    '机构名称',
    '上级机构',
    '上级机构编码',
    '层级',
    '路径',
    '排序',
    '直属用户数',
    '创建时间',
  ]);
  expect(rows).toHaveLength(3);
  const byCode = new Map(rows.slice(1).map((row) => [row[0], row]));
  expect(byCode.get('WH-XJ')!.slice(0, 6)).toEqual([
    'WH-XJ',
    '新疆监管处',
    '仓储监管部',
    'WAREHOUSE',
    '3',
    '全国棉花交易市场 / 仓储监管部 / 新疆监管处',
  ]);
  expect(byCode.get('TRADE')!.slice(0, 5)).toEqual(['TRADE', '交易部', '全国棉花交易市场', 'CNCE', '2']);
  expect(byCode.get('TRADE')![8]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});

test('栏目管理: 详情 of a catalogue, and 导出 of the ticked ones', async ({ page }) => {
  await openSignedIn(page, '/cms/catalog', 'editor', 'Editor@2026');
  const tree = page.getByTestId('catalog-list');
  await expect(tree.getByText('交易规则')).toBeVisible();

  await tree.getByTestId('catalog-detail-tradeRules').click();
  const detail = page.getByTestId('list-detail');
  await expect(detail.getByTestId('list-detail-catalogType')).toHaveText('文章栏目');
  await expect(detail.getByTestId('list-detail-parentId')).toHaveText('用户中心（userCenter）');
  await expect(detail.getByTestId('list-detail-path')).toHaveText('服务中心 / 用户中心 / 交易规则');
  await closeDetail(page);

  for (const title of ['交易规则', '首页轮播图']) {
    const box = tree.locator('tr', { hasText: title }).locator('.arco-checkbox');
    await box.click();
    await expect(box).toHaveClass(/arco-checkbox-checked/);
  }
  const [download] = await Promise.all([page.waitForEvent('download'), tree.getByTestId('catalog-export').click()]);
  expect(download.suggestedFilename()).toBe('栏目列表.xlsx');
  const rows = await rowsOf(page, download);
  expect(rows[0]).toEqual([
    '栏目编码',
    '栏目名称',
    '栏目类型',
    '上级栏目',
    '上级栏目编码',
    '层级',
    '路径',
    '排序',
    '是否显示',
    '内容数',
    '描述',
  ]);
  expect(rows).toHaveLength(3);
  const byCode = new Map(rows.slice(1).map((row) => [row[0], row]));
  expect(byCode.get('tradeRules')!.slice(0, 7)).toEqual([
    'tradeRules',
    '交易规则',
    '文章栏目',
    '用户中心',
    'userCenter',
    '3',
    '服务中心 / 用户中心 / 交易规则',
  ]);
  expect(byCode.get('banner')!.slice(0, 3)).toEqual(['banner', '首页轮播图', '轮播图']);
  expect(byCode.get('banner')![8]).toBe('显示');
});

test('菜单管理: 导出 of the ticked menus, 类型 and the flags in words', async ({ page }) => {
  await openSignedIn(page, '/system/menu', 'admin', 'Admin@2026');
  const list = page.getByTestId('menu-list');
  await expect(list.getByRole('cell', { name: '/system/menu', exact: true })).toBeVisible();

  // By their 路由地址: 企业管理 has a 用户管理 of its own.
  for (const path of ['/system/user', '/system/menu']) {
    const row = list.getByRole('row').filter({ has: page.getByRole('cell', { name: path, exact: true }) });
    const box = row.locator('.arco-checkbox');
    await box.click();
    await expect(box).toHaveClass(/arco-checkbox-checked/);
  }
  await expect(list.getByTestId('menu-export')).toHaveText(/导出（2）/);
  const [download] = await Promise.all([page.waitForEvent('download'), list.getByTestId('menu-export').click()]);
  expect(download.suggestedFilename()).toBe('菜单列表.xlsx');
  const rows = await rowsOf(page, download);
  expect(rows[0]).toEqual([
    '名称',
    '类型',
    '权限编码',
    '路由地址',
    '组件',
    '打开方式',
    '链接地址',
    '图标',
    '排序',
    '是否隐藏',
    '缓存',
    '上级菜单',
    '上级菜单编码',
    '层级',
    '路径',
    '创建时间',
  ]);
  expect(rows).toHaveLength(3);
  const byCode = new Map(rows.slice(1).map((row) => [row[2], row]));
  expect(byCode.get('system:user:list')!.slice(0, 8)).toEqual([
    '用户管理',
    '菜单',
    'system:user:list',
    '/system/user',
    'system/UserList',
    '页面',
    '',
    'user',
  ]);
  // 系统管理 is a 目录 without a code: its name, no code.
  expect(byCode.get('system:menu:list')!.slice(9, 15)).toEqual([
    '否',
    '是',
    '系统管理',
    '',
    '2',
    '系统管理 / 菜单管理',
  ]);
  expect(byCode.get('system:menu:list')![15]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});

test('机构管理: 查询 lists the organisations found, sorted by a column; 导出 writes what it shows', async ({
  page,
}) => {
  await openSignedIn(page, '/system/org', 'admin', 'Admin@2026');
  const list = page.getByTestId('org-list');
  await expect(list.getByText('新疆监管处')).toBeVisible();
  const form = list.getByTestId('list-search-form');
  await form.getByPlaceholder('请输入机构名称或编码').fill('监管处');
  await form.getByRole('button', { name: '查询', exact: true }).click();

  // The offices found (the seed's three, and any another test added), as a list with its pager:
  // the tree's other rows are gone.
  await expect(list.getByTestId('list-pager')).toBeVisible();
  await expect(list.getByText('交易部')).toHaveCount(0);
  // 机构编码's header sorts on the server.
  await Promise.all([
    page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/rest/organ/queryOrganPage' &&
        response.request().postDataJSON()?.sort?.field === 'code',
    ),
    list.getByRole('columnheader', { name: '机构编码' }).click(),
  ]);
  const cells = (column: number) => list.locator(`tbody tr td:nth-child(${column})`).allInnerTexts();
  await expect
    .poll(async () => {
      const codes = await cells(3);
      return codes.length > 0 && codes.join() === [...codes].sort().join();
    })
    .toBe(true);
  const codes = await cells(3);
  expect(codes).toEqual(expect.arrayContaining(['WH-HN', 'WH-SD', 'WH-XJ']));
  for (const name of await cells(2)) expect(name).toContain('监管处');

  // 导出: the rows shown, in the order shown.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    list.getByRole('button', { name: /^导出/ }).click(),
  ]);
  const rows = await rowsOf(page, download);
  expect(rows.slice(1).map((row) => row[0])).toEqual(codes);

  // 重置: the tree again.
  await form.getByRole('button', { name: '重置', exact: true }).click();
  await expect(list.getByText('交易部')).toBeVisible();
  await expect(list.getByTestId('list-pager')).toHaveCount(0);
});
