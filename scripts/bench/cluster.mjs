#!/usr/bin/env node
// The cluster through HAProxy (issue 33 "Benchmark"): `npm run bench:cluster`.
//
// 1. DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cotton_bench_cluster; created
//    when missing, seeded with the demo data by the first start) on this machine's PostgreSQL.
// 2. For 1, 2 and 3 nodes (NODES=1,2,3): `npm run cluster`'s set-up (scripts/lib/cluster.mjs:
//    each node one process, HAProxy in front, APP_ENV=demo — the demo accounts log in; production
//    would write a log line per request besides), then for each load CONNECTIONS clients
//    (default 20, keep-alive, in this process) for DURATION seconds (default 10) after a warm-up:
//    - public: the anonymous calls of the public pages, in turn (cached public answers);
//    - staff: 10 staff sessions — a list (内容管理), a detail, and one write in ten (a draft
//      article saved) — logged in once each through the real login;
//    and, with 1 node, the public load straight to the node (no HAProxy) to see HAProxy's cost.
// 3. Prints throughput, p50/p95 latency and CPU per request (ms) of the nodes, HAProxy,
//    PostgreSQL (its backends connected to this database: other work on the machine's
//    PostgreSQL is not counted) and of this load generator, read from /proc/<pid>/stat before and after each load.
// Two cores for everything: nodes, HAProxy, PostgreSQL and the load generator share them.
// Nothing here is a timed test: figures to read, README and docs/deployment.md keep today's.
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/cotton_bench_cluster';
const { DATABASE_URL, percentile, pg, procStat, repoRoot } = await import('./lib.mjs');
const { ensureHaproxy } = await import('../lib/ensure.mjs');
const { Cluster, ensureDatabase } = await import('../lib/cluster.mjs');

const DURATION_MS = Number(process.env.DURATION || 10) * 1000;
const WARMUP_MS = 3000;
const CONNECTIONS = Number(process.env.CONNECTIONS || 20);
const NODE_COUNTS = (process.env.NODES || '1,2,3').split(',').map(Number);
const PORT = Number(process.env.CLUSTER_PORT || 3315);

ensureHaproxy();
await ensureDatabase(DATABASE_URL);

/**
 * One statement on the benchmark's database; answers its rows.
 * @param {string} text
 * @returns {Promise<Array<Record<string, unknown>>>}
 */
async function sql(text) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** @typedef {{ path: string, body: unknown, headers?: Record<string, string> }} Call */

/** The public pages' anonymous calls (scripts/bench/public-api.mjs has each one's figures). */
const PUBLIC_CALLS = /** @type {Call[]} */ ([
  { path: '/rest/anon/portalConfig', body: {} },
  { path: '/rest/anon/queryWhsPage', body: { searchParam: {}, pageParameter: { pageNum: 1, pageSize: 10 } } },
  {
    path: '/rest/esQuery/esqueryWareHouseData/1',
    body: { stgWareHouseQueryParameters: {}, pageParameter: { pageNum: 1, pageSize: 10 } },
  },
  { path: '/rest/anon/plugins', body: {} },
]);

/**
 * POSTs `call` on `agent`; answers the status and body.
 * @param {string} base @param {Agent} agent @param {Call} call
 * @returns {Promise<{ status: number, body: string }>}
 */
function post(base, agent, call) {
  const url = new URL(call.path, base);
  const body = Buffer.from(JSON.stringify(call.body));
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': body.length, ...call.headers },
      },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.once('error', reject);
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

/**
 * CONNECTIONS clients sending `next(client, round)` for `ms`; answers times (ms) of the
 * answers `0000` and the count of the others.
 * @param {string} base @param {(client: number, round: number) => Call} next @param {number} ms
 */
async function drive(base, next, ms) {
  /** @type {number[]} */
  const times = [];
  let failed = 0;
  /** @type {string[]} */
  const refusals = [];
  const end = Date.now() + ms;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, client) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let round = 0; Date.now() < end; round++) {
        const started = performance.now();
        try {
          const answer = await post(base, agent, next(client, round));
          if (answer.status === 200 && answer.body.includes('"rtnCode":"0000"'))
            times.push(performance.now() - started);
          else {
            failed += 1;
            if (refusals.length < 3) refusals.push(`${answer.status} ${answer.body.slice(0, 160)}`);
          }
        } catch {
          failed += 1;
        }
      }
      agent.destroy();
    }),
  );
  return { times: times.sort((a, b) => a - b), failed, refusals };
}

/**
 * CPU ms used so far by each process of the nodes, HAProxy, PostgreSQL's backends serving this
 * database (`backends`: other work on the machine's PostgreSQL is not counted) and this one.
 * @param {InstanceType<typeof Cluster>} cluster @param {number[]} backends
 * @returns {Record<'nodes' | 'haproxy' | 'postgres' | 'load', Map<number, number>>}
 */
function cpu(cluster, backends) {
  const each = (/** @type {Array<number | undefined>} */ pids) => {
    /** @type {Map<number, number>} */
    const used = new Map();
    for (const pid of pids) {
      const stat = pid === undefined ? null : procStat(pid);
      if (pid !== undefined && stat) used.set(pid, stat[1]);
    }
    return used;
  };
  const usage = process.cpuUsage();
  return {
    nodes: each(cluster.nodes.map((node) => node.child.pid)),
    haproxy: each([cluster.haproxy?.pid]),
    postgres: each(backends),
    load: new Map([[process.pid, (usage.user + usage.system) / 1000]]),
  };
}

/**
 * CPU ms between two readings, over the processes present in both (a backend that ended
 * in between is left out rather than counted negative).
 * @param {Map<number, number>} before @param {Map<number, number>} after
 */
function used(before, after) {
  let total = 0;
  for (const [pid, ms] of after) if (before.has(pid)) total += ms - /** @type {number} */ (before.get(pid));
  return total;
}

/** The PostgreSQL backends connected to the benchmark's database now (the nodes' pools and listeners). */
async function backendPids() {
  const rows = await sql(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows.map((row) => Number(row.pid));
}

/** @type {Array<Record<string, string | number>>} */
const rows = [];

/**
 * Runs one load and records its row.
 * @param {InstanceType<typeof Cluster>} cluster @param {string} label @param {string} base
 * @param {(client: number, round: number) => Call} next
 */
async function measure(cluster, label, base, next) {
  await drive(base, next, WARMUP_MS);
  // After the warm-up the pools hold their connections: the same backends before and after.
  const backends = await backendPids();
  const before = cpu(cluster, backends);
  const started = performance.now();
  const { times, failed, refusals } = await drive(base, next, DURATION_MS);
  if (refusals.length > 0) console.log(`  ${label}: failed answers, e.g. ${refusals.join(' | ')}`);
  const seconds = (performance.now() - started) / 1000;
  const after = cpu(cluster, backends);
  const n = times.length || 1;
  /** @param {'nodes' | 'haproxy' | 'postgres' | 'load'} part */
  const per = (part) => (used(before[part], after[part]) / n).toFixed(3);
  const row = {
    load: label,
    nodes: cluster.nodes.length,
    'req/s': Math.round(times.length / seconds),
    'p50 ms': percentile(times, 50)?.toFixed(1) ?? '-',
    'p95 ms': percentile(times, 95)?.toFixed(1) ?? '-',
    failed,
    'CPU ms/req nodes': per('nodes'),
    haproxy: per('haproxy'),
    postgres: per('postgres'),
    'load gen': per('load'),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}

/**
 * A staff session through the real login (slider, the browser's RSA-OAEP): its token.
 * @param {string} base
 */
async function staffToken(base) {
  const require = createRequire(join(repoRoot, 'server', 'package.json'));
  const globals = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
  globals.window = globalThis;
  globals.self = globalThis;
  /** @type {new () => { setPublicKey(pem: string): void, encryptOAEP(text: string): string | false }} */
  const JSEncrypt = require('jsencrypt');
  const ask = async (/** @type {string} */ path, /** @type {unknown} */ body) =>
    /** @type {{ rtnCode: string, dataSet: any }} */ (
      await (
        await fetch(new URL(path, base), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()
    );
  const key = (await ask('/rest/anon/loginPublicKey', {})).dataSet.publicKey;
  const challenge = (await ask('/rest/anon/slider/challenge', {})).dataSet.challengeId;
  const track = Array.from({ length: 24 }, (_, index) => {
    const progress = index / 23;
    return [Math.round(340 * ((1 - Math.cos(Math.PI * progress)) / 2) * 10) / 10, Math.round(900 * progress)];
  });
  const proof = (await ask('/rest/anon/slider/verify', { challengeId: challenge, width: 340, track })).dataSet.proof;
  const encrypt = new JSEncrypt();
  encrypt.setPublicKey(key);
  const text = JSON.stringify({ c: 'CNCE', u: 'admin', p: 'Admin@2026', s: proof, a: '1' });
  const form = new FormData();
  form.append('Authorization', String(encrypt.encryptOAEP(text)));
  const login = await fetch(new URL('/callback?client_name=form_client', base), { method: 'POST', body: form });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie.startsWith('cotton_login=')) throw new Error(`login refused: ${await login.text()}`);
  const validated = /** @type {{ result?: { token: string } }} */ (
    await (await fetch(new URL('/cas/client/validateLogin', base), { headers: { cookie } })).json()
  );
  if (!validated.result) throw new Error(`login refused: ${JSON.stringify(validated)}`);
  return validated.result.token;
}

/** @type {InstanceType<typeof Cluster> | null} */
let running = null;
// Ctrl-C: the nodes drain and HAProxy stops, as under `npm run cluster`.
process.on('SIGINT', () => void (running ?? { stop: async () => [] }).stop().then(() => process.exit(130)));

for (const count of NODE_COUNTS) {
  const cluster = new Cluster({
    databaseUrl: DATABASE_URL,
    haproxyPort: PORT,
    nodePorts: Array.from({ length: count }, (_, i) => PORT + 1 + i),
    env: { APP_ENV: 'demo', LOG_LEVEL: 'warn' },
  });
  console.log(`▶ ${count} node${count > 1 ? 's' : ''}`);
  running = cluster;
  try {
    await cluster.start();
    const base = cluster.haproxyUrl;
    // Just started, a node is still compiling its hot paths and finishing start-up work:
    // the first seconds' figures would be its, not the load's.
    await drive(base, (client, round) => PUBLIC_CALLS[(client + round) % PUBLIC_CALLS.length], 10_000);
    const publicCall = (/** @type {number} */ client, /** @type {number} */ round) =>
      PUBLIC_CALLS[(client + round) % PUBLIC_CALLS.length];
    // With one node, the same load straight to the node before and after: HAProxy's cost.
    if (count === 1) await measure(cluster, 'public, no HAProxy', cluster.nodes[0].url, publicCall);
    await measure(cluster, 'public', base, publicCall);
    if (count === 1) await measure(cluster, 'public, no HAProxy', cluster.nodes[0].url, publicCall);

    // One after another: logins of one account at the same moment are refused past five
    // (docs/auth.md "Lockout": each attempt is counted as a failure until its password is checked).
    /** @type {string[]} */
    const tokens = [];
    for (let i = 0; i < 10; i++) tokens.push(await staffToken(base));
    const catalogId = await sql(`select id from cms_catalogs where code = 'serviceCenter'`).then((result) =>
      String(result[0].id),
    );
    const page = /** @type {{ dataSet: { pagination: { result: Array<{ id: string }> } } }} */ (
      await (
        await fetch(new URL('/rest/cmsAdmin/getContentPage', base), {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: tokens[0] },
          body: JSON.stringify({ pageNum: 1, pageSize: 20 }),
        })
      ).json()
    );
    const ids = page.dataSet.pagination.result.map((row) => row.id);
    const staffCall = (/** @type {number} */ client, /** @type {number} */ round) => {
      const headers = { authorization: tokens[client % tokens.length] };
      if (round % 10 === 9)
        return {
          path: '/rest/cmsAdmin/addContent',
          body: { catalogId, title: `集群基准草稿 ${client}-${round}`, body: '<p>基准测试草稿</p>' },
          headers,
        };
      if (round % 3 === 1) return { path: '/rest/cmsAdmin/getContent', body: { id: ids[round % ids.length] }, headers };
      return { path: '/rest/cmsAdmin/getContentPage', body: { pageNum: 1 + (round % 3), pageSize: 20 }, headers };
    };
    await measure(cluster, 'staff (list, detail, 1 write in 10)', base, staffCall);
  } finally {
    running = null;
    await cluster.stop();
  }
}

// The drafts the staff load saved.
await sql(`delete from cms_contents where title like '集群基准草稿 %'`);
console.log(
  `\nbench:cluster — ${CONNECTIONS} clients, ${DURATION_MS / 1000} s each, on ${DATABASE_URL.replace(/\/\/[^@/]*@/, '//')}`,
);
console.table(rows);
