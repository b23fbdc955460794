// The server's parts import each other without a cycle: a part can be read, tested and moved
// knowing only what it imports (docs/architecture.md "Server modules"). A part is a feature
// module (server/src/modules/<name>), a library (lib/<name>), another folder (db, http, jobs,
// seed…) or a file at server/src's root: the files that compose the server (app.ts,
// job-types.ts, main.ts) import the modules, and the modules import the folders below them. Also: runtime code reads
// nothing of server/src/seed/ — only bootstrap.ts (a demo's first start seeds) and the seed's
// own command line do. scripts/lint/server-cycles.test.mjs fails on a cycle or such an import;
// run alone, this script prints them and exits non-zero.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = path.join(ROOT, 'server', 'src');
const SEED = path.join(SRC, 'seed');
/** The runtime files that may import the seed (relative to server/src, without extension). */
const SEED_IMPORTERS = new Set(['bootstrap']);

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/**
 * The part a file belongs to: `modules/<name>` or `lib/<name>`, another folder of
 * server/src as a whole (`db`, `http`, `jobs`, `seed`…), or a file at its root (`app`,
 * `bootstrap`, `job-types`…).
 * @param {string} file
 * @returns {string | null}
 */
function partOf(file) {
  const relative = path.relative(SRC, file);
  if (relative.startsWith('..')) return null;
  const parts = relative.split(path.sep);
  if ((parts[0] === 'modules' || parts[0] === 'lib') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  if (parts.length > 1) return parts[0];
  return relative.replace(/\.ts$/, '');
}

/** @param {string} file @param {string} specifier @returns {string} the imported file (best guess) */
function resolveImport(file, specifier) {
  const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${target}.ts`, path.join(target, 'index.ts')]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // not this one
    }
  }
  return target;
}

/** Every relative import of the server's source files: [file, imported file]. */
function imports() {
  /** @type {Array<[string, string]>} */
  const found = [];
  for (const file of sourceFiles(SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
      found.push([file, resolveImport(file, specifier.text)]);
    }
  }
  return found;
}

/**
 * Part → the parts it imports (`import type` does not tie parts at runtime, but it ties their
 * reading: it counts too), with one file that does it.
 * @returns {Map<string, Map<string, string>>}
 */
export function moduleGraph() {
  /** @type {Map<string, Map<string, string>>} */
  const graph = new Map();
  for (const [file, target] of imports()) {
    const from = partOf(file);
    const to = partOf(target);
    if (!from || !to || from === to) continue;
    const edges = graph.get(from) ?? new Map();
    graph.set(from, edges);
    if (!edges.has(to)) edges.set(to, path.relative(ROOT, file));
  }
  return graph;
}

/**
 * Runtime files outside the seed that import it, other than {@link SEED_IMPORTERS}.
 * @returns {string[]} `file → imported file`
 */
export function seedImports() {
  return imports()
    .filter(([file, target]) => {
      const inside = (/** @type {string} */ f) => !path.relative(SEED, f).startsWith('..');
      return inside(target) && !inside(file) && !SEED_IMPORTERS.has(String(partOf(file)));
    })
    .map(([file, target]) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`);
}

/**
 * The cycles of a graph: each strongly connected group of two or more nodes (Tarjan), sorted.
 * @param {Map<string, Map<string, string>>} graph
 * @returns {string[][]}
 */
export function cyclesOf(graph) {
  let index = 0;
  /** @type {Map<string, number>} */
  const indices = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const groups = [];
  /** @param {string} node */
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(Number(low.get(node)), Number(low.get(next))));
      } else if (onStack.has(next)) low.set(node, Math.min(Number(low.get(node)), Number(indices.get(next))));
    }
    if (low.get(node) === indices.get(node)) {
      /** @type {string[]} */
      const group = [];
      let member;
      do {
        member = /** @type {string} */ (stack.pop());
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The cycles among the server's modules. */
export const moduleCycles = () => cyclesOf(moduleGraph());

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = moduleGraph();
  const cycles = moduleCycles();
  for (const group of cycles) {
    console.log(`cycle: ${group.join(', ')}`);
    for (const from of group)
      for (const [to, file] of graph.get(from) ?? [])
        if (group.includes(to)) console.log(`  ${from} → ${to} (${file})`);
  }
  const seed = seedImports();
  for (const line of seed) console.log(`reads the seed: ${line}`);
  if (cycles.length > 0 || seed.length > 0) process.exitCode = 1;
  else console.log('server: no import cycle, no runtime import of the seed outside bootstrap.ts');
}
