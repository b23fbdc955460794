import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSignalOf } from '../src/db/change-signal';
import { EDITOR, bearer, formLogin, loginToken, ADMIN } from './auth-helpers';
import type { SearchIndexState } from '@cotton/sdk/contracts';
import { Readiness } from '../src/modules/ops/readiness';
import { openSeededTestDatabase, startTestServer, type TestServer } from './helpers';

// /healthz, /readyz and /metrics (docs/deployment.md), through real HTTP against a started
// server. The drain on SIGTERM, with the server as a child process, is drain.test.ts.

const TOKEN = 'scrape-token-0123456789abcdef';

/** The value of the sample of `name` carrying every label of `labels` (0 when there is none). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  let found = false;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const braces = /^[a-z_]+(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!braces) continue;
    const present = new Map([...(braces[1] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) {
      total += Number(braces[2]);
      found = true;
    }
  }
  return found ? total : 0;
}

function has(text: string, name: string): boolean {
  return text.split('\n').some((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

async function metricsOf(server: TestServer, headers: Record<string, string> = {}) {
  const response = await server.get('/metrics', headers);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

async function ready(server: TestServer) {
  const response = await server.get('/readyz');
  return {
    status: response.status,
    body: (await response.json()) as { status: string; failing: string[]; message: string },
  };
}

describe('health, readiness and metrics', { timeout: 60_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { metricsAllow: ['127.0.0.1/32'] } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers /healthz while the process runs', async () => {
    const response = await server.get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 once the database answers, the signal listens and the index is built', async () => {
    await expect.poll(async () => (await ready(server)).status, { timeout: 30_000 }).toBe(200);
    expect((await ready(server)).body).toEqual({ status: 'ready', failing: [], message: '就绪' });
  });

  it('counts a refusal by its envelope code although it travels as HTTP 200', async () => {
    const labels = { route: '/rest/plugin/getPluginPage', status: '200', rtn_code: '403' };
    const before = sample((await metricsOf(server)).text, 'cotton_http_requests_total', labels);
    const editor = await loginToken(server, EDITOR);
    const refused = await server.post('/rest/plugin/getPluginPage', { pageNum: 1, pageSize: 10 }, bearer(editor));
    expect(refused.status).toBe(200);
    expect(refused.envelope.rtnCode).toBe('403');
    const after = (await metricsOf(server)).text;
    expect(sample(after, 'cotton_http_requests_total', labels)).toBe(before + 1);
    // And a bad input on a public call, by the route's pattern.
    const bad = await server.post('/rest/anon/queryWhsPage', { pageParameter: { pageNum: -1, pageSize: 10 } });
    expect(bad.envelope.rtnCode).toBe('400');
    const text = (await metricsOf(server)).text;
    expect(sample(text, 'cotton_http_requests_total', { route: '/rest/anon/queryWhsPage', rtn_code: '400' })).toBe(1);
    expect(
      sample(text, 'cotton_http_request_duration_seconds_count', { method: 'POST', route: '/rest/anon/queryWhsPage' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('labels a URL no route matches as unmatched, never by the URL sent', async () => {
    await server.get('/no/such/page/12345');
    await server.post('/rest/no-such-call-67890', {});
    const text = (await metricsOf(server)).text;
    expect(text).not.toContain('12345');
    expect(text).not.toContain('67890');
    expect(sample(text, 'cotton_http_requests_total', { route: 'unmatched', rtn_code: '404' })).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('counts login failures and the attempts refused by the lockout', async () => {
    const labels = (outcome: string) => ({ method: 'form', outcome });
    const before = (await metricsOf(server)).text;
    const stranger = { code: 'CNCE', username: 'metrics-stranger', password: 'Wrong@2026' };
    for (let i = 0; i < 5; i++) expect((await formLogin(server, stranger)).body.rtnCode).toBe('1001');
    expect((await formLogin(server, stranger)).body.rtnCode).toBe('1002');
    const after = (await metricsOf(server)).text;
    expect(sample(after, 'cotton_login_attempts_total', labels('failure'))).toBe(
      sample(before, 'cotton_login_attempts_total', labels('failure')) + 5,
    );
    expect(sample(after, 'cotton_login_attempts_total', labels('locked'))).toBe(
      sample(before, 'cotton_login_attempts_total', labels('locked')) + 1,
    );
  });

  it('counts plugin administration events by outcome', async () => {
    const admin = await loginToken(server, ADMIN);
    const refused = await server.post('/rest/plugin/installPlugin', {}, bearer(admin));
    expect(refused.envelope.rtnCode).toBe('400');
    const text = (await metricsOf(server)).text;
    expect(sample(text, 'cotton_plugin_events_total', { action: 'install', outcome: 'refused' })).toBe(1);
  });

  it('shows the change signal, the search index and, on PostgreSQL, the pool and the signal lag', async () => {
    const { status, type, text } = await metricsOf(server);
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    expect(sample(text, 'cotton_change_signal_listening')).toBe(1);
    expect(sample(text, 'cotton_receipt_index_built')).toBe(1);
    expect(sample(text, 'cotton_receipt_index_rows')).toBeGreaterThan(0);
    expect(sample(text, 'cotton_receipt_index_versions_behind')).toBe(0);
    expect(sample(text, 'cotton_draining')).toBe(0);
    expect(has(text, 'process_cpu_user_seconds_total')).toBe(true);
    if (server.config.databaseUrl) {
      expect(sample(text, 'cotton_db_pool_connections', { state: 'max' })).toBe(10);
      expect(sample(text, 'cotton_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      const lag = sample(text, 'cotton_change_signal_lag_seconds');
      expect(lag).toBeGreaterThan(0);
      expect(lag).toBeLessThan(2);
    } else {
      expect(has(text, 'cotton_db_pool_connections')).toBe(false);
      // One process: a change is heard before the write returns.
      expect(sample(text, 'cotton_change_signal_lag_seconds')).toBe(0);
    }
  });

  it('turns /readyz 503 while draining or while the change signal does not listen, naming why', async () => {
    const other = await startTestServer();
    try {
      await expect.poll(async () => (await ready(other)).status, { timeout: 30_000 }).toBe(200);
      await changeSignalOf(other.db)!.close();
      expect(await ready(other)).toEqual({
        status: 503,
        body: { status: 'not-ready', failing: ['change-signal'], message: '未就绪：变更信号未在监听' },
      });
      other.app.readiness.drain();
      const draining = await other.get('/readyz');
      expect(draining.status).toBe(503);
      // While draining every answer closes its connection.
      expect(draining.headers.get('connection')).toBe('close');
      expect(((await draining.json()) as { failing: string[] }).failing).toEqual(['change-signal', 'draining']);
    } finally {
      await other.close();
    }
  });
});

describe('Readiness', () => {
  it('starts building a receipt index that is neither built nor building, and says it is not ready', async () => {
    const database = await openSeededTestDatabase();
    try {
      let builds = 0;
      let state: SearchIndexState | null = null;
      const readiness = new Readiness(
        database.db,
        () => state,
        () => (builds += 1),
      );
      // On PostgreSQL the change signal may still be connecting: it may be named too.
      expect(await readiness.check()).toMatchObject({
        ready: false,
        failing: expect.arrayContaining(['search-index']),
      });
      expect(builds).toBe(1);
      state = { rows: null, version: null, builtAt: null, buildMs: null, building: true };
      await readiness.check();
      expect(builds).toBe(1);
      state = { ...state, rows: 60, version: 1, building: false };
      await expect
        .poll(() => readiness.check(), { timeout: 30_000 })
        .toEqual({ ready: true, failing: [], message: '就绪' });
      expect(builds).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe('who may read /metrics', { timeout: 60_000 }, () => {
  let closed: TestServer;
  let elsewhere: TestServer;
  beforeAll(async () => {
    // Nothing configured: nobody. An allowed network that is not the caller's, and a token.
    closed = await startTestServer();
    elsewhere = await startTestServer({ config: { metricsAllow: ['10.0.0.0/8'], metricsToken: TOKEN } });
  });
  afterAll(async () => {
    await closed?.close();
    await elsewhere?.close();
  });

  const refusedPlainly = (answer: { status: number; text: string }) => {
    expect(answer.status).toBe(404);
    expect(answer.text).toBe('未找到');
    expect(answer.text).not.toContain('cotton_');
  };

  it('refuses everybody when neither METRICS_ALLOW nor METRICS_TOKEN is set', async () => {
    refusedPlainly(await metricsOf(closed));
    refusedPlainly(await metricsOf(closed, bearer(TOKEN)));
  });

  it('refuses an address outside METRICS_ALLOW, even when it claims another without TRUST_PROXY', async () => {
    refusedPlainly(await metricsOf(elsewhere));
    refusedPlainly(await metricsOf(elsewhere, { 'x-forwarded-for': '10.1.2.3' }));
    refusedPlainly(await metricsOf(elsewhere, bearer('scrape-token-0123456789abcdeX')));
    refusedPlainly(await metricsOf(elsewhere, { authorization: `Basic ${TOKEN}` }));
  });

  it('answers the bearer of METRICS_TOKEN from anywhere', async () => {
    const answer = await metricsOf(elsewhere, bearer(TOKEN));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('# TYPE cotton_http_requests_total counter');
  });
});
