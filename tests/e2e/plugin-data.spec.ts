import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { sessionOverHttp } from './login-api';
import { BUSINESS_CODE, openMenu, signIn } from './staff';
import { packPluginArchive } from './plugin-archive';
import { flatMenuTree, type MenuTreeNode } from './menu-tree';

// Issue 32's declared data, in the browser (docs/plugins.md "Plugin data"): the administrator
// uploads a plugin whose plugin.json declares an entity (质检记录) and its codes, gives its page
// a menu, adds a row through the page's form, sees it in the list and exports it (the labels
// are the file's headers); then uninstalls the plugin, finds its data kept in 插件管理 ›
// 插件数据, clears it with the plugin's id typed as the confirmation and finds that in 操作日志.
// The bundle is hand-written in the format `cotton-plugin build` writes (System.register,
// the page borrowing React and the SDK's AdminListPage and entityListConfig from the portal).
// Accounts: docs/auth.md (seeded demo users).

// One journey on one server's state: a retry would find the plugin installed or its data kept.
test.describe.configure({ retries: 0 });

const here = dirname(fileURLToPath(import.meta.url));
const SDK_VERSION = /SDK_VERSION = '([^']+)'/.exec(readFileSync(resolve(here, '../../sdk/src/version.ts'), 'utf8'))![1];

const ID = 'e2e-qc';
const COMPONENT = 'QcPage';
const MENU = { name: '质检记录', path: '/system/e2e-qc' };
const ENTITY = {
  name: 'inspection',
  label: '质检记录',
  fields: [
    { name: 'batchNo', label: '批号', type: 'string', maxLength: 32, required: true, unique: true, pattern: 'code' },
    { name: 'weight', label: '重量', type: 'decimal', scale: 2 },
    { name: 'bales', label: '包数', type: 'integer', default: 1 },
    { name: 'passed', label: '合格', type: 'boolean', default: false },
  ],
  list: {
    columns: ['batchNo', 'weight', 'bales', 'passed', 'createTime'],
    filters: ['batchNo', 'passed'],
    sorts: ['batchNo', 'weight'],
  },
};
/** The codes of the page's buttons, declared: the grant tree shows them under the menu. */
const PERMISSIONS = [
  ['add', '新增质检记录'],
  ['edit', '编辑质检记录'],
  ['delete', '删除质检记录'],
  ['export', '导出质检记录'],
].map(([action, label]) => ({
  code: `plugin:${ID}:${ENTITY.name}:${action}`,
  label,
  type: 'button',
  component: COMPONENT,
}));

const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

/** The page: the entity's list (`entityListConfig`) in an `AdminListPage` with a 新增 / 编辑 form of its own. */
const bundle = `System.register(['react', '@cotton/sdk/AdminListPage', '@cotton/sdk/entityListConfig'], function (exports) {
  'use strict';
  var React, AdminListPage, entityListConfig;
  return {
    setters: [
      function (module) { React = module; },
      function (module) { AdminListPage = module.AdminListPage; },
      function (module) { entityListConfig = module.entityListConfig; },
    ],
    execute: function () {
      var entity = ${JSON.stringify(ENTITY)};
      var save = function (action) {
        return { call: { method: 'POST', path: '/rest/pluginData/${ID}/' + entity.name + '/' + action, permission: null } };
      };
      var form = {
        noun: entity.label,
        fields: [
          { name: 'batchNo', label: '批号', type: 'text', required: true, maxLength: 32 },
          { name: 'weight', label: '重量', type: 'number', precision: 2, max: 1000000 },
          { name: 'bales', label: '包数', type: 'number', min: 1, max: 100000, initialValue: 1 },
          { name: 'passed', label: '合格', type: 'switch', initialValue: false },
        ],
        add: save('add'),
        update: save('update'),
      };
      function ${COMPONENT}() {
        var list = React.useState(function () { return entityListConfig('${ID}', entity); })[0];
        return React.createElement(AdminListPage, { title: entity.label, testId: 'qc', list: list, form: form });
      }
      exports('default', { id: '${ID}', routes: [], components: { ${COMPONENT}: ${COMPONENT} } });
    },
  };
});
`;

/** `<id>-1.0.0.tgz` as `cotton-plugin build` packs it: manifest.json (with the entity and the codes) and the bundle. */
async function pluginArchive(): Promise<string> {
  const name = `${ID}.${createHash('sha256').update(bundle).digest('hex').slice(0, 8)}.js`;
  const manifest = {
    id: ID,
    version: '1.0.0',
    entry: `/plugins/${ID}/${name}`,
    integrity: sha384(bundle),
    routes: [],
    components: [COMPONENT],
    sdkVersion: SDK_VERSION,
    sharedImports: ['react', '@cotton/sdk/AdminListPage', '@cotton/sdk/entityListConfig'],
    permissions: PERMISSIONS,
    entities: [ENTITY],
    files: [{ name, integrity: sha384(bundle), size: Buffer.byteLength(bundle) }],
  };
  return packPluginArchive(join(tmpdir(), `${ID}-1.0.0-${process.pid}.tgz`), [
    ['manifest.json', JSON.stringify(manifest)],
    [name, bundle],
  ]);
}

/** Leaves the portal as the other specs expect it: no menu, the plugin uninstalled, its data gone. */
async function cleanUp(request: APIRequestContext) {
  const { token } = await sessionOverHttp(request, BUSINESS_CODE, 'admin', 'Admin@2026');
  const post = async (path: string, data: unknown) =>
    (await (await request.post(path, { headers: { 'X-Access-Token': token }, data })).json()) as {
      dataSet?: { tree?: MenuTreeNode[] };
    };
  const menu = flatMenuTree((await post('/rest/menu/getMenuTree', {})).dataSet?.tree ?? []).find(
    (node) => node.path === MENU.path,
  );
  if (menu) await post('/rest/menu/delMenuRel', { id: menu.id });
  await post('/rest/plugin/uninstallPlugin', { id: ID });
  await post('/rest/plugin/purgePluginData', { id: ID, confirm: ID });
}

test('a plugin keeps its own rows: added and exported in its page, kept through uninstall, cleared with a typed confirmation', async ({
  page,
  request,
}) => {
  const archive = await pluginArchive();
  try {
    await journey(page, archive);
  } finally {
    rmSync(archive, { force: true });
    await cleanUp(request);
  }
});

async function journey(page: Page, archive: string) {
  await signIn(page, 'admin', 'Admin@2026');
  const sideMenu = page.getByTestId('admin-menu');
  const plugins = page.getByTestId('plugin-list');

  await test.step('the administrator uploads the plugin and gives its page a menu', async () => {
    await openMenu(page, '系统管理', '插件管理');
    await expect(plugins.getByRole('cell', { name: 'account', exact: true }).first()).toBeVisible();
    await page.getByTestId('plugin-upload-input').setInputFiles(archive);
    await expect(page.getByText(`已安装插件「${ID}」1.0.0，并已启用该版本`, { exact: false })).toBeVisible();

    await sideMenu.getByText('菜单管理').click();
    const menus = page.getByTestId('menu-list');
    await menus
      .getByRole('row')
      .filter({ hasText: '/system' })
      .first()
      .getByRole('button', { name: '新增下级' })
      .click();
    const form = page.getByTestId('menu-form');
    await form.getByPlaceholder('请输入名称').fill(MENU.name);
    await form.getByPlaceholder('/system/user').fill(MENU.path);
    await page.getByTestId('menu-form-component').click();
    await page.getByRole('option', { name: `${ID}/${COMPONENT}` }).click();
    await page.getByTestId('menu-form-save').click();
    await expect(page.getByText('保存成功')).toBeVisible();
    // The declared codes are buttons under the new menu, for the grant tree.
    await page.getByRole('button', { name: '展开全部' }).click();
    await expect(menus.getByRole('row').filter({ hasText: `plugin:${ID}:inspection:add` })).toContainText(
      '新增质检记录',
    );
  });

  await test.step('a row added through the page’s form shows in its list', async () => {
    // A reload: the menu, and the new codes in the administrator's session.
    await page.reload();
    await sideMenu.getByText(MENU.name).click();
    await expect(page).toHaveURL(new RegExp(`${MENU.path}$`));
    const list = page.getByTestId('qc-list');
    await expect(list.getByText('暂无数据')).toBeVisible();
    await page.getByTestId('qc-add').click();
    const form = page.getByTestId('qc-form');
    await form.getByPlaceholder('请输入批号').fill('QC-E2E-001');
    await form.getByPlaceholder('请输入重量').fill('12.5');
    await form.getByRole('switch').click();
    await page.getByTestId('qc-form-save').click();
    await expect(page.getByText('保存成功')).toBeVisible();
    const row = list.getByRole('row').filter({ hasText: 'QC-E2E-001' });
    await expect(row).toContainText('12.50');
    await expect(row).toContainText('是');

    // The unique 批号: a second row with it is refused, the server's words under the field.
    await page.getByTestId('qc-add').click();
    await form.getByPlaceholder('请输入批号').fill('QC-E2E-001');
    await page.getByTestId('qc-form-save').click();
    await expect(form.getByText(/批号.*已存在|已存在.*批号/)).toBeVisible();
    await page.locator('.arco-drawer-close-icon:visible').click();
    await expect(form).toBeHidden();
  });

  await test.step('导出 writes the rows with the declared labels as headers', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toBe('质检记录.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    const cells = (row: number) =>
      Array.from(sheet.getRow(row).values as unknown[])
        .slice(1)
        .map((value) => String(value ?? ''));
    expect(sheet.rowCount).toBe(2);
    expect(cells(1)).toEqual(['批号', '重量', '包数', '合格', '创建时间']);
    expect(cells(2).slice(0, 4)).toEqual(['QC-E2E-001', '12.50', '1', '是']);
    expect(cells(2)[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  await test.step('uninstalled once its menu is gone, the plugin’s data is kept in 插件数据', async () => {
    await sideMenu.getByText('菜单管理').click();
    const menus = page.getByTestId('menu-list');
    await menus.getByRole('row').filter({ hasText: MENU.path }).getByRole('button', { name: '删除' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('删除成功')).toBeVisible();

    await sideMenu.getByText('插件管理').click();
    await plugins.getByPlaceholder('请输入插件标识').fill(ID);
    await plugins.getByTestId('list-search-form').getByRole('button', { name: '查询' }).click();
    await expect(plugins.getByRole('cell', { name: 'account', exact: true })).toHaveCount(0);
    await plugins.getByTestId(`plugin-uninstall-${ID}`).click();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText(`已卸载插件「${ID}」`)).toBeVisible();

    await page.getByTestId('plugin-data').click();
    const drawer = page.getByTestId('plugin-data-drawer');
    const kept = drawer.getByRole('row').filter({ hasText: ID });
    await expect(kept).toContainText('已卸载');
    await expect(kept).toContainText('质检记录（inspection）：1 条');
  });

  await test.step('清除数据 asks for the plugin’s id, then the data is gone', async () => {
    const drawer = page.getByTestId('plugin-data-drawer');
    await drawer.getByTestId(`plugin-purge-${ID}`).click();
    const dialog = page.getByTestId('plugin-purge-dialog');
    await expect(dialog).toContainText(`将永久删除插件「${ID}」的 1 个数据表：质检记录（inspection）：1 条`);
    await dialog.getByTestId('plugin-purge-confirm').fill('e2e');
    await page.getByTestId('plugin-purge-ok').click();
    await expect(dialog.getByText('请输入插件标识以确认清除数据')).toBeVisible();
    await dialog.getByTestId('plugin-purge-confirm').fill(ID);
    await page.getByTestId('plugin-purge-ok').click();
    await expect(page.getByText(`已清除插件「${ID}」的数据（1 个数据表）`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(drawer.getByRole('row').filter({ hasText: ID })).toHaveCount(0);
    await page.locator('.arco-drawer-close-icon:visible').click();
    await expect(drawer).toBeHidden();
  });

  await test.step('操作日志 has the purge, naming the table that went', async () => {
    await openMenu(page, '系统管理', '操作日志');
    const operations = page.getByTestId('operation-log');
    // The address is cut short in its cell (…): its start is enough.
    const purge = operations.getByRole('row').filter({ hasText: '/rest/plugin/purgePlugin' }).first();
    await expect(purge).toContainText('插件管理 · 管理插件');
    await expect(purge).toContainText('删除');
    await expect(purge).toContainText('成功');
    await purge.getByRole('button', { name: '详情' }).click();
    const detail = page.getByTestId('operation-detail');
    await expect(detail).toContainText(ID);
    await expect(detail.getByTestId('operation-change')).toContainText('质检记录（inspection）');
  });
}
