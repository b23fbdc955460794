import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { SearchIndexState } from '@cotton/sdk/contracts';
import { CHANGE_CHANNEL, changeSignalOf } from '../../db/change-signal';
import { poolStatsOf, type AppDatabase } from '../../db/client';

/**
 * The operator's figures of one server process (docs/deployment.md "Metrics"), in a registry
 * of the app's own (tests run many apps in one process); the process figures of prom-client
 * (CPU, memory, event loop, garbage collection) in one registry per process beside it. Every
 * label takes a bounded set of values: route patterns, never URLs; envelope codes from the
 * known list; job types from the code's list.
 */

/** How long a scrape waits for the change-signal probe to come back. */
const PROBE_TIMEOUT_MS = 2_000;

/** The envelope codes counted by name (http/envelope.ts); any other is `other`. */
const ENVELOPE_CODES = new Set([
  '0000',
  '400',
  '401',
  '403',
  '404',
  '429',
  '500',
  '503',
  '504',
  '1001',
  '1002',
  '1003',
  '1004',
  '1005',
]);

/** `rtn_code` of an answer that is no envelope (a page, a file, a metrics text). */
export const NO_ENVELOPE = 'none';

/** The label of an envelope code as sent: known codes by name, anything else `other`. */
export function envelopeCodeLabel(code: string | null): string {
  if (code === null) return NO_ENVELOPE;
  return ENVELOPE_CODES.has(code) ? code : 'other';
}

export type LoginOutcome = 'success' | 'failure' | 'locked';
export type PluginAction = 'install' | 'activate' | 'enable' | 'disable' | 'uninstall';

let processRegistry: Registry | null = null;

/** The process-wide figures, made once per process (each would otherwise watch the event loop again). */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface OpsMetricsSources {
  db: AppDatabase;
  searchIndex: () => SearchIndexState | null;
  draining: () => boolean;
}

export class OpsMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status' | 'rtn_code'>;
  readonly duration: Histogram<'method' | 'route'>;
  readonly logins: Counter<'method' | 'outcome'>;
  readonly pluginEvents: Counter<'action' | 'outcome'>;
  readonly jobRuns: Counter<'job' | 'outcome'>;
  readonly jobDuration: Histogram<'job'>;

  constructor({ db, searchIndex, draining }: OpsMetricsSources) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'cotton_http_requests_total',
      help: 'Answers sent, by route pattern, HTTP status and envelope code (rtnCode; "none" for answers without the envelope).',
      labelNames: ['method', 'route', 'status', 'rtn_code'],
      registers,
    });
    this.duration = new Histogram({
      name: 'cotton_http_request_duration_seconds',
      help: 'Time from the request arriving to the answer sent, by route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.logins = new Counter({
      name: 'cotton_login_attempts_total',
      help: 'Finished logins by method and outcome: success, failure, or locked (refused because the account or address is locked out).',
      labelNames: ['method', 'outcome'],
      registers,
    });
    this.pluginEvents = new Counter({
      name: 'cotton_plugin_events_total',
      help: 'Plugin administration calls (install, activate, enable, disable, uninstall) by outcome: ok or refused.',
      labelNames: ['action', 'outcome'],
      registers,
    });
    this.jobRuns = new Counter({
      name: 'cotton_job_runs_total',
      help: 'Scheduled task runs this process worked on, by job type and outcome (success, failed).',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'cotton_job_run_duration_seconds',
      help: 'How long the runs of each job type took.',
      labelNames: ['job'],
      buckets: [0.01, 0.1, 1, 10, 60, 600],
      registers,
    });

    new Gauge({
      name: 'cotton_draining',
      help: '1 while the process is stopping (SIGTERM): /readyz answers 503.',
      aggregator: 'max',
      registers,
      collect() {
        this.set(draining() ? 1 : 0);
      },
    });

    new Gauge({
      name: 'cotton_db_pool_connections',
      help: 'PostgreSQL pool connections: open (total), idle, requests waiting for one, and the most it opens (max). Absent on the embedded database.',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = poolStatsOf(db);
        if (!stats) return;
        for (const state of ['max', 'total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
      },
    });

    const signal = () => changeSignalOf(db);
    new Gauge({
      name: 'cotton_change_signal_listening',
      help: '1 while the change signal listens (caches may keep values); 0 while it reconnects (caches read the database).',
      aggregator: 'min',
      registers,
      collect() {
        this.set(signal()?.status().live ? 1 : 0);
      },
    });
    new Counter({
      name: 'cotton_change_signal_changes_heard_total',
      help: 'Changes heard on the change signal (each transaction once).',
      registers,
      collect() {
        this.reset();
        this.inc(signal()?.status().heard ?? 0);
      },
    });
    new Counter({
      name: 'cotton_change_signal_reconnects_total',
      help: 'Times the listening connection was lost and listened again.',
      registers,
      collect() {
        this.reset();
        this.inc(signal()?.status().reconnects ?? 0);
      },
    });
    new Gauge({
      name: 'cotton_change_signal_last_heard_age_seconds',
      help: 'Seconds since the last change was heard (-1: none yet).',
      aggregator: 'max',
      registers,
      collect() {
        const at = signal()?.status().lastHeardAt ?? null;
        this.set(at === null ? -1 : (Date.now() - at) / 1000);
      },
    });
    new Gauge({
      name: 'cotton_change_signal_lag_seconds',
      help: 'PostgreSQL: seconds a notification sent through the pool took to reach the listening connection, measured at the scrape (NaN: not heard within 2 s; 0 on the embedded database, where a change is heard before the write returns).',
      aggregator: 'max',
      registers,
      async collect() {
        const probe = signal()?.probe;
        if (!probe) return;
        const lag = await probe(
          (payload) => db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`),
          PROBE_TIMEOUT_MS,
        );
        this.set(lag ?? Number.NaN);
      },
    });

    new Gauge({
      name: 'cotton_receipt_index_built',
      help: '1 once the receipt search index is built.',
      aggregator: 'min',
      registers,
      collect() {
        this.set(searchIndex()?.rows == null ? 0 : 1);
      },
    });
    new Gauge({
      name: 'cotton_receipt_index_rows',
      help: 'Receipts in the search index.',
      aggregator: 'max',
      registers,
      collect() {
        this.set(searchIndex()?.rows ?? 0);
      },
    });
    new Gauge({
      name: 'cotton_receipt_index_versions_behind',
      help: 'Receipt changes committed in the database that the search index has not applied yet (its freshness; -1 before it is built).',
      aggregator: 'max',
      registers,
      async collect() {
        const applied = searchIndex()?.version ?? null;
        if (applied === null) {
          this.set(-1);
          return;
        }
        try {
          const result = await db.execute(sql`select version from receipt_search_state where id = 1`);
          const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
            version: number | string;
          }>;
          this.set(Math.max(0, Number(rows[0]?.version ?? applied) - applied));
        } catch {
          this.set(Number.NaN);
        }
      },
    });
    new Gauge({
      name: 'cotton_receipt_index_last_change_age_seconds',
      help: 'Seconds since the search index last applied a change or was built (-1 before it is built).',
      aggregator: 'max',
      registers,
      collect() {
        const state = searchIndex();
        const last = Math.max(Date.parse(state?.updatedAt ?? '') || 0, Date.parse(state?.builtAt ?? '') || 0);
        this.set(last === 0 ? -1 : (Date.now() - last) / 1000);
      },
    });
    new Counter({
      name: 'cotton_receipt_index_rebuilds_total',
      help: 'Builds of the receipt search index from the whole table (the first included).',
      registers,
      collect() {
        this.reset();
        this.inc(searchIndex()?.rebuilds ?? 0);
      },
    });
  }

  /** This process's figures and its process figures, in the text format. */
  async text(): Promise<string> {
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }
}
