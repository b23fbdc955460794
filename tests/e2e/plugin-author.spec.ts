import type { APIRequestContext } from '@playwright/test';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  buildPluginArchive,
  installAuthorPackages,
  packAuthorPackages,
  scaffoldPlugin,
} from '../../scripts/plugin-author.mjs';
import { expect, test } from './fixtures';
import { sessionOverHttp } from './login-api';
import { BUSINESS_CODE, logIn } from './staff';

// Issue 14's proof: what an outside plugin author and an administrator do, with nothing but
// the packed packages and the admin API — no SQL, no file copied into the portal, no restart.
// In a temporary folder outside the workspace: pack @cotton/sdk, @cotton/plugin-tools and
// create-cotton-plugin, scaffold, install the tarballs, build 1.0.0 (its page says 版本 1) and
// 1.1.0 (版本 2). Through the API: install 1.0.0, add its menu, a role granted the list call's
// permission, a user of that role. In Chromium that user opens the menu and sees
// the server's posts under 版本 1; 1.1.0 is installed with activate=1 and a reload shows
// 版本 2; activateVersion back to 1.0.0 and a reload shows 版本 1 again. Then the menu goes and
// the plugin is uninstalled.
// (docs/plugins.md, "Install, upgrade, roll back"; accounts: docs/auth.md.)

// One journey on one server's state: a retry would find the plugin already installed.
test.describe.configure({ retries: 0 });

const ID = 'acme-ledger';
const COMPONENT = 'AcmeLedgerList';
// A code of its own, granted to the role: no server route checks it (it only shows the menu),
// so an administrator may grant it though nobody held it before (docs/auth.md, "Role
// administration"); what the page shows is what the role's grant of the list call allows.
const MENU = { name: 'Acme 台账', path: '/acme/ledger', code: 'acme:ledger' };
const ROLE = { code: 'e2e_acme_ledger', name: 'Acme 台账查看员' };
const USER = { loginName: 'e2e.acme', password: 'Acme@2026x' };
/** The title the scaffold gives the list page (`__TITLE__`), and the one each version shows. */
const SCAFFOLD_TITLE = `${ID} 列表`;
const title = (version: 1 | 2) => `Acme 台账 · 版本 ${version}`;

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const answer = await request.post(path, { headers: { 'X-Access-Token': token }, data });
  const body = (await answer.json()) as { rtnCode: string; rtnMessage: string; dataSet: T };
  if (body.rtnCode !== '0000') throw new Error(`${path}: ${body.rtnCode} ${body.rtnMessage}`);
  return body.dataSet;
}

/** `POST /rest/plugin/installPlugin`: multipart part `file`, and `activate=1` when asked. */
async function installPlugin(request: APIRequestContext, token: string, archive: string, activate = false) {
  const answer = await request.post('/rest/plugin/installPlugin', {
    headers: { 'X-Access-Token': token },
    multipart: {
      file: { name: basename(archive), mimeType: 'application/gzip', buffer: readFileSync(archive) },
      ...(activate ? { activate: '1' } : {}),
    },
  });
  const body = (await answer.json()) as { rtnCode: string; rtnMessage: string; dataSet: unknown };
  if (body.rtnCode !== '0000')
    throw new Error(`installPlugin ${basename(archive)}: ${body.rtnCode} ${body.rtnMessage}`);
  return body.dataSet as { id: string; version: string; active: boolean };
}

interface GrantNode {
  id: string;
  code: string | null;
  children: GrantNode[];
}
const flat = (nodes: GrantNode[]): GrantNode[] => nodes.flatMap((node) => [node, ...flat(node.children)]);

/** Replaces the list page's title (`<Typography.Title …>from</Typography.Title>`) in the source. */
function retitle(dir: string, from: string, to: string) {
  const file = join(dir, 'src', 'list-page.tsx');
  const text = readFileSync(file, 'utf8');
  if (!text.includes(`>${from}<`)) throw new Error(`src/list-page.tsx has no title ${from}`);
  writeFileSync(file, text.replace(`>${from}<`, `>${to}<`));
}

function setVersion(dir: string, version: string) {
  const file = join(dir, 'package.json');
  writeFileSync(file, `${JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version }, null, 2)}\n`);
}

test('an outside author builds a plugin; the administrator installs it, gives it a menu and a role, upgrades and rolls it back', async ({
  page,
  request,
}) => {
  // Packing, scaffolding and `npm install` (from npm's cache) take most of it.
  test.setTimeout(240_000);
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const folder = mkdtempSync(join(tmpdir(), 'cotton-e2e-author-'));
  try {
    const archives = await test
      .step('the author scaffolds, installs the packed packages and builds 1.0.0 and 1.1.0', async () => {
        const tarballs = packAuthorPackages(folder, log);
        const dir = await scaffoldPlugin(folder, tarballs, log, ID);
        await installAuthorPackages(dir, tarballs, log);
        const kept = join(folder, 'archives');
        mkdirSync(kept);
        const built: string[] = [];
        let shown = SCAFFOLD_TITLE;
        for (const [version, label] of [
          ['1.0.0', 1],
          ['1.1.0', 2],
        ] as const) {
          setVersion(dir, version);
          retitle(dir, shown, title(label));
          shown = title(label);
          const { archive, manifest } = await buildPluginArchive(dir, log);
          expect(basename(archive)).toBe(`${ID}-${version}.tgz`);
          expect(manifest).toMatchObject({ id: ID, version, components: [COMPONENT] });
          built.push(join(kept, basename(archive)));
          copyFileSync(archive, built.at(-1)!);
        }
        return built;
      })
      .catch((error: Error) => {
        throw new Error(`${error.message}\n--- author steps ---\n${lines.join('\n')}`);
      });
    const [v1, v2] = archives;

    const { token } = await sessionOverHttp(request, BUSINESS_CODE, 'admin', 'Admin@2026');
    const menuId =
      await test.step('the administrator installs 1.0.0 and sets up a menu, a role and a user over the API', async () => {
        expect(await installPlugin(request, token, v1)).toEqual({
          id: ID,
          version: '1.0.0',
          active: true,
          enabled: true,
        });
        const { components } = await call<{ components: string[] }>(request, token, '/rest/menu/getMenuTree', {});
        expect(components).toContain(`${ID}/${COMPONENT}`);
        const { id: menuId } = await call<{ id: string }>(request, token, '/rest/menu/addMenuRel', {
          parentId: null,
          type: 'menu',
          ...MENU,
          componentPath: `${ID}/${COMPONENT}`,
          icon: null,
          sort: 900,
          hidden: false,
        });
        // The role is granted the permission of the list page's call (/rest/postService/getPostPage).
        const { id: roleId } = await call<{ id: string }>(request, token, '/rest/role/addRole', ROLE);
        const { tree } = await call<{ tree: GrantNode[] }>(request, token, '/rest/role/getRolePermissions', {
          id: roleId,
        });
        const nodes = flat(tree);
        expect(nodes.find((node) => node.id === menuId)).toMatchObject({ code: MENU.code });
        const postList = nodes.find((node) => node.code === 'system:post:list');
        expect(postList).toBeTruthy();
        await call(request, token, '/rest/role/saveRolePermissions', {
          id: roleId,
          permissionIds: [menuId, postList!.id],
        });
        await call(request, token, '/rest/user/AddUser', {
          loginName: USER.loginName,
          realname: 'Acme 台账用户',
          password: USER.password,
          roleIds: [roleId],
        });
        return menuId;
      });

    await test.step('the user opens the menu and sees version 1 list the server’s posts', async () => {
      await page.goto('/login');
      await logIn(page, USER.loginName, USER.password);
      await expect(page).toHaveURL(/\/project\/display$/);
      await page.getByTestId('admin-menu').getByText(MENU.name).click();
      await expect(page).toHaveURL(new RegExp(`${MENU.path}$`));
      await expect(page.getByRole('heading', { name: title(1) })).toBeVisible();
      await expect(page.getByRole('cell', { name: '系统运维', exact: true })).toBeVisible();
      // The token the shell keeps (where docs/plugins.md sends an administrator for curl) is
      // this user's session: the role's grant lists posts, and nothing more is held.
      const userToken = await page.evaluate(
        () => (JSON.parse(localStorage.getItem('dandelion__token') ?? 'null') as { value: string } | null)?.value,
      );
      expect(userToken).toBeTruthy();
      const posts = await call<{ pagination: { result: Array<{ name: string }> } }>(
        request,
        userToken!,
        '/rest/postService/getPostPage',
        { pageNum: 1, pageSize: 50 },
      );
      expect(posts.pagination.result.map((post) => post.name)).toContain('系统运维');
      const menus = await request.post('/rest/menu/getMenuTree', {
        headers: { 'X-Access-Token': userToken! },
        data: {},
      });
      expect(((await menus.json()) as { rtnCode: string }).rtnCode).toBe('403');
    });

    await test.step('1.1.0 installed with activate=1: a reload shows version 2, no restart', async () => {
      expect(await installPlugin(request, token, v2, true)).toEqual({
        id: ID,
        version: '1.1.0',
        active: true,
        enabled: true,
      });
      await page.reload();
      await expect(page.getByRole('heading', { name: title(2) })).toBeVisible();
      await expect(page.getByRole('cell', { name: '系统运维', exact: true })).toBeVisible();
    });

    await test.step('rolled back to 1.0.0: a reload shows version 1 again', async () => {
      expect(await call(request, token, '/rest/plugin/activateVersion', { id: ID, version: '1.0.0' })).toEqual({
        id: ID,
        version: '1.0.0',
        enabled: true,
      });
      await page.reload();
      await expect(page.getByRole('heading', { name: title(1) })).toBeVisible();
      await expect(page.getByRole('cell', { name: '系统运维', exact: true })).toBeVisible();
      // The versions drawer's call: both kept, 1.0.0 the active one.
      const { versions } = await call<{ versions: Array<{ version: string; active: boolean }> }>(
        request,
        token,
        '/rest/plugin/getPluginVersions',
        { id: ID },
      );
      expect(
        versions.map(({ version, active }) => ({ version, active })).sort((a, b) => a.version.localeCompare(b.version)),
      ).toEqual([
        { version: '1.0.0', active: true },
        { version: '1.1.0', active: false },
      ]);
    });

    await test.step('uninstalled once no menu uses it', async () => {
      const refused = await request.post('/rest/plugin/uninstallPlugin', {
        headers: { 'X-Access-Token': token },
        data: { id: ID },
      });
      expect(((await refused.json()) as { rtnMessage: string }).rtnMessage).toBe(
        `插件「${ID}」仍被菜单「${MENU.name}」使用，请先在菜单管理中修改或删除这些菜单`,
      );
      await call(request, token, '/rest/menu/delMenuRel', { id: menuId });
      expect(await call(request, token, '/rest/plugin/uninstallPlugin', { id: ID })).toEqual({ id: ID, versions: 2 });
    });
  } finally {
    await test.info().attach('author steps', { body: lines.join('\n'), contentType: 'text/plain' });
    rmSync(folder, { recursive: true, force: true });
  }
});
