// ESLint rule `cotton/boundaries`: what each package may import (docs/architecture.md
// "Packages and who reads what").
//
// - A plugin (plugins/<id>/src, tests aside) imports its own files, the shared modules the
//   shell lends (sdk/src/shared-modules.ts: React, react-router-dom, mobx, Arco, the SDK) and
//   the packages its package.json lists under `dependencies` (heavy libraries it loads on
//   demand, such as Chart.js). Nothing of the shell, the server or another plugin.
// - The SDK imports nothing of the shell, a plugin or the server.
// - The shell imports no plugin and nothing of the server.
// - The server imports no plugin, nothing of the shell, and of the SDK only the parts
//   without React (`@cotton/sdk/validators`, `@cotton/sdk/contracts`).
// - The wire contracts (`@cotton/sdk/contracts`, sdk/src/contracts) are TypeBox schemas: the
//   server imports their values; the browser side (the shell, plugins and the rest of the
//   SDK) only their types, with `import type` / `export type`, so no TypeBox code reaches a
//   bundle. Outside sdk/src/contracts nothing of the browser side imports `typebox`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getSharedModules } from '../../tools/plugin-tools/lib/shared-modules.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @param {string} file @returns {{ area: 'plugin' | 'sdk' | 'shell' | 'server', dir: string } | null} */
function areaOf(file) {
  const relative = path.relative(ROOT, file).split(path.sep);
  if (relative[0] === 'plugins' && relative[2] === 'src')
    return { area: 'plugin', dir: path.join(ROOT, 'plugins', relative[1]) };
  if (relative[0] === 'sdk' && relative[1] === 'src') return { area: 'sdk', dir: path.join(ROOT, 'sdk') };
  if (relative[0] === 'shell' && relative[1] === 'src') return { area: 'shell', dir: path.join(ROOT, 'shell') };
  if (relative[0] === 'server' && relative[1] === 'src') return { area: 'server', dir: path.join(ROOT, 'server') };
  return null;
}

const CONTRACTS_DIR = path.join(ROOT, 'sdk', 'src', 'contracts');
const CONTRACTS_ENTRY = /^@cotton\/sdk\/contracts(\/|$)/;
const TYPE_ONLY =
  'the wire contracts are TypeBox code: the browser side imports only their types, with `import type` / `export type` (the types are in @cotton/sdk too)';

/** @param {string} file @param {string} dir */
const isInside = (file, dir) => file === dir || file.startsWith(dir + path.sep);

/** @param {string} specifier the bare package name of an import: `@scope/name` or `name` */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** @type {Map<string, Set<string>>} plugin folder → its declared dependencies */
const pluginDependencies = new Map();
/** @param {string} dir */
function dependenciesOf(dir) {
  let found = pluginDependencies.get(dir);
  if (!found) {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    found = new Set(Object.keys(manifest.dependencies ?? {}));
    pluginDependencies.set(dir, found);
  }
  return found;
}

/** @param {string} specifier */
function isShared(specifier) {
  return getSharedModules().some((module) =>
    module.perExport ? specifier === module.name || specifier.startsWith(`${module.name}/`) : specifier === module.name,
  );
}

/**
 * Why `specifier`, imported by `file`, crosses a boundary; `null` when it may.
 * @param {string} file absolute path
 * @param {string} specifier
 * @param {{ typeOnly?: boolean }} [options] `typeOnly`: an `import type` / `export type` statement
 * @returns {string | null}
 */
export function boundaryViolation(file, specifier, { typeOnly = false } = {}) {
  const place = areaOf(file);
  if (!place) return null;
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(file), specifier);
    if (!isInside(target, place.dir)) {
      return `leaves ${path.relative(ROOT, place.dir)}/: import other packages by their public names`;
    }
    // The SDK's browser code and its contracts: types only.
    if (place.area === 'sdk' && isInside(target, CONTRACTS_DIR) && !isInside(file, CONTRACTS_DIR) && !typeOnly) {
      return TYPE_ONLY;
    }
    return null;
  }
  const name = packageName(specifier);
  if ((place.area === 'shell' || place.area === 'plugin') && CONTRACTS_ENTRY.test(specifier)) {
    return typeOnly ? null : TYPE_ONLY;
  }
  if (name === 'typebox' && place.area !== 'server' && !isInside(file, CONTRACTS_DIR)) {
    return 'TypeBox stays out of the browser: only the wire contracts (sdk/src/contracts) and the server import it';
  }
  switch (place.area) {
    case 'plugin':
      if (isShared(specifier) || dependenciesOf(place.dir).has(name)) return null;
      return 'a plugin imports only the shared modules (React, react-router-dom, mobx, Arco, @cotton/sdk) and the dependencies its package.json declares';
    case 'sdk':
      return /^@cotton\/(shell|server|plugin-)/.test(specifier)
        ? 'the SDK imports nothing of the shell, the server or a plugin'
        : null;
    case 'shell':
      return /^@cotton\/(server|plugin-)/.test(specifier)
        ? 'the shell imports no plugin and nothing of the server'
        : null;
    case 'server':
      if (/^@cotton\/(shell|plugin-)/.test(specifier)) return 'the server imports no plugin and nothing of the shell';
      if (name === '@cotton/sdk' && !/^@cotton\/sdk\/(validators|contracts)(\/|$)/.test(specifier)) {
        return 'the server imports only @cotton/sdk/validators and @cotton/sdk/contracts (no React)';
      }
      return null;
  }
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'What each package (plugin, SDK, shell, server) may import' },
    schema: [],
  },
  create(context) {
    /**
     * @param {import('estree').Node & { source?: import('estree').Node | null, importKind?: string, exportKind?: string }} node
     */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const typeOnly = node.importKind === 'type' || node.exportKind === 'type';
      const why = boundaryViolation(context.filename, source.value, { typeOnly });
      if (why) context.report({ node: source, message: `'${source.value}': ${why}` });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries: rule } };
