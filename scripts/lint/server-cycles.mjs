// The server's feature modules (server/src/modules/<name>) import each other without a cycle:
// a module can be read, tested and moved knowing only what it imports
// (docs/architecture.md "Server modules"). scripts/lint/server-cycles.test.mjs fails on a cycle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MODULES = path.join(ROOT, 'server', 'src', 'modules');

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** @param {string} file @returns {string | null} the module a file belongs to */
function moduleOf(file) {
  const relative = path.relative(MODULES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
}

/**
 * Module → the modules it imports at runtime (`import type` does not tie modules at runtime,
 * but it ties their reading: it counts too), with one file that does it.
 * @returns {Map<string, Map<string, string>>}
 */
export function moduleGraph() {
  /** @type {Map<string, Map<string, string>>} */
  const graph = new Map();
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map();
    graph.set(from, edges);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
      const to = moduleOf(path.resolve(path.dirname(file), specifier.text));
      if (to && to !== from && !edges.has(to)) edges.set(to, path.relative(ROOT, file));
    }
  }
  return graph;
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
  for (const group of moduleCycles()) {
    console.log(`cycle: ${group.join(', ')}`);
    for (const from of group)
      for (const [to, file] of graph.get(from) ?? [])
        if (group.includes(to)) console.log(`  ${from} → ${to} (${file})`);
  }
}
