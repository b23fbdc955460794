#!/usr/bin/env node
// Fuzz benchmark (issue 10): 10,000 spoiled requests per route (FUZZ_RUNS to change it),
// generated from each route's own schemas by server/test/fuzz/request-fuzz.ts — the same
// cases `npm test` runs a few hundred of — sent to the app in process (PGlite in memory,
// the small seed). Prints per route and in total: cases, server errors (HTTP 5xx or an
// envelope 500/503), leaks (SQL, stacks, paths), answers slower than 100 ms, the slowest.
// Goal: 0 / 0 / 0. Usage: npm run bench:fuzz
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../lib/ensure.mjs';

const runs = process.env.FUZZ_RUNS ?? '10000';
const dir = mkdtempSync(join(tmpdir(), 'cotton-fuzz-'));
const report = join(dir, 'report.jsonl');
console.log(`▶ ${runs} cases per route (this takes a few minutes)`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'test/fuzz.test.ts', '--reporter=dot'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_REPORT: report },
});
/**
 * One route's figures, a line of the report server/test/fuzz.test.ts writes.
 * @typedef {{ route: string, cases: number, serverErrors: number, leaks: number, slow: number,
 *   slowestMs: number, firstProblem: string | null }} RouteFigures
 */
/** @type {RouteFigures[]} */
let rows = [];
try {
  rows = readFileSync(report, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
} catch {
  console.error('✖ no figures were written');
}
rmSync(dir, { recursive: true, force: true });

const pad = (/** @type {unknown} */ value, /** @type {number} */ width) => String(value).padStart(width);
console.log(
  `\n${'route'.padEnd(62)} ${pad('cases', 7)} ${pad('5xx', 5)} ${pad('leaks', 6)} ${pad('>100ms', 7)} ${pad('slowest', 9)}`,
);
const total = { cases: 0, serverErrors: 0, leaks: 0, slow: 0, slowestMs: 0 };
for (const row of rows) {
  console.log(
    `${row.route.padEnd(62)} ${pad(row.cases, 7)} ${pad(row.serverErrors, 5)} ${pad(row.leaks, 6)} ${pad(row.slow, 7)} ${pad(`${row.slowestMs.toFixed(1)} ms`, 9)}`,
  );
  total.cases += row.cases;
  total.serverErrors += row.serverErrors;
  total.leaks += row.leaks;
  total.slow += row.slow;
  total.slowestMs = Math.max(total.slowestMs, row.slowestMs);
}
console.log(
  `${`total (${rows.length} routes)`.padEnd(62)} ${pad(total.cases, 7)} ${pad(total.serverErrors, 5)} ${pad(total.leaks, 6)} ${pad(total.slow, 7)} ${pad(`${total.slowestMs.toFixed(1)} ms`, 9)}`,
);
for (const row of rows.filter((r) => r.firstProblem)) console.log(`\n${row.route}: ${row.firstProblem}`);
console.log(
  `\n5xx / leaks / answers over 100 ms: ${total.serverErrors} / ${total.leaks} / ${total.slow} (goal 0 / 0 / 0)`,
);
// The exit code says whether the goal was met, slow answers included (npm test never times).
const met = result.status === 0 && rows.length > 0 && total.serverErrors === 0 && total.leaks === 0 && total.slow === 0;
process.exit(met ? 0 : 1);
