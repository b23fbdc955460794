// `@cotton/sdk/calls` (sdk/src/calls.ts): the calls and permission codes of the wire contracts
// as the browser holds them — method, path, permission, kind — without their TypeBox schemas,
// typed by the declarations (`BrowserCalls<typeof x>`), so a contract changed without this
// file changing fails the type check too.
//
//   node sdk/calls.mjs            check: fails when sdk/src/calls.ts differs (npm test)
//   node sdk/calls.mjs --update   rewrites it (npm run calls:update)
//
// Each contract file (sdk/src/contracts/*.ts) is bundled by esbuild and evaluated; every export
// made by `defineCall` (alone, or in an object of calls) or `defineCodes` is written out.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { buildSync } from 'esbuild';
import prettier from 'prettier';

const SDK_DIR = path.dirname(fileURLToPath(import.meta.url));
const CONTRACTS_DIR = path.join(SDK_DIR, 'src', 'contracts');
const OUTPUT = path.join(SDK_DIR, 'src', 'calls.ts');
const CALL_MARK = Symbol.for('cotton.call');
const CODES_MARK = Symbol.for('cotton.codes');
const require = createRequire(path.join(CONTRACTS_DIR, 'index.ts'));

/** @param {string} file @returns {Record<string, unknown>} */
function evaluate(file) {
  const { outputFiles } = buildSync({
    entryPoints: [file],
    bundle: true,
    external: ['typebox', 'typebox/*'],
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  /** @type {{ exports: Record<string, unknown> }} */
  const module = { exports: {} };
  const run = vm.runInThisContext(`(function (module, exports, require) {\n${outputFiles[0].text}\n})`, {
    filename: file,
  });
  run(module, module.exports, require);
  return module.exports;
}

/** @param {unknown} value */
const isCall = (value) => typeof value === 'object' && value !== null && CALL_MARK in value;
/** @param {unknown} value */
const isCodes = (value) => typeof value === 'object' && value !== null && CODES_MARK in value;
/** @param {unknown} value */
const isCallGroup = (value) =>
  typeof value === 'object' &&
  value !== null &&
  !isCall(value) &&
  Object.values(value).length > 0 &&
  Object.values(value).every(isCall);

/** @param {Record<string, unknown>} call */
function browserCall(call) {
  const fields = [`method: ${JSON.stringify(call.method)}`, `path: ${JSON.stringify(call.path)}`];
  if (call.permission !== undefined) fields.push(`permission: ${JSON.stringify(call.permission)}`);
  if (call.kind !== undefined) fields.push(`kind: ${JSON.stringify(call.kind)}`);
  return `{ ${fields.join(', ')} }`;
}

/** @param {string} name */
const property = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

async function generate() {
  /** @type {string[]} */
  const imports = [];
  /** @type {string[]} */
  const blocks = [];
  /** @type {Map<string, string>} path → where it is declared, to refuse a path declared twice */
  const paths = new Map();
  const files = readdirSync(CONTRACTS_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'index.ts')
    .sort();
  for (const name of files) {
    const exports = evaluate(path.join(CONTRACTS_DIR, name));
    const alias = name.replace(/\.ts$/, '').replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
    /** @type {string[]} */
    const found = [];
    for (const [exportName, value] of Object.entries(exports).sort(([a], [b]) => a.localeCompare(b))) {
      /** @param {Record<string, unknown>} call @param {string} where */
      const seen = (call, where) => {
        const key = `${call.method} ${call.path}`;
        const before = paths.get(key);
        if (before) throw new Error(`calls: ${key} is declared twice (${before} and ${where})`);
        paths.set(key, where);
      };
      if (isCall(value)) {
        seen(value, `${name} ${exportName}`);
        found.push(`export const ${exportName}: BrowserCall<typeof ${alias}.${exportName}> = ${browserCall(value)};`);
      } else if (isCallGroup(value)) {
        const entries = Object.entries(/** @type {Record<string, Record<string, unknown>>} */ (value)).map(
          ([key, call]) => {
            seen(call, `${name} ${exportName}.${key}`);
            return `${property(key)}: ${browserCall(call)},`;
          },
        );
        found.push(
          `export const ${exportName}: BrowserCalls<typeof ${alias}.${exportName}> = {\n${entries.join('\n')}\n};`,
        );
      } else if (isCodes(value)) {
        const entries = Object.entries(/** @type {Record<string, string>} */ (value)).map(
          ([key, code]) => `${property(key)}: ${JSON.stringify(code)},`,
        );
        found.push(`export const ${exportName}: typeof ${alias}.${exportName} = {\n${entries.join('\n')}\n};`);
      }
    }
    if (found.length === 0) continue;
    imports.push(`import type * as ${alias} from './contracts/${name.replace(/\.ts$/, '')}';`);
    blocks.push(`// ${name}\n${found.join('\n')}`);
  }
  const source = [
    '// Generated by sdk/calls.mjs from the declarations in sdk/src/contracts: do not edit.',
    '// `npm run calls:update` rewrites it; `npm test` fails when it is out of date.',
    `import type { ${['BrowserCall', 'BrowserCalls'].filter((type) => blocks.some((block) => block.includes(`${type}<`))).join(', ')} } from './contracts/call';`,
    ...imports,
    '',
    ...blocks,
    '',
  ].join('\n');
  const options = (await prettier.resolveConfig(OUTPUT)) ?? {};
  return prettier.format(source, { ...options, filepath: OUTPUT });
}

const update = process.argv.includes('--update');
const wanted = await generate();
let current = '';
try {
  current = readFileSync(OUTPUT, 'utf8');
} catch {
  // absent: written on --update, a failure on check
}
if (current === wanted) {
  console.log('calls: sdk/src/calls.ts is up to date');
} else if (update) {
  writeFileSync(OUTPUT, wanted);
  console.log('calls: wrote sdk/src/calls.ts');
} else {
  console.error('calls: sdk/src/calls.ts differs from the contracts; run `npm run calls:update` and commit it.');
  process.exit(1);
}
