// What the PostgreSQL benchmarks share (receipt-search.mjs, admin-list.mjs): the local
// database they fill (`DATABASE_URL`, default `cotton_bench`, refused on another host) and
// whose demo accounts they freeze, a free port for the server they start, the percentile of sorted times, and CPU time read
// from /proc (the server's processes, PostgreSQL's).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = (await import('node:module')).createRequire(join(repoRoot, 'server', 'package.json'));
/** @type {typeof import('pg')} */
export const pg = require('pg');

export const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/cotton_bench';

const url = new URL(DATABASE_URL);
// The benchmarks replace the data set when theirs is missing: never on another machine's database.
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)) {
  console.error(`只在本机 PostgreSQL 上运行基准测试（DATABASE_URL 的主机是 ${url.hostname}）`);
  process.exit(2);
}
export const databaseName = decodeURIComponent(url.pathname.slice(1));

/** Creates the benchmark database when it does not exist. */
export async function ensureDatabase() {
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (!rowCount) {
      console.log(`创建数据库 ${databaseName}`);
      await client.query(`create database "${databaseName.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}

/** @returns {Promise<number>} a TCP port free on 127.0.0.1 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** @param {number[]} sorted ascending @param {number} p 0–100 */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * `[ppid, CPU ms used so far]` of a process, from /proc/<pid>/stat (Linux), or null.
 * @param {number | string | undefined} pid
 * @returns {[number, number] | null}
 */
export function procStat(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return [Number(fields[1]), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100]; // utime + stime in USER_HZ (100)
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) used so far by the portal: the process and its children (the cluster's workers); null off Linux.
 * @param {number | undefined} pid
 */
export function cpuMs(pid) {
  const own = procStat(pid);
  if (!own) return null;
  let total = own[1];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (stat && stat[0] === pid) total += stat[1];
  }
  return total;
}

/**
 * The command name of a process (`/proc/<pid>/comm`), or '' when it is gone.
 * @param {string} pid
 */
function processName(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * CPU time (ms) used so far by every PostgreSQL process of this machine (the server and its
 * backends: the local database the benches use); null off Linux.
 */
export function databaseCpuMs() {
  let total = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (processName(entry) !== 'postgres') continue;
    const stat = procStat(entry);
    if (stat) {
      total += stat[1];
      found = true;
    }
  }
  return found ? total : null;
}

/**
 * Freezes the demo accounts of the benchmark database (`npm run demo-accounts:disable`): the
 * benches run the server as production, which refuses to start while they still have their
 * published passwords (README "Security").
 */
export function disableDemoAccounts() {
  const result = spawnSync(process.execPath, [join(repoRoot, 'server', 'dist', 'demo-accounts.js')], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL, APP_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('冻结演示账号失败（先运行 npm run build）');
}
