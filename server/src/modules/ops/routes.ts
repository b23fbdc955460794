import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { pluginAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config';
import { isRestPath, RTN_OK } from '../../http/envelope';
import { askClusterMetrics, offerWorkerMetrics } from './cluster-metrics';
import { envelopeCodeLabel, processMetrics, type OpsMetrics, type PluginAction } from './metrics';
import type { Readiness } from './readiness';

/**
 * What a load balancer and an operator ask of a node (docs/deployment.md): `GET /healthz` (the
 * process answers), `GET /readyz` (it should get traffic), `GET /metrics` (Prometheus text,
 * only for the addresses of `METRICS_ALLOW` or the bearer token of `METRICS_TOKEN`).
 */

/** The start of an envelope as the routes serialize it (the schema puts `rtnCode` first). */
const ENVELOPE_START = /^\{"rtnCode":"([0-9]{1,8})"/;

/** The envelope code of an answer as it goes out, or null for an answer that is no envelope. */
function envelopeCodeOf(url: string, payload: unknown, encoded: boolean): string | null {
  if (!isRestPath(url)) return null;
  // A /rest answer already compressed before the onSend hooks is the public answer cache's
  // (lib/public-answer-cache.ts), which keeps successes only.
  if (encoded) return RTN_OK;
  let head: string | null = null;
  if (typeof payload === 'string') head = payload.slice(0, 32);
  else if (Buffer.isBuffer(payload)) head = payload.subarray(0, 32).toString('latin1');
  return head === null ? null : (ENVELOPE_START.exec(head)?.[1] ?? null);
}

const PLUGIN_ACTIONS = new Map<string, PluginAction>(
  (['install', 'activate', 'enable', 'disable', 'uninstall'] as const).map((action) => [
    pluginAdminCalls[action].path,
    action,
  ]),
);

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's readiness (main.ts drains it on SIGTERM). */
    readiness: Readiness;
    /** This process's operator figures. */
    opsMetrics: OpsMetrics;
  }
  interface FastifyRequest {
    /** The envelope code the answer carried (read in onSend, counted in onResponse). */
    envelopeCode: string | null;
  }
}

/**
 * On the root instance, before the compression (it reads the envelopes before they turn into
 * bytes): counts every answer by route pattern and envelope code, times it, counts plugin
 * administration events; while draining, every answer closes its connection.
 */
export function registerOpsHooks(app: FastifyInstance, readiness: Readiness, metrics: OpsMetrics): void {
  app.decorate('readiness', readiness);
  app.decorate('opsMetrics', metrics);
  app.decorateRequest('envelopeCode', null);
  app.addHook('onSend', async (request, reply, payload) => {
    request.envelopeCode = envelopeCodeOf(request.url, payload, reply.hasHeader('content-encoding'));
    if (readiness.draining) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const code = envelopeCodeLabel(request.envelopeCode);
    metrics.requests.inc({ method: request.method, route, status: reply.statusCode, rtn_code: code });
    metrics.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    const action = PLUGIN_ACTIONS.get(route);
    if (action) metrics.pluginEvents.inc({ action, outcome: code === RTN_OK ? 'ok' : 'refused' });
  });
}

/** The addresses of `METRICS_ALLOW`. */
function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function allowedAddress(list: BlockList, ip: string): boolean {
  // A dual-stack socket shows an IPv4 visitor as ::ffff:a.b.c.d.
  const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(plain)) return list.check(plain, 'ipv4');
  return isIPv6(plain) && list.check(plain, 'ipv6');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function bearerMatches(request: FastifyRequest, expected: Buffer | null): boolean {
  const header = request.headers.authorization;
  if (expected === null || typeof header !== 'string' || header.length > 300) return false;
  const match = /^Bearer ([\x21-\x7e]{1,256})$/.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

const Readyz = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not-ready')]),
  failing: Type.Array(Type.String()),
  message: Type.String(),
});

export const opsRoutes: FastifyPluginAsync<{ config: Config; readiness: Readiness; metrics: OpsMetrics }> = async (
  app,
  { config, readiness, metrics },
) => {
  const allowed = allowList(config.metricsAllow);
  const token = config.metricsToken === null ? null : digest(config.metricsToken);
  const clustered = cluster.isWorker;
  if (clustered) offerWorkerMetrics([processMetrics(), metrics.registry]);

  // A load balancer asks every second or two: its requests are not worth a log line each.
  app.get(
    '/healthz',
    { logLevel: 'warn', schema: { response: { 200: Type.Object({ status: Type.Literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { response: { 200: Readyz, 503: Readyz } } },
    async (_request, reply) => {
      const report = await readiness.check();
      return reply
        .code(report.ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: report.ready ? 'ready' : 'not-ready', failing: report.failing, message: report.message });
    },
  );

  app.get('/metrics', { logLevel: 'warn', schema: {} }, async (request, reply) => {
    // Refused as a path that does not exist: nothing tells a visitor there is something here.
    if (!allowedAddress(allowed, request.ip) && !bearerMatches(request, token))
      return reply.code(404).type('text/plain; charset=utf-8').send('未找到');
    const text = clustered ? await askClusterMetrics() : await metrics.text();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
};
