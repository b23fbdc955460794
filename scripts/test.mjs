// npm test: install what is missing (dependencies, Debian's Chromium), build the portal
// and, side by side with the build, the static checks (type check of packages, tooling and
// end-to-end specs, API report, browser calls, feature map, lint and format); then unit and
// component tests (sdk, shell, plugins, tooling) — started when the build is done, beside the
// static checks still running —, the server suite (real HTTP on PGlite), and end-to-end in
// Chromium (two files at a time) on a database folder prepared beside the earlier steps. With
// TEST_PG_URL set (CI, .ci/run) the server suite runs once more, on that PostgreSQL, beside the
// end-to-end step. Every step runs even when an earlier one fails; a step that runs beside
// another prints its output when it ends, between the other's; the summary gives each step's
// result and time; the exit code is non-zero if any failed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareData } from '../tests/e2e/server.mjs';
import { ensureChromium, ensureDependencies, root } from './lib/ensure.mjs';

ensureDependencies();
ensureChromium();

const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/** @typedef {{ passed: number, failed: number }} Counts */
/** @typedef {{ name: string, status: number, seconds: number, counts?: Counts }} Step */

/** @type {Step[]} */
const steps = [];
/** Tests that failed and then passed on CI's second run (readVitest), for the summary. */
/** @type {string[]} */
const flaky = [];

// Output of the steps that run beside another (the static checks, the end-to-end database's
// preparation, the PostgreSQL pass) is kept and printed whole when the step in front ends, never
// in the middle of its lines.
/** Whether a step's output is going to the terminal now. */
let inFront = false;
/** @type {string[]} */
const held = [];
/** @param {string} text */
function print(text) {
  if (inFront) held.push(text);
  else console.log(text);
}
function printHeld() {
  for (const text of held.splice(0)) console.log(text);
}

/**
 * Runs one step in front, its output to the terminal, timing it.
 * @param {string} name
 * @param {string[]} command program and arguments
 * @param {Record<string, string>} [env]
 * @param {() => Counts | undefined} [count]
 */
async function step(name, command, env = {}, count) {
  printHeld();
  console.log(`\n▶ ${name}`);
  const stepStarted = Date.now();
  inFront = true;
  const status = await runInFront(command, env);
  inFront = false;
  steps.push({ name, status, seconds: (Date.now() - stepStarted) / 1000, counts: count?.() });
  printHeld();
}

/**
 * Runs one step beside the one in front: its output kept and printed whole when it ends (or
 * when the step in front does), timing it.
 * @param {string} name
 * @param {string[]} command program and arguments
 * @param {Record<string, string>} env added to this process's
 * @param {() => Counts | undefined} count
 * @returns {Promise<Step>}
 */
async function besideStep(name, command, env, count) {
  print(`\n▶ ${name} (beside the next steps; its output when it ends)`);
  const stepStarted = Date.now();
  const status = await runCaptured(command, name, env);
  return { name, status, seconds: (Date.now() - stepStarted) / 1000, counts: count() };
}

// The static checks read files only: they run side by side, each one's output printed whole
// when it ends. A check fails its step if any of its commands does.
/** @type {Array<{ name: string, commands: string[][] }>} */
const staticChecks = [
  {
    name: 'type check',
    commands: [
      ['npx', 'tsc', '-b'],
      ['npx', 'tsc', '-p', 'tsconfig.tooling.json'],
      ['npx', 'tsc', '-p', 'tests/e2e/tsconfig.json'],
    ],
  },
  // Compiles the SDK afresh into a temporary folder (sdk/api-report.mjs).
  { name: 'SDK API report', commands: [[process.execPath, 'sdk/api-report.mjs']] },
  // sdk/src/calls.ts matches the contracts' call declarations (sdk/calls.mjs).
  { name: 'browser calls', commands: [[process.execPath, 'sdk/calls.mjs']] },
  // docs/features.md matches the code's plugin → contract → server module links.
  { name: 'feature map', commands: [[process.execPath, 'scripts/feature-map.mjs']] },
  // Both keep a cache under node_modules/.cache: a file whose content is unchanged is not read
  // again. Prettier's is a folder of npm test's own: Prettier deletes its cache when run
  // without --cache and prunes it to the files of a run with one, so a check of a few files
  // elsewhere would empty it. ESLint's boundary rule also reads the workspaces' package.json files, which its
  // cache does not watch: the cache's folder is named by them (lintCacheFolder).
  {
    name: 'lint and format',
    commands: [
      ['npx', 'eslint', '--cache', '--cache-strategy', 'content', '--cache-location', lintCacheFolder(), '.'],
      [
        'npx',
        'prettier',
        '--check',
        '--cache',
        '--cache-strategy',
        'content',
        '--cache-location',
        join(root, 'node_modules', '.cache', 'prettier-npm-test', 'cache'),
        '--log-level',
        'warn',
        '**/*.{ts,tsx,mjs,js,css,json}',
      ],
    ],
  },
];
// The build beside them. The tests need the build, not these checks: the unit step starts
// as soon as the build is done, beside the checks still running (the type check's `tsc -b`
// alone, one core, takes minutes after the others end).
console.log(`\n▶ build, ${staticChecks.map((check) => check.name).join(', ')} (side by side)`);
const buildStarted = Date.now();
const staticDone = Promise.all(
  staticChecks.map(async (check) => {
    const statuses = await Promise.all(check.commands.map((command) => runCaptured(command, check.name)));
    return { name: check.name, status: Math.max(...statuses), seconds: (Date.now() - buildStarted) / 1000 };
  }),
);
const buildStatus = await runCaptured([process.execPath, join('scripts', 'build.mjs')], 'build');
const buildSeconds = (Date.now() - buildStarted) / 1000;
// The suites test the built portal: without a build they are not run (the summary says so).
if (buildStatus !== 0) console.error(`\n✖ the build failed (exit ${buildStatus}): the test suites are not run`);

// The end-to-end server's database, migrated and seeded now by the same server and settings
// (tests/e2e/server.mjs) beside the other steps: started on a new folder, the server spends a
// minute of one core on it before the first end-to-end test.
const e2eData = mkdtempSync(join(tmpdir(), 'cotton-e2e-'));
const e2eFiles = mkdtempSync(join(tmpdir(), 'cotton-e2e-files-'));
const e2eDataPrepared =
  buildStatus === 0
    ? prepareData({ dataDir: e2eData, filesDir: e2eFiles }).then(({ status, output }) => {
        if (status !== 0) print(`\n── end-to-end database: the server did not prepare it (exit ${status})\n${output}`);
        return status === 0;
      })
    : Promise.resolve(false);

const unitJson = join(results, 'vitest-unit.json');
if (buildStatus === 0)
  await step(
    'unit + component (sdk, shell, plugins, tooling)',
    [
      'npx',
      'vitest',
      'run',
      // `sdk*` takes both projects of a package: shared module cache, and isolated (vitest.config.ts).
      ...['sdk*', 'shell*', 'plugins*', 'tooling'].flatMap((project) => ['--project', project]),
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${unitJson}`,
    ],
    {},
    () => readVitest(unitJson),
  );

const serverJson = join(results, 'vitest-server.json');
if (buildStatus === 0)
  await step(
    'server (PGlite)',
    [
      'npx',
      'vitest',
      'run',
      '--project',
      'server',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${serverJson}`,
    ],
    {},
    () => readVitest(serverJson),
  );

// CI (.ci/run sets TEST_PG_URL): the server suite once more, against that PostgreSQL, beside
// the end-to-end step — there a test's worker mostly waits for PostgreSQL's processes, and the
// browsers leave part of a core idle; three files at a time (with two a core idled: 651 s
// against 515 s with three, measured beside other builds).
const postgresJson = join(results, 'vitest-postgres.json');
const postgres =
  buildStatus === 0 && process.env.TEST_PG_URL
    ? besideStep(
        'server (PostgreSQL)',
        [
          'npx',
          'vitest',
          'run',
          '--project',
          'server',
          '--maxWorkers=3',
          '--reporter=dot',
          '--reporter=json',
          `--outputFile.json=${postgresJson}`,
        ],
        { TEST_DATABASE_URL: process.env.TEST_PG_URL },
        () => readVitest(postgresJson),
      )
    : undefined;

const e2eJson = join(results, 'e2e.json');
if (buildStatus === 0) {
  // Without a prepared folder (its failure is printed above) the server makes its own.
  const prepared = await e2eDataPrepared;
  await step(
    'end-to-end (Chromium)',
    ['npx', 'playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
      // The outside author's npm steps start with the run, not when their spec's turn comes
      // (tests/e2e/author-plugin.ts).
      E2E_AUTHOR_EARLY: '1',
      ...(prepared ? { E2E_DATA_DIR: e2eData, E2E_FILES_DIR: e2eFiles } : {}),
    },
    () => readPlaywright(e2eJson),
  );
}
await e2eDataPrepared;
if (postgres) steps.push(await postgres);
printHeld();
rmSync(e2eData, { recursive: true, force: true });
rmSync(e2eFiles, { recursive: true, force: true });
// The static checks: listed first, each with the time from the build's start to its end.
steps.unshift(...(await staticDone));
printHeld();

let passed = 0;
let failed = 0;
// Steps overlap: the total is the time from the build's start to the end.
const total = (Date.now() - buildStarted) / 1000;
const WIDTH = 74;
console.log('\nSummary');
console.log(`  ${buildStatus === 0 ? '✔' : '✖'} ${'build'.padEnd(WIDTH)}${minutes(buildSeconds)}`);
for (const s of steps) {
  passed += s.counts?.passed ?? 0;
  failed += s.counts?.failed ?? 0;
  const counts = s.counts ? ` — ${s.counts.passed} passed, ${s.counts.failed} failed` : '';
  console.log(`  ${s.status === 0 ? '✔' : '✖'} ${`${s.name}${counts}`.padEnd(WIDTH)}${minutes(s.seconds)}`);
}
console.log(`    ${'total'.padEnd(WIDTH)}${minutes(total)}`);
const failedSteps = [
  ...(buildStatus === 0 ? [] : ['build (the test suites did not run)']),
  ...steps.filter((s) => s.status !== 0).map((s) => s.name),
];
if (flaky.length > 0) {
  console.log(`\n⚠ passed only when run again (flaky, to be fixed):`);
  for (const line of flaky) console.log(`  ${line.slice(0, 400)}`);
}
console.log(`\n${passed} tests passed, ${failed} failed`);
if (failedSteps.length > 0) console.log(`✖ failed: ${failedSteps.join(', ')}`);
process.exit(failedSteps.length > 0 ? 1 : 0);

/**
 * Runs `command` (program and arguments) in front: its output straight to the terminal.
 * @param {string[]} command
 * @param {Record<string, string>} env added to this process's
 * @returns {Promise<number>} the exit status (1 when killed by a signal)
 */
function runInFront(command, env) {
  return new Promise((resolve) => {
    const [program, ...args] = command;
    const child = spawn(program, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/**
 * Runs `command` (program and arguments) with its output kept, then prints it under the
 * step's name (print: after the step in front, if one is running).
 * @param {string[]} command
 * @param {string} name
 * @param {Record<string, string>} [env] added to this process's
 * @returns {Promise<number>} the exit status (1 when killed by a signal)
 */
function runCaptured(command, name, env = {}) {
  return new Promise((resolve) => {
    const [program, ...args] = command;
    const child = spawn(program, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1', ...env } });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
    let finished = false;
    /** @param {number} status */
    function finish(status) {
      if (finished) return;
      finished = true;
      const text = Buffer.concat(output).toString('utf8').trim();
      print(`\n── ${name}: ${args.join(' ')} ${status === 0 ? '✔' : `✖ (exit ${status})`}${text ? `\n${text}` : ''}`);
      resolve(status);
    }
  });
}

/**
 * ESLint's cache folder, named by what its verdicts depend on besides each file and the
 * configuration (which ESLint's cache watches itself): the lint rules of scripts/lint, every
 * workspace's package.json (the boundary rule reads the declared dependencies), the shared
 * modules' list the boundary rule reads, and the lockfile (the plugins' versions).
 * @returns {string}
 */
function lintCacheFolder() {
  const hash = createHash('sha256');
  const workspaces = ['sdk', 'shell', 'server', ...['plugins', 'tools'].flatMap((dir) => subfolders(dir))];
  for (const file of [
    ...readdirSync(join(root, 'scripts', 'lint')).map((name) => join('scripts', 'lint', name)),
    ...workspaces.map((dir) => join(dir, 'package.json')),
    // The boundary rule's list of shared modules, and the installed plugins' versions.
    join('sdk', 'src', 'shared-modules.ts'),
    join('tools', 'plugin-tools', 'lib', 'shared-modules.mjs'),
    'package-lock.json',
  ].sort()) {
    if (!existsSync(join(root, file)) || !statSync(join(root, file)).isFile()) continue;
    hash.update(file).update(readFileSync(join(root, file)));
  }
  return join(root, 'node_modules', '.cache', 'eslint', `${hash.digest('hex').slice(0, 16)}/`);
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
function subfolders(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name));
}

/** @param {number} seconds */
function minutes(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/**
 * @param {string} file
 * @returns {Counts | undefined}
 */
function readVitest(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // In CI a failed test runs once more (vitest.config.ts `retry`); one that passed then is
  // named here with its first failure, so that a flaky test is seen and fixed, not hidden.
  for (const result of report.testResults ?? [])
    for (const test of result.assertionResults ?? [])
      if (test.status === 'passed' && test.failureMessages?.length > 0)
        flaky.push(
          `${result.name.slice(root.length + 1)} › ${test.fullName}: ${test.failureMessages[0].split('\n')[0]}`,
        );
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

/**
 * @param {string} file
 * @returns {Counts | undefined}
 */
function readPlaywright(file) {
  if (!existsSync(file)) return undefined;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  /** @param {any[]} list */
  const visit = (list = []) => {
    for (const suite of list) {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === 'flaky') flaky.push(`${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]`);
      visit(suite.suites);
    }
  };
  visit(suites);
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}
