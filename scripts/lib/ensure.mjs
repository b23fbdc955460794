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

/** Debian's Chromium: what the benchmarks measure a visitor's page in (`scripts/bench/`). */
export const CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's build of Chromium's headless shell (the same Chromium release, package
 * `chromium-headless-shell`): what the end-to-end tests drive (tests/e2e/playwright.config.ts).
 * It is what Playwright itself runs for headless Chromium; without the full browser's window
 * layer it took ~40 % less CPU for the same journeys on the 2-core machine.
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Debian's Chromium and its headless shell for the browser tests; Playwright never downloads a browser here. */
export function ensureChromium() {
  const browsers = [CHROMIUM, CHROMIUM_HEADLESS_SHELL];
  if (browsers.every((file) => existsSync(file))) return;
  console.log('▶ installing Debian chromium and chromium-headless-shell (apt-get)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (/** @type {string[]} */ args) =>
    process.getuid?.() === 0 ? mustRun('apt-get', args, { env }) : mustRun('sudo', ['-E', 'apt-get', ...args], { env });
  aptGet(['update']);
  // fonts-noto-cjk: without it Chromium draws the Chinese UI as boxes in screenshots.
  aptGet(['install', '-y', '--no-install-recommends', 'chromium', 'chromium-headless-shell', 'fonts-noto-cjk']);
  const missing = browsers.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.error(`✖ ${missing.join(', ')} still missing after apt-get install`);
    process.exit(1);
  }
}

/** Debian's HAProxy: the load balancer in front of `npm run cluster`'s nodes (docs/deployment.md). */
export const HAPROXY = '/usr/sbin/haproxy';

/** Debian's HAProxy for `npm run cluster`, its proof suite and `npm run bench:cluster`. */
export function ensureHaproxy() {
  if (existsSync(HAPROXY)) return;
  console.log('▶ installing Debian haproxy (apt-get)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (/** @type {string[]} */ args) =>
    process.getuid?.() === 0 ? mustRun('apt-get', args, { env }) : mustRun('sudo', ['-E', 'apt-get', ...args], { env });
  aptGet(['update']);
  aptGet(['install', '-y', '--no-install-recommends', 'haproxy']);
  if (!existsSync(HAPROXY)) {
    console.error(`✖ ${HAPROXY} still missing after apt-get install`);
    process.exit(1);
  }
}
