import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Agent, request as httpRequest } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/http/envelope';
import { ADMIN, EDITOR, REVIEWER, formLogin, loginToken } from '../auth-helpers';
import { clientOf, type HttpClient } from '../helpers';
import { pluginArchive } from '../plugin-archive-fixture';
import { completeApplication } from '../register-fixtures';
import { SUBMITTED_FILES_PER_ADDRESS_PER_HOUR } from '../../src/modules/register/submit';
// @ts-expect-error -- plain ESM script without type declarations
import { Cluster, ensureDatabase } from '../../../scripts/lib/cluster.mjs';
// @ts-expect-error -- plain ESM script without type declarations
import { ensureHaproxy, root } from '../../../scripts/lib/ensure.mjs';

/**
 * Issue 33's proof (docs/deployment.md "Proof"): three built nodes — separate processes, ports
 * and folders, as machines — on one PostgreSQL behind Debian's HAProxy, as `npm run cluster`
 * starts them, once for the whole file. Bounds the issue states (2 s, 3 s) are asserted with the
 * time printed; everything else waits by polling with a deadline.
 */

interface NodeProcess {
  name: string;
  port: number;
  url: string;
  child: import('node:child_process').ChildProcess;
  lines: Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: string | null }>;
}
interface ClusterHandle {
  haproxyUrl: string;
  nodes: NodeProcess[];
  start(): Promise<void>;
  stop(): Promise<Array<{ code: number | null }>>;
  node(name: string): NodeProcess;
  restartNode(name: string): Promise<NodeProcess>;
  serverStates(): Promise<Record<string, string>>;
  waitServers(wanted: Record<string, string>, timeoutMs: number): Promise<Record<string, string>>;
  haproxyCommand(command: string): Promise<string>;
}

const PG = process.env.TEST_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const databaseUrl = (() => {
  const url = new URL(PG);
  url.pathname = '/cotton_cluster_proof';
  return url.href;
})();
const BASE_PORT = Number(process.env.CLUSTER_TEST_PORT ?? 3310);

let cluster: ClusterHandle;
let db: pg.Pool;
const node: Record<'a' | 'b' | 'c', HttpClient> = {} as never;
let balancer: HttpClient;

beforeAll(async () => {
  // The nodes run the build (`npm test` or `npm run build` made it); HAProxy comes from apt.
  if (!existsSync(join(root as string, 'server', 'dist', 'main.js')))
    throw new Error('no build: run npm run build first');
  ensureHaproxy();
  await ensureDatabase(databaseUrl, { fresh: true });
  cluster = new Cluster({
    databaseUrl,
    haproxyPort: BASE_PORT,
    nodePorts: [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3],
    env: { APP_ENV: 'test', JOB_TICK_MS: '200', JOB_LEASE_MS: '3000', LOG_LEVEL: 'info' },
  }) as ClusterHandle;
  try {
    await cluster.start();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  for (const name of ['a', 'b', 'c'] as const) node[name] = clientOf(cluster.node(name).url);
  balancer = clientOf(cluster.haproxyUrl);
});

afterAll(async () => {
  await db?.end();
  if (!cluster) return;
  const exits = await cluster.stop();
  // Every node drained and exited 0: node c on its SIGTERM under load, the others now (the node
  // killed earlier was restarted).
  expect(exits.map((exit) => exit.code)).toEqual([0, 0, 0]);
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const FILE_FIELDS = [
  ['copyBusinessLicenseFile', PNG, '营业执照.png'],
  ['lrCertificateFile', PNG, '身份证.png'],
  ['feeFile', PDF, '汇款凭证.pdf'],
  ['usbkeyAgentFile', PDF, '委托书.pdf'],
] as const;

async function accountTypeId(server: HttpClient): Promise<string> {
  const types = await server.post<{ registerAccountTypeList: Array<{ id: string }> }>(
    '/rest/accountType/getRegisterAccountType',
    {},
  );
  return types.envelope.dataSet!.registerAccountTypeList[0].id;
}

/** A complete application with its four files, as the form sends it (multipart). */
function applicationForm(typeId: string): { form: FormData; name: string } {
  const { vo, name } = completeApplication(typeId);
  const form = new FormData();
  form.append('registerApplyVo', JSON.stringify(vo));
  for (const [field, bytes, fileName] of FILE_FIELDS) form.append(field, new Blob([bytes]), fileName);
  return { form, name };
}

const elapsedSince = (start: number) => Date.now() - start;

describe('three nodes on one PostgreSQL behind HAProxy', () => {
  it('registers through A, reviews through B, previews the files through C; the new administrator logs in through A', async () => {
    const { form, name } = applicationForm(await accountTypeId(node.a));
    const submitted = (await (
      await fetch(`${node.a.baseUrl}/rest/traderregister/addRegisterApply`, { method: 'POST', body: form })
    ).json()) as Envelope<{ applyId: string }>;
    expect(submitted.rtnCode).toBe('0000');
    const id = submitted.dataSet!.applyId;

    const reviewer = await loginToken(node.b, REVIEWER);
    const page = await node.b.post<{ pagination: { result: Array<{ id: string; traderName: string }> } }>(
      '/rest/registerReview/getApplyPage',
      { pageNum: 1, pageSize: 10, filters: { traderName: name, status: '0' } },
      { authorization: reviewer },
    );
    expect(page.envelope.dataSet!.pagination.result.map((row) => row.id)).toEqual([id]);
    const detail = await node.b.post<{
      sections: Array<{ files: Array<{ label: string; files: Array<{ previewUrl: string }> }> }>;
    }>('/rest/registerReview/getApplyDetail', { id }, { authorization: reviewer });
    const previews = detail.envelope.dataSet!.sections.flatMap((section) =>
      section.files.flatMap((group) => group.files.map((file) => file.previewUrl)),
    );
    expect(previews).toHaveLength(FILE_FIELDS.length);
    // The preview links node B signed are served by node C, from the bytes node A stored.
    const served = await Promise.all(
      previews.map(async (url) => Buffer.from(await (await node.c.get(url)).arrayBuffer())),
    );
    expect(served.filter((bytes) => bytes.equals(PNG))).toHaveLength(2);
    expect(served.filter((bytes) => bytes.equals(PDF))).toHaveLength(2);

    const approved = await node.b.post<{ enterpriseCode: string; loginName: string }>(
      '/rest/registerReview/approveApply',
      { id, round: 1 },
      { authorization: reviewer },
    );
    expect(approved.envelope.rtnCode).toBe('0000');
    const { enterpriseCode, loginName } = approved.envelope.dataSet!;
    // The initial password, as the log-only SMS sender of node B wrote the message.
    const sms = cluster
      .node('b')
      .lines.map((line) => String(line.content ?? ''))
      .find((content) => content.includes(`业务代码：${enterpriseCode}`));
    const password = /初始密码：([^，]+)，/.exec(sms ?? '')?.[1];
    expect(password).toBeTruthy();
    const token = await loginToken(node.a, { code: enterpriseCode, username: loginName, password: password! });
    const init = await node.a.post<{ mustChangePassword: boolean; enterprise: { code: string } }>(
      '/rest/auth/init',
      {},
      { authorization: token },
    );
    expect(init.envelope.dataSet).toMatchObject({ mustChangePassword: true, enterprise: { code: enterpriseCode } });
  });

  it('serves a plugin installed through A on B and C at once; disabled through C, it is gone on A', async () => {
    const admin = await loginToken(node.a, ADMIN);
    const fixture = pluginArchive({ id: 'clusterdemo', version: '1.0.0' });
    const form = new FormData();
    form.append('file', new Blob([fixture.archive]), 'clusterdemo-1.0.0.tgz');
    const installed = (await (
      await fetch(`${node.a.baseUrl}/rest/plugin/installPlugin`, {
        method: 'POST',
        headers: { authorization: admin },
        body: form,
      })
    ).json()) as Envelope<{ id: string; active: boolean }>;
    expect(installed).toMatchObject({ rtnCode: '0000', dataSet: { id: 'clusterdemo', active: true } });
    const listed = async (server: HttpClient) =>
      (await server.post<{ plugins: Array<{ id: string }> }>('/rest/anon/plugins')).envelope.dataSet!.plugins.some(
        (plugin) => plugin.id === 'clusterdemo',
      );
    for (const server of [node.b, node.c]) {
      await expect.poll(() => listed(server), { timeout: 2000, interval: 50 }).toBe(true);
      const file = await server.get(`/plugins/clusterdemo/${fixture.entryName}`);
      expect(file.status).toBe(200);
      expect(await file.text()).toBe(fixture.entryText);
    }

    const disabled = await node.c.post('/rest/plugin/disablePlugin', { id: 'clusterdemo' }, { authorization: admin });
    expect(disabled.envelope.rtnCode).toBe('0000');
    await expect.poll(() => listed(node.a), { timeout: 2000, interval: 50 }).toBe(false);
    expect(await listed(node.b)).toBe(false);
  });

  it('shows an article published through A through C within 2 s', async () => {
    const admin = await loginToken(node.a, ADMIN);
    const catalog = await db.query<{ id: number }>(`select id from cms_catalogs where code = 'serviceCenter'`);
    const listedOnC = async (id: string) =>
      (
        await node.c.post<{ pagination: { result: Array<{ id: string }> } }>(
          '/rest/cmsContent/PageCmsContentAndTemService',
          { code: 'serviceCenter', pageParameter: { pageNum: 1, pageSize: 100 } },
        )
      ).envelope.dataSet!.pagination.result.some((row) => row.id === id);
    const added = await node.a.post<{ id: string }>(
      '/rest/cmsAdmin/addContent',
      { catalogId: String(catalog.rows[0].id), title: '集群发布测试', body: '<p>三个节点</p>' },
      { authorization: admin },
    );
    expect(added.envelope.rtnCode).toBe('0000');
    const id = added.envelope.dataSet!.id;
    // Node C has the list in its answer cache from before the publication.
    expect(await listedOnC(id)).toBe(false);
    const published = await node.a.post('/rest/cmsAdmin/publishContent', { ids: id }, { authorization: admin });
    expect(published.envelope.dataSet).toEqual({ updated: 1 });
    const start = Date.now();
    await expect.poll(() => listedOnC(id), { timeout: 10_000, interval: 25 }).toBe(true);
    const took = elapsedSince(start);
    console.log(`article published on A listed on C after ${took} ms`);
    expect(took).toBeLessThan(2000);
  });

  it('finds a receipt changed in the database by search on every node within 2 s', async () => {
    const [receipt] = (
      await db.query<{ receipt_number: string; status: string }>(
        `select receipt_number, status from receipts order by receipt_number limit 1`,
      )
    ).rows;
    const next = receipt.status === '3' ? '4' : '3';
    const found = async (server: HttpClient) =>
      (
        await server.post<{ pageWareHouse: { totalCount: number } }>('/rest/esQuery/esqueryWareHouseData/1', {
          stgWareHouseQueryParameters: { batchOrReceiptNumber: receipt.receipt_number, warehouseStatus: [next] },
          pageParameter: { pageNum: 1, pageSize: 10 },
        })
      ).envelope.dataSet!.pageWareHouse.totalCount;
    for (const server of Object.values(node)) expect(await found(server)).toBe(0);
    await db.query('update receipts set status = $1 where receipt_number = $2', [next, receipt.receipt_number]);
    const start = Date.now();
    const took = await Promise.all(
      Object.values(node).map(async (server) => {
        await expect.poll(() => found(server), { timeout: 10_000, interval: 25 }).toBe(1);
        return elapsedSince(start);
      }),
    );
    console.log(`receipt changed in the database found on A, B, C after ${took.join(', ')} ms`);
    for (const ms of took) expect(ms).toBeLessThan(2000);
  });

  it('runs a task every second exactly once per tick across the nodes for 20 ticks, and takes over a killed node’s run after its lease', async () => {
    // Only this task is due; the seeded upkeep tasks wait.
    await db.query(`update sys_tasks set status = '2', next_run_at = null`);
    const first = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
    const [task] = (
      await db.query<{ id: number }>(
        `insert into sys_tasks (name, job_type, cron, next_run_at) values ('每秒清理', 'purge-login-records', '* * * * * *', $1) returning id`,
        [first],
      )
    ).rows;
    const runs = async () =>
      (
        await db.query<{ scheduled_at: Date; status: string; attempts: number; worker: string | null }>(
          `select scheduled_at, status, attempts, worker from sys_task_runs where task_id = $1 order by scheduled_at`,
          [task.id],
        )
      ).rows;
    const end = first.getTime() + 20_000;
    const window = async () => (await runs()).filter((run) => run.scheduled_at.getTime() < end);
    await expect
      .poll(async () => (await window()).filter((run) => run.status === 'success').length, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(20);
    const ticks = await window();
    // One run per tick, each run once, none missing: every second of the 20.
    expect(ticks.map((run) => run.scheduled_at.getTime() - first.getTime())).toEqual(
      Array.from({ length: 20 }, (_, i) => i * 1000),
    );
    expect(ticks.every((run) => run.attempts === 1)).toBe(true);
    const pids = new Map(cluster.nodes.map((each) => [String(each.child.pid), each.name]));
    const byNode = (run: { worker: string | null }) => pids.get(run.worker!.split(':').at(-2)!);
    expect(ticks.every((run) => run.worker!.startsWith(`${hostname()}:`) && byNode(run))).toBe(true);
    console.log(`20 ticks run by nodes ${ticks.map(byNode).join('')}`);

    // A run held up (its table locked by this test) on the node that works on it, which is killed.
    const holder = await db.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table sys_sms_codes in access exclusive mode');
      const stuck = await expect
        .poll(async () => (await runs()).find((run) => run.status === 'running' && run.scheduled_at.getTime() >= end), {
          timeout: 10_000,
          interval: 50,
        })
        .toBeTruthy()
        .then(async () => (await runs()).find((run) => run.status === 'running' && run.scheduled_at.getTime() >= end)!);
      const victim = byNode(stuck)!;
      cluster.node(victim).child.kill('SIGKILL');
      await cluster.node(victim).exited;
      await holder.query('rollback');
      // Taken over by another node once its lease (JOB_LEASE_MS 3 s) ran out, and finished.
      await expect
        .poll(async () => (await runs()).find((run) => run.scheduled_at.getTime() === stuck.scheduled_at.getTime()), {
          timeout: 20_000,
          interval: 100,
        })
        .toMatchObject({ status: 'success', attempts: 2 });
      const taken = (await runs()).find((run) => run.scheduled_at.getTime() === stuck.scheduled_at.getTime())!;
      expect(byNode(taken)).not.toBe(victim);
      console.log(
        `run of ${stuck.scheduled_at.toISOString()} killed on node ${victim}, taken over by ${byNode(taken)}`,
      );
      await db.query(`update sys_tasks set status = '2', next_run_at = null where id = $1`, [task.id]);
      await cluster.restartNode(victim);
      node[victim as 'a' | 'b' | 'c'] = clientOf(cluster.node(victim).url);
      await cluster.waitServers({ a: 'UP', b: 'UP', c: 'UP' }, 20_000);
    } finally {
      holder.release();
    }
  });

  it('locks an account after five wrong passwords spread over the three nodes; the sixth is refused on any', async () => {
    const wrong = { ...EDITOR, password: 'Wrong@2026' };
    for (const server of [node.a, node.b, node.c, node.a, node.b])
      expect((await formLogin(server, wrong)).body.rtnCode).toBe('1001');
    for (const server of Object.values(node))
      expect((await formLogin(server, EDITOR)).body).toMatchObject({ rtnCode: '1002' });
  });
});

/** Loads started so far: each load's visitors have addresses no earlier load used. */
let loads = 0;
/**
 * Applications one visitor submits at most: the address's hourly share of files
 * (SUBMITTED_FILES_PER_ADDRESS_PER_HOUR, four files each), which the nodes rightly refuse past
 * it (`429`) — on a fast machine a visitor reached it while a node drained.
 */
const APPLICATIONS_PER_VISITOR = Math.floor(SUBMITTED_FILES_PER_ADDRESS_PER_HOUR / FILE_FIELDS.length);

/**
 * 20 visitors through HAProxy, each from an address of its own (127.0.0.x, which HAProxy puts
 * in X-Forwarded-For and the nodes believe, TRUST_PROXY): public searches, and one request in
 * five a registration with its four files, up to the address's share. Counts answers and
 * failures until stopped.
 */
function load(typeId: string) {
  let running = true;
  const failures: string[] = [];
  let answered = 0;
  const submitted: string[] = [];
  const first = 10 + 20 * loads++;
  const client = async (index: number) => {
    const agent = new Agent({ keepAlive: true, localAddress: `127.0.0.${first + index}` } as never);
    let applications = 0;
    for (let round = 0; running; round++) {
      try {
        if (round % 5 === 4 && applications < APPLICATIONS_PER_VISITOR) {
          applications += 1;
          const { form } = applicationForm(typeId);
          const request = new Request('http://x/', { method: 'POST', body: form });
          const body = Buffer.from(await request.arrayBuffer());
          const answer = await send(agent, '/rest/traderregister/addRegisterApply', body, {
            'content-type': request.headers.get('content-type')!,
          });
          const envelope = JSON.parse(answer.body) as Envelope<{ applyId: string }>;
          if (answer.status !== 200 || envelope.rtnCode !== '0000')
            failures.push(`register ${answer.status} ${answer.body.slice(0, 120)}`);
          else submitted.push(envelope.dataSet!.applyId);
        } else {
          const path = round % 2 ? '/rest/anon/queryWhsPage' : '/rest/esQuery/esqueryWareHouseData/1';
          const query =
            round % 2
              ? { searchParam: {}, pageParameter: { pageNum: 1, pageSize: 10 } }
              : { stgWareHouseQueryParameters: {}, pageParameter: { pageNum: 1, pageSize: 10 } };
          const answer = await send(agent, path, Buffer.from(JSON.stringify(query)), {
            'content-type': 'application/json',
          });
          if (answer.status !== 200 || !answer.body.includes('"rtnCode":"0000"'))
            failures.push(`${path} ${answer.status} ${answer.body.slice(0, 120)}`);
        }
      } catch (error) {
        failures.push(`error ${(error as Error).message}`);
      }
      answered += 1;
    }
    agent.destroy();
  };
  const clients = Array.from({ length: 20 }, (_, index) => client(index));
  return {
    failures,
    submitted,
    answered: () => answered,
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
}

function send(
  agent: Agent,
  path: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const url = new URL(cluster.haproxyUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.once('error', reject);
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

/** Polls until `count()` has grown by `by`. */
async function whileMore(count: () => number, by: number) {
  const target = count() + by;
  await expect.poll(count, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(target);
}

/** Sessions HAProxy sent to `name` so far (`stot` of `show stat`). */
async function sentTo(name: string): Promise<number> {
  const [header, ...rows] = (await cluster.haproxyCommand('show stat')).trim().split('\n');
  const column = header.replace(/^# /, '').split(',').indexOf('stot');
  const row = rows.map((line) => line.split(',')).find((cells) => cells[0] === 'nodes' && cells[1] === name);
  return Number(row?.[column] ?? 0);
}

describe('under 20 concurrent visitors through HAProxy', () => {
  it('kill -9 of a node: out of rotation within 3 s, nothing half-stored, and the node restarted rejoins', async () => {
    const typeId = await accountTypeId(balancer);
    const before = Number((await db.query<{ n: string }>('select max(id) as n from register_applies')).rows[0].n ?? 0);
    const visitors = load(typeId);
    await whileMore(visitors.answered, 100);
    cluster.node('b').child.kill('SIGKILL');
    const start = Date.now();
    await cluster.waitServers({ b: 'DOWN' }, 10_000);
    const outIn = elapsedSince(start);
    await whileMore(visitors.answered, 100);
    await visitors.stop();
    console.log(
      `kill -9 of node b: HAProxy took it out after ${outIn} ms; ${visitors.failures.length} of ${visitors.answered()} requests failed`,
      visitors.failures,
    );
    expect(outIn).toBeLessThan(3000);
    // Only requests in flight on node b at the kill fail — one per visitor at most: those sent
    // after it find its port closed, and HAProxy retries them on another node.
    expect(visitors.failures.length).toBeLessThanOrEqual(20);
    expect(visitors.submitted.length).toBeGreaterThan(0);

    // Nothing half-stored: every application the nodes kept has its four files and their bytes,
    // whether its visitor heard the answer or not; every one answered 0000 is kept.
    const kept = await db.query<{ id: number; files: string; blobs: string }>(
      `select a.id,
              (select count(*) from register_apply_files f where f.apply_id = a.id) as files,
              (select count(*) from register_apply_files f join files x on x.id = f.file_id
                 join file_blobs b on b.sha256 = x.sha256 where f.apply_id = a.id) as blobs
         from register_applies a where a.id > $1`,
      [before],
    );
    expect(kept.rows.filter((row) => Number(row.files) !== 4 || Number(row.blobs) !== 4)).toEqual([]);
    const keptIds = new Set(kept.rows.map((row) => String(row.id)));
    expect(visitors.submitted.filter((id) => !keptIds.has(id))).toEqual([]);

    await cluster.restartNode('b');
    await cluster.waitServers({ b: 'UP' }, 20_000);
    const sent = await sentTo('b');
    const again = load(typeId);
    await expect.poll(() => sentTo('b'), { timeout: 30_000, interval: 100 }).toBeGreaterThan(sent + 10);
    await again.stop();
    expect(again.failures).toEqual([]);
  });

  it('SIGTERM of a node under the same load: 0 failed requests', async () => {
    const typeId = await accountTypeId(balancer);
    const visitors = load(typeId);
    await whileMore(visitors.answered, 100);
    const c = cluster.node('c');
    c.child.kill('SIGTERM');
    const exit = await c.exited;
    await whileMore(visitors.answered, 100);
    await visitors.stop();
    console.log(`SIGTERM of node c: ${visitors.failures.length} of ${visitors.answered()} requests failed`);
    expect(exit.code).toBe(0);
    expect(visitors.failures).toEqual([]);
  });
});
