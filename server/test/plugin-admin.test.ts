import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, eq, like, sql } from 'drizzle-orm';
import { create as createTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SDK_VERSION,
  type AdminPluginPage,
  type AdminPluginVersions,
  type MenuTree,
  type PluginChanged,
  type PluginManifest,
} from '@cotton/sdk/contracts';
import { fileBlobs, pluginFiles, pluginRegistry, sysAuditLog, sysPermissions } from '../src/db/schema/index';
import { DatabaseFileStore } from '../src/modules/files/store';
import { sweepFiles } from '../src/modules/files/sweep';
import { ARCHIVE_LIMITS, ARCHIVE_MESSAGES, installableVersion, untar } from '../src/modules/plugin-admin/archive';
import { PLUGIN_ADMIN_MESSAGES } from '../src/modules/plugin-admin/service';
import { packArchive, precompressFiles } from '@cotton/plugin-tools';
import type { Envelope } from '../src/http/envelope';
import { ADMIN, loginToken, REVIEWER } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { downloadExport, tokenHolding } from './list-export';
import { bundleText, pluginArchive, sha384, tarOf, tgzOf, type Fixture } from './plugin-archive-fixture';

/**
 * 系统管理 › 插件管理 (docs/architecture.md "Plugin registry"): every check of an uploaded
 * archive and its refusal, the lifecycle (install, upgrade, roll back, disable, enable,
 * uninstall), the permissions, the files served, the change seen by the plugin list and the
 * menus at once.
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

async function install(archive: Buffer | null, options: { token?: string; activate?: boolean; name?: string } = {}) {
  const form = new FormData();
  if (options.activate) form.append('activate', '1');
  if (archive) form.append('file', new Blob([archive]), options.name ?? 'partner-1.0.0.tgz');
  const response = await fetch(`${server.baseUrl}/rest/plugin/installPlugin`, {
    method: 'POST',
    headers: { authorization: options.token ?? admin },
    body: form,
  });
  return (await response.json()) as Envelope<{ id: string; version: string; active: boolean }>;
}

async function refusal(fixture: Fixture | Buffer): Promise<string> {
  const answer = await install(Buffer.isBuffer(fixture) ? fixture : fixture.archive);
  expect(answer.rtnCode).toBe('400');
  return answer.rtnMessage;
}

const call = <T = unknown>(path: string, body: unknown = {}) => server.post<T>(path, body, { authorization: admin });

async function publishedPlugins(): Promise<PluginManifest[]> {
  return (await server.post<{ plugins: PluginManifest[] }>('/rest/anon/plugins')).envelope.dataSet.plugins;
}

describe('the archive checks', () => {
  it('refuses what is not a gzip tar, or too big, with the reason', async () => {
    expect(await refusal(Buffer.from('just text, not an archive'))).toBe('插件安装包应为 gzip 压缩的 tar 文件（.tgz）');
    expect(await refusal(Buffer.concat([gzipSync('x').subarray(0, 10), Buffer.alloc(20, 7)]))).toBe(
      '插件安装包已损坏，无法解压',
    );
    expect(await refusal(gzipSync(Buffer.alloc(2048, 'not a tar header ')))).toBe('插件安装包不是有效的 tar 文件');
    expect(await refusal(gzipSync(Buffer.alloc(ARCHIVE_LIMITS.unpackedBytes + 1)))).toBe(
      '插件安装包解压后不能超过 64 MB',
    );
    const answer = await install(null);
    expect(answer).toMatchObject({ rtnCode: '400', rtnMessage: '请选择插件安装包（.tgz 文件）' });
  });

  it('refuses a compressed archive inside the gzip at once, without inflating it', async () => {
    const nested = '插件包格式不正确：不能嵌套压缩，gzip 解压后应直接是 tar 文件';
    // 100 MB of zeros, gzip'd twice: ~100 KB uploaded. node-tar would inflate the inner gzip itself.
    const bomb = gzipSync(gzipSync(Buffer.alloc(100 * 1024 * 1024)));
    expect(bomb.length).toBeLessThan(ARCHIVE_LIMITS.archiveBytes);
    const started = Date.now();
    expect(await refusal(bomb)).toBe(nested);
    expect(Date.now() - started).toBeLessThan(2000);
    // zstd's magic number, which node-tar would also decompress.
    expect(await refusal(gzipSync(Buffer.concat([Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), Buffer.alloc(2048)])))).toBe(
      nested,
    );
  });

  it('counts the bytes of the entries together against the unpacked limit', async () => {
    const tar = tarOf([
      { name: 'a.js', body: Buffer.alloc(600, 1) },
      { name: 'b.js', body: Buffer.alloc(600, 2) },
      { name: 'c.js', body: Buffer.alloc(600, 3) },
    ]);
    expect([...(await untar(tar, 1800)).keys()]).toEqual(['a.js', 'b.js', 'c.js']);
    await expect(untar(tar, 1000)).rejects.toMatchObject({ message: '插件安装包解压后不能超过 64 MB' });
    await expect(untar(gzipSync(tar))).rejects.toMatchObject({
      message: '插件包格式不正确：不能嵌套压缩，gzip 解压后应直接是 tar 文件',
    });
  });

  it('refuses an empty file in the archive (the file store keeps none)', async () => {
    const empty = pluginArchive({ extra: [{ name: 'empty.css', body: '' }] });
    expect(await refusal(empty)).toBe('插件包中的文件「empty.css」为空');
    // Only bundle files are served from the portal's origin: an SVG could run script there.
    const svg = pluginArchive({ extra: [{ name: 'logo.svg', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }] });
    expect(await refusal(svg)).toBe(
      '插件安装包中只能有 JavaScript 文件（.js）及其 .br / .gz 压缩副本，「logo.svg」不是：插件的样式和图片应打包进 JavaScript',
    );
  });

  it('refuses an archive over 20 MB', async () => {
    const big = Buffer.concat([gzipSync('x'), Buffer.alloc(ARCHIVE_LIMITS.archiveBytes)]);
    expect(await refusal(big)).toBe('插件安装包不能超过 20 MB');
  });

  it('refuses folders, links, paths and too many or too large files', async () => {
    const withEntry = (entry: Parameters<typeof tgzOf>[0][number]) =>
      pluginArchive({ entries: (entries) => [...entries, entry] });
    expect(await refusal(withEntry({ name: 'assets/', type: '5' }))).toBe(
      '插件安装包中不能有目录（assets/），文件应位于根目录',
    );
    expect(await refusal(withEntry({ name: 'evil.js', type: '2', linkname: '/etc/passwd' }))).toBe(
      '插件安装包中不能有链接或特殊文件（evil.js）',
    );
    for (const name of ['../evil.js', 'sub/evil.js', '.hidden', '/abs.js']) {
      expect(await refusal(withEntry({ name, body: 'x' }))).toContain(`文件名「${name}」无效`);
    }
    expect(await refusal(withEntry({ name: 'manifest.json', body: '{}' }))).toBe(
      '插件安装包中有重名文件「manifest.json」',
    );
    const many = pluginArchive({
      entries: (entries) => [
        ...entries,
        ...Array.from({ length: ARCHIVE_LIMITS.entries }, (_, index) => ({ name: `f${index}.js`, body: 'x' })),
      ],
    });
    expect(await refusal(many)).toBe('插件安装包中的文件不能超过 100 个');
    expect(await refusal(withEntry({ name: 'big.js', body: Buffer.alloc(ARCHIVE_LIMITS.fileBytes + 1) }))).toBe(
      '文件「big.js」超过 10 MB',
    );
  });

  it('refuses a missing, malformed or invalid manifest', async () => {
    expect(await refusal(pluginArchive({ entries: (entries) => entries.slice(1) }))).toBe(
      '插件安装包的根目录缺少 manifest.json',
    );
    expect(
      await refusal(
        pluginArchive({ entries: ([, ...rest]) => [{ name: 'manifest.json', body: '{ not json' }, ...rest] }),
      ),
    ).toBe('manifest.json 不是合法的 JSON');
    expect(await refusal(pluginArchive({ edit: (m) => (m.id = 'Bad_Id') }))).toBe(
      '插件清单 manifest.json 无效：插件编号无效：应以小写字母开头，只含小写字母、数字和 -',
    );
    expect(await refusal(pluginArchive({ edit: (m) => (m.entry = '/plugins/other/x.js') }))).toBe(
      '插件清单 manifest.json 无效：入口文件应位于 /plugins/partner/ 下',
    );
    expect(await refusal(pluginArchive({ version: 'latest' }))).toContain('版本号「latest」无效');
    expect(await refusal(pluginArchive({ edit: (m) => delete m.files }))).toBe(
      'manifest.json 缺少文件清单（安装包中每个文件的名称、完整性校验值和大小）',
    );
    expect(
      await refusal(pluginArchive({ edit: (m) => (m.files = [{ name: 'x.js', integrity: 'md5', size: 1 }]) })),
    ).toBe('插件清单 manifest.json 无效：文件清单无效');
  });

  it('refuses files that are missing, unlisted, of another size or content', async () => {
    expect(await refusal(pluginArchive({ entries: (entries) => entries.slice(0, 1) }))).toMatch(
      /^插件安装包缺少 manifest.json 所列的文件「partner\.[0-9a-f]{8}\.js」$/,
    );
    expect(
      await refusal(pluginArchive({ entries: (entries) => [...entries, { name: 'stowaway.js', body: 'x' }] })),
    ).toBe('插件安装包中的文件「stowaway.js」未列在 manifest.json 的文件清单中');
    const fixture = pluginArchive();
    const files = fixture.manifest.files as Array<{ name: string; integrity: string; size: number }>;
    expect(
      await refusal(
        pluginArchive({ edit: (m) => (m.files = files.map((file) => ({ ...file, size: file.size + 1 }))) }),
      ),
    ).toBe(`文件「${fixture.entryName}」的大小与 manifest.json 不符`);
    const tampered = pluginArchive({
      entries: (entries) =>
        entries.map((entry) =>
          entry.name === fixture.entryName
            ? { ...entry, body: String(entry.body).replace('partner 1.0.0', 'partner 6.6.6') }
            : entry,
        ),
    });
    expect(await refusal(tampered)).toBe(
      `文件「${fixture.entryName}」的完整性校验失败：内容与 manifest.json 所列的完整性校验值不符`,
    );
  });

  it('refuses an entry or chunk outside the files, or with another integrity', async () => {
    expect(await refusal(pluginArchive({ edit: (m) => (m.entry = '/plugins/partner/absent.js') }))).toBe(
      '入口文件「/plugins/partner/absent.js」不在插件安装包中',
    );
    expect(await refusal(pluginArchive({ edit: (m) => (m.integrity = sha384('other')) }))).toBe(
      '入口文件的完整性校验值与文件清单中所列的不一致',
    );
    const chunk = { name: 'partner.chart.1a2b3c4d.js', body: 'System.register([], function () { return {}; });' };
    expect(
      await refusal(
        pluginArchive({
          extra: [chunk],
          edit: (m) => (m.chunks = [{ url: '/plugins/partner/partner.other.js', integrity: sha384(chunk.body) }]),
        }),
      ),
    ).toBe('分块文件「/plugins/partner/partner.other.js」不在插件安装包中');
    expect(
      await refusal(
        pluginArchive({
          extra: [chunk],
          edit: (m) => (m.chunks = [{ url: `/plugins/partner/${chunk.name}`, integrity: sha384('other') }]),
        }),
      ),
    ).toBe(`分块文件「/plugins/partner/${chunk.name}」的完整性校验值与文件清单中所列的不一致`);
  });

  it('refuses a plugin built for another SDK major with a clear message', async () => {
    expect(await refusal(pluginArchive({ sdkVersion: '2.0.0' }))).toBe(
      '插件「partner」基于 SDK 2.0.0 构建，当前门户的 SDK 为 1.0.0，主版本不同，无法安装；请用 SDK 1.x 重新构建',
    );
  });

  it('refuses the id of a bundled plugin, reserved routes and routes another plugin has', async () => {
    await server.db.insert(pluginRegistry).values({
      id: 'builtin',
      version: '1.0.0',
      entry: '/plugins/builtin/builtin.js',
      integrity: sha384('builtin'),
      routes: [{ path: '/builtin/page', public: true, title: '内置页面' }],
      components: ['BuiltinPage'],
      sdkVersion: '1.0.0',
      source: 'bundled',
    });
    expect(await refusal(pluginArchive({ id: 'builtin' }))).toBe(
      '插件标识「builtin」已被内置插件使用，请更换插件标识后重新构建',
    );
    expect(await refusal(pluginArchive({ id: 'clash', routes: [{ path: '/Builtin/Page/', public: true }] }))).toBe(
      '路由「/Builtin/Page/」已被插件「builtin」使用',
    );
    expect(await refusal(pluginArchive({ id: 'clash', routes: [{ path: '/login', public: true }] }))).toBe(
      '路由「/login」是门户保留的地址',
    );
    // A menu's address: its page would never show (the router gives the address one owner).
    expect(await refusal(pluginArchive({ id: 'clash', routes: [{ path: '/system/User', public: true }] }))).toBe(
      '路由「/system/User」已被菜单「用户管理」使用，请更换插件的路由或先修改该菜单',
    );
    expect(await server.db.select().from(pluginRegistry).where(eq(pluginRegistry.id, 'clash'))).toEqual([]);
  });

  it('refuses a route whose path is not one of this site’s, naming the route', async () => {
    for (const [path, shown] of [
      ['javascript:alert(1)', 'javascript:alert(1)'],
      ['https://evil.example/', 'https://evil.example/'],
      ['//evil.example/x', '//evil.example/x'],
      ['/\\evil.example', '/\\evil.example'],
      ['/%5Cevil.example', '/%5Cevil.example'],
      ['/x\t/evil', '/x\ufffd/evil'],
      // Resolves to the shell's /login past the reserved-path check, or is no route at all.
      ['/x/../login', '/x/../login'],
      ['/a?b', '/a?b'],
    ]) {
      const routes = [
        { path: '/hostile', public: true },
        { path, public: true },
      ];
      expect(await refusal(pluginArchive({ id: 'hostile', routes })), path).toBe(
        `插件清单 manifest.json 无效：路由清单第 2 条的路径「${shown}」不是本站路径：应以 / 开头，如 /warehouse`,
      );
    }
    expect(await server.db.select().from(pluginRegistry).where(eq(pluginRegistry.id, 'hostile'))).toEqual([]);
  });

  it('never publishes a route whose path is not one of this site’s (stored before installs checked it)', async () => {
    await server.db.insert(pluginRegistry).values({
      id: 'stored-hostile',
      version: '1.0.0',
      entry: '/plugins/stored-hostile/stored-hostile.js',
      integrity: sha384('stored-hostile'),
      routes: [
        { path: 'javascript:alert(1)', public: true },
        { path: '/stored-hostile', public: true, title: '页面' },
      ],
      components: ['Page'],
      sdkVersion: '1.0.0',
      source: 'external',
    });
    const published = (await publishedPlugins()).find((plugin) => plugin.id === 'stored-hostile');
    expect(published?.routes).toEqual([{ path: '/stored-hostile', public: true, title: '页面' }]);
    await server.db.delete(pluginRegistry).where(eq(pluginRegistry.id, 'stored-hostile'));
  });

  it('never names a field of the manifest or the form in a message', async () => {
    const texts = [...Object.values(ARCHIVE_MESSAGES), ...Object.values(PLUGIN_ADMIN_MESSAGES)].map((message) =>
      typeof message === 'function' ? (message as (...values: string[]) => string)('甲', '乙', '丙') : message,
    );
    const fields = /\b(files|integrity|entry|chunks|sdkVersion|sharedImports|routes|components|file|name|size)\b/;
    expect(texts.filter((text) => fields.test(text))).toEqual([]);
    // A part under another name than the form's own.
    const form = new FormData();
    form.append('archive', new Blob([pluginArchive().archive]), 'partner-1.0.0.tgz');
    const response = await fetch(`${server.baseUrl}/rest/plugin/installPlugin`, {
      method: 'POST',
      headers: { authorization: admin },
      body: form,
    });
    expect(await response.json()).toMatchObject({
      rtnCode: '400',
      rtnMessage: '请求格式错误：请只上传一个插件安装包（.tgz 文件）',
    });
  });

  it('needs system:plugin:install', async () => {
    const answer = await install(pluginArchive({ id: 'sneaky' }).archive, { token: reviewer });
    expect(answer).toMatchObject({ rtnCode: '403', rtnMessage: '没有权限访问该功能' });
    const anonymous = await install(pluginArchive({ id: 'sneaky' }).archive, { token: '' });
    expect(anonymous.rtnCode).toBe('401');
  });
});

describe('versions', () => {
  // The order itself (SemVer 2.0.0 precedence): sdk/src/validators/semver.test.ts.
  it('installs only versions it can order', () => {
    for (const version of ['1.0.0', '2.0.0-beta.1', '1.0.0-a-b.0', '999999.0.0']) {
      expect(installableVersion(version)).toBe(true);
    }
    for (const version of [
      'latest',
      '1.0',
      '1.0.0-01',
      '1.0.0-beta..1',
      '1.0.0+build',
      '1000000.0.0',
      `1.0.0-${'a'.repeat(27)}`,
    ]) {
      expect(installableVersion(version)).toBe(false);
    }
  });
});

describe('the lifecycle', () => {
  const v1 = pluginArchive({ version: '1.0.0', routes: [{ path: '/partner', public: true, title: '合作伙伴' }] });
  const v2 = pluginArchive({ version: '1.1.0', routes: [{ path: '/partner', public: true, title: '合作伙伴' }] });

  it('installs a first version active and enabled, and serves its files immutable', async () => {
    const answer = await install(v1.archive);
    expect(answer).toMatchObject({ rtnCode: '0000', dataSet: { id: 'partner', version: '1.0.0', active: true } });
    const published = (await publishedPlugins()).find((plugin) => plugin.id === 'partner');
    expect(published).toEqual({
      id: 'partner',
      version: '1.0.0',
      entry: `/plugins/partner/${v1.entryName}`,
      integrity: sha384(v1.entryText),
      routes: [{ path: '/partner', public: true, title: '合作伙伴' }],
      components: ['PartnerPage'],
      sdkVersion: '1.0.0',
      sharedImports: [],
    });
    const file = await server.get(`/plugins/partner/${v1.entryName}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await file.text()).toBe(v1.entryText);
    expect((await server.get('/plugins/partner/absent.js')).status).toBe(404);
    expect((await server.get('/plugins/partner/manifest.json')).status).toBe(404);
    const [audit] = await server.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, 'plugin.install'));
    expect(audit).toMatchObject({ entity: 'plugin', entityId: 'partner', loginName: 'admin' });
  });

  it('refuses the same version again, and a file name whose content changed', async () => {
    expect(await refusal(v1)).toBe('插件「partner」的版本 1.0.0 已安装，请提高版本号后重新构建');
    const renamed = pluginArchive({
      version: '1.0.1',
      entries: (entries) => entries,
      edit: (m) => {
        const files = m.files as Array<{ name: string; integrity: string; size: number }>;
        // Same file name as 1.0.0's entry, other bytes.
        m.entry = `/plugins/partner/${v1.entryName}`;
        files[0] = { ...files[0], name: v1.entryName };
      },
    });
    const entries = (renamed.manifest.files as Array<{ name: string }>).map((file) => file.name);
    expect(entries).toEqual([v1.entryName]);
    const archive = tgzOf([
      { name: 'manifest.json', body: JSON.stringify(renamed.manifest) },
      { name: v1.entryName, body: renamed.entryText },
    ]);
    expect(await refusal(archive)).toBe(
      `文件「${v1.entryName}」与已安装的版本 1.0.0 中的同名文件内容不同；文件名应含内容哈希，请重新构建`,
    );
  });

  it('installs a later version without activating it, then upgrades and rolls back', async () => {
    expect(await install(v2.archive)).toMatchObject({ rtnCode: '0000', dataSet: { version: '1.1.0', active: false } });
    expect((await publishedPlugins()).find((plugin) => plugin.id === 'partner')?.version).toBe('1.0.0');
    // A version never made active is not served.
    expect((await server.get(`/plugins/partner/${v2.entryName}`)).status).toBe(404);
    const versions = await call<AdminPluginVersions>('/rest/plugin/getPluginVersions', { id: 'partner' });
    expect(versions.envelope.dataSet.versions.map((row) => [row.version, row.active, row.installedBy])).toEqual([
      ['1.1.0', false, 'admin'],
      ['1.0.0', true, 'admin'],
    ]);
    // Each version counts its own files, not every file of the plugin.
    const files = await server.db.select().from(pluginFiles).where(eq(pluginFiles.pluginId, 'partner'));
    expect(versions.envelope.dataSet.versions.map((row) => [row.version, row.fileCount])).toEqual(
      ['1.1.0', '1.0.0'].map((version) => [version, files.filter((file) => file.version === version).length]),
    );

    expect((await call('/rest/plugin/activateVersion', { id: 'partner', version: '1.1.0' })).envelope).toMatchObject({
      rtnCode: '0000',
      dataSet: { id: 'partner', version: '1.1.0', enabled: true },
    });
    const upgraded = (await publishedPlugins()).find((plugin) => plugin.id === 'partner');
    expect(upgraded).toMatchObject({ version: '1.1.0', entry: `/plugins/partner/${v2.entryName}` });
    // The previous version's files stay served for a while: a browser still on it keeps working.
    expect((await server.get(`/plugins/partner/${v2.entryName}`)).status).toBe(200);
    expect((await server.get(`/plugins/partner/${v1.entryName}`)).status).toBe(200);
    const [registry] = await server.db.select().from(pluginRegistry).where(eq(pluginRegistry.id, 'partner'));
    expect(registry!.previousVersion).toBe('1.0.0');
    const grace = registry!.previousUntil!.getTime() - Date.now();
    expect(grace).toBeGreaterThan(14 * 60_000);
    expect(grace).toBeLessThanOrEqual(15 * 60_000);

    await call('/rest/plugin/activateVersion', { id: 'partner', version: '1.0.0' });
    expect((await publishedPlugins()).find((plugin) => plugin.id === 'partner')?.version).toBe('1.0.0');
    expect((await server.get(`/plugins/partner/${v2.entryName}`)).status).toBe(200);
    // Once the grace is over (here set by SQL, as another process would write), only the active version's.
    await server.db.execute(sql`update plugin_registry set previous_until = now() where id = 'partner'`);
    const expired = await server.get(`/plugins/partner/${v2.entryName}`);
    expect(expired.status).toBe(404);
    expect(expired.headers.get('cache-control')).toBe('no-cache');
    expect((await server.get(`/plugins/partner/${v1.entryName}`)).status).toBe(200);
    const actions = await server.db
      .select({ action: sysAuditLog.action })
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.entity, 'plugin'), eq(sysAuditLog.entityId, 'partner')));
    expect(actions.map((row) => row.action)).toEqual([
      'plugin.install',
      'plugin.install',
      'plugin.upgrade',
      'plugin.rollback',
    ]);

    expect((await call('/rest/plugin/activateVersion', { id: 'partner', version: '9.9.9' })).envelope.rtnMessage).toBe(
      '插件「partner」没有已安装的版本 9.9.9',
    );
    expect((await call('/rest/plugin/activateVersion', { id: 'builtin', version: '1.0.0' })).envelope.rtnMessage).toBe(
      '内置插件随门户发布，只有一个版本',
    );
  });

  it('installs and activates at once with activate=1', async () => {
    const v3 = pluginArchive({ version: '2.0.0', routes: [{ path: '/partner', public: true, title: '合作伙伴' }] });
    expect(await install(v3.archive, { activate: true })).toMatchObject({
      rtnCode: '0000',
      dataSet: { version: '2.0.0', active: true },
    });
    expect((await publishedPlugins()).find((plugin) => plugin.id === 'partner')?.version).toBe('2.0.0');
    await call('/rest/plugin/activateVersion', { id: 'partner', version: '1.0.0' });
  });

  it('answers that a disabled plugin stays disabled when a version of it is made active', async () => {
    expect((await install(pluginArchive({ id: 'dormant', version: '1.0.0' }).archive)).dataSet).toEqual({
      id: 'dormant',
      version: '1.0.0',
      active: true,
      enabled: true,
      signer: null,
    });
    await call('/rest/plugin/disablePlugin', { id: 'dormant' });
    const v2 = pluginArchive({ id: 'dormant', version: '1.1.0' });
    expect((await install(v2.archive, { activate: true })).dataSet).toEqual({
      id: 'dormant',
      version: '1.1.0',
      active: true,
      enabled: false,
      signer: null,
    });
    expect((await publishedPlugins()).some((plugin) => plugin.id === 'dormant')).toBe(false);
    expect((await call('/rest/plugin/activateVersion', { id: 'dormant', version: '1.0.0' })).envelope.dataSet).toEqual({
      id: 'dormant',
      version: '1.0.0',
      enabled: false,
    });
    expect((await call('/rest/plugin/uninstallPlugin', { id: 'dormant' })).envelope.rtnCode).toBe('0000');
  });

  it('offers its components to menus while enabled, not while disabled', async () => {
    const components = async () =>
      (await call<MenuTree>('/rest/menu/getMenuTree')).envelope.dataSet.components.filter((c) =>
        c.startsWith('partner/'),
      );
    expect(await components()).toEqual(['partner/PartnerPage']);
    expect((await call('/rest/plugin/disablePlugin', { id: 'partner' })).envelope).toMatchObject({
      rtnCode: '0000',
      dataSet: { enabled: false },
    });
    expect((await publishedPlugins()).some((plugin) => plugin.id === 'partner')).toBe(false);
    expect(await components()).toEqual([]);
    // Nor are its files served: neither the active version's nor the one it replaced.
    expect((await server.get(`/plugins/partner/${v1.entryName}`)).status).toBe(404);
    // A disabled plugin's routes no longer count: another may take them, and this one is then refused.
    const taker = pluginArchive({ id: 'taker', routes: [{ path: '/partner', public: true }] });
    expect((await install(taker.archive)).rtnCode).toBe('0000');
    expect((await call('/rest/plugin/enablePlugin', { id: 'partner' })).envelope.rtnMessage).toBe(
      '路由「/partner」已被插件「taker」使用',
    );
    await call('/rest/plugin/disablePlugin', { id: 'taker' });
    expect((await call('/rest/plugin/enablePlugin', { id: 'partner' })).envelope.dataSet).toMatchObject({
      enabled: true,
    });
    expect(await components()).toEqual(['partner/PartnerPage']);
    expect((await server.get(`/plugins/partner/${v1.entryName}`)).status).toBe(200);
    expect((await call('/rest/plugin/disablePlugin', { id: 'system' })).envelope.rtnMessage).toBe(
      '系统管理插件提供插件管理页面，不能停用',
    );
  });

  it('refuses to uninstall while a menu points at it, naming the menu; then uninstalls', async () => {
    const [system] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.path, '/system'));
    const saved = await call('/rest/menu/addMenuRel', {
      parentId: String(system!.id),
      type: 'menu',
      name: '合作伙伴',
      path: '/partner/page',
      componentPath: 'partner/PartnerPage',
      sort: 99,
      hidden: false,
    });
    expect(saved.envelope.rtnCode).toBe('0000');
    expect((await call('/rest/plugin/uninstallPlugin', { id: 'partner' })).envelope.rtnMessage).toBe(
      '插件「partner」仍被菜单「合作伙伴」使用，请先在菜单管理中修改或删除这些菜单',
    );
    await server.db.delete(sysPermissions).where(like(sysPermissions.componentPath, 'partner/%'));
    expect((await call('/rest/plugin/uninstallPlugin', { id: 'partner' })).envelope).toMatchObject({
      rtnCode: '0000',
      dataSet: { id: 'partner', versions: 3 },
    });
    expect((await publishedPlugins()).some((plugin) => plugin.id === 'partner')).toBe(false);
    expect(await server.db.select().from(pluginFiles).where(eq(pluginFiles.pluginId, 'partner'))).toEqual([]);
    expect((await server.get(`/plugins/partner/${v1.entryName}`)).status).toBe(404);
    expect((await call('/rest/plugin/uninstallPlugin', { id: 'partner' })).envelope).toMatchObject({
      rtnCode: '404',
      rtnMessage: '插件不存在或已卸载',
    });
    expect((await call('/rest/plugin/uninstallPlugin', { id: 'builtin' })).envelope.rtnMessage).toBe(
      '内置插件随门户发布，不能卸载，可将其停用',
    );
  });

  it('refuses to make active a version without a component a menu uses, naming the menus; disables and names them', async () => {
    const v1 = pluginArchive({ id: 'menued', version: '1.0.0', components: ['MenuedPage'] });
    const v2 = pluginArchive({ id: 'menued', version: '2.0.0', components: ['OtherPage'] });
    expect((await install(v1.archive)).rtnCode).toBe('0000');
    const [system] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.path, '/system'));
    for (const [name, path] of [
      ['菜单甲', '/menued/a'],
      ['菜单乙', '/menued/b'],
    ]) {
      const saved = await call('/rest/menu/addMenuRel', {
        parentId: String(system!.id),
        type: 'menu',
        name,
        path,
        componentPath: 'menued/MenuedPage',
        sort: 99,
        hidden: false,
      });
      expect(saved.envelope.rtnCode).toBe('0000');
    }
    const refused =
      '插件「menued」的版本 2.0.0 没有菜单「菜单甲」（menued/MenuedPage）「菜单乙」（menued/MenuedPage）所需的组件，' +
      '不能启用该版本；请先在菜单管理中修改或删除这些菜单';
    expect(await install(v2.archive, { activate: true })).toMatchObject({ rtnCode: '400', rtnMessage: refused });
    expect((await install(v2.archive)).dataSet).toMatchObject({ version: '2.0.0', active: false });
    expect((await call('/rest/plugin/activateVersion', { id: 'menued', version: '2.0.0' })).envelope.rtnMessage).toBe(
      refused,
    );

    // 停用 stays possible (the emergency switch): the answer names the menus left unusable.
    expect((await call('/rest/plugin/disablePlugin', { id: 'menued' })).envelope.dataSet).toEqual({
      id: 'menued',
      version: '1.0.0',
      enabled: false,
      menus: ['菜单甲', '菜单乙'],
    });
    expect((await call('/rest/plugin/activateVersion', { id: 'menued', version: '2.0.0' })).envelope.rtnMessage).toBe(
      refused,
    );
    // 启用 checks the active version again (here its components changed behind the portal's back).
    await server.db.execute(sql`update plugin_registry set components = '["OtherPage"]' where id = 'menued'`);
    expect((await call('/rest/plugin/enablePlugin', { id: 'menued' })).envelope.rtnMessage).toBe(
      refused.replace('2.0.0', '1.0.0'),
    );
    await server.db.execute(sql`update plugin_registry set components = '["MenuedPage"]' where id = 'menued'`);
    expect((await call('/rest/plugin/enablePlugin', { id: 'menued' })).envelope.dataSet).toEqual({
      id: 'menued',
      version: '1.0.0',
      enabled: true,
    });

    await server.db.delete(sysPermissions).where(like(sysPermissions.componentPath, 'menued/%'));
    expect((await call('/rest/plugin/activateVersion', { id: 'menued', version: '2.0.0' })).envelope.rtnCode).toBe(
      '0000',
    );
    expect((await call<PluginChanged>('/rest/plugin/disablePlugin', { id: 'menued' })).envelope.dataSet.menus).toEqual(
      [],
    );
    expect((await call('/rest/plugin/uninstallPlugin', { id: 'menued' })).envelope.rtnCode).toBe('0000');
  });

  it('lists plugins on the generic admin list, filtered by source', async () => {
    const page = await call<AdminPluginPage>('/rest/plugin/getPluginPage', {
      pageNum: 1,
      pageSize: 10,
      filters: { source: 'external' },
    });
    expect(
      page.envelope.dataSet.pagination.result.map((row) => [row.id, row.version, row.enabled, row.versionCount]),
    ).toEqual([['taker', '1.0.0', false, 1]]);
    const unknown = await call('/rest/plugin/getPluginPage', { pageNum: 1, pageSize: 10, filters: { entry: 'x' } });
    expect(unknown.envelope.rtnCode).toBe('400');
    const sorted = await call('/rest/plugin/getPluginPage', {
      pageNum: 1,
      pageSize: 10,
      sort: { field: 'integrity', order: 'asc' },
    });
    expect(sorted.envelope.rtnCode).toBe('400');
  });

  it('exports the list: the query or the selected plugins, 来源 and 状态 in words', async () => {
    const exported = await downloadExport(
      server,
      '/rest/plugin/exportXls',
      { filters: { source: 'external' }, sort: { field: 'id', order: 'asc' } },
      admin,
    );
    expect(exported.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('插件列表.xlsx')}`);
    expect(exported.rows![0]).toEqual([
      '插件标识',
      '名称',
      '当前版本',
      '来源',
      '状态',
      '组件',
      '签名',
      '版本数',
      '更新时间',
    ]);
    expect(exported.rows!.slice(1).map((row) => [row[0], row[2], row[3], row[4], row[6], row[7]])).toEqual([
      ['taker', '1.0.0', '上传', '已停用', '未签名', '1'],
    ]);
    expect(exported.rows![1]![8]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Only enabled ones: the disabled taker is not written.
    const enabled = await downloadExport(
      server,
      '/rest/plugin/exportXls',
      { filters: { source: 'external', enabled: '1' }, field: 'id' },
      admin,
    );
    expect(enabled.rows).toEqual([['插件标识']]);
    const selected = await downloadExport(
      server,
      '/rest/plugin/exportXls',
      { selections: 'taker,nothing-here', field: 'enabled,id' },
      admin,
    );
    expect(selected.rows).toEqual([
      ['插件标识', '状态'],
      ['taker', '已停用'],
    ]);
    const reader = await tokenHolding(server, ['system:plugin:list']);
    expect((await downloadExport(server, '/rest/plugin/exportXls', {}, reader)).envelope).toMatchObject({
      rtnCode: '403',
    });
  });

  it('needs system:plugin:manage to change and system:plugin:list to read', async () => {
    for (const path of ['/rest/plugin/enablePlugin', '/rest/plugin/disablePlugin', '/rest/plugin/uninstallPlugin']) {
      const answer = await server.post(path, { id: 'taker' }, { authorization: reviewer });
      expect(answer.envelope).toMatchObject({ rtnCode: '403', rtnMessage: '没有权限访问该功能' });
    }
    const list = await server.post(
      '/rest/plugin/getPluginPage',
      { pageNum: 1, pageSize: 10 },
      { authorization: reviewer },
    );
    expect(list.envelope.rtnCode).toBe('403');
  });
});

// PGlite runs one transaction at a time, so these races are real only on the PostgreSQL
// suite (TEST_DATABASE_URL), where the advisory locks of service.ts decide them.
describe('concurrent writes', () => {
  it('makes exactly one of two concurrent first installs of a plugin active, one content per file name', async () => {
    const shared = (text: string) => [{ name: 'rival.shared.js', body: text }];
    const first = pluginArchive({ id: 'rival', version: '1.0.0', extra: shared('.a { color: red; }') });
    const second = pluginArchive({ id: 'rival', version: '1.1.0', extra: shared('.a { color: blue; }') });
    const answers = await Promise.all([install(first.archive), install(second.archive)]);
    const installed = answers.filter((answer) => answer.rtnCode === '0000');
    // The second to get the plugin's lock sees the first's version active and its file.
    expect(installed).toHaveLength(1);
    expect(installed[0]!.dataSet.active).toBe(true);
    expect(answers.find((answer) => answer.rtnCode !== '0000')?.rtnMessage).toMatch(
      /^文件「rival\.shared\.js」与已安装的版本 1\.[01]\.0 中的同名文件内容不同/,
    );
    const [registry] = await server.db.select().from(pluginRegistry).where(eq(pluginRegistry.id, 'rival'));
    expect(registry!.version).toBe(installed[0]!.dataSet.version);
    const files = await server.db.select().from(pluginFiles).where(eq(pluginFiles.pluginId, 'rival'));
    const contents = new Map<string, Set<string>>();
    for (const file of files) contents.set(file.name, (contents.get(file.name) ?? new Set()).add(file.sha256));
    expect([...contents.values()].every((shas) => shas.size === 1)).toBe(true);

    // Without a shared file both install: one first version active, the other installed beside it.
    const [a, b] = [pluginArchive({ id: 'twin', version: '1.0.0' }), pluginArchive({ id: 'twin', version: '1.1.0' })];
    const both = await Promise.all([install(a.archive), install(b.archive)]);
    expect(both.map((answer) => answer.rtnCode)).toEqual(['0000', '0000']);
    expect(both.filter((answer) => answer.dataSet.active)).toHaveLength(1);
    const [twin] = await server.db.select().from(pluginRegistry).where(eq(pluginRegistry.id, 'twin'));
    expect(twin!.version).toBe(both.find((answer) => answer.dataSet.active)!.dataSet.version);
  });

  it('lets only one of two plugins installed at once claim the same route', async () => {
    const route = [{ path: '/contested', public: true }];
    const answers = await Promise.all([
      install(pluginArchive({ id: 'claimer-a', routes: route }).archive),
      install(pluginArchive({ id: 'claimer-b', routes: route }).archive),
    ]);
    expect(answers.map((answer) => answer.rtnCode).sort()).toEqual(['0000', '400']);
    expect(answers.find((answer) => answer.rtnCode === '400')?.rtnMessage).toMatch(
      /^路由「\/contested」已被插件「claimer-[ab]」使用$/,
    );
  });
});

describe('files and the change signal', () => {
  it('reads an archive packed by node-tar from a folder (./ prefixed entries)', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'cotton-plugin-'));
    try {
      const fixture = pluginArchive({ id: 'packed' });
      await writeFile(join(folder, 'manifest.json'), JSON.stringify(fixture.manifest));
      await writeFile(join(folder, fixture.entryName), fixture.entryText);
      const out = join(folder, 'packed-1.0.0.tgz');
      await createTar({ gzip: true, cwd: folder, file: out, portable: true }, [
        './manifest.json',
        `./${fixture.entryName}`,
      ]);
      expect(await install(await readFile(out))).toMatchObject({ rtnCode: '0000', dataSet: { id: 'packed' } });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('sends the .br / .gz sibling of a file to clients that take it, and refuses one that differs', async () => {
    // Packed as `cotton-plugin build` packs it (tools/plugin-tools: precompressFiles, packArchive).
    const text = bundleText('squeezed', '1.0.0');
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 8);
    const name = `squeezed.${hash}.js`;
    const folder = await mkdtemp(join(tmpdir(), 'plugin-squeezed-'));
    let archive: Buffer;
    let br: Buffer;
    try {
      await writeFile(join(folder, name), text);
      await precompressFiles(folder, [name]);
      const packed = await packArchive(folder, {
        id: 'squeezed',
        version: '1.0.0',
        entry: `/plugins/squeezed/${name}`,
        integrity: sha384(text),
        routes: [],
        components: ['PartnerPage'],
        sdkVersion: SDK_VERSION,
        sharedImports: [],
      });
      expect(packed.manifest.files?.map((file) => file.name)).toEqual([name, `${name}.br`, `${name}.gz`]);
      archive = await readFile(packed.archive);
      br = await readFile(join(folder, `${name}.br`));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    expect((await install(archive)).rtnCode).toBe('0000');
    // The .br of the archive, as it is.
    const sent = await server.get(`/plugins/squeezed/${name}`, { 'accept-encoding': 'br' });
    expect(sent.headers.get('content-encoding')).toBe('br');
    expect(sent.headers.get('content-length')).toBe(String(br.length));
    expect(sent.headers.get('etag')).toBe(`"${createHash('sha256').update(br).digest('hex')}"`);
    expect(await sent.text()).toBe(text);
    const fetchWith = async (encoding: string) => {
      const response = await fetch(`${server.baseUrl}/plugins/squeezed/${name}`, {
        headers: { 'accept-encoding': encoding },
      });
      return {
        encoding: response.headers.get('content-encoding'),
        vary: response.headers.get('vary'),
        body: await response.text(),
      };
    };
    expect(await fetchWith('gzip, deflate, br')).toEqual({ encoding: 'br', vary: 'accept-encoding', body: text });
    expect(await fetchWith('gzip')).toEqual({ encoding: 'gzip', vary: 'accept-encoding', body: text });
    expect(await fetchWith('identity')).toEqual({ encoding: null, vary: 'accept-encoding', body: text });
    expect((await server.get(`/plugins/squeezed/${name}.br`)).status).toBe(404);

    const lyingName = `lying.${createHash('sha256').update(bundleText('lying', '1.0.0')).digest('hex').slice(0, 8)}.js`;
    const lying = pluginArchive({ id: 'lying', extra: [{ name: `${lyingName}.gz`, body: gzipSync('other') }] });
    expect(await refusal(lying)).toBe(`压缩文件「${lyingName}.gz」解压后与「${lyingName}」的内容不一致`);
  });

  it("keeps installed plugins' bytes through the sweep, and lets an uninstalled plugin's go", async () => {
    const gone = pluginArchive({ id: 'gone', version: '1.0.0' });
    expect((await install(gone.archive)).rtnCode).toBe('0000');
    const goneFiles = await server.db.select().from(pluginFiles).where(eq(pluginFiles.pluginId, 'gone'));
    expect(goneFiles.length).toBeGreaterThan(0);
    expect((await call('/rest/plugin/uninstallPlugin', { id: 'gone' })).envelope.rtnCode).toBe('0000');
    const blobsOf = async (hashes: string[]) =>
      (await server.db.select({ sha256: fileBlobs.sha256 }).from(fileBlobs)).filter((row) =>
        hashes.includes(row.sha256),
      );
    expect(await blobsOf(goneFiles.map((file) => file.sha256))).toHaveLength(goneFiles.length);

    const counts = await sweepFiles(server.db, new DatabaseFileStore(server.db, server.config.filesDir));
    expect(counts.bytes).toBeGreaterThanOrEqual(goneFiles.length);
    expect(await blobsOf(goneFiles.map((file) => file.sha256))).toEqual([]);
    const [file] = await server.db.select().from(pluginFiles).where(eq(pluginFiles.pluginId, 'packed'));
    expect(await blobsOf([file!.sha256])).toHaveLength(1);
    expect((await server.get(`/plugins/packed/${file!.name}`)).status).toBe(200);
  });

  it('serves files from what it keeps: no query per request, until another process changes the registry', async () => {
    const [file] = await server.db.select().from(pluginFiles).where(eq(pluginFiles.pluginId, 'packed'));
    const served = async () => (await server.get(`/plugins/packed/${file!.name}`)).status;
    expect(await served()).toBe(200);
    const select = vi.spyOn(server.db, 'select');
    try {
      expect([await served(), await served(), await served()]).toEqual([200, 200, 200]);
      expect(select).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
    // What another server process would do: heard by the change signal, not served any more.
    await server.db.execute(sql`update plugin_registry set enabled = false where id = 'packed'`);
    expect(await served()).toBe(404);
    await server.db.execute(sql`update plugin_registry set enabled = true where id = 'packed'`);
    expect(await served()).toBe(200);
  });

  it('sees a change another process writes (the registry is watched by the change signal)', async () => {
    expect((await publishedPlugins()).find((plugin) => plugin.id === 'packed')).toBeDefined();
    // What another server process would do: a write the cache did not make.
    await server.db.execute(sql`update plugin_registry set enabled = false where id = 'packed'`);
    expect((await publishedPlugins()).find((plugin) => plugin.id === 'packed')).toBeUndefined();
    await server.db.execute(sql`update plugin_registry set enabled = true where id = 'packed'`);
    expect((await publishedPlugins()).find((plugin) => plugin.id === 'packed')).toBeDefined();
  });
});
