// docs/features.md: which plugin calls which contract, and which server module answers it —
// generated, so that it cannot drift (issue 29, "one name per feature": where a plugin's
// name and its server modules' differ, this map is the one place that says so).
//
//   node scripts/feature-map.mjs            check: fails when docs/features.md differs (npm test)
//   node scripts/feature-map.mjs --update   rewrites it
//
// Read from the code: a contract file's call groups (sdk/src/calls.ts, generated from
// sdk/src/contracts), the groups each plugin, the shell and the SDK import from
// `@cotton/sdk/calls`, and the groups each server module imports from `@cotton/sdk/contracts`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = path.join(ROOT, 'docs', 'features.md');

/** @param {string} dir absolute @returns {string[]} the runtime TypeScript files under dir */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .filter((file) => !file.split(path.sep).includes('test') && !file.includes(`${path.sep}node_modules${path.sep}`));
}

/** Call or code group name → contract file (`sms.ts`), from sdk/src/calls.ts. */
function groupsByContract() {
  const text = readFileSync(path.join(ROOT, 'sdk', 'src', 'calls.ts'), 'utf8');
  /** @type {Map<string, string>} */
  const groups = new Map();
  let contract = '';
  for (const line of text.split('\n')) {
    const heading = /^\/\/ ([\w-]+\.ts)$/.exec(line);
    if (heading) contract = heading[1];
    const group = /^export const (\w+)/.exec(line);
    if (group && contract) groups.set(group[1], contract);
  }
  return groups;
}

/**
 * The call and code groups a set of files imports from `from` (those of a contract).
 * @param {string[]} files @param {string} from @param {Map<string, string>} groups
 * @returns {string[]}
 */
function groupsUsed(files, from, groups) {
  const pattern = new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*'${from.replaceAll('/', '\\/')}'`, 'g');
  /** @type {Set<string>} */
  const used = new Set();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      for (const name of match[1].split(',')) {
        const imported = name
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (groups.has(imported)) used.add(imported);
      }
    }
  }
  return [...used].sort();
}

function generate() {
  const groups = groupsByContract();
  /** @type {Map<string, string[]>} call or code group → the server modules whose routes use it */
  const servedBy = new Map();
  const modulesDir = path.join(ROOT, 'server', 'src', 'modules');
  for (const entry of readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const files = sourceFiles(path.join(modulesDir, entry.name)).filter((file) => /routes\.ts$/.test(file));
    for (const group of groupsUsed(files, '@cotton/sdk/contracts', groups)) {
      servedBy.set(group, [...(servedBy.get(group) ?? []), entry.name]);
    }
  }
  /** @param {string[]} used groups */
  const contractsOf = (used) => [...new Set(used.map((group) => String(groups.get(group))))].sort();
  /**
   * The modules behind a group: those whose routes use it; for a group of permission codes
   * (`…Codes`, which routes check through their calls), those serving its contract's calls.
   * @param {string} group
   * @returns {string[]}
   */
  const behind = (group) =>
    group.endsWith('Codes')
      ? [...groups]
          .filter(([other, file]) => file === groups.get(group) && other !== group)
          .flatMap(([other]) => servedBy.get(other) ?? [])
      : (servedBy.get(group) ?? []);
  /** @param {string[]} used groups */
  const modulesOf = (used) => [...new Set(used.flatMap(behind))].sort();
  const code = (/** @type {string[]} */ names) => (names.length ? names.map((n) => `\`${n}\``).join(', ') : '—');

  const rows = [];
  const pluginsDir = path.join(ROOT, 'plugins');
  for (const id of readdirSync(pluginsDir).sort()) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(pluginsDir, id, 'plugin.json'), 'utf8'));
    } catch {
      continue;
    }
    const used = groupsUsed(sourceFiles(path.join(pluginsDir, id, 'src')), '@cotton/sdk/calls', groups);
    const pages = [
      ...(manifest.routes ?? []).map((/** @type {{ path: string }} */ route) => route.path),
      ...(manifest.components ?? []),
    ];
    rows.push(`| \`${manifest.id}\` | ${code(pages)} | ${code(contractsOf(used))} | ${code(modulesOf(used))} |`);
  }
  for (const [name, dir] of [
    ['shell', path.join(ROOT, 'shell', 'src')],
    ['SDK (widgets, services)', path.join(ROOT, 'sdk', 'src')],
  ]) {
    const files = sourceFiles(dir).filter((file) => !file.includes(`${path.sep}contracts${path.sep}`));
    const used = groupsUsed(files, name === 'shell' ? '@cotton/sdk/calls' : '../calls', groups).concat(
      name === 'shell' ? [] : groupsUsed(files, '../../calls', groups),
    );
    rows.push(`| ${name} | — | ${code(contractsOf(used))} | ${code(modulesOf(used))} |`);
  }
  return [
    '# Features: plugin, contract, server module',
    '',
    'Generated by `node scripts/feature-map.mjs --update` from the code (which call groups each plugin',
    "imports from `@cotton/sdk/calls`, which server modules' routes register those groups); `npm test`",
    'fails when it is out of date. A contract is `sdk/src/contracts/<name>`; a server module is',
    '`server/src/modules/<name>`; a plugin is `plugins/<id>` (pages: its public routes and menu components).',
    '',
    '| plugin | pages | contracts | server modules |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

const wanted = generate();
let current = '';
try {
  current = readFileSync(OUTPUT, 'utf8');
} catch {
  // absent: written on --update, a failure on check
}
if (current === wanted) console.log('feature map: docs/features.md is up to date');
else if (process.argv.includes('--update')) {
  writeFileSync(OUTPUT, wanted);
  console.log('feature map: wrote docs/features.md');
} else {
  console.error('feature map: docs/features.md differs from the code; run `node scripts/feature-map.mjs --update`.');
  process.exit(1);
}
