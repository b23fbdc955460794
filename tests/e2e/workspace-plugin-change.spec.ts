import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { sessionOverHttp } from './login-api';
import { BUSINESS_CODE, openMenu, signIn } from './staff';
import { packPluginArchive } from './plugin-archive';
import { flatMenuTree, type MenuTreeNode } from './menu-tree';

// Issue 31: a change of the plugin list never remounts the open tabs. The administrator has
// typed into the search forms of 用户管理 and 岗位管理 and has a third tab on a plugin's page;
// another administrator disables that plugin (its public route goes too), or upgrades it. The
// shell reads the list again 30 s later (the page's clock is moved on, not waited for) and takes
// it at the next tab switch: both searches keep what was typed, in the same tab order, and the
// plugin's tab says the plugin is not enabled, or shows its new version. The plugin is this
// test's own, so no other file sees it.

test.describe.configure({ retries: 0 });

const here = dirname(fileURLToPath(import.meta.url));
const SDK_VERSION = /SDK_VERSION = '([^']+)'/.exec(readFileSync(resolve(here, '../../sdk/src/version.ts'), 'utf8'))![1];
const PLUGIN = 'tabprobe';
const MENU_PATH = '/system/tabprobe';
const PUBLIC_PATH = '/tabProbe';
const MAX_AGE_MS = 30_000;

const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

/**
 * An archive as `cotton-plugin build` packs it: one component and one public route, as text;
 * the page says which version it is.
 */
async function pluginArchive(version = '1.0.0', page = '探针页面'): Promise<string> {
  const bundle = `System.register([], function (exports) {
  return {
    execute: function () {
      exports('default', {
        id: '${PLUGIN}',
        routes: [{ path: '${PUBLIC_PATH}', element: function ProbePublic() { return '探针公开页'; } }],
        components: { ProbePage: function ProbePage() { return '${page}'; } },
      });
    },
  };
});
`;
  const name = `${PLUGIN}.${createHash('sha256').update(bundle).digest('hex').slice(0, 8)}.js`;
  const manifest = {
    id: PLUGIN,
    version,
    entry: `/plugins/${PLUGIN}/${name}`,
    integrity: sha384(bundle),
    routes: [{ path: PUBLIC_PATH, public: true, title: '探针' }],
    components: ['ProbePage'],
    sdkVersion: SDK_VERSION,
    sharedImports: [],
    files: [{ name, integrity: sha384(bundle), size: Buffer.byteLength(bundle) }],
  };
  return packPluginArchive(join(tmpdir(), `${PLUGIN}-${version}-${process.pid}.tgz`), [
    ['manifest.json', JSON.stringify(manifest)],
    [name, bundle],
  ]);
}

/** The other administrator's session: the calls of 插件管理 and 菜单管理 over HTTP. */
async function otherAdmin(request: APIRequestContext) {
  const { token } = await sessionOverHttp(request, BUSINESS_CODE, 'admin', 'Admin@2026');
  const headers = { 'X-Access-Token': token };
  const answer = async (response: Awaited<ReturnType<APIRequestContext['post']>>) => {
    const body = (await response.json()) as { rtnCode: string; rtnMessage: string; dataSet: unknown };
    if (body.rtnCode !== '0000') throw new Error(`${response.url()}: ${body.rtnCode} ${body.rtnMessage}`);
    return body.dataSet;
  };
  const post = async (path: string, data: unknown) => answer(await request.post(path, { headers, data }));
  const menus = async () => flatMenuTree(((await post('/rest/menu/getMenuTree', {})) as { tree: MenuTreeNode[] }).tree);
  return {
    post,
    menus,
    async install(archive: string) {
      await answer(
        await request.post('/rest/plugin/installPlugin', {
          headers,
          multipart: {
            file: { name: 'probe.tgz', mimeType: 'application/gzip', buffer: readFileSync(archive) },
            activate: '1',
          },
        }),
      );
    },
  };
}

async function cleanUp(request: APIRequestContext) {
  const admin = await otherAdmin(request);
  const menu = (await admin.menus()).find((node) => node.path === MENU_PATH);
  if (menu) await admin.post('/rest/menu/delMenuRel', { id: menu.id });
  await admin.post('/rest/plugin/uninstallPlugin', { id: PLUGIN }).catch(() => undefined);
}

/**
 * Installs the probe (1.0.0) with its menu, signs in on a page whose clock the test moves on, and
 * opens 用户管理 and 岗位管理 (typing into their searches) and the probe's page.
 */
async function openTabsWithInput(page: Page, request: APIRequestContext) {
  const admin = await otherAdmin(request);
  const archive = await pluginArchive();
  await admin.install(archive);
  rmSync(archive, { force: true });
  const system = (await admin.menus()).find((node) => node.path === '/system')!;
  await admin.post('/rest/menu/addMenuRel', {
    parentId: system.id,
    type: 'menu',
    name: '探针',
    code: null,
    path: MENU_PATH,
    componentPath: `${PLUGIN}/ProbePage`,
    icon: null,
    sort: 9999,
    hidden: false,
  });

  // The page's clock, moved on below instead of waited for.
  await page.clock.install();
  await signIn(page, 'admin', 'Admin@2026');
  const bar = page.getByTestId('workspace-tabs');
  const tabNames = () => bar.getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('title')));
  const searchOf = (path: string, label: string) =>
    page
      .locator(`[data-testid="workspace-pane"][data-path="${path}"]`)
      .getByTestId('list-search-form')
      .getByPlaceholder(`请输入${label}`);

  await openMenu(page, '系统管理', '用户管理');
  await expect(page).toHaveURL(/\/system\/user$/);
  await searchOf('/system/user', '登录名').fill('zhang');
  await openMenu(page, '系统管理', '岗位管理');
  await expect(page).toHaveURL(/\/system\/post$/);
  await searchOf('/system/post', '岗位编码').fill('GW-');
  await openMenu(page, '系统管理', '探针');
  await expect(page.getByText('探针页面')).toBeVisible();
  const order = await tabNames();
  expect(order).toEqual(['工作台', '用户管理', '岗位管理', '探针']);

  /** Past the list's maximum age the shell reads the list again: the list it read. */
  async function listReadAgain() {
    const listRead = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/rest/anon/plugins' && response.ok(),
    );
    await page.clock.fastForward(MAX_AGE_MS + 1000);
    return ((await (await listRead).json()) as { dataSet: { plugins: Array<{ id: string; version: string }> } }).dataSet
      .plugins;
  }

  /** The next tab switch takes the list: the searches are as typed, the tabs in their order. */
  async function expectInputKept() {
    await bar.getByRole('tab', { name: '用户管理' }).click();
    await expect(page).toHaveURL(/\/system\/user$/);
    await expect(searchOf('/system/user', '登录名')).toHaveValue('zhang');
    await bar.getByRole('tab', { name: '岗位管理' }).click();
    await expect(searchOf('/system/post', '岗位编码')).toHaveValue('GW-');
    expect(await tabNames()).toEqual(order);
  }

  return { admin, bar, searchOf, listReadAgain, expectInputKept };
}

test('disabling a plugin in another session keeps every open tab and its input', async ({ page, request }) => {
  await cleanUp(request);
  try {
    const { admin, bar, searchOf, listReadAgain, expectInputKept } = await openTabsWithInput(page, request);

    // Another administrator disables the plugin.
    await admin.post('/rest/plugin/disablePlugin', { id: PLUGIN });
    expect((await listReadAgain()).map((plugin) => plugin.id)).not.toContain(PLUGIN);
    await expectInputKept();

    // The disabled plugin's tab says so, in the tab; the others still hold their input.
    await bar.getByRole('tab', { name: '探针' }).click();
    await expect(page.getByText(`菜单「探针」所需的插件「${PLUGIN}」未安装或未启用，请联系管理员`)).toBeVisible();
    await bar.getByRole('tab', { name: '用户管理' }).click();
    await expect(searchOf('/system/user', '登录名')).toHaveValue('zhang');
  } finally {
    await cleanUp(request);
  }
});

test('upgrading a plugin in another session keeps the other tabs’ input; its tab shows the new version', async ({
  page,
  request,
}) => {
  await cleanUp(request);
  const upgrade = await pluginArchive('1.1.0', '探针页面（新版）');
  try {
    const { admin, bar, searchOf, listReadAgain, expectInputKept } = await openTabsWithInput(page, request);

    // Another administrator installs 1.1.0 and makes it the active version.
    await admin.install(upgrade);
    const listed = (await listReadAgain()).find((plugin) => plugin.id === PLUGIN);
    expect(listed?.version).toBe('1.1.0');
    await expectInputKept();

    // The upgraded plugin's tab shows its new version; the others still hold their input.
    await bar.getByRole('tab', { name: '探针' }).click();
    await expect(page.getByText('探针页面（新版）')).toBeVisible();
    await bar.getByRole('tab', { name: '用户管理' }).click();
    await expect(searchOf('/system/user', '登录名')).toHaveValue('zhang');
  } finally {
    rmSync(upgrade, { force: true });
    await cleanUp(request);
  }
});
