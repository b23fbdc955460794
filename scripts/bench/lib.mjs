// What the PostgreSQL benchmarks share (receipt-search.mjs, admin-list.mjs): the local
// database they fill (`DATABASE_URL`, default `cotton_bench`, refused on another host), a
// free port for the server they start, and the percentile of sorted times.
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
