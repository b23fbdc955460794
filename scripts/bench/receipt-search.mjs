#!/usr/bin/env node
// Receipt search benchmark (issue 3): `npm run bench:receipt-search [-- --no-seed]`.
//
// 1. DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cotton_bench; the database is
//    created when missing) must be PostgreSQL on the loopback interface.
// 2. Seeds 1,000,000 receipts (`scripts/seed.mjs --size large`) unless they are there.
// 3. Starts the built server (server/dist/main.js) on that database on a free port.
// 4. For five representative searches and the suggestions call: 50 concurrent clients,
//    REQUESTS requests per query (default 2,000), end-to-end p50/p95; beside them the
//    search's own execution time: the search runs on the in-memory index
//    (server/src/modules/receipt/search-index.ts), not in SQL, so its "database time" is
//    the index's time, the median of the server's `Server-Timing: index;dur=…`.
// Goal: p95 ≤ 30 ms; end-to-end p50 (one client) ≤ 1.5 × the index time + 1 ms.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = (await import('node:module')).createRequire(join(repoRoot, 'server', 'package.json'));
const pg = require('pg');

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/cotton_bench';
const CONCURRENCY = Number(process.env.CONCURRENCY || 50);
const REQUESTS = Number(process.env.REQUESTS || 2000);
const TARGET_RECEIPTS = 1_000_000;

const url = new URL(DATABASE_URL);
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)) {
  console.error(`只在本机 PostgreSQL 上运行基准测试（DATABASE_URL 的主机是 ${url.hostname}）`);
  process.exit(2);
}
const databaseName = decodeURIComponent(url.pathname.slice(1));

async function ensureDatabase() {
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

async function receiptCount(client) {
  const { rows } = await client.query(`select to_regclass('public.receipts') is not null as present`);
  if (!rows[0].present) return 0;
  const result = await client.query('select count(*)::int as n from receipts');
  return result.rows[0].n;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

// A lean HTTP/1.1 client with keep-alive (like a browser's connection pool): Node's fetch costs
// about 2 ms of client CPU per request here, which would measure the client, not the portal.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** POSTs JSON the way a browser does (accepting br/gzip), returns { json, headers }. */
function request(baseUrl, path, payload) {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'accept-encoding': 'br, gzip' } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          try {
            let body = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            if (encoding === 'br') body = zlib.brotliDecompressSync(body);
            else if (encoding === 'gzip') body = zlib.gunzipSync(body);
            resolve({ json: JSON.parse(body.toString('utf8')), headers: response.headers });
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function post(baseUrl, path, body) {
  const { json } = await request(baseUrl, path, JSON.stringify(body));
  if (json.rtnCode !== '0000') throw new Error(`${path} → ${json.rtnCode} ${json.rtnMessage}`);
  return json.dataSet;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** `index;dur=0.123, db;dur=0.456` → { index: 0.123, db: 0.456 } */
function serverTiming(header) {
  return Object.fromEntries((header ?? '').split(',').map((part) => part.trim().split(';dur=')).filter(([, dur]) => dur).map(([name, dur]) => [name, Number(dur)]));
}

async function load(baseUrl, path, body, concurrency = CONCURRENCY, requests = REQUESTS) {
  const latencies = [];
  const indexTimes = [];
  let issued = 0;
  const payload = JSON.stringify(body);
  async function worker() {
    while (issued < requests) {
      issued++;
      const started = performance.now();
      const { json, headers } = await request(baseUrl, path, payload);
      latencies.push(performance.now() - started);
      const timing = serverTiming(headers['server-timing']);
      if (timing.index !== undefined) indexTimes.push(timing.index);
      if (json.rtnCode !== '0000') throw new Error(`${json.rtnCode} ${json.rtnMessage}`);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  indexTimes.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), rps: latencies.length / seconds, indexMs: indexTimes.length ? percentile(indexTimes, 50) : 0 };
}

async function main() {
  await ensureDatabase();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    let receipts = await receiptCount(client);
    if (receipts < TARGET_RECEIPTS && process.argv.includes('--no-seed')) {
      console.warn(`仓单只有 ${receipts} 条（--no-seed：不补足 ${TARGET_RECEIPTS} 条），结果不代表基准`);
    } else if (receipts < TARGET_RECEIPTS) {
      console.log(`仓单 ${receipts} 条，写入 ${TARGET_RECEIPTS} 条基准数据（几分钟）…`);
      const seeded = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'seed.mjs'), '--size', 'large'], {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL },
      });
      if (seeded.status !== 0) throw new Error('写入基准数据失败');
      receipts = await receiptCount(client);
    }
    console.log(`仓单 ${receipts} 条`);

    const port = await freePort();
    const server = spawn(process.execPath, [join(repoRoot, 'server', 'dist', 'main.js')], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', APP_ENV: 'production', SEED_SIZE: 'large' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await post(baseUrl, '/rest/anon/portalConfig', {});
          break;
        } catch (error) {
          if (attempt > 600) throw error;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }

      const { rows: sample } = await client.query(`select batch_number from receipts order by receipt_number limit 1 offset $1`, [Math.floor(receipts / 2)]);
      const { rows: place } = await client.query(`select place_code from receipts group by 1 order by count(*) desc limit 1`);
      const page = (pageNum = 1, pageSize = 20) => ({ pageNum, pageSize });
      const searches = [
        ['精确批号', { batchOrReceiptNumber: sample[0].batch_number }, page()],
        [
          '多条件+滑块',
          { productYear: ['2024'], colorGrade: ['31'], whsPickMode: ['2'], strengthMin: 28, strengthMax: 31, uniformityMin: 82, uniformityMax: 85, impurityMax: 2.5 },
          page(),
        ],
        ['长度降序', { sortColumns: [{ field: 'length', order: 'desc' }] }, page()],
        ['深分页 500', {}, page(500, 20)],
        ['条件+排序', { origin: ['2'], macronGrade: ['B2'], storagePlace: [place[0].place_code], sortColumns: [{ field: 'warehouseReceiptNumber', order: 'desc' }] }, page(3, 20)],
      ];

      console.log(`\n${CONCURRENCY} 个并发客户端，每个查询 ${REQUESTS} 次请求（本机回环）\n`);
      console.log('单客户端 p50 = 一个客户端顺序发 200 次的中位延迟（与数据库时间比较）；并发 p50/p95 = 50 个客户端');
      console.log(['查询', '并发 p50', '并发 p95', 'req/s', '单客户端 p50', '索引 ms', '目标 p50 ≤', 'totalCount'].join('\t'));
      const failures = [];
      for (const [name, query, pageParameter] of searches) {
        const body = { stgWareHouseQueryParameters: query, pageParameter };
        const answer = await post(baseUrl, '/rest/esQuery/esqueryWareHouseData/1', body);
        const solo = await load(baseUrl, '/rest/esQuery/esqueryWareHouseData/1', body, 1, 200);
        const result = await load(baseUrl, '/rest/esQuery/esqueryWareHouseData/1', body);
        const goal = 1.5 * solo.indexMs + 1;
        console.log(
          [name, result.p50.toFixed(2), result.p95.toFixed(2), result.rps.toFixed(0), solo.p50.toFixed(2), solo.indexMs.toFixed(2), goal.toFixed(2), answer.pageWareHouse.totalCount].join('\t'),
        );
        if (result.p95 > 30) failures.push(`${name}: 并发 p95 ${result.p95.toFixed(2)} ms > 30 ms`);
        if (solo.p50 > goal) failures.push(`${name}: 单客户端 p50 ${solo.p50.toFixed(2)} ms > ${goal.toFixed(2)} ms`);
      }
      const suggestion = { fieldName: 'factoryName', fieldValue: '棉业' };
      const names = await post(baseUrl, '/rest/esQuery/superStgWareHouseDatasearchSuggestions/1', suggestion);
      const soloSuggest = await load(baseUrl, '/rest/esQuery/superStgWareHouseDatasearchSuggestions/1', suggestion, 1, 200);
      const result = await load(baseUrl, '/rest/esQuery/superStgWareHouseDatasearchSuggestions/1', suggestion);
      console.log(['联想 factoryName', result.p50.toFixed(2), result.p95.toFixed(2), result.rps.toFixed(0), soloSuggest.p50.toFixed(2), '—', '—', `${names.result.length} 个`].join('\t'));
      if (result.p95 > 30) failures.push(`联想: p95 ${result.p95.toFixed(2)} ms > 30 ms`);

      console.log(failures.length ? `\n未达标：\n${failures.join('\n')}` : '\n全部达标');
    } finally {
      server.kill('SIGTERM');
    }
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
