#!/usr/bin/env node
// Admin list benchmark (issues 12 and 31): `npm run bench:admin-list [-- --no-seed]`.
//
// 1. DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cotton_bench; created when
//    missing) must be PostgreSQL. Seeds the large data set (`scripts/seed.mjs --size large`:
//    100,000 staff besides the demo accounts, 1,000,000 rows each of 操作日志 and 登录日志)
//    unless they are there.
// 2. Starts the built server (server/dist/main.js) on it, waits until every worker has built
//    its receipt search index (minutes of CPU otherwise measured), and gives the administrator a
//    session straight in the database (the benchmark measures the list, not the slider).
// 3. Per list, the export of all its rows first (on workers the list load has not left in
//    some heap state): time to the first byte and to the last, the file's size, and the
//    resident memory of the worker that wrote it, before and at its highest while writing
//    (sampled from /proc every 20 ms).
// 4. Then its cases — 用户管理 at 100,000 users: the first page, a filter, a super query, a
//    sort deep in the list; 操作日志 and 登录日志 at 1,000,000 rows: the first page, a filter,
//    a week, a super query — CONCURRENCY clients (default 20), REQUESTS each (default 2,000)
//    after WARMUP unmeasured ones (default 200): p50 / p95 end to end, and the CPU the server
//    and PostgreSQL spent per request.
// BENCH_CASES=users | logs (comma-separated; default both) runs only those lists.
// Goals: p95 ≤ 50 ms at 20 clients (用户管理); ≤ 3.5 ms CPU per call (logs); export first
// byte ≤ 1 s, memory growth ≤ 100 MB.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  cpuMs,
  databaseCpuMs,
  DATABASE_URL,
  disableDemoAccounts,
  ensureDatabase,
  freePort,
  percentile,
  pg,
  repoRoot,
} from './lib.mjs';

const CONCURRENCY = Number(process.env.CONCURRENCY || 20);
const REQUESTS = Number(process.env.REQUESTS || 2000);
const WARMUP = Number(process.env.WARMUP || 200);
const TARGET_USERS = 100_000;
const TARGET_LOG_ROWS = 1_000_000;
const SUITES = (process.env.BENCH_CASES || 'users,logs').split(',').map((name) => name.trim());
for (const suite of SUITES) {
  if (!['users', 'logs'].includes(suite)) {
    console.error(`BENCH_CASES 只能是 users、logs（逗号分隔），不是 ${suite}`);
    process.exit(2);
  }
}

/** @param {import('pg').Client} client */
async function userCount(client) {
  const { rows } = await client.query(`select to_regclass('public.sys_users') is not null as present`);
  if (!rows[0].present) return 0;
  return (await client.query('select count(*)::int as n from sys_users')).rows[0].n;
}

/** The rows of the smaller of the two logs (0 before the migrations). @param {import('pg').Client} client */
async function logCount(client) {
  const { rows } = await client.query(`select to_regclass('public.sys_login_log') is not null as present`);
  if (!rows[0].present) return 0;
  const counts = await client.query(
    `select (select count(*) from sys_operation_log)::int as operations, (select count(*) from sys_login_log)::int as logins`,
  );
  return Math.min(counts.rows[0].operations, counts.rows[0].logins);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * POSTs JSON; answers the status, the time to the first byte and to the last (ms), the size.
 * @param {string} baseUrl
 * @param {string} path
 * @param {unknown} body
 * @param {string} token
 * @returns {Promise<{ status: number, firstByteMs: number, totalMs: number, bytes: number, text: string }>}
 */
function post(baseUrl, path, body, token) {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, baseUrl),
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: token,
        },
      },
      (res) => {
        let firstByteMs = -1;
        let bytes = 0;
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          if (chunks.length < 4) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            firstByteMs,
            totalMs: performance.now() - started,
            bytes,
            text: Buffer.concat(chunks).toString('utf8', 0, 200),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * CONCURRENCY clients, each sending the call until `requests` are done; warm-up first. Answers
 * the sorted times and the CPU time (ms) the server's processes and PostgreSQL used meanwhile.
 * @param {string} baseUrl
 * @param {string} token
 * @param {string} path
 * @param {unknown} body
 * @param {number} serverPid
 */
async function load(baseUrl, token, path, body, serverPid) {
  const check = await post(baseUrl, path, body, token);
  if (!check.text.includes('"rtnCode":"0000"')) throw new Error(`${path} refused: ${check.text}`);
  /** @param {number} count */
  async function run(count) {
    /** @type {number[]} */
    const times = [];
    let next = 0;
    async function worker() {
      while (next < count) {
        next += 1;
        const answer = await post(baseUrl, path, body, token);
        times.push(answer.totalMs);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return times.sort((a, b) => a - b);
  }
  await run(WARMUP);
  const server = cpuMs(serverPid);
  const database = databaseCpuMs();
  const times = await run(REQUESTS);
  const serverAfter = cpuMs(serverPid);
  const databaseAfter = databaseCpuMs();
  return {
    times,
    serverCpu: server === null || serverAfter === null ? null : serverAfter - server,
    databaseCpu: database === null || databaseAfter === null ? null : databaseAfter - database,
  };
}

/** @param {number} pid */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : NaN;
}

/**
 * The processes that serve: on PostgreSQL the server is a cluster (SERVER_WORKERS, one per
 * core by default) whose primary only supervises, so its workers are what is measured.
 * @param {number} pid
 * @returns {number[]}
 */
function servingPids(pid) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return children === '' ? [pid] : children.split(/\s+/).map(Number);
}

async function main() {
  await ensureDatabase();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const port = await freePort();
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let server;
  // The bench is over: the server's exit is expected.
  let finished = false;
  try {
    let users = await userCount(client);
    let logs = await logCount(client);
    if ((users < TARGET_USERS || logs < TARGET_LOG_ROWS) && !process.argv.includes('--no-seed')) {
      console.log(`用户 ${users} 个、日志 ${logs} 条，写入大数据集（scripts/seed.mjs --size large，几分钟）…`);
      const seeded = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'seed.mjs'), '--size', 'large'], {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL },
      });
      if (seeded.status !== 0) throw new Error('写入基准数据失败');
      users = await userCount(client);
      logs = await logCount(client);
    }
    if (users < TARGET_USERS) console.warn(`用户只有 ${users} 个，结果不代表基准`);
    if (logs < TARGET_LOG_ROWS) console.warn(`日志只有 ${logs} 条，结果不代表基准`);
    console.log(`用户 ${users} 个，操作日志和登录日志各至少 ${logs} 条`);
    // Production refuses the demo accounts with their published passwords: frozen with random
    // ones, then the administrator active again, its new initial password taken as changed —
    // the bench gives it a session below, no password.
    disableDemoAccounts();
    await client.query(
      `update sys_users set status = '1', must_change_password = false where login_name = 'admin'
         and enterprise_id = (select id from sys_enterprises where code = 'CNCE')`,
    );

    // SERVER_NODE_ARGS: options for the server's processes (workers inherit them), e.g.
    // `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the list load.
    const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = spawn(process.execPath, [...nodeArgs, join(repoRoot, 'server', 'dist', 'main.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        APP_ENV: 'production',
        SEED_SIZE: 'large',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const serverPid = /** @type {number} */ (server.pid);
    // A server that stops before the bench ends (a crash, a signal from elsewhere) ends it too,
    // saying so, instead of leaving it waiting for the search index.
    // Stopped itself (Ctrl+C, kill): the server with it, not left running.
    for (const name of /** @type {const} */ (['SIGINT', 'SIGTERM']))
      process.once(name, () => {
        finished = true;
        server?.kill('SIGTERM');
        process.exit(130);
      });
    server.on('exit', (code, signal) => {
      if (finished) return;
      console.error(`服务进程提前退出（退出码 ${code ?? '—'}，信号 ${signal ?? '—'}），基准未完成`);
      process.exit(1);
    });
    // Each worker builds the receipt search index (1,000,000 receipts) once it listens: that
    // takes the CPU for a while, so the measurement starts when every worker has said so.
    let workers = 0;
    let indexed = 0;
    let pending = '';
    /** @type {() => void} */
    let onIndexed = () => undefined;
    const allIndexed = new Promise((resolve) => {
      onIndexed = () => resolve(undefined);
    });
    /** @type {import('node:stream').Readable} */ (server.stdout).on('data', (chunk) => {
      const lines = (pending + String(chunk)).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        /** @type {{ level?: number, msg?: string, workers?: number }} */
        let entry;
        try {
          entry = JSON.parse(line);
        } catch {
          continue;
        }
        if (typeof entry.workers === 'number') workers = entry.workers;
        if (entry.msg === '仓单检索索引已建立') indexed += 1;
        if ((entry.level ?? 0) >= 40) process.stderr.write(`${line}\n`);
        if (indexed > 0 && indexed >= Math.max(1, workers)) onIndexed();
      }
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      try {
        await post(baseUrl, '/rest/anon/portalConfig', {}, '');
        break;
      } catch (error) {
        if (attempt > 600) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }

    console.log('等待各服务进程建立仓单检索索引…');
    await allIndexed;

    // The administrator's session, as a login would leave it (docs/auth.md "Tokens and sessions").
    const token = randomBytes(32).toString('base64url');
    await client.query(
      `insert into sys_sessions (user_id, token_hash, client_name, expires_at)
       select id, $1, 'bench', now() + interval '1 hour' from sys_users where login_name = 'admin' limit 1`,
      [createHash('sha256').update(token).digest('hex')],
    );

    // Each list's export first: after the list's 8,800 requests a worker's heap is in whatever
    // state the collector left it, and its resident memory would measure that rather than the export.
    const pids = servingPids(serverPid);
    /**
     * @param {string} title
     * @param {string} path
     * @param {unknown} body
     */
    async function exportCase(title, path, body) {
      const before = new Map(pids.map((pid) => [pid, rssMb(pid)]));
      const peaks = new Map(before);
      const sampler = setInterval(() => {
        for (const pid of pids) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, rssMb(pid)));
      }, 20);
      const exported = await post(baseUrl, path, body, token);
      clearInterval(sampler);
      console.log(`\n${title}（.xlsx，流式）`);
      if (exported.status !== 200 || exported.text.startsWith('{')) {
        // Reported, and the list cases still run.
        console.log(`  导出失败：${exported.text}`);
        return;
      }
      console.log(
        `  首字节 ${(exported.firstByteMs / 1000).toFixed(2)} s   完成 ${(exported.totalMs / 1000).toFixed(1)} s`,
      );
      console.log(`  文件 ${(exported.bytes / 1024 / 1024).toFixed(1)} MB`);
      // The worker that wrote the file is the one whose memory grew most.
      const [pid, growth] = pids
        .map((item) => /** @type {[number, number]} */ ([item, (peaks.get(item) ?? 0) - (before.get(item) ?? 0)]))
        .sort((a, b) => b[1] - a[1])[0] ?? [serverPid, 0];
      console.log(
        `  服务进程内存 ${(before.get(pid) ?? 0).toFixed(0)} MB → 最高 ${(peaks.get(pid) ?? 0).toFixed(0)} MB（增长 ${growth.toFixed(0)} MB；共 ${pids.length} 个服务进程）`,
      );
    }

    /**
     * @param {string} title
     * @param {string} path
     * @param {Array<[string, unknown]>} cases
     */
    async function listCases(title, path, cases) {
      console.log(`\n${title}：${CONCURRENCY} 个并发客户端，每项 ${REQUESTS} 次（预热 ${WARMUP} 次）`);
      console.log('  （CPU = 测量期间服务进程 / PostgreSQL 用掉的 CPU 时间 ÷ 请求数；两个核由它们和本客户端共用）');
      for (const [name, body] of cases) {
        const { times, serverCpu, databaseCpu } = await load(baseUrl, token, path, body, serverPid);
        const perRequest = (/** @type {number | null} */ ms) => (ms === null ? '—' : (ms / times.length).toFixed(2));
        console.log(
          `  ${name.padEnd(28)} p50 ${percentile(times, 50).toFixed(1)} ms   p95 ${percentile(times, 95).toFixed(1)} ms   CPU 服务 ${perRequest(serverCpu)} ms + 数据库 ${perRequest(databaseCpu)} ms`,
        );
      }
    }

    console.log(
      `（负载均值 ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' / ')}）`,
    );
    if (SUITES.includes('users')) {
      await exportCase(`导出全部 ${users} 个用户`, '/rest/user/exportXls', { filters: {} });
      await listCases('用户管理列表', '/rest/user/getUserPage', [
        ['第一页（创建时间倒序）', { pageNum: 1, pageSize: 10 }],
        ['按姓名筛选（包含“王伟”）', { filters: { realname: '王伟' }, pageNum: 1, pageSize: 10 }],
        [
          '高级查询（手机号包含 1390001 且 状态 正常）',
          {
            superQueryParams: [
              { field: 'phone', rule: 'like', value: '1390001' },
              { field: 'status', rule: 'eq', value: '1' },
            ],
            superQueryMatchType: 'and',
            pageNum: 1,
            pageSize: 10,
          },
        ],
        ['按登录名升序，第 500 页', { sort: { field: 'loginName', order: 'asc' }, pageNum: 500, pageSize: 20 }],
      ]);
    }

    if (SUITES.includes('logs')) {
      // One week of the seeded two years, two months before its newest row (China-time days).
      const { rows } = await client.query(
        `select to_char((max(at) at time zone 'Asia/Shanghai') - interval '60 days', 'YYYY-MM-DD') as from_day,
                to_char((max(at) at time zone 'Asia/Shanghai') - interval '54 days', 'YYYY-MM-DD') as to_day
           from sys_operation_log`,
      );
      const week = { timeFrom: rows[0].from_day, timeTo: rows[0].to_day };
      const counts = await client.query(
        `select (select count(*) from sys_operation_log)::int as operations, (select count(*) from sys_login_log)::int as logins`,
      );
      await exportCase(`导出全部 ${counts.rows[0].operations} 条操作日志`, '/rest/log/exportOperationLog', {
        filters: {},
      });
      await exportCase(`导出全部 ${counts.rows[0].logins} 条登录日志`, '/rest/log/exportLoginLog', { filters: {} });
      await listCases('操作日志列表', '/rest/log/getOperationLogPage', [
        ['第一页（时间倒序）', { pageNum: 1, pageSize: 10 }],
        ['按操作人筛选（包含“staff00015”）', { filters: { loginName: 'staff00015' }, pageNum: 1, pageSize: 10 }],
        [`一周（${week.timeFrom} 至 ${week.timeTo}）`, { filters: week, pageNum: 1, pageSize: 10 }],
        [
          '高级查询（操作类型 删除 且 结果 失败）',
          {
            superQueryParams: [
              { field: 'kind', rule: 'eq', value: 'delete' },
              { field: 'success', rule: 'eq', value: '0' },
            ],
            superQueryMatchType: 'and',
            pageNum: 1,
            pageSize: 10,
          },
        ],
      ]);
      await listCases('登录日志列表', '/rest/log/getLoginLogPage', [
        ['第一页（时间倒序）', { pageNum: 1, pageSize: 10 }],
        ['按用户筛选（包含“staff0012”）', { filters: { loginName: 'staff0012' }, pageNum: 1, pageSize: 10 }],
        [`一周（${week.timeFrom} 至 ${week.timeTo}）`, { filters: week, pageNum: 1, pageSize: 10 }],
        [
          '高级查询（登录方式 手机验证码 且 结果 失败）',
          {
            superQueryParams: [
              { field: 'method', rule: 'eq', value: 'phone' },
              { field: 'success', rule: 'eq', value: '0' },
            ],
            superQueryMatchType: 'and',
            pageNum: 1,
            pageSize: 10,
          },
        ],
      ]);
    }
  } finally {
    finished = true;
    await client.query(`delete from sys_sessions where client_name = 'bench'`).catch(() => undefined);
    server?.kill('SIGTERM');
    agent.destroy();
    await client.end();
  }
}

await main();
