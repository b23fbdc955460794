#!/usr/bin/env node
// Plugin entity benchmark (issue 32 section 1): `npm run bench:plugin-entity [-- --no-seed]`.
//
// The admin list benchmark's set-up (scripts/bench/admin-list.mjs: DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/cotton_bench, the large data set with 100,000 users, the
// built server in production mode, the administrator's session), then:
// 1. installs the plugin `bench-qc` through POST /rest/plugin/installPlugin (an archive made
//    here: one entity 质检记录 with a string, a decimal, an integer, a date and a boolean, the
//    list's filters, super query and sorts) unless it is installed, and fills its table to
//    100,000 rows (one INSERT … SELECT from generate_series);
// 2. runs the same four kinds of case on 用户管理 at 100,000 users and on the entity at 100,000
//    rows — the first page, a filter, a super query, a sort deep in the list — CONCURRENCY
//    clients (default 20), REQUESTS each (default 2,000) after WARMUP (default 200): p50 / p95
//    and the CPU the server and PostgreSQL spent per call.
// Goal (issue 32): the entity's CPU per call within 20 % of 用户管理's for each case.
// BENCH_CASES=users | entity (comma-separated; default both).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
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
const SUITES = (process.env.BENCH_CASES || 'users,entity').split(',').map((name) => name.trim());
for (const suite of SUITES) {
  if (!['users', 'entity'].includes(suite)) {
    console.error(`BENCH_CASES 只能是 users、entity（逗号分隔），不是 ${suite}`);
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

const BENCH_PLUGIN = 'bench-qc';
const TARGET_ENTITY_ROWS = 100_000;

/** The entity the benchmark lists: what a partner's 质检记录 would declare. */
const BENCH_ENTITY = {
  name: 'inspection',
  label: '质检记录',
  fields: [
    { name: 'batchNo', label: '批号', type: 'string', maxLength: 32, required: true, unique: true },
    { name: 'weight', label: '重量', type: 'decimal', scale: 1 },
    { name: 'bales', label: '包数', type: 'integer' },
    { name: 'inspectDate', label: '检验日期', type: 'date' },
    { name: 'passed', label: '合格', type: 'boolean' },
  ],
  list: {
    filters: ['batchNo', 'passed'],
    superQuery: ['batchNo', 'weight', 'bales', 'inspectDate'],
    sorts: ['batchNo', 'weight', 'inspectDate'],
  },
};

/** A ustar header of a file of `size` bytes. @param {string} name @param {number} size */
function tarHeader(name, size) {
  const block = Buffer.alloc(512);
  const octal = (/** @type {number} */ value, /** @type {number} */ length) =>
    value.toString(8).padStart(length - 1, '0') + '\0';
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(1_700_000_000, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

/** The benchmark plugin's archive: a one-component bundle and a manifest declaring the entity. */
function benchArchive() {
  const sha384 = (/** @type {string} */ text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
  const bundle = `System.register([], function (exports) { return { execute: function () {
  exports('default', { id: '${BENCH_PLUGIN}', routes: [], components: { QcList: function () { return null; } } });
} }; });\n`;
  const name = `${BENCH_PLUGIN}.${createHash('sha256').update(bundle).digest('hex').slice(0, 8)}.js`;
  const sdkVersion = JSON.parse(readFileSync(join(repoRoot, 'sdk', 'package.json'), 'utf8')).version;
  const manifest = {
    id: BENCH_PLUGIN,
    version: '1.0.0',
    entry: `/plugins/${BENCH_PLUGIN}/${name}`,
    integrity: sha384(bundle),
    routes: [],
    components: ['QcList'],
    sdkVersion,
    sharedImports: [],
    entities: [BENCH_ENTITY],
    files: [{ name, integrity: sha384(bundle), size: Buffer.byteLength(bundle) }],
  };
  const parts = [];
  for (const [file, text] of [
    ['manifest.json', JSON.stringify(manifest)],
    [name, bundle],
  ]) {
    const body = Buffer.from(text);
    parts.push(tarHeader(file, body.length), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

/**
 * Installs the benchmark plugin (unless it is) and fills its table to 100,000 rows; answers
 * the rows it has.
 * @param {import('pg').Client} client @param {string} baseUrl @param {string} token
 */
async function installBenchPlugin(client, baseUrl, token) {
  const { rows: installed } = await client.query('select 1 from plugin_registry where id = $1', [BENCH_PLUGIN]);
  if (installed.length === 0) {
    const form = new FormData();
    form.append('file', new Blob([benchArchive()]), `${BENCH_PLUGIN}-1.0.0.tgz`);
    const response = await fetch(`${baseUrl}/rest/plugin/installPlugin`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    const answer = await response.json();
    if (answer.rtnCode !== '0000') throw new Error(`安装基准插件失败：${answer.rtnMessage}`);
  }
  const table = '"plugin_bench_qc"."inspection"';
  const count = async () => (await client.query(`select count(*)::int as n from ${table}`)).rows[0].n;
  const have = await count();
  if (have < TARGET_ENTITY_ROWS) {
    console.log(`质检记录 ${have} 行，写入到 ${TARGET_ENTITY_ROWS} 行…`);
    await client.query(
      `insert into ${table} ("batchNo", "weight", "bales", "inspectDate", "passed", "createTime", "updateTime")
       select 'QC-' || lpad(i::text, 7, '0'), (i % 5000) / 10.0, i % 300, date '2024-01-01' + (i % 700), i % 3 = 0,
              now() - make_interval(secs => i), now() - make_interval(secs => i)
         from generate_series($1::int + 1, $2::int) as i`,
      [have, TARGET_ENTITY_ROWS],
    );
    await client.query(`analyze ${table}`);
  }
  return count();
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
        // The bench's own archive is unsigned (production requires a trusted signature, which
        // costs nothing per call): signatures are not what this measures.
        PLUGIN_SIGNATURES: 'optional',
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
       select id, $1, 'bench', now() + interval '1 hour' from sys_users where login_name = 'admin'
         and enterprise_id = (select id from sys_enterprises where code = 'CNCE')`,
      [createHash('sha256').update(token).digest('hex')],
    );

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

    if (SUITES.includes('entity')) {
      const rows = await installBenchPlugin(client, baseUrl, token);
      await listCases(`插件数据实体「质检记录」（${rows} 行）`, '/rest/pluginData/bench-qc/inspection/getPage', [
        ['第一页（创建时间倒序）', { pageNum: 1, pageSize: 10 }],
        ['按批号筛选（包含“QC-00012”）', { filters: { batchNo: 'QC-00012' }, pageNum: 1, pageSize: 10 }],
        [
          '高级查询（重量 > 400 且 包数 ≤ 10）',
          {
            superQueryParams: [
              { field: 'weight', rule: 'gt', value: '400' },
              { field: 'bales', rule: 'le', value: '10' },
            ],
            superQueryMatchType: 'and',
            pageNum: 1,
            pageSize: 10,
          },
        ],
        ['按批号升序，第 500 页', { sort: { field: 'batchNo', order: 'asc' }, pageNum: 500, pageSize: 20 }],
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
