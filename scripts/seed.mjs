#!/usr/bin/env node
// Seeds the configured database (DATABASE_URL, or PGlite in DATA_DIR) with the
// deterministic data set: `node scripts/seed.mjs [--size small|large]`.
// Runs the built server/dist/seed.js, building the server first if it is missing.
// Stop a server that uses the same PGlite folder before seeding it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const seedScript = join(repoRoot, 'server', 'dist', 'seed.js');

/** @param {string[]} args arguments to node @returns {number} exit status */
function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (!existsSync(seedScript)) {
  const status = run([join(repoRoot, 'server', 'build.mjs')]);
  if (status !== 0) process.exit(status);
}
process.exitCode = run([seedScript, ...process.argv.slice(2)]);
