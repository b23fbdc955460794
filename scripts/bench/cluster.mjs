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
//    PostgreSQL (every `postgres` process of this machine: the benches' database is local) and
//    of this load generator, read from /proc/<pid>/stat before and after each load.
// Two cores for everything: nodes, HAProxy, PostgreSQL and the load generator share them.
// Nothing here is a timed test: figures to read, README and docs/deployment.md keep today's.
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/cotton_bench_cluster';
const { DATABASE_URL, databaseCpuMs, percentile, pg, procStat, repoRoot } = await import('./lib.mjs');
const { ensureHaproxy } = await import('../lib/ensure.mjs');
const { Cluster, ensureDatabase } = await import('../lib/cluster.mjs');

const DURATION_MS = Number(process.env.DURATION || 10) * 1000;
const WARMUP_MS = 2000;
const CONNECTIONS = Number(process.env.CONNECTIONS || 20);
const NODE_COUNTS = (process.env.NODES || '1,2,3').split(',').map(Number);
const PORT = Number(process.env.CLUSTER_PORT || 3305);

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
          else failed += 1;
        } catch {
          failed += 1;
        }
      }
      agent.destroy();
    }),
  );
  return { times: times.sort((a, b) => a - b), failed };
}

/**
 * CPU ms used so far by the nodes, HAProxy, PostgreSQL and this process.
 * @param {InstanceType<typeof Cluster>} cluster
 */
function cpu(cluster) {
  const nodes = cluster.nodes.reduce((sum, node) => sum + (procStat(node.child.pid)?.[1] ?? 0), 0);
  const haproxy = procStat(cluster.haproxy?.pid)?.[1] ?? 0;
  const usage = process.cpuUsage();
  return { nodes, haproxy, postgres: databaseCpuMs() ?? 0, load: (usage.user + usage.system) / 1000 };
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
  const before = cpu(cluster);
  const started = performance.now();
  const { times, failed } = await drive(base, next, DURATION_MS);
  const seconds = (performance.now() - started) / 1000;
  const after = cpu(cluster);
  const n = times.length || 1;
  /** @param {keyof typeof before} part */
  const per = (part) => ((after[part] - before[part]) / n).toFixed(3);
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
  const text = JSON.stringify({ c: 'CNCE', u: 'editor', p: 'Editor@2026', s: proof, a: '1' });
  const form = new FormData();
  form.append('Authorization', String(encrypt.encryptOAEP(text)));
  const login = await fetch(new URL('/callback?client_name=form_client', base), { method: 'POST', body: form });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const validated = /** @type {{ result?: { token: string } }} */ (
    await (await fetch(new URL('/cas/client/validateLogin', base), { headers: { cookie } })).json()
  );
  if (!validated.result) throw new Error(`login refused: ${JSON.stringify(validated)}`);
  return validated.result.token;
}

for (const count of NODE_COUNTS) {
  const cluster = new Cluster({
    databaseUrl: DATABASE_URL,
    haproxyPort: PORT,
    nodePorts: Array.from({ length: count }, (_, i) => PORT + 1 + i),
    env: { APP_ENV: 'demo', LOG_LEVEL: 'warn' },
  });
  console.log(`▶ ${count} node${count > 1 ? 's' : ''}`);
  await cluster.start();
  try {
    const base = cluster.haproxyUrl;
    const publicCall = (/** @type {number} */ client, /** @type {number} */ round) =>
      PUBLIC_CALLS[(client + round) % PUBLIC_CALLS.length];
    await measure(cluster, 'public', base, publicCall);
    if (count === 1) await measure(cluster, 'public, no HAProxy', cluster.nodes[0].url, publicCall);

    const tokens = await Promise.all(Array.from({ length: 10 }, () => staffToken(base)));
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
          body: { catalogId, title: `集群基准草稿 ${client}-${round}` },
          headers,
        };
      if (round % 3 === 1) return { path: '/rest/cmsAdmin/getContent', body: { id: ids[round % ids.length] }, headers };
      return { path: '/rest/cmsAdmin/getContentPage', body: { pageNum: 1 + (round % 3), pageSize: 20 }, headers };
    };
    await measure(cluster, 'staff (list, detail, 1 write in 10)', base, staffCall);
  } finally {
    await cluster.stop();
  }
}

// The drafts the staff load saved.
await sql(`delete from cms_contents where title like '集群基准草稿 %'`);
console.log(
  `\nbench:cluster — ${CONNECTIONS} clients, ${DURATION_MS / 1000} s each, on ${DATABASE_URL.replace(/\/\/[^@/]*@/, '//')}`,
);
console.table(rows);
