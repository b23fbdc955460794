import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PluginManifest } from '@cotton/sdk/contracts';

export const INDEX_HTML =
  '<!doctype html><html lang="zh-CN"><head><title>全国棉花交易市场</title></head><body><div id="root"></div></body></html>';
export const SHELL_ASSET = 'assets/index-3f2a1b9c.js';
export const PLUGIN_BUNDLE = 'warehouse.5d41402a.js';

export function manifest(overrides: Partial<PluginManifest> = {}): PluginManifest {
  const id = overrides.id ?? 'warehouse';
  return {
    id,
    version: '1.0.0',
    entry: `/plugins/${id}/${id}.5d41402a.js`,
    integrity: 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC',
    routes: [{ path: `/${id}`, public: true, title: '仓库查询' }],
    components: ['WarehouseList'],
    sdkVersion: '1.0.0',
    sharedImports: ['@arco-design/web-react/Table', '@cotton/sdk/RegionCascader', 'react', 'react/jsx-runtime'],
    ...overrides,
  };
}

export async function put(root: string, path: string, content: string | Uint8Array): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), content);
}

/**
 * A STATIC_ROOT like a built repository: the shell's dist, a valid plugin, a plugin whose
 * manifest is invalid and a plugin folder without a build.
 */
export async function createStaticRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'cotton-static-root-'));
  await put(root, 'shell/dist/index.html', INDEX_HTML);
  await put(root, `shell/dist/${SHELL_ASSET}`, 'console.log("shell");');
  await put(root, 'shell/dist/qr-official-account.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await put(root, 'shell/dist/manifest.json', '{"shell":true}');
  await put(root, `plugins/warehouse/dist/${PLUGIN_BUNDLE}`, 'System.register([], function () { return {}; });');
  await put(root, 'plugins/warehouse/dist/manifest.json', JSON.stringify(manifest()));
  await put(root, 'plugins/broken/dist/manifest.json', JSON.stringify(manifest({ id: 'other' })));
  await put(root, 'plugins/unbuilt/package.json', '{}');
  return root;
}
