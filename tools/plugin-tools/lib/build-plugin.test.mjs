import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBuildTools } from './test-support.mjs';

const { buildPlugin, checkManifest, getSdkVersion, readPluginJson, sharedImportsOf, styleInjection } =
  await loadBuildTools();
/** Chromium's file-wide compile hint (V8 explicit compile hints). */
const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** @type {string[]} */
const roots = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/**
 * Writes a plugin folder under a temporary directory.
 * @param {string} id
 * @param {Record<string, string>} files path in the plugin folder → text
 */
function fixture(id, files) {
  const root = mkdtempSync(path.join(tmpdir(), 'plugin-build-'));
  roots.push(root);
  const dir = path.join(root, id);
  const all = {
    'package.json': JSON.stringify({ name: `@cotton/plugin-${id}`, version: '1.2.3', private: true }),
    'plugin.json': JSON.stringify({
      id,
      routes: [{ path: `/${id}`, public: true, title: '示例' }],
      components: ['FixturePage'],
    }),
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const PAGE = `
import { Button } from '@arco-design/web-react';
import { definePlugin } from '@cotton/sdk';
import styles from './page.module.css';

export function FixturePage() {
  return <div className={styles.title}><Button className={styles.pageBody}>按钮</Button></div>;
}

export default definePlugin({
  id: 'fixture',
  routes: [{ path: '/fixture', element: FixturePage, public: true, title: '示例' }],
  components: { FixturePage },
});
`;

/**
 * A document just big enough for the style injection: constructed stylesheets.
 * @returns {{ adoptedStyleSheets: Array<FakeStyleSheet & { cottonPlugin?: string }> }}
 */
function fakeDocument() {
  return { adoptedStyleSheets: [] };
}

/** What `new CSSStyleSheet()` gives: the text of the last `replaceSync`. */
class FakeStyleSheet {
  text = '';
  /** @param {string} text */
  replaceSync(text) {
    this.text = text;
  }
}

/**
 * What a bundle passes to `System.register`: its imports, and the function that wires it up
 * given its `_export`.
 * @typedef {{ deps: string[], declare: (exportFn: (name: string | Record<string, unknown>, value?: unknown) => unknown) =>
 *   { setters: Array<((module: unknown) => void) | undefined>, execute: () => void } }} Registration
 */

/**
 * Runs a System.register bundle with fake shared modules; returns its exports.
 * @param {string} code
 * @param {object} document
 * @param {Record<string, unknown>} modules specifier → the module's exports
 */
function execute(code, document, modules) {
  /** @type {Registration | undefined} */
  let registration;
  vm.runInNewContext(code, {
    System: {
      register: (/** @type {Registration['deps']} */ deps, /** @type {Registration['declare']} */ declare) =>
        (registration = { deps, declare }),
    },
    document,
    CSSStyleSheet: FakeStyleSheet,
  });
  const registered = /** @type {Registration} */ (registration);
  /** @type {Record<string, unknown>} */
  const exports = {};
  const declared = registered.declare((name, value) => {
    if (typeof name === 'string') exports[name] = value;
    else Object.assign(exports, name);
    return value;
  });
  registered.deps.forEach((dep, i) => {
    if (!(dep in modules)) throw new Error(`unexpected import ${dep}`);
    declared.setters[i]?.(modules[dep]);
  });
  declared.execute();
  return { deps: registered.deps, exports };
}

describe('buildPlugin', () => {
  it('builds a System.register bundle, a manifest whose integrity is the file’s sha384, and scoped CSS', async () => {
    const dir = fixture('fixture', {
      'src/index.tsx': PAGE,
      'src/page.module.css': '.title { color: #165dff; }\n.page-body { margin: 0 auto; }\n',
    });
    const result = await buildPlugin(dir);

    const files = readdirSync(path.join(dir, 'dist')).filter((f) => f.endsWith('.js'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^fixture\.[0-9a-f]{8}\.js$/);
    const bytes = readFileSync(path.join(dir, 'dist', files[0]));
    const code = bytes.toString('utf8');
    // A public plugin: V8 compiles the whole file as it loads (see the next test).
    expect(code.startsWith(`${EAGER_COMPILE_HINT}\nSystem.register(`)).toBe(true);

    const manifest = JSON.parse(readFileSync(path.join(dir, 'dist', 'manifest.json'), 'utf8'));
    expect(manifest).toEqual({
      id: 'fixture',
      version: '1.2.3',
      entry: `/plugins/fixture/${files[0]}`,
      integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
      routes: [{ path: '/fixture', public: true, title: '示例' }],
      components: ['FixturePage'],
      sdkVersion: getSdkVersion(),
      sharedImports: ['@arco-design/web-react/Button', '@cotton/sdk/definePlugin', 'react/jsx-runtime'],
    });
    expect(result.manifest).toEqual(manifest);

    const document = fakeDocument();
    const jsx = (/** @type {unknown} */ type, /** @type {Record<string, unknown>} */ props) => ({ type, props });
    const { deps, exports } = execute(code, document, {
      'react/jsx-runtime': { jsx, jsxs: jsx, Fragment: 'Fragment' },
      '@arco-design/web-react/Button': { Button: 'ArcoButton' },
      '@cotton/sdk/definePlugin': { definePlugin: (/** @type {unknown} */ definition) => definition },
    });
    expect(deps.sort()).toEqual(['@arco-design/web-react/Button', '@cotton/sdk/definePlugin', 'react/jsx-runtime']);
    /** @typedef {{ type: unknown, props: { className: string, children: { type: unknown, props: { className: string } } } }} PageTree */
    const plugin = /** @type {{ id: string, components: { FixturePage: () => PageTree } }} */ (exports.default);
    expect(plugin.id).toBe('fixture');

    const tree = plugin.components.FixturePage();
    expect(tree.props.className).toMatch(/^fixture_title_[0-9a-f]{5}$/);
    expect(tree.props.children.props.className).toMatch(/^fixture_page-body_[0-9a-f]{5}$/);
    expect(tree.props.children.type).toBe('ArcoButton');

    expect(document.adoptedStyleSheets).toHaveLength(1);
    expect(document.adoptedStyleSheets[0].cottonPlugin).toBe('fixture');
    expect(document.adoptedStyleSheets[0].text).toContain(`.${tree.props.className}{color:#165dff}`);
  });

  it('starts a public plugin’s entry with V8’s compile hint, not an admin plugin’s, the source map a line down', async () => {
    const page = {
      'src/index.tsx': PAGE,
      'src/page.module.css': '.title { color: red; }\n.page-body { margin: 0; }\n',
    };
    const publicDir = fixture('eager', page);
    const adminDir = fixture('lazy', {
      ...page,
      'plugin.json': JSON.stringify({ id: 'lazy', routes: [], components: ['FixturePage'] }),
    });
    const eager = readFileSync((await buildPlugin(publicDir)).file, 'utf8');
    const lazy = readFileSync((await buildPlugin(adminDir)).file, 'utf8');
    expect(eager.split('\n')[0]).toBe(EAGER_COMPILE_HINT);
    expect(lazy.startsWith('System.register(')).toBe(true);
    expect(lazy).not.toContain('allFunctionsCalledOnLoad');
    // The map's first line (the hint) maps to nothing; the code below it keeps its mappings.
    const mapOf = (/** @type {string} */ dir) => {
      const mapFile = readdirSync(path.join(dir, 'dist')).find((f) => f.endsWith('.js.map'));
      return JSON.parse(readFileSync(path.join(dir, 'dist', /** @type {string} */ (mapFile)), 'utf8'));
    };
    const [eagerMap, lazyMap] = [mapOf(publicDir), mapOf(adminDir)];
    expect(eagerMap.mappings.startsWith(';')).toBe(true);
    expect(lazyMap.mappings.startsWith(';')).toBe(false);
    expect(eagerMap.mappings.split(';')).toHaveLength(lazyMap.mappings.split(';').length + 1);
  });

  it('lists every shared import in the manifest, whole modules and per-export ones, from all chunks, sorted and once', async () => {
    const dir = fixture('imports', {
      'src/index.tsx': `
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Table, Button as B } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { definePlugin } from '@cotton/sdk';
import { helper } from './helper';

function Page() {
  const [open] = useState(false);
  const lazy = () => import('./lazy');
  return <Link to="/x"><Table /><B icon={<IconLeft />} onClick={lazy} />{open && helper()}</Link>;
}

export default definePlugin({ id: 'imports', routes: [{ path: '/imports', element: Page, public: true }], components: { FixturePage: Page } });
`,
      'src/helper.ts': "import { Button } from '@arco-design/web-react';\nexport const helper = () => Button;\n",
      'src/lazy.tsx':
        "import { RegionCascader } from '@cotton/sdk';\nimport { observer } from 'mobx-react-lite';\nexport default observer(() => <RegionCascader />);\n",
    });
    const { manifest } = await buildPlugin(dir);
    expect(readdirSync(path.join(dir, 'dist')).filter((f) => f.endsWith('.js'))).toHaveLength(2);
    expect(manifest.sharedImports).toEqual([
      '@arco-design/web-react/Button',
      '@arco-design/web-react/Table',
      '@arco-design/web-react/icon/IconLeft',
      '@cotton/sdk/RegionCascader',
      '@cotton/sdk/definePlugin',
      'mobx-react-lite',
      'react',
      'react-router-dom',
      'react/jsx-runtime',
    ]);
  });

  it('writes a dynamic import as an extra hashed chunk, listed in the manifest with its sha384', async () => {
    const dir = fixture('split', {
      'src/index.tsx': `
import { definePlugin } from '@cotton/sdk';
export const loadHeavy = () => import('./heavy');
export default definePlugin({ id: 'split', routes: [], components: {} });
`,
      'src/heavy.ts':
        "export const table = Array.from({ length: 64 }, (_, i) => 'row-' + i * 7);\nexport function sum(xs: number[]) { return xs.reduce((a, b) => a + b, 0); }\n",
    });
    const { manifest, file } = await buildPlugin(dir);
    const jsFiles = readdirSync(path.join(dir, 'dist'))
      .filter((f) => f.endsWith('.js'))
      .sort();
    expect(jsFiles).toHaveLength(2);
    const entryName = path.basename(file);
    const chunkName = /** @type {string} */ (jsFiles.find((f) => f !== entryName));
    expect(chunkName).toMatch(/^split\.heavy\.[0-9a-f]{8}\.js$/);

    const chunkBytes = readFileSync(path.join(dir, 'dist', chunkName));
    expect(chunkBytes.toString('utf8').startsWith('System.register(')).toBe(true);
    expect(manifest.chunks).toEqual([
      {
        url: `/plugins/split/${chunkName}`,
        integrity: `sha384-${createHash('sha384').update(chunkBytes).digest('base64')}`,
      },
    ]);
    expect(JSON.parse(readFileSync(path.join(dir, 'dist', 'manifest.json'), 'utf8')).chunks).toEqual(manifest.chunks);
    // The entry loads the chunk by a relative URL (SystemJS resolves it against the entry's).
    const entryCode = readFileSync(file, 'utf8');
    expect(entryCode).toContain(`./${chunkName}`);
    expect(entryCode).not.toContain('row-');
  });

  it('replaces process.env.NODE_ENV (the expression, not the text) for bundled code', async () => {
    const dir = fixture('node-env', {
      'src/index.tsx': "import { mode, text } from './env.js';\nexport default { id: 'node-env', mode, text };\n",
      'src/env.js': "export const mode = process.env.NODE_ENV;\nexport const text = 'set process.env.NODE_ENV';\n",
    });
    const { file } = await buildPlugin(dir);
    const { exports } = execute(readFileSync(file, 'utf8'), fakeDocument(), {});
    expect(exports.default).toEqual({ id: 'node-env', mode: 'production', text: 'set process.env.NODE_ENV' });
  });

  it('refuses a plugin that would bundle its own React', async () => {
    const dir = fixture('bundles-react', {
      'src/index.tsx':
        "import { renderToString } from 'react-dom/server';\nexport default { id: 'bundles-react', renderToString };\n",
    });
    await expect(buildPlugin(dir)).rejects.toThrow(
      /plugin bundles-react would bundle its own copy of react-dom; import it from the shared module instead/,
    );
  });

  it('borrows the validators from the shell, and refuses a copy of them', async () => {
    const borrowing = fixture('validators', {
      'src/index.tsx':
        "import { isMobile, trimmed } from '@cotton/sdk/validators';\nexport default { id: 'validators', isMobile, trimmed };\n",
    });
    const { manifest, file } = await buildPlugin(borrowing);
    expect(manifest.sharedImports).toEqual(['@cotton/sdk/validators/isMobile', '@cotton/sdk/validators/trimmed']);
    expect(readFileSync(file, 'utf8')).not.toContain('[3-9]');

    const { SDK_SRC_DIR } = await loadBuildTools();
    const copying = fixture('copies-validators', {
      'src/index.tsx': `import { trimmed } from ${JSON.stringify(path.join(SDK_SRC_DIR, 'validators', 'text.ts'))};\nexport default { id: 'copies-validators', trimmed };\n`,
    });
    await expect(buildPlugin(copying)).rejects.toThrow(
      /plugin copies-validators would bundle its own copy of @cotton\/sdk\/validators; import it from the shared module instead/,
    );
  });

  it('refuses deep imports into Arco', async () => {
    const dir = fixture('deep-arco', {
      'src/index.tsx':
        "import Button from '@arco-design/web-react/es/Button';\nexport default { id: 'deep-arco', Button };\n",
    });
    await expect(buildPlugin(dir)).rejects.toThrow(/would bundle its own copy of @arco-design\/web-react/);
  });

  it('refuses global stylesheets', async () => {
    const dir = fixture('global-css', {
      'src/index.tsx': "import './global.css';\nexport default { id: 'global-css' };\n",
      'src/global.css': 'body { margin: 0; }',
    });
    await expect(buildPlugin(dir)).rejects.toThrow(
      /global\.css: global stylesheets are not allowed in plugin global-css/,
    );
  });

  it('refuses an import that resolves nowhere', async () => {
    const dir = fixture('unresolved', {
      'src/index.tsx': "import { x } from 'no-such-package';\nexport default { id: 'unresolved', x };\n",
    });
    await expect(buildPlugin(dir)).rejects.toThrow(/no-such-package/);
  });
});

describe('readPluginJson', () => {
  /** @param {unknown} json */
  const read = (json) => readPluginJson(fixture('fixture', { 'plugin.json': JSON.stringify(json) }));
  const good = { id: 'fixture', routes: [{ path: '/fixture', title: '示例' }], components: ['FixturePage'] };

  it('reads the description, `public` false unless it is true', async () => {
    expect(await read(good)).toEqual({
      id: 'fixture',
      routes: [{ path: '/fixture', public: false, title: '示例' }],
      components: ['FixturePage'],
    });
  });

  it('reads the declared permission codes', async () => {
    const permissions = [{ code: 'fixture:record:add', label: '新增记录', type: 'button', component: 'FixturePage' }];
    expect(await read({ ...good, permissions })).toMatchObject({ permissions });
  });

  const add = { code: 'fixture:record:add', label: '新增', type: 'button', component: 'FixturePage' };
  it.each([
    [{ ...good, permissions: {} }, /"permissions" must be an array/],
    [{ ...good, permissions: [{ ...add, code: 'Fixture add' }] }, /permissions\[0\]\.code must be lower-case words/],
    [{ ...good, permissions: [add, add] }, /permissions\[1\]\.code fixture:record:add is declared twice/],
    [{ ...good, permissions: [{ ...add, label: '' }] }, /permissions\[0\]\.label must be 1 to 32 characters/],
    [{ ...good, permissions: [{ ...add, type: 'page' }] }, /permissions\[0\]\.type must be "menu" or "button"/],
    [{ ...good, permissions: [{ ...add, component: 'OtherPage' }] }, /permissions\[0\]\.component must be one of/],
  ])('refuses the permissions %j, naming the entry', async (json, message) => {
    await expect(read(json)).rejects.toThrow(message);
  });

  it('carries the entities as they are, for the portal to check at install', async () => {
    const entities = [
      {
        name: 'inspection',
        label: '质检记录',
        fields: [{ name: 'batchNo', label: '批号', type: 'string', maxLength: 32 }],
      },
    ];
    expect(await read({ ...good, entities })).toMatchObject({ id: 'fixture', entities });
    await expect(read({ ...good, entities: {} })).rejects.toThrow(/"entities" must be an array/);
  });

  it.each([
    [{ ...good, id: 'Fixture' }, /"id" must be a kebab-case name/],
    [{ ...good, id: '1fixture' }, /"id" must be a kebab-case name/],
    [{ ...good, routes: {} }, /"routes" must be an array/],
    [{ ...good, components: ['fixturePage'] }, /"components" must be an array of component names/],
    [{ ...good, routes: [{ path: 'fixture' }] }, /routes\[0\]\.path must start with \//],
    [{ ...good, routes: [null] }, /routes\[0\]\.path must start with \//],
    [
      { ...good, routes: [{ path: '//evil.example' }] },
      /routes\[0\]\.path "\/\/evil\.example" is not a path of the portal/,
    ],
    [
      { ...good, routes: [good.routes[0], { path: '/\\evil.example' }] },
      /routes\[1\]\.path "\/\\\\evil\.example" is not a path of the portal/,
    ],
    [{ ...good, routes: [{ path: '/%09/evil' }] }, /routes\[0\]\.path "\/%09\/evil" is not a path of the portal/],
    [{ ...good, routes: [{ path: '/a', public: 'yes' }] }, /routes\[0\]\.public must be a boolean/],
    [{ ...good, routes: [{ path: '/a', title: 1 }] }, /routes\[0\]\.title must be a string/],
  ])('refuses %j, naming the field (the contract’s PluginDescription)', async (json, message) => {
    await expect(read(json)).rejects.toThrow(message);
  });
});

describe('checkManifest', () => {
  const manifest = {
    id: 'fixture',
    version: '1.0.0',
    entry: '/plugins/fixture/fixture.1a2b3c4d.js',
    integrity: `sha384-${'A'.repeat(64)}`,
    routes: [{ path: '/fixture', public: true }],
    components: ['FixturePage'],
    sdkVersion: getSdkVersion(),
    sharedImports: [],
  };

  it('passes a manifest the portal takes', () => {
    expect(() => checkManifest(manifest, 'fixture')).not.toThrow();
  });

  it.each([
    'javascript:alert(1)',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/%5Cevil',
    '/x/../login',
    '/a?b',
  ])('refuses the route path %j, as the portal does (isLocalRoutePath)', (path) => {
    expect(() => checkManifest({ ...manifest, routes: [{ path, public: true }] }, 'fixture')).toThrow(
      `plugin fixture: the manifest's routes[0].path ${JSON.stringify(path)} is not a path of the portal`,
    );
  });
});

describe('sharedImportsOf', () => {
  it('keeps shared specifiers only, not the plugin’s own chunks', () => {
    /** @type {Parameters<typeof sharedImportsOf>[0]} */
    const output = [
      {
        type: 'chunk',
        fileName: 'a.1.js',
        imports: ['react', 'a.chunk.2.js', 'zz/Z'],
        dynamicImports: ['a.chunk.3.js'],
      },
      { type: 'chunk', fileName: 'a.chunk.2.js', imports: ['mobx', 'react'], dynamicImports: [] },
      { type: 'chunk', fileName: 'a.chunk.3.js', imports: [], dynamicImports: ['@x/y/B'] },
      { type: 'asset', fileName: 'a.1.js.map' },
    ];
    expect(sharedImportsOf(output, (id) => !id.endsWith('.js'))).toEqual(['@x/y/B', 'mobx', 'react', 'zz/Z']);
  });
});

describe('styleInjection', () => {
  it('adds a chunk’s CSS once, even when the bundle runs again', () => {
    const document = fakeDocument();
    const code = styleInjection('demo', '.a{color:red}');
    vm.runInNewContext(code, { document, CSSStyleSheet: FakeStyleSheet });
    vm.runInNewContext(code, { document, CSSStyleSheet: FakeStyleSheet });
    vm.runInNewContext(styleInjection('demo', '.b{color:blue}'), { document, CSSStyleSheet: FakeStyleSheet });
    vm.runInNewContext(styleInjection('other', '.c{color:green}'), { document, CSSStyleSheet: FakeStyleSheet });
    expect(document.adoptedStyleSheets.map((sheet) => [sheet.cottonPlugin, sheet.text])).toEqual([
      ['demo', '.a{color:red}.b{color:blue}'],
      ['other', '.c{color:green}'],
    ]);
  });

  it('links the CSS as a blob stylesheet, once per chunk, where constructed stylesheets are missing', () => {
    /** @typedef {{ tag: string, id?: string, rel?: string, href?: string }} Link */
    /** @type {Link[]} */
    const links = [];
    const document = {
      head: { appendChild: (/** @type {Link} */ link) => links.push(link) },
      createElement: (/** @type {string} */ tag) => ({ tag }),
      getElementById: (/** @type {string} */ id) => links.find((link) => link.id === id) ?? null,
    };
    /** @type {Array<{ parts: string[], type: string }>} */
    const blobs = [];
    const context = {
      document,
      Blob: class {
        /** @param {string[]} parts @param {{ type: string }} options */
        constructor(parts, options) {
          this.parts = parts;
          this.type = options.type;
        }
      },
      URL: {
        createObjectURL: (/** @type {{ parts: string[], type: string }} */ blob) => `blob:portal/${blobs.push(blob)}`,
      },
    };
    vm.runInNewContext(styleInjection('demo', '.a{color:red}'), context);
    vm.runInNewContext(styleInjection('demo', '.a{color:red}'), context);
    vm.runInNewContext(styleInjection('demo', '.b{color:blue}'), context);
    expect(links.map((link) => [link.tag, link.rel, link.href])).toEqual([
      ['link', 'stylesheet', 'blob:portal/1'],
      ['link', 'stylesheet', 'blob:portal/2'],
    ]);
    expect(blobs.map((blob) => [blob.type, blob.parts.join('')])).toEqual([
      ['text/css', '.a{color:red}'],
      ['text/css', '.b{color:blue}'],
    ]);
  });
});
