import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  manifestSigningText,
  type AdminPluginPage,
  type AdminPluginVersions,
  type GrantNode,
  type PluginPermission,
  type PublisherKeyList,
  type RolePermissions,
} from '@cotton/sdk/contracts';
import { generateSigningKey, signArchive } from '@cotton/plugin-tools';
import {
  pluginPermissions,
  pluginRegistry,
  pluginVersions,
  sysAuditLog,
  sysPermissions,
  sysRoles,
} from '../src/db/schema/index';
import { publicKeyId } from '../src/modules/plugin-admin/signatures';
import type { Envelope } from '../src/http/envelope';
import { ADMIN, loginToken, REVIEWER } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { tokenHolding } from './list-export';
import { pluginArchive, sha384, type FixtureOptions } from './plugin-archive-fixture';

/**
 * Issue 32 parts 2 and 3 (docs/plugins.md "Permission codes", "Signatures"): the codes a
 * plugin declares become nodes of the grant tree under its menus, follow upgrades, roll backs
 * and uninstalls, and are refused when taken; an archive's publisher signature is checked
 * against 插件管理's trusted keys under each `PLUGIN_SIGNATURES` mode.
 */

let server: TestServer;
let admin: string;
let reviewer: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  reviewer = await loginToken(server, REVIEWER);
});
afterAll(async () => {
  await server?.close();
});

async function install(target: TestServer, token: string, archive: Buffer, activate = false) {
  const form = new FormData();
  if (activate) form.append('activate', '1');
  form.append('file', new Blob([archive]), 'plugin.tgz');
  const response = await fetch(`${target.baseUrl}/rest/plugin/installPlugin`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return (await response.json()) as Envelope<{ id: string; version: string; active: boolean; signer: string | null }>;
}

const call = <T = unknown>(path: string, body: unknown = {}, token = admin, target = server) =>
  target.post<T>(path, body, { authorization: token });

const ADD: PluginPermission = {
  code: 'inspect:record:add',
  label: '新增记录',
  type: 'button',
  component: 'RecordPage',
};
const EXPORT: PluginPermission = {
  code: 'inspect:record:export',
  label: '导出记录',
  type: 'button',
  component: 'RecordPage',
};
const LIST: PluginPermission = {
  code: 'inspect:record:list',
  label: '记录列表',
  type: 'menu',
  component: 'RecordPage',
};

function inspectArchive(version: string, permissions: PluginPermission[], options: FixtureOptions = {}) {
  return pluginArchive({
    id: 'inspect',
    version,
    components: ['RecordPage'],
    ...options,
    edit: (manifest) => {
      manifest.permissions = permissions;
      options.edit?.(manifest);
    },
  });
}

/** The plugin's nodes in the tree: `[code, name, parent's component]`, by code. */
async function codeNodes() {
  const rows = await server.db.select().from(sysPermissions);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return rows
    .filter((row) => row.code?.startsWith('inspect:'))
    .map((row) => [
      row.code,
      row.name,
      row.type === 'menu' ? row.componentPath : byId.get(row.parentId!)?.componentPath,
    ])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

async function refusal(archive: Buffer, target = server, token = admin): Promise<string> {
  const answer = await install(target, token, archive);
  expect(answer.rtnCode).toBe('400');
  return answer.rtnMessage;
}

describe('declared permission codes', () => {
  let menuId: string;

  it('refuses a declaration the schema or the components do not allow, naming the entry', async () => {
    const bad = (permissions: unknown[]) =>
      pluginArchive({
        id: 'inspect',
        components: ['RecordPage'],
        edit: (manifest) => {
          manifest.permissions = permissions;
        },
      }).archive;
    expect(await refusal(bad([{ ...ADD, code: "inspect'; drop table x" }]))).toBe(
      '插件清单 manifest.json 无效：权限清单第 1 条的权限编码无效：应为冒号分隔的小写字母、数字或 -（如 inspection:record:add），不超过 64 个字符',
    );
    expect(await refusal(bad([ADD, { ...ADD, label: '' }]))).toBe(
      '插件清单 manifest.json 无效：权限清单第 2 条（inspect:record:add）无效：名称为 1 到 32 个字符，类型为菜单或按钮，组件为插件的组件之一',
    );
    expect(await refusal(bad([ADD, ADD]))).toBe('插件清单 manifest.json 无效：权限编码「inspect:record:add」重复声明');
    expect(await refusal(bad([{ ...ADD, component: 'OtherPage' }]))).toBe(
      '插件清单 manifest.json 无效：权限编码「inspect:record:add」的组件「OtherPage」不在插件的组件清单中',
    );
    const many = Array.from({ length: 51 }, (_, index) => ({ ...ADD, code: `inspect:code${index}` }));
    expect(await refusal(bad(many))).toBe('插件清单 manifest.json 无效：权限编码不能超过 50 个');
  });

  it("refuses a code the portal uses, a menu node's code, and another plugin's, naming it", async () => {
    expect(await refusal(inspectArchive('1.0.0', [{ ...ADD, code: 'system:plugin:list' }]).archive)).toBe(
      '权限编码「system:plugin:list」是门户自身功能的权限编码，请更换权限编码后重新构建',
    );
    const [button] = await server.db
      .select({ code: sysPermissions.code, name: sysPermissions.name })
      .from(sysPermissions)
      .where(eq(sysPermissions.type, 'button'))
      .limit(1);
    // A node an administrator made (a contract's code or not): the tree holds it.
    await server.db.insert(sysPermissions).values({ type: 'button', name: '手工按钮', code: 'manual:made:code' });
    expect(await refusal(inspectArchive('1.0.0', [{ ...ADD, code: 'manual:made:code' }]).archive)).toBe(
      '权限编码「manual:made:code」已被门户的「手工按钮」使用，请更换权限编码后重新构建',
    );
    expect(button).toBeDefined();
    // Another plugin's entity codes (plugin:<id>:…) are its own: nobody else declares them.
    expect(await refusal(inspectArchive('1.0.0', [{ ...ADD, code: 'plugin:other:records:list' }]).archive)).toBe(
      '权限编码「plugin:other:records:list」属于其他插件的数据实体：以 plugin: 开头的权限编码只能是本插件的（plugin:inspect:…），请更换权限编码后重新构建',
    );
    const other = pluginArchive({
      id: 'other',
      components: ['OtherPage'],
      edit: (manifest) => {
        manifest.permissions = [{ ...ADD, component: 'OtherPage' }];
      },
    });
    expect(await install(server, admin, other.archive)).toMatchObject({ rtnCode: '0000' });
    expect(await refusal(inspectArchive('1.0.0', [ADD]).archive)).toBe(
      '权限编码「inspect:record:add」已被插件「other」使用，请更换权限编码后重新构建',
    );
    expect((await call('/rest/plugin/uninstallPlugin', { id: 'other' })).envelope.rtnCode).toBe('0000');
    expect(await server.db.select().from(pluginPermissions)).toEqual([]);
  });

  it('registers the codes under the menu showing the component, for the grant tree', async () => {
    expect(await install(server, admin, inspectArchive('1.0.0', [ADD, EXPORT, LIST]).archive)).toMatchObject({
      rtnCode: '0000',
      dataSet: { active: true },
    });
    // No menu shows the component yet: claimed, not in the tree.
    expect(await codeNodes()).toEqual([]);
    const [system] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.path, '/system'));
    // Nobody makes a node of a declared code by hand.
    const byHand = await call('/rest/menu/addMenuRel', {
      parentId: String(system!.id),
      type: 'button',
      name: '手工新增',
      code: 'Inspect:Record:Add',
      sort: 1,
      hidden: false,
    });
    expect(byHand.envelope.rtnMessage).toBe(
      '权限编码「Inspect:Record:Add」由插件「inspect」声明，安装插件后会自动出现在使用其组件的菜单下，请更换权限编码',
    );
    const saved = await call<{ id: string }>('/rest/menu/addMenuRel', {
      parentId: String(system!.id),
      type: 'menu',
      name: '质检记录',
      path: '/inspect/records',
      componentPath: 'inspect/RecordPage',
      sort: 99,
      hidden: false,
    });
    expect(saved.envelope.rtnCode).toBe('0000');
    menuId = saved.envelope.dataSet.id;
    expect(await codeNodes()).toEqual([
      ['inspect:record:add', '新增记录', 'inspect/RecordPage'],
      ['inspect:record:export', '导出记录', 'inspect/RecordPage'],
      ['inspect:record:list', '质检记录', 'inspect/RecordPage'],
    ]);
    const [role] = await server.db.select({ id: sysRoles.id }).from(sysRoles).where(eq(sysRoles.code, 'reviewer'));
    const grants = await call<RolePermissions>('/rest/role/getRolePermissions', { id: String(role!.id) });
    const find = (nodes: GrantNode[], id: string): GrantNode | undefined => {
      for (const node of nodes) {
        if (node.id === id) return node;
        const inner = find(node.children, id);
        if (inner) return inner;
      }
      return undefined;
    };
    const menu = find(grants.envelope.dataSet.tree, menuId);
    expect(menu).toMatchObject({ name: '质检记录', code: 'inspect:record:list' });
    expect(menu?.children.map((node) => [node.type, node.name, node.code])).toEqual([
      ['button', '新增记录', 'inspect:record:add'],
      ['button', '导出记录', 'inspect:record:export'],
    ]);
  });

  it('applies the ceiling to the new codes: a delegate without them cannot grant them', async () => {
    const delegate = await tokenHolding(server, ['system:role:list', 'system:role:grant']);
    const [role] = await server.db
      .insert(sysRoles)
      .values({ code: 'inspect_clerk', name: '质检员' })
      .returning({ id: sysRoles.id });
    const [add] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, ADD.code));
    const refused = await call(
      '/rest/role/saveRolePermissions',
      {
        id: String(role!.id),
        permissionIds: [menuId, String(add!.id)],
      },
      delegate,
    );
    expect(refused.envelope.rtnCode).toBe('403');
    const granted = await call('/rest/role/saveRolePermissions', {
      id: String(role!.id),
      permissionIds: [menuId, String(add!.id)],
    });
    expect(granted.envelope.rtnCode).toBe('0000');
  });

  it('follows an upgrade and a roll back, keeping the grants of the codes that stay', async () => {
    const [addBefore] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, ADD.code));
    // 1.1.0: 导出记录 gone, 新增记录 renamed.
    const renamed = { ...ADD, label: '登记记录' };
    expect(await install(server, admin, inspectArchive('1.1.0', [renamed, LIST]).archive, true)).toMatchObject({
      rtnCode: '0000',
      dataSet: { active: true },
    });
    expect(await codeNodes()).toEqual([
      ['inspect:record:add', '登记记录', 'inspect/RecordPage'],
      ['inspect:record:list', '质检记录', 'inspect/RecordPage'],
    ]);
    const [addAfter] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, ADD.code));
    expect(addAfter!.id).toBe(addBefore!.id);
    expect((await call('/rest/plugin/activateVersion', { id: 'inspect', version: '1.0.0' })).envelope.rtnCode).toBe(
      '0000',
    );
    expect(await codeNodes()).toEqual([
      ['inspect:record:add', '新增记录', 'inspect/RecordPage'],
      ['inspect:record:export', '导出记录', 'inspect/RecordPage'],
      ['inspect:record:list', '质检记录', 'inspect/RecordPage'],
    ]);
    // A version that declares another plugin's code is refused at install, whichever is active.
    await server.db.insert(sysPermissions).values({ type: 'button', name: '别处', code: 'partner:elsewhere' });
    expect(await refusal(inspectArchive('1.2.0', [{ ...ADD, code: 'partner:elsewhere' }]).archive)).toBe(
      '权限编码「partner:elsewhere」已被门户的「别处」使用，请更换权限编码后重新构建',
    );
  });

  it('lets the menu go with its code nodes, and uninstall releases the codes', async () => {
    expect((await call('/rest/plugin/uninstallPlugin', { id: 'inspect' })).envelope.rtnCode).toBe('400');
    expect((await call('/rest/menu/delMenuRel', { id: menuId })).envelope.rtnCode).toBe('0000');
    expect(await codeNodes()).toEqual([]);
    expect((await call('/rest/plugin/uninstallPlugin', { id: 'inspect' })).envelope.rtnCode).toBe('0000');
    expect(await server.db.select().from(pluginPermissions).where(eq(pluginPermissions.pluginId, 'inspect'))).toEqual(
      [],
    );
  });
});

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKey, privateKey, pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/** Signs the fixture's manifest as `cotton-plugin sign` does. */
function signed(key: { publicKey: KeyObject; privateKey: KeyObject }, options: FixtureOptions = {}) {
  return pluginArchive({
    id: 'signed',
    components: ['SignedPage'],
    ...options,
    edit: (manifest) => {
      options.edit?.(manifest);
      manifest.signature = {
        keyId: publicKeyId(key.publicKey),
        value: sign(null, Buffer.from(manifestSigningText(manifest)), key.privateKey).toString('base64'),
      };
    },
  });
}

describe('publisher signatures', () => {
  const publisher = keyPair();
  const stranger = keyPair();
  let strict: TestServer;
  let strictAdmin: string;

  beforeAll(async () => {
    strict = await startTestServer({ config: { pluginSignatures: 'required' } });
    strictAdmin = await loginToken(strict, ADMIN);
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('keeps trusted keys: added and removed by system:plugin:manage, audited, the key checked', async () => {
    const add = (body: unknown, token = admin) => call<{ keyId: string }>('/rest/plugin/addPublisherKey', body, token);
    expect((await add({ name: '合作伙伴公司', publicKey: publisher.pem }, reviewer)).envelope.rtnCode).toBe('403');
    expect((await add({ name: '坏钥匙', publicKey: 'not a key' })).envelope.rtnMessage).toBe(
      '公钥无效：应为 Ed25519 公钥的 PEM 文本（cotton-plugin keygen 生成的 .pub 文件内容）',
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' });
    expect((await add({ name: 'RSA', publicKey: rsa.toString() })).envelope.rtnCode).toBe('400');
    const added = await add({ name: '合作伙伴公司', publicKey: publisher.pem });
    expect(added.envelope).toMatchObject({ rtnCode: '0000', dataSet: { keyId: publicKeyId(publisher.publicKey) } });
    expect((await add({ name: '另一个名字', publicKey: publisher.pem })).envelope.rtnMessage).toBe(
      '该公钥已添加（名称「合作伙伴公司」）',
    );
    expect((await add({ name: '合作伙伴公司', publicKey: stranger.pem })).envelope.rtnMessage).toBe(
      '名称「合作伙伴公司」已被另一个发布者密钥使用',
    );
    const listed = await call<PublisherKeyList>('/rest/plugin/getPublisherKeys', {}, reviewer);
    expect(listed.envelope.rtnCode).toBe('403');
    const keys = (await call<PublisherKeyList>('/rest/plugin/getPublisherKeys')).envelope.dataSet.keys;
    expect(keys.map((key) => [key.name, key.addedBy])).toEqual([['合作伙伴公司', 'admin']]);
    // The stranger's key, added and removed again.
    const strangerId = publicKeyId(stranger.publicKey);
    expect((await add({ name: '临时', publicKey: stranger.pem })).envelope.rtnCode).toBe('0000');
    expect((await call('/rest/plugin/removePublisherKey', { keyId: strangerId })).envelope.rtnCode).toBe('0000');
    expect((await call('/rest/plugin/removePublisherKey', { keyId: strangerId })).envelope.rtnCode).toBe('404');
    const audit = await server.db
      .select({ action: sysAuditLog.action })
      .from(sysAuditLog)
      .where(eq(sysAuditLog.entity, 'plugin-key'))
      .orderBy(asc(sysAuditLog.id));
    expect(audit.map((row) => row.action)).toEqual(['plugin.key.add', 'plugin.key.add', 'plugin.key.remove']);
  });

  it('optional: installs a signed archive with its signer, an unsigned one or an unknown signer 未签名', async () => {
    expect(await install(server, admin, signed(publisher).archive)).toMatchObject({
      rtnCode: '0000',
      dataSet: { signer: '合作伙伴公司' },
    });
    expect(await install(server, admin, signed(stranger, { version: '1.1.0' }).archive)).toMatchObject({
      rtnCode: '0000',
      dataSet: { signer: null },
    });
    expect(await install(server, admin, pluginArchive({ id: 'unsigned', components: ['X'] }).archive)).toMatchObject({
      rtnCode: '0000',
      dataSet: { signer: null },
    });
    const page = await call<AdminPluginPage>('/rest/plugin/getPluginPage', { pageNum: 1, pageSize: 50 });
    const signers = Object.fromEntries(page.envelope.dataSet.pagination.result.map((row) => [row.id, row.signer]));
    expect(signers).toMatchObject({ signed: '合作伙伴公司', unsigned: null });
    const versions = await call<AdminPluginVersions>('/rest/plugin/getPluginVersions', { id: 'signed' });
    expect(versions.envelope.dataSet.versions.map((row) => [row.version, row.signer])).toEqual([
      ['1.1.0', null],
      ['1.0.0', '合作伙伴公司'],
    ]);
  });

  it('installs an archive signed by cotton-plugin keygen / sign as its publisher', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'cotton-sign-test-'));
    try {
      const { privateFile, publicFile, keyId } = await generateSigningKey(join(folder, 'publisher'));
      await expect(generateSigningKey(join(folder, 'publisher'))).rejects.toThrow('already exists');
      const archive = join(folder, 'tool-1.0.0.tgz');
      await writeFile(archive, pluginArchive({ id: 'tool', components: ['ToolPage'] }).archive);
      expect(await signArchive(archive, privateFile)).toEqual({ keyId, id: 'tool', version: '1.0.0' });
      const added = await call('/rest/plugin/addPublisherKey', {
        name: '工具作者',
        publicKey: await readFile(publicFile, 'utf8'),
      });
      expect(added.envelope).toMatchObject({ rtnCode: '0000', dataSet: { keyId } });
      expect(await install(server, admin, await readFile(archive))).toMatchObject({
        rtnCode: '0000',
        dataSet: { id: 'tool', signer: '工具作者' },
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a tampered archive in every mode: a file naming it, the manifest after signing', async () => {
    // A file changed after signing: its integrity no longer matches the signed manifest.
    const fileChanged = signed(publisher, {
      id: 'tampered',
      entries: (entries) =>
        entries.map((entry) => (entry.name.endsWith('.js') ? { ...entry, body: `${String(entry.body)}//x` } : entry)),
    });
    expect(await refusal(fileChanged.archive)).toBe(`文件「${fileChanged.entryName}」的大小与 manifest.json 不符`);
    // The file and its integrity changed after signing: the signature no longer matches.
    const manifestChanged = signed(publisher, { id: 'tampered' });
    const evil = 'System.register([], function () { return { execute: function () {} }; });';
    const rewritten = pluginArchive({
      id: 'tampered',
      components: ['SignedPage'],
      entries: () => {
        const manifest = { ...manifestChanged.manifest };
        const file = { name: manifestChanged.entryName, integrity: sha384(evil), size: Buffer.byteLength(evil) };
        manifest.files = [file];
        manifest.integrity = file.integrity;
        return [
          { name: 'manifest.json', body: JSON.stringify(manifest) },
          { name: manifestChanged.entryName, body: evil },
        ];
      },
    });
    const message =
      '插件安装包的签名校验失败：manifest.json 在签名后被修改（文件清单或完整性校验值与签名时不同），已拒绝安装';
    expect(await refusal(rewritten.archive)).toBe(message);
    // The same under `required`, once the key is trusted there.
    expect(
      (
        await call(
          '/rest/plugin/addPublisherKey',
          { name: '合作伙伴公司', publicKey: publisher.pem },
          strictAdmin,
          strict,
        )
      ).envelope.rtnCode,
    ).toBe('0000');
    expect(await refusal(rewritten.archive, strict, strictAdmin)).toBe(message);
  });

  it('required: refuses an unsigned archive and an unknown signer; installs a trusted one', async () => {
    expect(await refusal(pluginArchive({ id: 'unsigned', components: ['X'] }).archive, strict, strictAdmin)).toBe(
      '插件安装包未签名：门户要求插件由受信任的发布者签名（cotton-plugin sign），请签名后重新上传',
    );
    expect(await refusal(signed(stranger).archive, strict, strictAdmin)).toBe(
      `插件安装包的签名密钥（${publicKeyId(stranger.publicKey)}）不在受信任的发布者密钥中：请先在插件管理 › 发布者密钥中添加该发布者的公钥`,
    );
    expect(await install(strict, strictAdmin, signed(publisher).archive)).toMatchObject({
      rtnCode: '0000',
      dataSet: { signer: '合作伙伴公司' },
    });
    const [audit] = await strict.db
      .select({ after: sysAuditLog.after })
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.action, 'plugin.install'), eq(sysAuditLog.entityId, 'signed')));
    expect(audit!.after).toMatchObject({ signer: `合作伙伴公司（${publicKeyId(publisher.publicKey)}）` });
  });

  it('required: refuses to make active or enable a version installed unsigned earlier', async () => {
    const post = (path: string, body: unknown) => call(path, body, strictAdmin, strict);
    expect(await install(strict, strictAdmin, signed(publisher, { version: '2.0.0' }).archive)).toMatchObject({
      rtnCode: '0000',
    });
    // 2.0.0 as if installed under `optional` before the portal required signatures.
    await strict.db
      .update(pluginVersions)
      .set({ signerKeyId: null, signerName: null })
      .where(and(eq(pluginVersions.pluginId, 'signed'), eq(pluginVersions.version, '2.0.0')));
    const message =
      '插件「signed」的 2.0.0 版本安装时未签名（或其签名密钥已不再受信任）：门户要求插件由受信任的发布者签名，请上传签名的安装包';
    const activate = await post('/rest/plugin/activateVersion', { id: 'signed', version: '2.0.0' });
    expect(activate.envelope).toMatchObject({ rtnCode: '400', rtnMessage: message });
    // The active version, unsigned as well: disabled, it is not enabled again.
    const [active] = await strict.db
      .select({ version: pluginRegistry.version })
      .from(pluginRegistry)
      .where(eq(pluginRegistry.id, 'signed'));
    await strict.db
      .update(pluginVersions)
      .set({ signerKeyId: null, signerName: null })
      .where(and(eq(pluginVersions.pluginId, 'signed'), eq(pluginVersions.version, active!.version!)));
    expect((await post('/rest/plugin/disablePlugin', { id: 'signed' })).envelope.rtnCode).toBe('0000');
    const enable = await post('/rest/plugin/enablePlugin', { id: 'signed' });
    expect(enable.envelope).toMatchObject({ rtnCode: '400', rtnMessage: message.replace('2.0.0', active!.version!) });
  });
});
