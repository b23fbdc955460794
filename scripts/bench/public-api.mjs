#!/usr/bin/env node
// Public call throughput (issue 16 item 14): `npm run bench:public-api`.
//
// 1. DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cotton_bench_api; created when
//    missing) must be PostgreSQL. Seeds the small data set (`scripts/seed.mjs`) when it has no
//    warehouses yet.
// 2. Starts the built server (server/dist/main.js) on it with SERVER_WORKERS processes
//    (default 2), APP_ENV=production (every request logged, as in production; the log goes to
//    a file), and waits until every worker has built its receipt search index.
// 3. For every public call (the anonymous calls the public pages make): one call to check it
//    answers `0000`, then `wrk` (/usr/bin/wrk, or WRK) with CONNECTIONS connections (default
//    20) for DURATION (default 15s) and WRK_THREADS threads (default 2), sending what a
//    browser sends (`accept-encoding: gzip, deflate, br`). Prints req/s, p50 and p99.
// 4. Freshness: books a batch on a day of the current Xinjiang week straight in SQL (as
//    another system would) and asks the week table every 20 ms until the day's cell shows it:
//    the time it took (goal ≤ 1 s), then removes the batch and times that too.
// Goal: every call ≥ 1,000 req/s. `CALLS=week,whs` runs only the calls whose name contains
// one of the words; SERVER_NODE_ARGS passes options to the server (`--cpu-prof --cpu-prof-dir=…`).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A database of its own (not the other benchmarks' cotton_bench): set before lib.mjs reads it.
process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/cotton_bench_api';
const { DATABASE_URL, disableDemoAccounts, ensureDatabase, freePort, pg, repoRoot } = await import('./lib.mjs');

const WRK = process.env.WRK || '/usr/bin/wrk';
const DURATION = process.env.DURATION || '15s';
const CONNECTIONS = Number(process.env.CONNECTIONS || 20);
const THREADS = Number(process.env.WRK_THREADS || 2);
const WORKERS = Number(process.env.SERVER_WORKERS || 2);
const GOAL_RPS = 1000;
const BROWSER_ENCODING = 'gzip, deflate, br';

/**
 * One call; answers the envelope.
 * @param {string} baseUrl @param {{ method: string, path: string, body?: unknown }} call
 */
async function ask(baseUrl, call, retried = false) {
  /** @type {Response} */
  let response;
  try {
    response = await fetch(new URL(call.path, baseUrl), {
      method: call.method,
      headers: call.body === undefined ? {} : { 'content-type': 'application/json' },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
  } catch (error) {
    // A kept-alive connection the server closed while wrk ran (its keep-alive timeout): once more.
    if (retried) throw error;
    return ask(baseUrl, call, true);
  }
  const text = await response.text();
  try {
    return { status: response.status, bytes: Buffer.byteLength(text), envelope: JSON.parse(text) };
  } catch {
    return { status: response.status, bytes: Buffer.byteLength(text), envelope: { rtnCode: '?', rtnMessage: text } };
  }
}

/** @param {string} text wrk's latency, e.g. `1.23ms`, `850.00us`, `1.02s` → ms */
function ms(text) {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 'ms' ? value : match[2] === 's' ? value * 1000 : value * 60000;
}

/**
 * Runs wrk against one call.
 * @param {string} baseUrl @param {{ method: string, path: string, body?: unknown }} call @param {string} dir
 */
function runWrk(baseUrl, call, dir) {
  const script = join(dir, 'call.lua');
  const lua = [
    `wrk.method = ${JSON.stringify(call.method)}`,
    `wrk.headers["Accept-Encoding"] = ${JSON.stringify(BROWSER_ENCODING)}`,
  ];
  if (call.body !== undefined) {
    lua.push('wrk.headers["Content-Type"] = "application/json"');
    // A Lua long string: the JSON as it is, whatever quotes it holds.
    lua.push(`wrk.body = [==[${JSON.stringify(call.body)}]==]`);
  }
  writeFileSync(script, `${lua.join('\n')}\n`);
  const result = spawnSync(
    WRK,
    [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${DURATION}`, '--latency', '-s', script, new URL(call.path, baseUrl).href],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`wrk 失败：${result.stderr || result.error}`);
  const out = result.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
  const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
  const failed = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors:[^\n]*/.exec(out)?.[0] ?? '';
  return { rps, p50, p99, failed, errors };
}

/** @param {import('pg').Client} client */
async function warehouseCount(client) {
  const { rows } = await client.query(`select to_regclass('public.warehouses') is not null as present`);
  if (!rows[0].present) return 0;
  return (await client.query('select count(*)::int as n from warehouses')).rows[0].n;
}

/**
 * The public calls with bodies the pages send, picked from the data (a warehouse with
 * bookings today, a financing product, an agreement…).
 * @param {import('pg').Client} client
 */
async function publicCalls(client) {
  const one = async (/** @type {string} */ text) => (await client.query(text)).rows[0] ?? {};
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const xjDay =
    await one(`select a.warehouse_code as code, a.appointment_date::text as day, count(*) from factory_appointments a
    join warehouses w on w.code = a.warehouse_code where w.area_type = '1' and a.appointment_date <= '${today}'
    group by 1, 2 order by 2 desc, 3 desc limit 1`);
  const inlDay =
    await one(`select a.warehouse_code as code, a.appointment_date::text as day, count(*) from factory_appointments a
    join warehouses w on w.code = a.warehouse_code where w.area_type = '2' and a.appointment_date <= '${today}'
    group by 1, 2 order by 2 desc, 3 desc limit 1`);
  const whs = await one(`select code from warehouses order by code limit 1`);
  const product = await one(`select id from financing_products order by id limit 1`);
  const agreement = await one(`select code from register_agreements order by code limit 1`);
  const site = await one(`select code from cms_sites where is_default limit 1`);
  const content = await one(`select id from cms_contents order by id limit 1`);
  const catalog = await one(`select code from cms_catalogs order by id limit 1`);
  const batch = await one(`select batch_number as code from receipts order by receipt_number limit 1`);
  const page = { pageNum: 1, pageSize: 10 };
  /** @type {Array<{ name: string, method: string, path: string, body?: unknown }>} */
  const calls = [
    { name: '门户配置 portalConfig', method: 'GET', path: '/rest/anon/portalConfig' },
    { name: '页面清单 plugins', method: 'GET', path: '/rest/anon/plugins' },
    {
      name: '页脚用户中心 queryCatalogList',
      method: 'POST',
      path: '/rest/cmsCatalog/queryCatalogList',
      body: { code: 'userCenter', ifPage: true, pageParameter: { pageNum: 1, pageSize: 4 } },
    },
    {
      name: '页脚帮助 randomContents',
      method: 'POST',
      path: '/rest/cmsContent/randomContents',
      body: { code: 'serviceCenter', count: 5 },
    },
    { name: '首页 cms/index', method: 'POST', path: '/rest/cms/index', body: { siteCode: site.code } },
    {
      name: '栏目树 queryCatalogTree',
      method: 'POST',
      path: '/rest/cmsCatalog/queryCatalogTree',
      body: { siteCode: site.code },
    },
    {
      name: '栏目内容 PageCmsContentAndTemService',
      method: 'POST',
      path: '/rest/cmsContent/PageCmsContentAndTemService',
      body: { code: catalog.code, siteCode: site.code, pageParameter: page },
    },
    {
      name: '内容详情 contentDetail',
      method: 'POST',
      path: '/rest/cmsContent/contentDetail',
      body: { id: String(content.id) },
    },
    {
      name: '站内搜索 searchContent',
      method: 'POST',
      path: '/rest/cmsContent/searchContent',
      body: { keyWord: '棉花', pageParameter: page },
    },
    {
      name: '仓库列表 queryWhsPage',
      method: 'POST',
      path: '/rest/anon/queryWhsPage',
      body: { searchParam: {}, pageParameter: page },
    },
    { name: '仓库详情 queryWhsDetail', method: 'POST', path: '/rest/anon/queryWhsDetail', body: { whsCode: whs.code } },
    {
      name: '仓库字典 getdictlists',
      method: 'POST',
      path: '/rest/dict/getdictlists',
      body: { dictCategorys: ['WHS_TYPE', 'WHS_BIZ_TYPE', 'FREIGHT_YARD_TYPE'] },
    },
    { name: '预约区域 queryAllRegion', method: 'POST', path: '/rest/anon/queryAllRegion', body: {} },
    {
      name: '新疆预约周 queryFactoryAppointmentList',
      method: 'POST',
      path: '/rest/anon/queryFactoryAppointmentList',
      body: { weekStep: '0', appoinmentRequestVo: { regionAreaCode: '' } },
    },
    {
      name: '内地预约周 queryFactoryInlAppointmentList',
      method: 'POST',
      path: '/rest/anon/queryFactoryInlAppointmentList',
      body: { weekStep: '0', appoinmentRequestVo: { regionProviceCode: '' } },
    },
    {
      name: '新疆预约明细 queryAppointDetail',
      method: 'POST',
      path: '/rest/anon/queryAppointDetail',
      body: { whsCode: xjDay.code, appointDate: xjDay.day },
    },
    {
      name: '内地预约明细 queryInlAppointDetail',
      method: 'POST',
      path: '/rest/anon/queryInlAppointDetail',
      body: { whsCode: inlDay.code, appointDate: inlDay.day },
    },
    { name: '金融服务 queryFinancialService', method: 'POST', path: '/rest/anon/queryFinancialService', body: {} },
    {
      name: '金融产品 queryFinancialProductDetail',
      method: 'POST',
      path: '/rest/anon/queryFinancialProductDetail',
      body: { id: String(product.id) },
    },
    {
      name: '仓单查询 esqueryWareHouseData',
      method: 'POST',
      path: '/rest/esQuery/esqueryWareHouseData/1',
      body: { stgWareHouseQueryParameters: null, pageParameter: page },
    },
    {
      name: '仓单联想 superStgWareHouseDatasearchSuggestions',
      method: 'POST',
      path: '/rest/esQuery/superStgWareHouseDatasearchSuggestions/1',
      body: { fieldName: 'whsName', fieldValue: '中储' },
    },
    {
      name: '批次质量 factoryBatchWeightInspectquery',
      method: 'POST',
      path: '/rest/esQuery/factoryBatchWeightInspectquery/1',
      body: { batchCode: batch.code },
    },
    { name: '注册协议 agreement', method: 'POST', path: '/rest/anon/agreement', body: { code: agreement.code } },
    { name: '登录公钥 loginPublicKey', method: 'POST', path: '/rest/anon/loginPublicKey', body: {} },
  ];
  const only = (process.env.CALLS ?? '').split(',').filter(Boolean);
  return only.length === 0 ? calls : calls.filter((call) => only.some((word) => call.name.includes(word)));
}

/**
 * Books a batch on a day of the current Xinjiang week in SQL, then removes it: how long each
 * took to show in the week table's answer (asked every 20 ms).
 * @param {import('pg').Client} client @param {string} baseUrl
 */
async function freshness(client, baseUrl) {
  const call = {
    method: 'POST',
    path: '/rest/anon/queryFactoryAppointmentList',
    body: { weekStep: '0', appoinmentRequestVo: { regionAreaCode: '' } },
  };
  const week = (await ask(baseUrl, call)).envelope.dataSet;
  const row = week.warehouseList.find((/** @type {any} */ w) =>
    w.plandoList.some((/** @type {any} */ p) => p.appointmentWeightEmpty > 1),
  );
  if (!row) return console.log('新鲜度：本周没有可预约的仓库，跳过');
  const day = row.plandoList.find((/** @type {any} */ p) => p.appointmentWeightEmpty > 1).appointmentDate;
  const cell = async () =>
    (await ask(baseUrl, call)).envelope.dataSet.warehouseList
      .find((/** @type {any} */ w) => w.warehouseCode === row.warehouseCode)
      .plandoList.find((/** @type {any} */ p) => p.appointmentDate === day).appointmentWeightEmpty;
  const before = await cell();
  /** @param {() => Promise<unknown>} write @param {(free: number) => boolean} seen */
  const timed = async (write, seen) => {
    await write();
    const started = performance.now();
    for (;;) {
      if (seen(await cell())) return performance.now() - started;
      if (performance.now() - started > 10_000) return Infinity;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const booked = await timed(
    () =>
      client.query(
        `insert into factory_appointments (warehouse_code, appointment_date, batch_number, factory_name, stock_name,
          whs_pick_mode, product_year, weight, quantity) values ($1, $2, '65099269999', '基准测试轧花厂', '细绒棉', '锯齿机采', '2026', 1, 4)`,
        [row.warehouseCode, day],
      ),
    (free) => free < before,
  );
  const removed = await timed(
    () =>
      client.query(`delete from factory_appointments where warehouse_code = $1 and batch_number = '65099269999'`, [
        row.warehouseCode,
      ]),
    (free) => free === before,
  );
  const show = (/** @type {number} */ value) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '超过 10 s');
  console.log(
    `\n新鲜度（${row.warehouseCode} ${day}，SQL 直接写入，每 20 ms 查询一次）：预约 1 吨后 ${show(booked)} 可见，` +
      `删除后 ${show(removed)} 可见（目标 ≤ 1000 ms）`,
  );
}

async function main() {
  await ensureDatabase();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const dir = mkdtempSync(join(tmpdir(), 'cotton-public-api-'));
  const logPath = join(dir, 'server.log');
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let server;
  try {
    if ((await warehouseCount(client)) === 0) {
      console.log('写入演示数据（scripts/seed.mjs --size small）…');
      const seeded = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'seed.mjs'), '--size', 'small'], {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL },
      });
      if (seeded.status !== 0) throw new Error('写入基准数据失败');
    }
    disableDemoAccounts();
    const port = await freePort();
    const log = openSync(logPath, 'w');
    const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = spawn(process.execPath, [...nodeArgs, join(repoRoot, 'server', 'dist', 'main.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        APP_ENV: 'production',
        SERVER_WORKERS: String(WORKERS),
        // No scheduled tasks during the measurement.
        JOB_TICK_MS: '0',
      },
      stdio: ['ignore', log, 'inherit'],
    });
    closeSync(log);
    const baseUrl = `http://127.0.0.1:${port}`;
    // Ready when every worker has built its receipt search index (CPU otherwise measured).
    for (let attempt = 0; ; attempt++) {
      const text = readFileSync(logPath, 'utf8');
      const indexed = text.split('仓单检索索引已建立').length - 1;
      if (indexed >= WORKERS) break;
      if (server.exitCode !== null) throw new Error(`服务未能启动：\n${text.slice(-2000)}`);
      if (attempt > 1200) throw new Error('等待仓单检索索引超时');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const calls = await publicCalls(client);
    console.log(
      `wrk：${CONNECTIONS} 个连接，${THREADS} 个线程，每个接口 ${DURATION}；服务 ${WORKERS} 个进程（PostgreSQL，APP_ENV=production）\n`,
    );
    /** @type {Array<Record<string, string>>} */
    const table = [];
    for (const call of calls) {
      const first = await ask(baseUrl, call);
      if (first.envelope.rtnCode !== '0000') {
        console.log(`${call.name}：答复 ${first.envelope.rtnCode} ${first.envelope.rtnMessage}，跳过`);
        table.push({ 接口: call.name, 'req/s': '失败', p50: '', p99: '', 大小: '', 达标: '✗' });
        continue;
      }
      const { rps, p50, p99, failed, errors } = runWrk(baseUrl, call, dir);
      const line = {
        接口: call.name,
        'req/s': rps.toFixed(0),
        p50: `${p50.toFixed(2)} ms`,
        p99: `${p99.toFixed(2)} ms`,
        大小: `${(first.bytes / 1024).toFixed(1)} KB`,
        达标: rps >= GOAL_RPS && failed === 0 ? '✓' : '✗',
      };
      table.push(line);
      console.log(
        `${line.接口.padEnd(44)} ${line['req/s'].padStart(6)} req/s  p50 ${line.p50.padStart(9)}  p99 ${line.p99.padStart(9)}` +
          `${failed ? `  非 2xx：${failed}` : ''}${errors ? `  ${errors}` : ''}`,
      );
    }
    console.log('');
    console.table(table);
    await freshness(client, baseUrl);
    const below = table.filter((row) => row.达标 !== '✓');
    console.log(
      below.length === 0
        ? `\n全部 ${table.length} 个公开接口 ≥ ${GOAL_RPS} req/s`
        : `\n未达 ${GOAL_RPS} req/s：${below.map((row) => row.接口).join('、')}`,
    );
  } finally {
    await client.end();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
