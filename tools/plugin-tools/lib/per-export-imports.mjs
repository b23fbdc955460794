// Rewrites `import { A, B as C } from '<per-export package>'` into one import per name,
// `import { A } from '<package>/A'; import { B as C } from '<package>/B';`, so that a plugin
// asks the shell for exactly the exports it uses. Runs after esbuild (type-only imports are
// gone by then).
import MagicString from 'magic-string';
import path from 'node:path';
import { exportTable } from './export-table.mjs';
import { getBundledEntries, perExportModuleNames } from './shared-modules.mjs';

/** @typedef {import('rollup').Plugin} Plugin */
/** @typedef {import('./export-table.mjs').ExportTable} ExportTable */

/**
 * @param {{ type: string, name?: string, value?: unknown }} node Identifier or string Literal
 * @returns {string}
 */
function nameOf(node) {
  return node.type === 'Identifier' ? /** @type {string} */ (node.name) : String(node.value);
}

/**
 * @param {string} name
 * @returns {boolean}
 */
function isIdentifierName(name) {
  return /^[A-Za-z_$][\w$]*$/.test(name);
}

/**
 * The per-export package a specifier belongs to, and the export it names when it has the
 * `<package>/<Export>` form. `@arco-design/web-react/icon` is a package of its own, not an
 * export of `@arco-design/web-react`: the longest package name wins.
 * @param {string} specifier
 * @param {string[]} packages
 * @returns {{ packageName: string, exportName?: string } | undefined}
 */
export function matchPerExport(specifier, packages) {
  if (packages.includes(specifier)) return { packageName: specifier };
  const owner = packages.filter((name) => specifier.startsWith(`${name}/`)).sort((a, b) => b.length - a.length)[0];
  return owner ? { packageName: owner, exportName: specifier.slice(owner.length + 1) } : undefined;
}

/**
 * The npm package a per-export module belongs to: `@cotton/sdk/validators` → `@cotton/sdk`.
 * @param {string} name
 * @returns {string}
 */
function packageRoot(name) {
  return name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');
}

/**
 * Walks an ESTree AST (plain objects) and calls `visit` for every node.
 * @param {any} node
 * @param {(node: any) => void} visit
 */
function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const key of Object.keys(node)) {
    const child = node[key];
    if (Array.isArray(child)) for (const item of child) walk(item, visit);
    else if (child && typeof child === 'object' && typeof child.type === 'string') walk(child, visit);
  }
}

/**
 * @param {{ tables?: Record<string, ExportTable>, root?: string }} [options] `tables` overrides
 *   the export tables (tests); `root` shortens file names in messages
 * @returns {Plugin}
 */
export function perExportImports(options = {}) {
  const packages = options.tables ? Object.keys(options.tables) : perExportModuleNames();
  /** @param {string} name */
  const tableOf = (name) => options.tables?.[name] ?? exportTable(name);
  /** @param {string} id */
  const display = (id) => (options.root ? path.relative(options.root, id) : id);
  /**
   * `; it is exported by <other>` when another entry of the same package exports the name
   * (`isMobile` of `@cotton/sdk/validators`, `IconHome` of `@arco-design/web-react/icon`).
   * @param {string} name
   * @param {string} packageName
   */
  const elsewhere = (name, packageName) => {
    const root = packageRoot(packageName);
    const other = packages.find((p) => p !== packageName && packageRoot(p) === root && tableOf(p).has(name));
    return other ? `; import it from '${other}'` : '';
  };

  return {
    name: 'cotton:per-export-imports',
    transform(code, id) {
      if (id.startsWith('\0') || !/\.[cm]?[jt]sx?$/.test(id.replace(/\?.*$/, ''))) return null;
      if (!packages.some((name) => code.includes(name))) return null;
      // ESTree nodes with rollup's `start`/`end` offsets (not in the estree typings).
      const ast = /** @type {any} */ (this.parse(code));
      const file = display(id);
      const out = new MagicString(code);
      let changed = false;

      for (const node of ast.body) {
        if (node.type === 'ExportAllDeclaration' || (node.type === 'ExportNamedDeclaration' && node.source)) {
          const match = matchPerExport(String(node.source.value), packages);
          if (match) {
            this.error(
              `${file}: "export … from '${node.source.value}'" re-exports a shared module; import the names you use and export your own`,
              node.start,
            );
          }
          continue;
        }
        if (node.type !== 'ImportDeclaration') continue;
        const source = String(node.source.value);
        // A bundled SDK entry (`@cotton/sdk/calls`) is the plugin's own copy, not an export.
        if (!options.tables && getBundledEntries().includes(source)) continue;
        const match = matchPerExport(source, packages);
        if (!match) continue;
        const table = tableOf(match.packageName);

        if (match.exportName?.includes('/')) {
          // A deep path into the package's files: forbidBundledSharedModules names it.
          continue;
        }
        if (match.exportName !== undefined) {
          // Already in the `<package>/<Export>` form: the shell's module for it has exactly one export.
          const exportName = match.exportName;
          if (!table.has(exportName)) {
            this.error(
              `${file}: "${exportName}" is not exported by ${match.packageName} (imported as '${source}')${elsewhere(exportName, match.packageName)}`,
              node.start,
            );
          }
          for (const specifier of node.specifiers) {
            if (specifier.type !== 'ImportSpecifier' || nameOf(specifier.imported) !== exportName) {
              this.error(
                `${file}: write import { ${exportName} } from '${source}' (the module has that one export)`,
                node.start,
              );
            }
          }
          continue;
        }

        if (node.specifiers.length === 0) {
          this.error(
            `${file}: "import '${source}'" imports nothing; import the names you use: import { Name } from '${source}'`,
            node.start,
          );
        }
        /** @type {string[]} */
        const imports = [];
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportNamespaceSpecifier') {
            this.error(
              `${file}: "import * as ${specifier.local.name} from '${source}'" is not allowed: ${source} is served one export at a time; import the names you use: import { Name } from '${source}'`,
              node.start,
            );
          }
          if (specifier.type === 'ImportDefaultSpecifier') {
            this.error(
              `${file}: "import ${specifier.local.name} from '${source}'" (default import) is not allowed: ${source} has no default export; import the names you use: import { Name } from '${source}'`,
              node.start,
            );
          }
          const imported = nameOf(specifier.imported);
          if (!table.has(imported) || !isIdentifierName(imported)) {
            this.error(
              `${file}: "${imported}" is not exported by ${source}${elsewhere(imported, match.packageName)}`,
              specifier.start,
            );
          }
          const local = specifier.local.name;
          const binding = imported === local ? imported : `${imported} as ${local}`;
          imports.push(`import { ${binding} } from ${JSON.stringify(`${source}/${imported}`)};`);
        }
        out.overwrite(node.start, node.end, imports.join(''));
        changed = true;
      }

      walk(ast, (node) => {
        if (node.type !== 'ImportExpression') return;
        const target = node.source;
        const value = target.type === 'Literal' ? String(target.value) : undefined;
        if (value !== undefined && matchPerExport(value, packages) && packages.includes(value)) {
          this.error(
            `${file}: "import('${value}')" loads the whole of a per-export shared module; import the names you use statically`,
            node.start,
          );
        }
      });

      return changed ? { code: out.toString(), map: out.generateMap({ hires: true, source: id }) } : null;
    },
  };
}
