// The portal the end-to-end tests run against: the built server (npm run build) on a
// throw-away embedded database. playwright.config.ts starts it; `npm test` (scripts/test.mjs)
// prepares its database folder beforehand, beside the other steps, with the same command and
// settings (prepareData) — a fresh folder takes the server a minute of one core to migrate and
// seed, time the end-to-end step otherwise spends before its first test.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The repository's root: the server's working folder. */
export const ROOT = resolve(here, '../..');
/** The built server. */
export const SERVER_MAIN = join(ROOT, 'server', 'dist', 'main.js');

/**
 * The server's environment: what decides its database (folders, APP_ENV and so the seed) is
 * here, for both the test server and the preparation.
 * @param {{ port: number, dataDir: string, filesDir: string }} options
 * @returns {Record<string, string>}
 */
export function serverEnv({ port, dataDir, filesDir }) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FILES_DIR: filesDir,
    APP_ENV: 'test',
    LOG_LEVEL: 'warn',
  };
}

/** What the server logs once it has migrated, seeded and listens (server/src/logger.ts readyMessage). */
const READY = '门户已启动';

/**
 * Migrates and seeds `dataDir` the way the test server does at its start: starts it on the
 * folders (on a port of the system's choosing), waits until it listens — its database then
 * prepared — and stops it. The test server started on these folders afterwards finds its
 * database ready (server/src/bootstrap.ts prepareDatabase: migrations applied, the bundled
 * plugins registered, the demo data present).
 * @param {{ dataDir: string, filesDir: string, timeoutMs?: number }} folders and how long the
 *   server may take to be ready (then it is killed: a run never waits for a hung start)
 * @returns {Promise<{ status: number, output: string }>} status 0 when the server started and stopped cleanly
 */
export function prepareData({ dataDir, filesDir, timeoutMs = 15 * 60_000 }) {
  return new Promise((resolvePrepared) => {
    const child = spawn(process.execPath, [SERVER_MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...serverEnv({ port: 0, dataDir, filesDir }),
        // The ready line is logged at info.
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @type {string[]} */
    const output = [];
    // Decoded as UTF-8 across pieces: a character split between two is never mangled.
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    let ready = false;
    const timer = setTimeout(() => {
      output.push(`not ready after ${timeoutMs / 1000} s: stopped\n`);
      child.kill('SIGKILL');
    }, timeoutMs);
    // The line may arrive in pieces: the end of the previous piece is kept.
    let tail = '';
    child.stdout.on('data', (chunk) => {
      output.push(chunk);
      if (ready) return;
      const text = tail + chunk;
      tail = text.slice(-READY.length);
      if (text.includes(READY)) {
        ready = true;
        clearTimeout(timer);
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => {
      output.push(`${error.message}\n`);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const text = output.join('').trim();
      resolvePrepared({ status: ready && code === 0 ? 0 : code || 1, output: text });
    });
  });
}
