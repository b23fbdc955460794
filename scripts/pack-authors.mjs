// npm run pack:authors — the three packages a plugin author installs, as npm tarballs:
//
//   @cotton/sdk            the SDK compiled to ES modules + declarations (entries `.`,
//                          `./validators`, `./contracts`, `./calls`, `./testing` for the
//                          author's tests; not `./host`, the shell's)
//   @cotton/plugin-tools   the `cotton-plugin` command (tools/plugin-tools)
//   create-cotton-plugin   the scaffold (tools/create-cotton-plugin)
//
//   node scripts/pack-authors.mjs [--out <folder>] [--json]     default: dist/authors
//
// Inside the repository the workspace keeps reading the SDK's TypeScript sources (Vite,
// rollup, Vitest); only the packed copy is compiled. Each package is staged in a temporary
// folder (its own package.json, the files an author needs) and packed there with `npm pack`.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** @type {typeof import('typescript')} */
const ts = require('typescript');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SDK = path.join(ROOT, 'sdk');

/** The SDK entries an author imports, source → compiled (relative to sdk/src and dist/). */
const SDK_ENTRIES = {
  '.': 'index',
  './validators': 'validators/index',
  './contracts': 'contracts/index',
  './calls': 'calls',
  './testing': 'testing',
};

/**
 * @param {string} file
 * @returns {any}
 */
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * @param {string} dir
 * @returns {string[]} every file under dir (absolute)
 */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @returns {string} stdout
 */
function run(command, args, cwd) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/**
 * The compiled SDK imports its own modules without extensions (the sources are written for
 * bundlers). Node's ES modules and TypeScript's NodeNext resolution need the file, so every
 * relative specifier becomes the `.js` file or folder `index.js` it names (declarations too:
 * TypeScript maps `./x.js` to `./x.d.ts`).
 * @param {string} distDir
 */
function addExtensions(distDir) {
  const pattern = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?\/[^'"]+)\2/g;
  for (const file of filesUnder(distDir).filter((f) => /\.(js|d\.ts)$/.test(f))) {
    const declaration = file.endsWith('.d.ts');
    const dir = path.dirname(file);
    const text = readFileSync(file, 'utf8');
    // Statement lines only: comments quote import lines too.
    const fixLine = (/** @type {string} */ line) =>
      /^\s*(\/\/|\/?\*)/.test(line)
        ? line
        : line.replace(pattern, (whole, keyword, quote, specifier) => {
            if (/\.(js|css|json)$/.test(specifier)) return whole;
            const base = path.resolve(dir, specifier);
            const ext = declaration ? '.d.ts' : '.js';
            let target;
            if (existsSync(base + ext)) target = `${specifier}.js`;
            else if (existsSync(path.join(base, `index${ext}`))) target = `${specifier}/index.js`;
            else throw new Error(`${path.relative(distDir, file)}: cannot resolve '${specifier}'`);
            return `${keyword}${quote}${target}${quote}`;
          });
    const fixed = text.split('\n').map(fixLine).join('\n');
    if (fixed !== text) writeFileSync(file, fixed);
  }
}

/**
 * Stages and packs `@cotton/sdk`: declarations from the SDK's own project build (`tsc -b sdk`,
 * incremental, so nearly free after the repository's type check), JavaScript from
 * TypeScript's transpiler, file by file (the sources are `isolatedModules`-safe, so a file compiles on its own).
 * @param {string} outDir where the tarball goes
 * @returns {string} the tarball's path
 */
export function packSdk(outDir) {
  const stage = mkdtempSync(path.join(os.tmpdir(), 'cotton-sdk-pack-'));
  try {
    const dist = path.join(stage, 'dist');
    const src = path.join(SDK, 'src');
    const { outDir: declarations } = readJson(path.join(SDK, 'tsconfig.json')).compilerOptions;
    const declarationDir = path.resolve(SDK, declarations);
    run(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'sdk'], ROOT);
    // Every module but the tests and `host.ts` (the shell's entry; its setters' files are
    // shared with `.` and compiled anyway).
    const modules = filesUnder(src).filter(
      (file) =>
        /\.tsx?$/.test(file) &&
        !/\.test\.tsx?$/.test(file) &&
        !file.endsWith('.d.ts') &&
        file !== path.join(src, 'host.ts'),
    );
    for (const file of modules) {
      const relative = path.relative(src, file).replace(/\.tsx?$/, '');
      // TypeScript's own transpiler, not esbuild: it keeps `export { … } from './x'` lines as
      // they are, and the plugin build reads the SDK's entry as a table of such lines.
      const { outputText: code } = ts.transpileModule(readFileSync(file, 'utf8'), {
        fileName: file,
        compilerOptions: {
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
          jsx: ts.JsxEmit.ReactJSX,
          isolatedModules: true,
          sourceMap: false,
        },
      });
      mkdirSync(path.dirname(path.join(dist, relative)), { recursive: true });
      writeFileSync(path.join(dist, `${relative}.js`), code);
      const declaration = path.join(declarationDir, `${relative}.d.ts`);
      if (!existsSync(declaration)) throw new Error(`${path.relative(ROOT, declaration)} is missing after tsc -b sdk`);
      cpSync(declaration, path.join(dist, `${relative}.d.ts`));
    }
    for (const file of filesUnder(src).filter((f) => f.endsWith('.css') || f === path.join(src, 'css-modules.d.ts'))) {
      cpSync(file, path.join(dist, path.relative(src, file)));
    }
    addExtensions(dist);

    const source = readJson(path.join(SDK, 'package.json'));
    /** @type {Record<string, { types: string, default: string }>} */
    const exports = {};
    for (const [subpath, entry] of Object.entries(SDK_ENTRIES)) {
      exports[subpath] = { types: `./dist/${entry}.d.ts`, default: `./dist/${entry}.js` };
    }
    const manifest = {
      name: source.name,
      version: source.version,
      description: source.description,
      type: 'module',
      license: 'UNLICENSED',
      // Importing a module of the SDK declares things; only the widgets' CSS does something.
      sideEffects: ['**/*.css'],
      types: './dist/index.d.ts',
      exports: { ...exports, './package.json': './package.json' },
      files: ['dist', 'api', 'README.md'],
      dependencies: source.dependencies,
      peerDependencies: source.peerDependencies,
    };
    writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    cpSync(path.join(SDK, 'README.md'), path.join(stage, 'README.md'));
    // The API reports of the packed entries: the reference of what the SDK exports.
    mkdirSync(path.join(stage, 'api'));
    for (const report of ['sdk.api.md', 'sdk-validators.api.md', 'sdk-contracts.api.md']) {
      cpSync(path.join(SDK, 'api', report), path.join(stage, 'api', report));
    }
    return npmPack(stage, outDir);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * Stages a tools package (its package.json `files`) and packs it.
 * @param {string} packageDir
 * @param {string} outDir
 * @param {(stage: string) => void} [adjust] changes to the staged copy
 * @returns {string} the tarball's path
 */
function packTool(packageDir, outDir, adjust) {
  const stage = mkdtempSync(path.join(os.tmpdir(), 'cotton-tool-pack-'));
  try {
    cpSync(packageDir, stage, {
      recursive: true,
      filter: (file) => !/(^|[/\\])(node_modules|dist)([/\\]|$)/.test(path.relative(packageDir, file)),
    });
    adjust?.(stage);
    return npmPack(stage, outDir);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * @param {string} stage
 * @param {string} outDir
 * @returns {string} the tarball's path
 */
function npmPack(stage, outDir) {
  mkdirSync(outDir, { recursive: true });
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', outDir], stage));
  const tarball = path.join(outDir, packed.filename);
  if (!statSync(tarball).isFile()) throw new Error(`npm pack wrote no ${tarball}`);
  return tarball;
}

/**
 * `@cotton/plugin-tools`, its declarations pointing at the packed SDK's contracts.
 * @param {string} outDir
 */
export function packPluginTools(outDir) {
  return packTool(path.join(ROOT, 'tools', 'plugin-tools'), outDir, (stage) => {
    const file = path.join(stage, 'lib', 'index.d.mts');
    const text = readFileSync(file, 'utf8');
    const fixed = text.replace("from '../../../sdk/src/contracts/plugin.js'", "from '@cotton/sdk/contracts'");
    if (fixed === text) throw new Error('tools/plugin-tools/lib/index.d.mts: the contract import to rewrite is gone');
    writeFileSync(file, fixed);
  });
}

/** @param {string} outDir */
export function packCreatePlugin(outDir) {
  return packTool(path.join(ROOT, 'tools', 'create-cotton-plugin'), outDir);
}

/**
 * All three.
 * @param {string} outDir
 * @returns {{ sdk: string, pluginTools: string, createPlugin: string }} tarball paths
 */
export function packAuthors(outDir) {
  return { sdk: packSdk(outDir), pluginTools: packPluginTools(outDir), createPlugin: packCreatePlugin(outDir) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const outDir = path.resolve(at >= 0 && args[at + 1] ? args[at + 1] : path.join(ROOT, 'dist', 'authors'));
  const started = Date.now();
  const tarballs = packAuthors(outDir);
  for (const file of Object.values(tarballs)) {
    console.log(`  ${path.relative(process.cwd(), file)}  ${(statSync(file).size / 1024).toFixed(1)} KB`);
  }
  console.log(`✔ packed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // --json: the tarballs' paths as JSON on the last line (scripts/plugin-author.mjs reads it).
  if (args.includes('--json')) console.log(JSON.stringify(tarballs));
}
