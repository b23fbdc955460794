// One home per call (docs/architecture.md "Calls"): an endpoint path or a permission code is
// written only in the wire contracts (sdk/src/contracts, and sdk/src/calls.ts generated from
// them); a wire pattern (a regular expression the server checks) is defined once. This module
// finds what breaks that in the runtime code of the SDK, the shell, the plugins and the server;
// scripts/lint/call-literals.test.mjs fails on it.
//
// What counts, in string literals (comments are free to name paths):
// - a path: a string starting `/rest/`, or any path some call declares (`/logout`, `/cas/…`);
// - a permission code: any code the contracts declare, or a string of its shape
//   (`system:user:list`);
// - a pattern: the same regular expression source (a `/…/` literal, or a schema's `pattern`)
//   in two files.
// Tests are outside the rule: they state the wire as a client sees it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONTRACTS_DIR = path.join('sdk', 'src', 'contracts');
const CALLS_FILE = path.join('sdk', 'src', 'calls.ts');

/** The folders whose runtime code is checked. */
const AREAS = ['sdk/src', 'shell/src', 'server/src', ...pluginSources()];

function pluginSources() {
  return readdirSync(path.join(ROOT, 'plugins'))
    .filter((id) => statSync(path.join(ROOT, 'plugins', id)).isDirectory())
    .map((id) => `plugins/${id}/src`);
}

/** @param {string} file */
const isTest = (file) => /\.test\.tsx?$|(^|\/)test(-support)?(\/|\.)|\/test\//.test(file);

/** @param {string} dir relative to the root @returns {string[]} */
function sourceFiles(dir) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} relative */
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(child);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(child)) {
        found.push(child);
      }
    }
  };
  walk(dir);
  return found;
}

const CODE_SHAPE = /^[a-z][a-z0-9-]*:[a-z][a-zA-Z0-9-]*:[a-z][a-zA-Z0-9-]*$/;

/** The paths and codes the contracts declare, read from sdk/src/calls.ts. */
function declared() {
  const text = readFileSync(path.join(ROOT, CALLS_FILE), 'utf8');
  const paths = new Set([...text.matchAll(/path: ['"]([^'"]+)['"]/g)].map((match) => match[1]));
  const codes = new Set(
    [...text.matchAll(/(?:permission: |^\s+[\w$'"]+: )['"]([a-z][\w-]*(?::[\w-]+)+)['"]/gm)].map((match) => match[1]),
  );
  // A path with parameters (`/file/preview/:id`) is written in a template as its head.
  const heads = [...paths].filter((value) => value.includes('/:')).map((value) => value.slice(0, value.indexOf(':')));
  return { paths, codes, heads };
}

/**
 * The string literals and regular expressions of one file, with their lines.
 * @param {string} file relative path
 */
function literalsOf(file) {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  /** @type {Array<{ kind: 'string' | 'regex', text: string, line: number }>} */
  const found = [];
  /** @param {import('typescript').Node} node */
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  /** @param {import('typescript').Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      // A whole anchored pattern kept as a string (a constant, a `new RegExp` argument) is a
      // pattern too.
      const anchored = !ts.isTemplateHead(node) && node.text.startsWith('^') && node.text.endsWith('$');
      found.push({ kind: anchored ? 'regex' : 'string', text: node.text, line: lineOf(node) });
    } else if (ts.isRegularExpressionLiteral(node)) {
      found.push({ kind: 'regex', text: node.text.slice(1, node.text.lastIndexOf('/')), line: lineOf(node) });
    } else if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'pattern' &&
      ts.isStringLiteral(node.initializer)
    ) {
      found.push({ kind: 'regex', text: node.initializer.text, line: lineOf(node) });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * A pattern worth tying to one home: a rule with a bounded repeat (`^\d{6}$`) or a longer one
 * with a character class — not a generic fragment (`^\d+$`) nor a two-value flag (`^[12]$`).
 * @param {string} pattern
 */
const isWirePattern = (pattern) => /\{\d/.test(pattern) || (pattern.length >= 12 && pattern.includes('['));

/**
 * Everything that breaks the rule.
 * @returns {Array<{ file: string, line: number, what: string }>}
 */
export function findCallLiterals() {
  const { paths, codes, heads } = declared();
  /** @type {Array<{ file: string, line: number, what: string }>} */
  const problems = [];
  /** @type {Map<string, Array<{ file: string, line: number }>>} */
  const patterns = new Map();
  for (const area of AREAS) {
    for (const file of sourceFiles(area)) {
      const isContract = file.startsWith(CONTRACTS_DIR + path.sep) || file === CALLS_FILE;
      for (const literal of literalsOf(file)) {
        if (literal.kind === 'regex') {
          if (!isWirePattern(literal.text)) continue;
          const places = patterns.get(literal.text) ?? [];
          places.push({ file, line: literal.line });
          patterns.set(literal.text, places);
          continue;
        }
        if (isContract) continue;
        const value = literal.text;
        if (
          value.startsWith('/rest/') ||
          paths.has(value.split('?')[0]) ||
          heads.some((head) => value.startsWith(head))
        ) {
          problems.push({ file, line: literal.line, what: `endpoint path '${value}'` });
        } else if (codes.has(value) || CODE_SHAPE.test(value)) {
          problems.push({ file, line: literal.line, what: `permission code '${value}'` });
        }
      }
    }
  }
  for (const [pattern, places] of patterns) {
    const files = new Set(places.map((place) => place.file));
    if (files.size < 2) continue;
    for (const place of places.slice(1)) {
      problems.push({ ...place, what: `pattern /${pattern}/ also defined in ${places[0].file}:${places[0].line}` });
    }
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

// `node scripts/lint/call-literals.mjs`: lists what breaks the rule.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = findCallLiterals();
  for (const problem of problems) console.log(`${problem.file}:${problem.line} ${problem.what}`);
  console.log(`${problems.length} found`);
  if (problems.length > 0) process.exitCode = 1;
}
