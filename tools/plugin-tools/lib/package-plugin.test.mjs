import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBuildTools } from './test-support.mjs';

const { buildPluginPackage, definitionProblems, packArchive, precompressFiles } = await loadBuildTools();
const { archiveProblems } = await import('../../../scripts/plugin-author.mjs');
const { list: listTar } = await import('tar');

/** @type {string[]} */
const roots = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const PLUGIN_JSON = {
  id: 'packed',
  routes: [{ path: '/packed', public: true, title: '示例' }],
  components: ['PackedPage', 'PackedDetail'],
};

/**
 * A plugin folder under a temporary directory, with a lazily loaded chunk.
 * @param {{ definition?: string, pluginJson?: object }} [options]
 */
function fixture(options = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'plugin-package-'));
  roots.push(root);
  const dir = path.join(root, 'packed');
  const files = {
    'package.json': JSON.stringify({ name: '@acme/packed', version: '2.0.1', private: true }),
    'plugin.json': JSON.stringify(options.pluginJson ?? PLUGIN_JSON),
    'src/detail.tsx': `export default function Detail() { return <p>详情</p>; }\n`,
    'src/index.tsx': `
import { lazy } from 'react';
import { Button } from '@arco-design/web-react';
import { definePlugin, createListStore } from '@cotton/sdk';

// Top-level calls into shared modules are answered by the check's stand-ins.
const store = createListStore({ rowKey: 'id', columns: [], calls: { list: '/rest/x' } });
export function PackedPage() { return <Button onClick={() => store.load()}>按钮</Button>; }
export const PackedDetail = lazy(() => import('./detail'));

${
  options.definition ??
  `export default definePlugin({
  id: 'packed',
  routes: [{ path: '/packed', element: PackedPage, public: true, title: '示例' }],
  components: { PackedPage, PackedDetail },
});`
}
`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** @param {Buffer} bytes */
const sha384 = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

describe('cotton-plugin build (buildPluginPackage)', () => {
  it('packs manifest.json and the bundle files at the archive root, each file with its integrity and size', async () => {
    const dir = fixture();
    const result = await buildPluginPackage(dir);
    const dist = path.join(dir, 'dist');
    expect(result.archive).toBe(path.join(dist, 'packed-2.0.1.tgz'));

    /** @type {Map<string, Buffer>} */
    const entries = new Map();
    await listTar({
      file: /** @type {string} */ (result.archive),
      onReadEntry: (entry) => {
        /** @type {Buffer[]} */
        const parts = [];
        entry.on('data', (part) => parts.push(part));
        entry.on('end', () => entries.set(entry.path, Buffer.concat(parts)));
      },
    });
    const jsFiles = readdirSync(dist)
      .filter((f) => f.endsWith('.js'))
      .sort();
    expect(jsFiles).toHaveLength(2);
    // Each JS file with its .br and .gz (the server sends those, it compresses nothing); no source map.
    const packedFiles = jsFiles.flatMap((name) => [name, `${name}.br`, `${name}.gz`]);
    expect([...entries.keys()].sort()).toEqual(['manifest.json', ...packedFiles].sort());

    const manifest = JSON.parse(/** @type {Buffer} */ (entries.get('manifest.json')).toString('utf8'));
    const entryName = path.posix.basename(manifest.entry);
    expect(manifest.entry).toBe(`/plugins/packed/${entryName}`);
    expect(manifest.chunks).toHaveLength(1);
    expect(manifest.version).toBe('2.0.1');
    expect(manifest.files.map((/** @type {{ name: string }} */ f) => f.name).sort()).toEqual(packedFiles.sort());
    for (const file of manifest.files) {
      const bytes = /** @type {Buffer} */ (entries.get(file.name));
      expect(file).toEqual({ name: file.name, integrity: sha384(bytes), size: bytes.length });
    }
    expect(manifest.files.find((/** @type {{ name: string }} */ f) => f.name === entryName).integrity).toBe(
      manifest.integrity,
    );
    // dist/manifest.json says what the archive says.
    expect(JSON.parse(readFileSync(path.join(dist, 'manifest.json'), 'utf8'))).toEqual(manifest);

    for (const name of jsFiles) {
      const bytes = readFileSync(path.join(dist, name));
      expect(entries.get(name)).toEqual(bytes);
      expect(gunzipSync(readFileSync(path.join(dist, `${name}.gz`)))).toEqual(bytes);
      expect(brotliDecompressSync(readFileSync(path.join(dist, `${name}.br`)))).toEqual(bytes);
      // The archive's siblings are dist's, and decompress to the file.
      expect(entries.get(`${name}.gz`)).toEqual(readFileSync(path.join(dist, `${name}.gz`)));
      expect(entries.get(`${name}.br`)).toEqual(readFileSync(path.join(dist, `${name}.br`)));
      expect(gunzipSync(/** @type {Buffer} */ (entries.get(`${name}.gz`)))).toEqual(bytes);
      expect(brotliDecompressSync(/** @type {Buffer} */ (entries.get(`${name}.br`)))).toEqual(bytes);
    }
    // What the server's archive check and scripts/plugin-author.mjs expect.
    expect(archiveProblems(entries, 'packed', '2.0.1')).toEqual([]);
  });

  it('refuses to pack when a .br / .gz sibling is missing', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'plugin-pack-'));
    roots.push(dist);
    const text = 'System.register([],function(){return{execute(){}}});';
    writeFileSync(path.join(dist, 'bare.1.js'), text);
    writeFileSync(path.join(dist, 'bare.1.js.gz'), gzipSync(text));
    const manifest = {
      id: 'bare',
      version: '1.0.0',
      entry: '/plugins/bare/bare.1.js',
      integrity: sha384(Buffer.from(text)),
      routes: [],
      components: [],
      sdkVersion: '1.0.0',
      sharedImports: [],
    };
    await expect(packArchive(dist, manifest)).rejects.toThrow(/needs bare\.1\.js\.br in/);
    await precompressFiles(dist, ['bare.1.js']);
    const { manifest: packed } = await packArchive(dist, manifest);
    expect(packed.files?.map((file) => file.name)).toEqual(['bare.1.js', 'bare.1.js.br', 'bare.1.js.gz']);
  });

  it('skips the archive when asked (the repository build)', async () => {
    const dir = fixture();
    const result = await buildPluginPackage(dir, { archive: false });
    expect(result.archive).toBeUndefined();
    expect(readdirSync(path.join(dir, 'dist')).some((f) => f.endsWith('.tgz'))).toBe(false);
    expect(existsSync(`${result.file}.br`)).toBe(true);
  });

  it('fails, naming each difference, when the definition does not match plugin.json', async () => {
    const dir = fixture({
      definition: `export default definePlugin({
  id: 'packed',
  routes: [{ path: '/packed', element: PackedPage, title: '别的' }, { path: '/extra', element: PackedPage }],
  components: { PackedPage, Stray: PackedPage },
});`,
    });
    const error = await buildPluginPackage(dir).catch((/** @type {Error} */ e) => e);
    expect(error).toBeInstanceOf(Error);
    const message = /** @type {Error} */ (error).message;
    expect(message).toContain('does not match plugin.json');
    expect(message).toContain(
      'route /packed: plugin.json says /packed (public, title "示例"), definePlugin says /packed (login required, title "别的")',
    );
    expect(message).toContain("route /extra: in definePlugin's routes, not in plugin.json");
    expect(message).toContain("component PackedDetail: in plugin.json, not in definePlugin's components");
    expect(message).toContain("component Stray: in definePlugin's components, not in plugin.json");
    expect(existsSync(path.join(dir, 'dist', 'packed-2.0.1.tgz'))).toBe(false);
  });

  it('fails when the bundle has no default export', async () => {
    const dir = fixture({ definition: 'export const nothing = 1;' });
    await expect(buildPluginPackage(dir)).rejects.toThrow(/no default export/);
  });
});

describe('definitionProblems', () => {
  const page = () => null;
  it('accepts a definition that says what plugin.json says, in its order', () => {
    const definition = {
      id: 'packed',
      routes: [{ path: '/packed', element: page, public: true, title: '示例' }],
      components: { PackedDetail: page, PackedPage: page },
    };
    expect(definitionProblems(definition, PLUGIN_JSON)).toEqual([]);
  });

  it('names a wrong id, a route that is not a component and a reordering', () => {
    const json = {
      id: 'packed',
      routes: [
        { path: '/a', public: false },
        { path: '/b', public: false },
      ],
      components: [],
    };
    expect(
      definitionProblems(
        {
          id: 'other',
          routes: [
            { path: '/b', element: page },
            { path: '/a', element: 'x' },
          ],
        },
        json,
      ),
    ).toEqual([
      'id: plugin.json says "packed", definePlugin says "other"',
      'route /a: element is not a React component',
    ]);
    expect(
      definitionProblems(
        {
          id: 'packed',
          routes: [
            { path: '/b', element: page },
            { path: '/a', element: page },
          ],
        },
        json,
      ),
    ).toEqual(['routes: the same routes, in another order (the shell matches them in the order of plugin.json)']);
  });
});
