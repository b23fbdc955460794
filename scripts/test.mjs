// npm test: install what is missing (dependencies, Debian's Chromium), build the portal
// and, side by side with the build, the static checks (type check of packages, tooling and
// end-to-end specs, API report, browser calls, feature map, lint and format); then unit and
// component tests (sdk, shell, plugins, tooling), the server suite (real HTTP on PGlite; CI
// runs it again on PostgreSQL), and end-to-end in Chromium (two files at a time). Every step runs even when an
// earlier one fails; the summary gives each step's result and time; the exit code is non-zero
// if any failed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies, root, run } from './lib/ensure.mjs';

ensureDependencies();
ensureChromium();

const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/**
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
const npx = (args, env = {}) => run('npx', args, { env: { ...process.env, ...env } });

/** @typedef {{ passed: number, failed: number }} Counts */
/** @typedef {{ name: string, status: number, seconds: number, counts?: Counts }} Step */

/** @type {Step[]} */
const steps = [];
/** Tests that failed and then passed on CI's second run (readVitest), for the summary. */
/** @type {string[]} */
const flaky = [];

/**
 * Runs one step, timing it.
 * @param {string} name
 * @param {() => number} body the exit status
 * @param {() => Counts | undefined} [count]
 */
function step(name, body, count) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const status = body();
  steps.push({ name, status, seconds: (Date.now() - started) / 1000, counts: count?.() });
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
// The build beside them (the tests after it need it; these checks do not).
console.log(`\n▶ build, ${staticChecks.map((check) => check.name).join(', ')} (side by side)`);
const staticStarted = Date.now();
const built = runCaptured([process.execPath, join('scripts', 'build.mjs')], 'build').then((status) => ({
  status,
  seconds: (Date.now() - staticStarted) / 1000,
}));
const staticResults = await Promise.all(
  staticChecks.map(async (check) => {
    const statuses = await Promise.all(check.commands.map((command) => runCaptured(command, check.name)));
    return { name: check.name, status: Math.max(...statuses), seconds: (Date.now() - staticStarted) / 1000 };
  }),
);
steps.push(...staticResults);
const { status: buildStatus, seconds: buildSeconds } = await built;
const staticSeconds = (Date.now() - staticStarted) / 1000;
// The suites test the built portal: without a build they are not run (the summary says so).
if (buildStatus !== 0) console.error(`\n✖ the build failed (exit ${buildStatus}): the test suites are not run`);

const unitJson = join(results, 'vitest-unit.json');
if (buildStatus === 0)
  step(
    'unit + component (sdk, shell, plugins, tooling)',
    () =>
      npx([
        'vitest',
        'run',
        // `sdk*` takes both projects of a package: shared module cache, and isolated (vitest.config.ts).
        ...['sdk*', 'shell*', 'plugins*', 'tooling'].flatMap((project) => ['--project', project]),
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${unitJson}`,
      ]),
    () => readVitest(unitJson),
  );

const serverJson = join(results, 'vitest-server.json');
if (buildStatus === 0)
  step(
    'server (PGlite)',
    () =>
      npx([
        'vitest',
        'run',
        '--project',
        'server',
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${serverJson}`,
      ]),
    () => readVitest(serverJson),
  );

const e2eJson = join(results, 'e2e.json');
if (buildStatus === 0)
  step(
    'end-to-end (Chromium)',
    () =>
      npx(['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
        // The outside author's npm steps start with the run, not when their spec's turn comes
        // (tests/e2e/author-plugin.ts).
        E2E_AUTHOR_EARLY: '1',
      }),
    () => readPlaywright(e2eJson),
  );

let passed = 0;
let failed = 0;
// The static checks overlap: they count once, for as long as the slowest took.
const sequential = steps.filter((s) => !staticResults.includes(s));
// The build ran beside the static checks: both count once, for as long as the slower took.
const total = sequential.reduce((sum, s) => sum + s.seconds, staticSeconds);
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
 * Runs `command` (program and arguments) with its output kept, then prints it under the
 * check's name.
 * @param {string[]} command
 * @param {string} name
 * @returns {Promise<number>} the exit status (1 when killed by a signal)
 */
function runCaptured(command, name) {
  return new Promise((resolve) => {
    const [program, ...args] = command;
    const child = spawn(program, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1' } });
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
      console.log(`\n── ${name}: ${args.join(' ')} ${status === 0 ? '✔' : `✖ (exit ${status})`}`);
      if (text) console.log(text);
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
