#!/usr/bin/env node
// Receipt search benchmark (issue 3): `npm run bench:receipt-search [-- --no-seed]`.
//
// 1. DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cotton_bench; the database is
//    created when missing) must be PostgreSQL on the loopback interface.
// 2. Seeds 1,000,000 receipts (`scripts/seed.mjs --size large`) unless they are there.
// 3. Starts the built server (server/dist/main.js) on that database on a free port.
// 4. For five representative searches and the suggestions call: 50 concurrent clients,
//    REQUESTS requests per query (default 10,000) after WARMUP unmeasured ones (default 5,000),
//    end-to-end p50/p95 and the portal process's CPU time per request; beside them the
//    search's own execution time: the search runs on the in-memory index
//    (server/src/modules/receipt/search-index.ts), not in SQL, so its "database time" is
//    the index's time, the median of the server's `Server-Timing: index;dur=…`.
// Goal: p95 ≤ 30 ms; end-to-end p50 (one client) ≤ 1.5 × the index time + 1 ms.
// 5. Freshness (issue 16 item 13): for FRESH_SECONDS (default 30) a writer changes
//    CHANGES_PER_SECOND (default 50) receipts a second, each its own transaction (a receipt's
//    status), while 50 clients run the five searches in turn; a prober searches for every
//    fifth changed receipt under its new status (every 20 ms, on 8 keep-alive connections of
//    its own, spread over the server processes) until it is found: staleness = commit →
//    first answer showing it, its own round trip included (printed beside it).
//    Prints the searches' p50/p95 during the changes, staleness p50/p95/max, the portal's CPU
//    per change (a run of changes without searches, less an idle run as long) and the time
//    the processes spent applying changes to their index (from their heartbeats).
//    Goal: every change visible within 2 s; the searches' p95 ≤ 30 ms still.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import zlib from 'node:zlib';
import {
  cpuMs,
  DATABASE_URL,
  disableDemoAccounts,
  ensureDatabase,
  freePort,
  percentile,
  pg,
  repoRoot,
} from './lib.mjs';

/**
 * The portal's answer envelope (JSON from the server; `dataSet` differs per route).
 * @typedef {{ rtnCode: string, rtnMessage?: string, dataSet?: unknown }} Envelope
 */
/** @typedef {{ status: number, head: string, body: Buffer }} LeanAnswer status, raw header text, body */

const CONCURRENCY = Number(process.env.CONCURRENCY || 50);
const REQUESTS = Number(process.env.REQUESTS || 10_000);
/** Unmeasured requests before each measurement: a server runs warm (V8 has optimised its hot paths). */
const WARMUP = Number(process.env.WARMUP || 5000);
const TARGET_RECEIPTS = 1_000_000;
const FRESH_SECONDS = Number(process.env.FRESH_SECONDS || 30);
const CHANGES_PER_SECOND = Number(process.env.CHANGES_PER_SECOND || 50);
/** Keep-alive connections the prober searches on (a change is searched for on one, its retries on any). */
const PROBE_CONNECTIONS = 8;
/** Every this many changes one is probed (10 a second): probing all would add a search load of its own. */
const PROBE_EVERY = 5;
/** A change not seen within this long counts as never seen. */
const STALE_GIVE_UP_MS = 10_000;
const SEARCH_PATH = '/rest/esQuery/esqueryWareHouseData/1';

/** @param {import('pg').Client} client */
async function receiptCount(client) {
  const { rows } = await client.query(`select to_regclass('public.receipts') is not null as present`);
  if (!rows[0].present) return 0;
  const result = await client.query('select count(*)::int as n from receipts');
  return result.rows[0].n;
}

// For the single calls (start-up, the first answer of each search): node:http with keep-alive.
// The load itself goes through `LeanConnection` below: Node's fetch costs about 2 ms and
// node:http ≈ 0.3 ms of client CPU per request here, CPU the portal would not get.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * POSTs JSON the way a browser does (accepting br/gzip), returns { json, headers }.
 * @param {string} baseUrl
 * @param {string} path
 * @param {string} payload JSON text
 * @returns {Promise<{ json: Envelope, headers: import('node:http').IncomingHttpHeaders }>}
 */
function request(baseUrl, path, payload) {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'accept-encoding': 'br, gzip',
        },
      },
      (response) => {
        /** @type {Buffer[]} */
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

/** @param {string} baseUrl @param {string} path @param {unknown} body @returns {Promise<unknown>} dataSet */
async function post(baseUrl, path, body) {
  const { json } = await request(baseUrl, path, JSON.stringify(body));
  if (json.rtnCode !== '0000') throw new Error(`${path} → ${json.rtnCode} ${json.rtnMessage}`);
  return json.dataSet;
}

/**
 * One keep-alive connection that sends a prepared POST and reads the answer with as little
 * work as a load generator can: status line, Content-Length, Server-Timing; the body is
 * decoded and checked only when `check` is set. The portal and this client share the
 * machine's two cores, and a browser's parsing happens on the visitor's machine, so the
 * client's own CPU would otherwise be counted as the portal's latency.
 */
class LeanConnection {
  /** @param {number} port */
  constructor(port) {
    this.socket = connect({ host: '127.0.0.1', port, noDelay: true });
    /** @type {Buffer} */
    this.buffer = Buffer.alloc(0);
    /** @type {{ resolve: (answer: LeanAnswer) => void, reject: (error: Error) => void } | null} */
    this.waiting = null;
    this.socket.on('data', (chunk) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.tryFinish();
    });
    this.socket.on('error', (error) => this.waiting?.reject(error));
    this.socket.on('close', () => this.waiting?.reject(new Error('连接被关闭')));
  }

  /**
   * Sends `request` and resolves { status, head: raw header text, body }.
   * @param {Buffer} request
   * @returns {Promise<LeanAnswer>}
   */
  send(request) {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  tryFinish() {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buffer.toString('latin1', 0, end);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.waiting?.reject(new Error(`回答没有 Content-Length：${head}`));
      return;
    }
    const total = end + 4 + Number(length[1]);
    if (this.buffer.length < total) return;
    const body = this.buffer.subarray(end + 4, total);
    this.buffer = this.buffer.subarray(total);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve({ status: Number(head.slice(9, 12)), head, body });
  }

  close() {
    this.socket.destroy();
  }
}

/**
 * The body of a lean answer, decoded and parsed (what a browser would do).
 * @param {LeanAnswer} answer
 * @returns {Envelope}
 */
function leanJson({ head, body }) {
  const encoding = /\r\ncontent-encoding:\s*(\S+)/i.exec(head)?.[1];
  const plain =
    encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
  return JSON.parse(plain.toString('utf8'));
}

/** Every 20th answer is decoded and its rtnCode checked; the rest only their status. */
const CHECK_EVERY = 20;

/** @param {string} baseUrl @param {string} path @param {unknown} body */
async function load(baseUrl, path, body, concurrency = CONCURRENCY, requests = REQUESTS) {
  const { port } = new URL(baseUrl);
  const payload = JSON.stringify(body);
  const request = Buffer.from(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept-Encoding: br, gzip\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
  );
  /** @type {number[]} */
  const latencies = [];
  /** @type {number[]} */
  const indexTimes = [];
  let issued = 0;
  async function worker() {
    const connection = new LeanConnection(Number(port));
    try {
      while (issued < requests) {
        const n = issued++;
        const started = performance.now();
        const answer = await connection.send(request);
        latencies.push(performance.now() - started);
        if (answer.status !== 200) throw new Error(`${path} → HTTP ${answer.status}`);
        const timing = /\r\nserver-timing:\s*index;dur=([\d.]+)/i.exec(answer.head);
        if (timing) indexTimes.push(Number(timing[1]));
        if (n % CHECK_EVERY === 0) {
          const json = leanJson(answer);
          if (json.rtnCode !== '0000') throw new Error(`${json.rtnCode} ${json.rtnMessage}`);
        }
      }
    } finally {
      connection.close();
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  indexTimes.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: latencies.length / seconds,
    indexMs: indexTimes.length ? percentile(indexTimes, 50) : 0,
  };
}

/**
 * 50 clients running `bodies` in turn until `until()` says stop; latencies per body.
 * @param {string} baseUrl @param {unknown[]} bodies @param {() => boolean} until
 */
async function mixedLoad(baseUrl, bodies, until) {
  const { port } = new URL(baseUrl);
  const requests = bodies.map((body) => {
    const payload = JSON.stringify(body);
    return Buffer.from(
      `POST ${SEARCH_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept-Encoding: br, gzip\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
    );
  });
  /** @type {number[][]} */
  const latencies = bodies.map(() => []);
  let next = 0;
  async function worker() {
    const connection = new LeanConnection(Number(port));
    try {
      while (!until()) {
        const k = next++ % requests.length;
        const started = performance.now();
        const answer = await connection.send(requests[k]);
        latencies[k].push(performance.now() - started);
        if (answer.status !== 200) throw new Error(`检索 → HTTP ${answer.status}`);
      }
    } finally {
      connection.close();
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return latencies.map((list) => list.sort((a, b) => a - b));
}

/**
 * Changes `perSecond` receipts a second for `seconds` (each its own statement and
 * transaction: the status moved to the next code), on a few connections so that a slow
 * commit does not hold up the next change. Calls `committed(change)` when each returns.
 * @param {import('pg').Client[]} writers
 * @param {Array<{ receipt_number: string, status: string }>} targets receipts to change, each once
 * @param {(change: { receiptNumber: string, status: string, committedAt: number }) => void} committed
 * @param {number} perSecond
 * @param {number} seconds
 */
async function writeChanges(writers, targets, perSecond, seconds, committed) {
  const statuses = ['1', '2', '3', '4', '5'];
  const total = Math.min(targets.length, Math.round(perSecond * seconds));
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const target = targets[i];
    const status = statuses[(statuses.indexOf(target.status) + 1) % statuses.length];
    target.status = status;
    pending.push(
      writers[i % writers.length]
        .query('update receipts set status = $1 where receipt_number = $2', [status, target.receipt_number])
        .then(() => committed({ receiptNumber: target.receipt_number, status, committedAt: performance.now() })),
    );
  }
  await Promise.all(pending);
  return total;
}

/** The search index state of every server process, from their heartbeats (written every 5 s). @param {import('pg').Client} client */
async function indexStates(client) {
  const { rows } = await client.query(
    `select pid, search_index as "index" from sys_process_heartbeats where beat_at > now() - interval '20 seconds'`,
  );
  return rows;
}

/**
 * The freshness run (header, point 5).
 * @param {import('pg').Client} client
 * @param {string} baseUrl
 * @param {number} serverPid
 * @param {unknown[]} bodies the five searches
 * @param {string[]} names their names
 * @param {string[]} failures
 */
async function freshness(client, baseUrl, serverPid, bodies, names, failures) {
  const changes = Math.round(FRESH_SECONDS * CHANGES_PER_SECOND);
  const cpuChanges = Math.round(10 * CHANGES_PER_SECOND);
  const { rows: targets } = await client.query(
    `select receipt_number, status from receipts order by random() limit $1`,
    [changes + cpuChanges],
  );
  const writers = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const writer = new pg.Client({ connectionString: DATABASE_URL });
      await writer.connect();
      return writer;
    }),
  );
  try {
    // CPU of the changes alone: 10 s of changes without searches, less 10 s idle.
    const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const idleBefore = cpuMs(serverPid);
    await sleep(10_000);
    const idle = (cpuMs(serverPid) ?? 0) - (idleBefore ?? 0);
    const statesBefore = await indexStates(client);
    const busyBefore = cpuMs(serverPid);
    await writeChanges(writers, targets.slice(changes), CHANGES_PER_SECOND, 10, () => {});
    await sleep(500);
    const busy = (cpuMs(serverPid) ?? 0) - (busyBefore ?? 0);
    const cpuPerChange = Math.max(0, busy - idle * ((10_000 + 500) / 10_000)) / cpuChanges;

    // Changes during the search load, each probed until seen.
    /** @type {number[]} */
    const staleness = [];
    let unseen = 0;
    /** Round trips of the probes' searches, and the changes already seen by their first probe. */
    /** @type {number[]} */
    const probeTimes = [];
    let firstTry = 0;
    let writing = true;
    /** @param {{ receiptNumber: string, status: string, committedAt: number }} change */
    const probe = async (change) => {
      const body = JSON.stringify({
        stgWareHouseQueryParameters: { batchOrReceiptNumber: change.receiptNumber, warehouseStatus: [change.status] },
        pageParameter: { pageNum: 1, pageSize: 1 },
      });
      const request = Buffer.from(
        `POST ${SEARCH_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept-Encoding: br, gzip\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      for (let attempt = 1; ; attempt++) {
        /** @type {LeanConnection} */
        const connection =
          freeProbes.pop() ??
          (await new Promise((/** @type {(connection: LeanConnection) => void} */ resolve) =>
            probeQueue.push(resolve),
          ));
        const sent = performance.now();
        let answer;
        try {
          answer = await connection.send(request);
        } finally {
          const next = probeQueue.shift();
          if (next) next(connection);
          else freeProbes.push(connection);
        }
        const json = leanJson(answer);
        const now = performance.now();
        probeTimes.push(now - sent);
        if (/** @type {any} */ (json.dataSet)?.pageWareHouse?.totalCount === 1) {
          staleness.push(now - change.committedAt);
          if (attempt === 1) firstTry++;
          return;
        }
        if (now - change.committedAt > STALE_GIVE_UP_MS) {
          unseen++;
          return;
        }
        await sleep(20);
      }
    };
    // The probes' own keep-alive connections, opened before the load (so spread over the server processes).
    const port = Number(new URL(baseUrl).port);
    /** @type {LeanConnection[]} */
    const freeProbes = Array.from({ length: PROBE_CONNECTIONS }, () => new LeanConnection(port));
    /** @type {Array<(connection: LeanConnection) => void>} */
    const probeQueue = [];
    /** @type {Promise<void>[]} */
    const probes = [];
    const loading = mixedLoad(baseUrl, bodies, () => !writing);
    await sleep(2_000); // the load running before the first change
    let committed = 0;
    await writeChanges(writers, targets.slice(0, changes), CHANGES_PER_SECOND, FRESH_SECONDS, (change) => {
      if (committed++ % PROBE_EVERY === 0) probes.push(probe(change));
    });
    await Promise.all(probes);
    writing = false;
    for (const connection of freeProbes) connection.close();
    const latencies = await loading;
    await sleep(6_000); // a heartbeat with the last figures
    const statesAfter = await indexStates(client);

    staleness.sort((a, b) => a - b);
    console.log(
      `\n新鲜度：${FRESH_SECONDS} s 内每秒改 ${CHANGES_PER_SECOND} 张仓单（每次一个事务，改状态），同时 ${CONCURRENCY} 个客户端轮流跑上面五个检索`,
    );
    console.log(['检索（改动期间）', '并发 p50', '并发 p95', '请求数'].join('\t'));
    latencies.forEach((list, k) => {
      console.log([names[k], percentile(list, 50).toFixed(2), percentile(list, 95).toFixed(2), list.length].join('\t'));
      if (percentile(list, 95) > 30)
        failures.push(`${names[k]}（改动期间）: 并发 p95 ${percentile(list, 95).toFixed(2)} ms > 30 ms`);
    });
    const max = staleness.at(-1) ?? 0;
    console.log(
      `提交 → 检索可见：p50 ${percentile(staleness, 50).toFixed(0)} ms，p95 ${percentile(staleness, 95).toFixed(0)} ms，最大 ${max.toFixed(0)} ms（探测 ${staleness.length + unseen} 次改动，每 ${PROBE_EVERY} 次一个；${unseen} 次 ${STALE_GIVE_UP_MS / 1000} s 内未见）`,
    );
    probeTimes.sort((a, b) => a - b);
    console.log(
      `（其中探测检索本身的往返：p50 ${percentile(probeTimes, 50).toFixed(0)} ms，p95 ${percentile(probeTimes, 95).toFixed(0)} ms；${firstTry} 次改动第一次探测即可见）`,
    );
    if (unseen > 0 || max > 2_000)
      failures.push(`新鲜度: 最大 ${max.toFixed(0)} ms，未见 ${unseen} 次（目标 ≤ 2000 ms）`);
    console.log(`门户 CPU（只有改动、没有检索时，减去空闲）：每次改动 ${cpuPerChange.toFixed(2)} ms`);
    /** @param {any[]} states @param {string} key */
    const sum = (states, key) =>
      states.reduce((/** @type {number} */ total, state) => total + (Number(state.index?.[key]) || 0), 0);
    const appliedMs = sum(statesAfter, 'appliedMs') - sum(statesBefore, 'appliedMs');
    const appliedRows = sum(statesAfter, 'updatedRows') - sum(statesBefore, 'updatedRows');
    const updates = sum(statesAfter, 'updates') - sum(statesBefore, 'updates');
    const rebuilds = sum(statesAfter, 'rebuilds') - sum(statesBefore, 'rebuilds');
    console.log(
      `索引就地更新（${statesAfter.length} 个进程合计）：${updates} 批、${appliedRows} 行，应用耗时 ${appliedMs.toFixed(1)} ms（每行 ${(appliedMs / Math.max(1, appliedRows)).toFixed(3)} ms）；期间全量重建 ${rebuilds} 次`,
    );
    if (rebuilds > 0) failures.push(`新鲜度: 改动期间全量重建 ${rebuilds} 次`);
  } finally {
    await Promise.all(writers.map((writer) => writer.end()));
  }
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
    disableDemoAccounts();

    const port = await freePort();
    const server = spawn(process.execPath, [join(repoRoot, 'server', 'dist', 'main.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        APP_ENV: 'production',
        SEED_SIZE: 'large',
      },
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

      const { rows: sample } = await client.query(
        `select batch_number from receipts order by receipt_number limit 1 offset $1`,
        [Math.floor(receipts / 2)],
      );
      const { rows: place } = await client.query(
        `select place_code from receipts group by 1 order by count(*) desc limit 1`,
      );
      const page = (pageNum = 1, pageSize = 20) => ({ pageNum, pageSize });
      const searches = [
        ['精确批号', { batchOrReceiptNumber: sample[0].batch_number }, page()],
        [
          '多条件+滑块',
          {
            productYear: ['2024'],
            colorGrade: ['31'],
            whsPickMode: ['2'],
            strengthMin: 28,
            strengthMax: 31,
            uniformityMin: 82,
            uniformityMax: 85,
            impurityMax: 2.5,
          },
          page(),
        ],
        ['长度降序', { sortColumns: [{ field: 'length', order: 'desc' }] }, page()],
        ['深分页 500', {}, page(500, 20)],
        [
          '条件+排序',
          {
            origin: ['2'],
            macronGrade: ['B2'],
            storagePlace: [place[0].place_code],
            sortColumns: [{ field: 'warehouseReceiptNumber', order: 'desc' }],
          },
          page(3, 20),
        ],
      ];

      const workers = process.env.SERVER_WORKERS || String(availableParallelism());
      console.log(
        `\n${CONCURRENCY} 个并发客户端，每个查询预热 ${WARMUP} 次后测 ${REQUESTS} 次请求（本机回环）；服务进程 ${workers} 个（SERVER_WORKERS）\n`,
      );
      console.log('单客户端 p50 = 一个客户端顺序发 200 次的中位延迟（与数据库时间比较）；并发 p50/p95 = 50 个客户端');
      console.log('服务端 CPU = 并发测量期间门户进程用掉的 CPU 时间 ÷ 请求数（两个核由门户和本客户端共用）');
      console.log(
        [
          '查询',
          '并发 p50',
          '并发 p95',
          'req/s',
          '服务端 CPU ms',
          '单客户端 p50',
          '索引 ms',
          '目标 p50 ≤',
          'totalCount',
        ].join('\t'),
      );
      /** @param {string} path @param {unknown} body */
      const measure = async (path, body) => {
        const before = cpuMs(server.pid);
        const result = await load(baseUrl, path, body);
        const after = cpuMs(server.pid);
        return { ...result, cpu: before === null || after === null ? '—' : ((after - before) / REQUESTS).toFixed(2) };
      };
      const failures = [];
      for (const [name, query, pageParameter] of searches) {
        const body = { stgWareHouseQueryParameters: query, pageParameter };
        const answer = /** @type {{ pageWareHouse: { totalCount: number } }} */ (
          await post(baseUrl, '/rest/esQuery/esqueryWareHouseData/1', body)
        );
        await load(baseUrl, '/rest/esQuery/esqueryWareHouseData/1', body, CONCURRENCY, WARMUP);
        const solo = await load(baseUrl, '/rest/esQuery/esqueryWareHouseData/1', body, 1, 200);
        const result = await measure('/rest/esQuery/esqueryWareHouseData/1', body);
        const goal = 1.5 * solo.indexMs + 1;
        console.log(
          [
            name,
            result.p50.toFixed(2),
            result.p95.toFixed(2),
            result.rps.toFixed(0),
            result.cpu,
            solo.p50.toFixed(2),
            solo.indexMs.toFixed(2),
            goal.toFixed(2),
            answer.pageWareHouse.totalCount,
          ].join('\t'),
        );
        if (result.p95 > 30) failures.push(`${name}: 并发 p95 ${result.p95.toFixed(2)} ms > 30 ms`);
        if (solo.p50 > goal) failures.push(`${name}: 单客户端 p50 ${solo.p50.toFixed(2)} ms > ${goal.toFixed(2)} ms`);
      }
      const suggestion = { fieldName: 'factoryName', fieldValue: '棉业' };
      const names = /** @type {{ result: unknown[] }} */ (
        await post(baseUrl, '/rest/esQuery/superStgWareHouseDatasearchSuggestions/1', suggestion)
      );
      await load(baseUrl, '/rest/esQuery/superStgWareHouseDatasearchSuggestions/1', suggestion, CONCURRENCY, WARMUP);
      const soloSuggest = await load(
        baseUrl,
        '/rest/esQuery/superStgWareHouseDatasearchSuggestions/1',
        suggestion,
        1,
        200,
      );
      const result = await measure('/rest/esQuery/superStgWareHouseDatasearchSuggestions/1', suggestion);
      console.log(
        [
          '联想 factoryName',
          result.p50.toFixed(2),
          result.p95.toFixed(2),
          result.rps.toFixed(0),
          result.cpu,
          soloSuggest.p50.toFixed(2),
          '—',
          '—',
          `${names.result.length} 个`,
        ].join('\t'),
      );
      if (result.p95 > 30) failures.push(`联想: p95 ${result.p95.toFixed(2)} ms > 30 ms`);

      await freshness(
        client,
        baseUrl,
        /** @type {number} */ (server.pid),
        searches.map(([, query, pageParameter]) => ({ stgWareHouseQueryParameters: query, pageParameter })),
        searches.map(([name]) => /** @type {string} */ (name)),
        failures,
      );

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
