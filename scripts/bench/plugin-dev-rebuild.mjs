#!/usr/bin/env node
// `cotton-plugin dev` rebuild benchmark: `npm run bench:plugin-dev-rebuild [-- --edits N]`.
//
// 1. Scaffolds the one-page plugin of create-cotton-plugin in a temporary folder (React,
//    Arco and the SDK resolve beside the workspace's SDK, as in the build's tests).
// 2. Starts the dev server on a free port (no portal: nothing to check) and waits for the
//    first build (a cold build: rollup's cache is empty).
// 3. Edits the page N times (default 10), each time waiting for the build event, and prints
//    the median, min and max of the build's own time (what the server prints as `构建 #n`)
//    and of the time from the write to the event (the 50 ms debounce and the watcher included).
// Goal (issue 14): a one-page plugin rebuilds in under a second.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scaffold } from '../../tools/create-cotton-plugin/index.mjs';
import { startPluginDev } from '../../tools/plugin-tools/lib/index.mjs';

const editsArg = process.argv.indexOf('--edits');
const EDITS = editsArg > 0 ? Number(process.argv[editsArg + 1]) : 10;

/** @param {number[]} values @returns {number} */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** @param {string} label @param {number[]} values */
const row = (label, values) =>
  console.log(
    `  ${label.padEnd(38)} median ${median(values).toFixed(0).padStart(4)} ms   min ${Math.min(...values)
      .toFixed(0)
      .padStart(4)} ms   max ${Math.max(...values)
      .toFixed(0)
      .padStart(4)} ms`,
  );

const tmp = mkdtempSync(join(tmpdir(), 'cotton-dev-bench-'));
const dir = join(tmp, 'bench-ledger');
scaffold({ id: 'bench-ledger', dir });
const page = join(dir, 'src', 'list-page.tsx');
const original = readFileSync(page, 'utf8');
const quiet = { info() {}, warn() {}, error: (/** @type {string} */ line) => console.error(line) };
const dev = await startPluginDev(dir, { port: 0, log: quiet });

/**
 * The next build's event.
 * @returns {Promise<import('../../tools/plugin-tools/lib/index.mjs').DevEvent>}
 */
const nextEvent = () =>
  new Promise((resolve) => {
    const off = dev.onEvent((event) => {
      off();
      resolve(event);
    });
  });

try {
  const first = await nextEvent();
  if (first.type !== 'build') throw new Error(`the first build failed:\n${first.message}`);
  console.log(`cotton-plugin dev on ${dev.url}: first (cold) build ${first.ms} ms; ${EDITS} edits of the page`);
  /** @type {number[]} */
  const buildMs = [];
  /** @type {number[]} */
  const roundTripMs = [];
  for (let i = 1; i <= EDITS; i += 1) {
    const event = nextEvent();
    const started = performance.now();
    // A visible change each time: a new title, so a new bundle and entry hash.
    writeFileSync(page, original.replace('bench-ledger 列表', `bench-ledger 列表 ${i}`));
    const result = await event;
    roundTripMs.push(performance.now() - started);
    if (result.type !== 'build') throw new Error(`edit ${i}: the build failed:\n${result.message}`);
    buildMs.push(result.ms);
  }
  row('rebuild (the build itself)', buildMs);
  row('write → build event (debounce incl.)', roundTripMs);
  console.log(`  goal: < 1000 ms  ${median(buildMs) < 1000 ? '✔' : '✖'}`);
} finally {
  await dev.close();
  rmSync(tmp, { recursive: true, force: true });
}
