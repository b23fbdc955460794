// npm test: install what is missing (dependencies, Debian's Chromium), build the portal,
// type-check, then run every suite: unit and component (sdk, shell, plugins), server
// (real HTTP on PGlite; CI runs it again on PostgreSQL), and end-to-end in Chromium.
// Every suite runs even when an earlier one fails; the exit code is non-zero if any failed.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies, mustRun, root, run } from './lib/ensure.mjs';

ensureDependencies();
ensureChromium();
mustRun(process.execPath, [join(root, 'scripts', 'build.mjs')]);

const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const npx = (args, env) => run('npx', args, { env: { ...process.env, ...env } });

const steps = [];
const step = (name, status, counts) => steps.push({ name, status, ...counts });

step('typecheck', npx(['tsc', '-b']));

const vitestJson = join(results, 'vitest.json');
const vitestStatus = npx(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
step('unit + component + server', vitestStatus, readVitest(vitestJson));

const e2eJson = join(results, 'e2e.json');
const e2eStatus = npx(['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
});
step('end-to-end (Chromium)', e2eStatus, readPlaywright(e2eJson));

let passed = 0;
let failed = 0;
console.log('\nSummary');
for (const s of steps) {
  passed += s.passed ?? 0;
  failed += s.failed ?? 0;
  const counts = s.passed === undefined ? '' : ` ${s.passed} passed, ${s.failed} failed`;
  console.log(`  ${s.status === 0 ? '✔' : '✖'} ${s.name}${counts}`);
}
const anyFailed = steps.some((s) => s.status !== 0);
if (anyFailed && failed === 0) failed = 1; // a suite that crashed before counting still fails the run
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(anyFailed ? 1 : 0);

function readVitest(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

function readPlaywright(file) {
  if (!existsSync(file)) return undefined;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}
