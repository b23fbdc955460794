import { rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginRegistry } from '../src/db/schema/index';
import type { PluginManifest } from '@cotton/sdk/contracts';
import { checkManifest, registerBundledPlugins } from '../src/modules/plugin-registry/service';
import { createStaticRoot, manifest, put } from './fixtures';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let staticRoot: string;

async function listed(method: 'GET' | 'POST' = 'GET'): Promise<PluginManifest[]> {
  if (method === 'POST') {
    const response = await server.post<{ plugins: PluginManifest[] }>('/rest/anon/plugins', {});
    expect(response.envelope.rtnCode).toBe('0000');
    return response.envelope.dataSet.plugins;
  }
  const response = await server.get('/rest/anon/plugins');
  expect(response.status).toBe(200);
  const envelope = (await response.json()) as { rtnCode: string; dataSet: { plugins: PluginManifest[] } };
  expect(envelope.rtnCode).toBe('0000');
  return envelope.dataSet.plugins;
}

const reregister = () => registerBundledPlugins(server.db, staticRoot, server.app.log);

beforeAll(async () => {
  staticRoot = await createStaticRoot();
  server = await startTestServer({ staticRoot, captureLogs: true });
});
afterAll(async () => {
  await server?.close();
  await rm(staticRoot, { recursive: true, force: true });
});

describe('bundled plugins', () => {
  it('registers each valid plugins/*/dist/manifest.json at start-up and publishes it (GET and POST)', async () => {
    expect(await listed('GET')).toEqual([manifest()]);
    expect(await listed('POST')).toEqual([manifest()]);
    const [row] = await server.db.select().from(pluginRegistry).where(eq(pluginRegistry.id, 'warehouse'));
    expect(row).toMatchObject({
      source: 'bundled',
      enabled: true,
      sdkVersion: '1.0.0',
      sharedImports: manifest().sharedImports,
    });
  });

  it('stores and publishes the shared imports, and [] for a manifest written before the field', async () => {
    expect((await listed())[0].sharedImports).toEqual([
      '@arco-design/web-react/Table',
      '@cotton/sdk/RegionCascader',
      'react',
      'react/jsx-runtime',
    ]);
    const { sharedImports: _dropped, ...older } = manifest();
    await writeFile(join(staticRoot, 'plugins/warehouse/dist/manifest.json'), JSON.stringify(older));
    await reregister();
    expect(await listed()).toEqual([{ ...older, sharedImports: [] }]);
    await writeFile(join(staticRoot, 'plugins/warehouse/dist/manifest.json'), JSON.stringify(manifest()));
    await reregister();
    expect(await listed()).toEqual([manifest()]);
  });

  it('defaults the column to [] for rows inserted without it', async () => {
    const { sharedImports: _dropped, ...row } = manifest({ id: 'legacy-app', entry: '/plugins/legacy-app/l.js' });
    await server.db.insert(pluginRegistry).values({ ...row, source: 'external' });
    const [stored] = await server.db.select().from(pluginRegistry).where(eq(pluginRegistry.id, 'legacy-app'));
    expect(stored.sharedImports).toEqual([]);
    expect((await listed()).find((plugin) => plugin.id === 'legacy-app')?.sharedImports).toEqual([]);
    await server.db.delete(pluginRegistry).where(eq(pluginRegistry.id, 'legacy-app'));
  });

  it('stores and publishes the extra chunks with their integrity, and leaves the field out for a one-file bundle', async () => {
    const chunks = [
      { url: '/plugins/warehouse/warehouse.bar-chart.0a1b2c3d.js', integrity: `sha384-${'A'.repeat(64)}` },
      { url: '/plugins/warehouse/warehouse.map.4e5f6a7b.js', integrity: `sha384-${'B'.repeat(64)}` },
    ];
    await writeFile(
      join(staticRoot, 'plugins/warehouse/dist/manifest.json'),
      JSON.stringify({ ...manifest(), chunks }),
    );
    await reregister();
    expect(await listed()).toEqual([{ ...manifest(), chunks }]);
    expect(await listed('POST')).toEqual([{ ...manifest(), chunks }]);
    const [row] = await server.db.select().from(pluginRegistry).where(eq(pluginRegistry.id, 'warehouse'));
    expect(row.chunks).toEqual(chunks);

    await writeFile(join(staticRoot, 'plugins/warehouse/dist/manifest.json'), JSON.stringify(manifest()));
    await reregister();
    const [plain] = await listed();
    expect(plain).toEqual(manifest());
    expect(plain).not.toHaveProperty('chunks');
    const [cleared] = await server.db.select().from(pluginRegistry).where(eq(pluginRegistry.id, 'warehouse'));
    expect(cleared.chunks).toEqual([]);
  });

  it('skips an invalid manifest with a warning', () => {
    const warning = server.logs.find((line) => line.level === 40 && String(line.file ?? '').includes('broken'));
    expect(warning).toMatchObject({ reason: '插件编号「other」与目录名「broken」不一致' });
  });

  it('updates a registered plugin when its manifest changes', async () => {
    const next = manifest({
      version: '1.1.0',
      entry: '/plugins/warehouse/warehouse.aaaaaaaa.js',
      components: ['WarehouseList', 'WarehouseDetail'],
    });
    await writeFile(join(staticRoot, 'plugins/warehouse/dist/manifest.json'), JSON.stringify(next));
    await reregister();
    expect(await listed()).toEqual([next]);
  });

  it('adds a new bundled plugin and lists plugins by id', async () => {
    await put(
      staticRoot,
      'plugins/home/dist/manifest.json',
      JSON.stringify(manifest({ id: 'home', routes: [{ path: '/home', public: true }] })),
    );
    await reregister();
    expect((await listed()).map((plugin) => plugin.id)).toEqual(['home', 'warehouse']);
    expect((await listed())[0].routes).toEqual([{ path: '/home', public: true }]);
  });

  it('keeps a plugin staff switched off switched off, and does not publish it', async () => {
    await server.db.update(pluginRegistry).set({ enabled: false }).where(eq(pluginRegistry.id, 'home'));
    await reregister();
    expect((await listed()).map((plugin) => plugin.id)).toEqual(['warehouse']);
    await server.db.update(pluginRegistry).set({ enabled: true }).where(eq(pluginRegistry.id, 'home'));
  });

  it('removes bundled plugins whose build is gone, and leaves external ones alone', async () => {
    await server.db
      .insert(pluginRegistry)
      .values({ ...manifest({ id: 'partner-app', entry: '/plugins/partner-app/p.js' }), source: 'external' });
    await unlink(join(staticRoot, 'plugins/home/dist/manifest.json'));
    await reregister();
    expect((await listed()).map((plugin) => plugin.id)).toEqual(['partner-app', 'warehouse']);
  });
});

describe('checkManifest', () => {
  it.each([
    [null, '内容应为 JSON 对象'],
    [{ ...manifest(), id: 'Warehouse' }, '插件编号无效：应以小写字母开头，只含小写字母、数字和 -'],
    [{ ...manifest(), version: '' }, '版本号无效'],
    [{ ...manifest(), entry: '/plugins/other/warehouse.js' }, '入口文件应位于 /plugins/warehouse/ 下'],
    [{ ...manifest(), integrity: 'md5-abc' }, '入口文件的完整性校验值无效'],
    [{ ...manifest(), sdkVersion: 1 }, 'SDK 版本无效'],
    [{ ...manifest(), components: [1] }, '组件清单无效'],
    [{ ...manifest(), routes: [{ path: '/x' }] }, '路由清单无效'],
    [
      { ...manifest(), routes: [{ path: 'javascript:alert(1)', public: true }] },
      '路由清单第 1 条的路径「javascript:alert(1)」不是本站路径：应以 / 开头，如 /warehouse',
    ],
    [
      {
        ...manifest(),
        routes: [
          { path: '/warehouse', public: true },
          { path: '//evil.example', public: true },
        ],
      },
      '路由清单第 2 条的路径「//evil.example」不是本站路径：应以 / 开头，如 /warehouse',
    ],
    [{ ...manifest(), sharedImports: 'react' }, '共享依赖清单无效'],
    [{ ...manifest(), sharedImports: ['react', 1] }, '共享依赖清单无效'],
    [{ ...manifest(), chunks: 'x.js' }, '分块文件清单无效'],
    [
      { ...manifest(), chunks: [{ url: '/plugins/other/x.js', integrity: `sha384-${'A'.repeat(64)}` }] },
      '分块文件清单无效',
    ],
    [{ ...manifest(), chunks: [{ url: '/plugins/warehouse/x.js', integrity: 'md5-abc' }] }, '分块文件清单无效'],
    [{ ...manifest(), chunks: [{ url: '/plugins/warehouse/x.js' }] }, '分块文件清单无效'],
  ])('refuses %j: %s', (value, reason) => {
    expect(checkManifest(value, 'warehouse')).toEqual({ reason });
  });

  it('keeps only the manifest fields', () => {
    expect(checkManifest({ ...manifest(), extra: 'x' }, 'warehouse')).toEqual({ manifest: manifest() });
  });

  it('sorts the shared imports and keeps each once', () => {
    expect(checkManifest({ ...manifest(), sharedImports: ['react', 'mobx', 'react'] }, 'warehouse')).toEqual({
      manifest: manifest({ sharedImports: ['mobx', 'react'] }),
    });
  });
});
