// Each wire shape is declared once: in the wire contracts (sdk/src/contracts, docs/architecture.md
// "Wire contracts"), as a TypeBox schema with its `Static<>` type. This test lists every type
// name the contracts export and fails when
//   - an interface or type alias of that name is declared anywhere else in the SDK (src and
//     the build's declarations), the shell, a plugin or the server: use the contract's type;
//   - two packages (the SDK, the shell, each plugin, the server) declare an exported interface
//     or type alias of the same name, unless ALLOWED says why;
//   - `@cotton/sdk` re-exports contract types beyond the platform's (calls, envelope, paging,
//     list), or not type-only.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONTRACTS_DIR = path.join(ROOT, 'sdk/src/contracts');

/**
 * @typedef {{ name: string, kind: 'interface' | 'type', exported: boolean, pkg: string, file: string, line: number }} Declaration
 */

/** @param {string} dir @returns {string[]} the TypeScript files under dir */
function sourceFiles(dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') files.push(...sourceFiles(full));
    } else if (/\.(ts|tsx|mts)$/.test(entry.name)) files.push(full);
  }
  return files;
}

/**
 * The packages and their source folders: `sdk` (src and the build's declarations), `shell`,
 * each `plugins/<id>`, `server`.
 * @returns {Array<{ pkg: string, files: string[] }>}
 */
function packages() {
  const plugins = readdirSync(path.join(ROOT, 'plugins'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(ROOT, 'plugins', entry.name, 'src')))
    .map((entry) => ({
      pkg: `plugins/${entry.name}`,
      files: sourceFiles(path.join(ROOT, 'plugins', entry.name, 'src')),
    }));
  return [
    {
      pkg: 'sdk',
      // The plugin tools' declarations describe the SDK's own tables (SharedModule): they count
      // with the SDK.
      files: [
        ...sourceFiles(path.join(ROOT, 'sdk/src')),
        ...sourceFiles(path.join(ROOT, 'tools/plugin-tools/lib')).filter((file) => file.endsWith('.d.mts')),
      ],
    },
    { pkg: 'shell', files: sourceFiles(path.join(ROOT, 'shell/src')) },
    ...plugins,
    { pkg: 'server', files: sourceFiles(path.join(ROOT, 'server/src')) },
  ];
}

/** @param {ts.Node} node */
const isExported = (node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/**
 * Every interface and type alias declared in `file`, at any depth.
 * @param {string} file
 * @param {string} pkg
 * @returns {Declaration[]}
 */
function declarationsIn(file, pkg) {
  const source = ts.sys.readFile(file) ?? '';
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  /** @type {Declaration[]} */
  const found = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) {
      found.push({
        name: node.name.text,
        kind: ts.isInterfaceDeclaration(node) ? 'interface' : 'type',
        exported: isExported(node),
        pkg,
        file: path.relative(ROOT, file),
        line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** @returns {Declaration[]} the declarations of every package, the contracts' own left out */
function packageDeclarations() {
  return packages().flatMap(({ pkg, files }) =>
    files.filter((file) => !file.startsWith(CONTRACTS_DIR + path.sep)).flatMap((file) => declarationsIn(file, pkg)),
  );
}

/**
 * The names of every type the contracts export (`sdk/src/contracts/index.ts`), as the
 * compiler sees them: interfaces, type aliases and the `Static<>` types beside the schemas.
 * @returns {string[]}
 */
function contractTypeNames() {
  const entry = path.join(CONTRACTS_DIR, 'index.ts');
  const program = ts.createProgram([entry], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const sourceFile = program.getSourceFile(entry);
  const moduleSymbol = sourceFile && checker.getSymbolAtLocation(sourceFile);
  if (!moduleSymbol) throw new Error(`${entry}: not a module`);
  return checker
    .getExportsOfModule(moduleSymbol)
    .map((symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol))
    .filter((symbol) => symbol.flags & ts.SymbolFlags.Type)
    .map((symbol) => symbol.name)
    .sort();
}

/**
 * Exported names that two packages may both declare, each with the reason. Never a wire
 * shape: those live in the contracts.
 * @type {Map<string, string>}
 */
const ALLOWED = new Map([
  [
    'StatusPanelProps',
    'the props of each package’s own status panel (the shell’s, the receipt and warehouse plugins’): plugins may not import the shell’s components',
  ],
]);

const contractNames = contractTypeNames();
const declarations = packageDeclarations();
/** @param {Declaration} d */
const where = (d) => `${d.file}:${d.line} ${d.kind} ${d.name}`;

describe('wire types are declared once, in sdk/src/contracts', () => {
  it('finds the contract types', () => {
    expect(contractNames.length).toBeGreaterThan(100);
    for (const name of ['UserInfo', 'MenuNode', 'InitData', 'PluginManifest', 'PortalConfig', 'CodeValue']) {
      expect(contractNames).toContain(name);
    }
  });

  it('declares no interface or type alias of a contract type’s name outside the contracts', () => {
    const names = new Set(contractNames);
    expect(declarations.filter((d) => names.has(d.name)).map(where)).toEqual([]);
  });

  it('has no exported type of the same name in two packages (ALLOWED aside)', () => {
    /** @type {Map<string, Declaration[]>} */
    const byName = new Map();
    for (const d of declarations.filter((d) => d.exported)) byName.set(d.name, [...(byName.get(d.name) ?? []), d]);
    const twice = [...byName.entries()]
      .filter(([name, found]) => new Set(found.map((d) => d.pkg)).size > 1 && !ALLOWED.has(name))
      .map(([, found]) => found.map(where).join(' | '));
    expect(twice).toEqual([]);
  });

  it('keeps ALLOWED to names that two packages do declare, each with a reason', () => {
    for (const [name, reason] of ALLOWED) {
      const pkgs = new Set(declarations.filter((d) => d.exported && d.name === name).map((d) => d.pkg));
      expect(
        pkgs.size,
        `${name} is declared by ${[...pkgs].join(', ') || 'no package'}: drop it from ALLOWED`,
      ).toBeGreaterThan(1);
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  it('@cotton/sdk re-exports the platform\u2019s contract types only, type-only, and no contract value', () => {
    // The platform API (calls, the envelope, paging, the generic list, the session's user, the
    // portal's configuration) names these shapes; every other contract type is
    // `@cotton/sdk/contracts`'s, with its own API report.
    const PLATFORM_CONTRACTS = [
      './contracts/call',
      './contracts/common',
      './contracts/envelope',
      './contracts/list',
      // The entity declaration: what `entityListConfig` makes a plugin's list from.
      './contracts/plugin-entity',
      './contracts/portal',
      './contracts/session',
    ];
    const index = ts.sys.readFile(path.join(ROOT, 'sdk/src/index.ts')) ?? '';
    const froms = [];
    for (const [, typeOnly, , from] of index.matchAll(/export (type )?\{([^}]*)\} from '(\.\/[^']+)'/g)) {
      if (!from.startsWith('./contracts/')) continue;
      expect(typeOnly, `export { … } from '${from}' must be export type`).toBe('type ');
      froms.push(from);
    }
    expect([...new Set(froms)].sort()).toEqual(PLATFORM_CONTRACTS);
  });
});
