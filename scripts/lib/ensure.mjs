// Set-up steps shared by `npm start` and `npm test`: they must work on a fresh clone with
// nothing run before them, so this file uses only Node's standard library.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Runs a command in the repository root, output to this terminal.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 * @returns {number} the exit status (1 when killed by a signal)
 */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/**
 * Runs a command like `run`; exits this process with its status when it fails.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
export function mustRun(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} exited with ${status}`);
    process.exit(status);
  }
}

/** npm install when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale = !existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs);
  if (!stale) return;
  console.log('▶ installing dependencies (npm install)');
  mustRun('npm', ['install', '--no-audit', '--no-fund']);
}

export const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium for the browser tests; Playwright never downloads a browser here. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log('▶ installing Debian chromium (apt-get)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (/** @type {string[]} */ args) =>
    process.getuid?.() === 0 ? mustRun('apt-get', args, { env }) : mustRun('sudo', ['-E', 'apt-get', ...args], { env });
  aptGet(['update']);
  // fonts-noto-cjk: without it Chromium draws the Chinese UI as boxes in screenshots.
  aptGet(['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk']);
  if (!existsSync(CHROMIUM)) {
    console.error(`✖ ${CHROMIUM} is still missing after apt-get install chromium`);
    process.exit(1);
  }
}
