import { randomInt } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { AppDatabase } from './client';

/**
 * DESIGN's one change signal across server processes (docs/architecture.md "Change
 * signal"). A statement trigger on each watched table sends `NOTIFY cotton_change '<table>
 * <txid>'` (migration 0021); PostgreSQL delivers it to every listening connection when the
 * writing transaction commits. A process keeps, per table, how many changes it has heard
 * (each transaction's once, whichever of its connections heard it first), and a
 * cache keeps a value with the versions it was computed under: while they read the same,
 * nothing it depends on has changed.
 *
 * - PGlite (one process): the one connection listens; a notification is delivered before
 *   the committing call returns, so the process always knows.
 * - PostgreSQL: a connection of its own listens for other processes' changes and every
 *   pool connection listens too — PostgreSQL hands a connection its own notifications
 *   before its `COMMIT` returns, so a process sees its own writes at once (another process
 *   hears them within milliseconds). While that connection is down the signal is not
 *   live: {@link ChangeSignal.versions} answers null and caches read the database; on
 *   reconnection a new epoch makes everything kept before it stale.
 */
export interface ChangeSignal {
  /**
   * The versions of `tables` as heard, one string to compare, or null while not listening
   * (then nothing may be kept: read the database).
   */
  versions(tables: readonly string[]): string | null;
  /** Calls `listener` after each change heard of `table`; returns the unsubscribe. */
  onChange(table: string, listener: () => void): () => void;
  /** What `/readyz` and `/metrics` read (docs/deployment.md). */
  status(): ChangeSignalStatus;
  /**
   * PostgreSQL only: how long a notification sent by `send` (through another connection —
   * the pool's) takes to reach the listening connection, in seconds; null when not
   * listening or not heard within `timeoutMs`.
   */
  probe?(send: (payload: string) => Promise<unknown>, timeoutMs: number): Promise<number | null>;
  close(): Promise<void>;
}

export interface ChangeSignalStatus {
  /** Listening: caches may keep values. */
  live: boolean;
  /** Changes heard (each transaction's once) since the process started. */
  heard: number;
  /** Times the listening connection was lost and listened again. */
  reconnects: number;
  /** `Date.now()` of the last change heard; null before the first. */
  lastHeardAt: number | null;
}

/** The pseudo-table of a probe's payload: no cache depends on it. */
export const PROBE_TABLE = 'signal_probe';

/** The channel of migration 0021's triggers. */
export const CHANGE_CHANNEL = 'cotton_change';

/** The `application_name` of the listening connection (pg_stat_activity shows it). */
export const LISTENER_NAME = 'cotton-change-signal';

/** The trigger's payload: TG_TABLE_NAME, a space, txid_current(). Bounded and plain. */
const PAYLOAD = /^([a-z_][a-z0-9_]{0,62}) \d{1,20}$/;
/** How many payloads are remembered to count each once (several connections hear each). */
const REMEMBERED = 4096;

/** The bookkeeping both drivers share: counts per table, the epoch, the listeners. */
class HeardChanges {
  private readonly counts = new Map<string, number>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly recent = new Set<string>();
  private epoch = 0;
  live = false;
  total = 0;
  lastHeardAt: number | null = null;

  versions(tables: readonly string[]): string | null {
    if (!this.live) return null;
    let key = String(this.epoch);
    for (const table of tables) key += `.${this.counts.get(table) ?? 0}`;
    return key;
  }

  /** Everything heard before is forgotten: entries kept under the old epoch no longer match. */
  newEpoch(): void {
    this.epoch += 1;
    for (const set of this.listeners.values()) for (const listener of set) listener();
  }

  heard(payload: string): void {
    const table = PAYLOAD.exec(payload)?.[1];
    if (table === undefined || this.recent.has(payload)) return;
    this.recent.add(payload);
    if (this.recent.size > REMEMBERED) this.recent.delete(this.recent.values().next().value as string);
    this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
    this.total += 1;
    this.lastHeardAt = Date.now();
    for (const listener of this.listeners.get(table) ?? []) listener();
  }

  onChange(table: string, listener: () => void): () => void {
    let set = this.listeners.get(table);
    if (!set) {
      set = new Set();
      this.listeners.set(table, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }
}

/** The signal of an embedded database: its one connection listens. */
export async function listenPglite(client: PGlite): Promise<ChangeSignal> {
  const heard = new HeardChanges();
  const unlisten = await client.listen(CHANGE_CHANNEL, (payload) => heard.heard(payload));
  heard.live = true;
  return {
    versions: (tables) => heard.versions(tables),
    onChange: (table, listener) => heard.onChange(table, listener),
    status: () => ({ live: heard.live, heard: heard.total, reconnects: 0, lastHeardAt: heard.lastHeardAt }),
    async close() {
      heard.live = false;
      if (!client.closed) await unlisten();
    },
  };
}

export interface PostgresSignalOptions {
  connectionString: string;
  /** Errors of the listening connection (it reconnects by itself). */
  onError?: (error: Error) => void;
  /** The longest wait between reconnection attempts, ms. */
  maxRetryMs?: number;
}

export interface PostgresChangeSignal extends ChangeSignal {
  /** The pool's `onConnect`: each new pool connection listens before it is used. */
  onPoolConnect(client: pg.ClientBase): Promise<void>;
}

/** The signal of a PostgreSQL database: a listening connection of its own, and the pool's. */
export function listenPostgres(options: PostgresSignalOptions): PostgresChangeSignal {
  const heard = new HeardChanges();
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  let closed = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let connections = 0;
  /** Probes waiting for their payload on the listening connection. */
  const probes = new Map<string, () => void>();

  const onNotification = (message: pg.Notification) => {
    if (message.channel === CHANGE_CHANNEL && message.payload) heard.heard(message.payload);
  };

  const lost = (error?: Error) => {
    if (error) options.onError?.(error);
    heard.live = false;
    const dead = client;
    client = null;
    dead?.removeAllListeners();
    dead?.on('error', () => {});
    dead?.end().catch(() => {});
    if (closed || retryTimer) return;
    const wait = Math.min(maxRetryMs, 500 * 2 ** Math.min(failures, 6));
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, wait);
    retryTimer.unref();
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: options.connectionString, application_name: LISTENER_NAME });
    client = next;
    next.on('notification', (message) => {
      onNotification(message);
      if (message.payload) probes.get(message.payload)?.();
    });
    next.on('error', (error) => {
      if (client === next) lost(error);
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (client !== next || closed) return;
      failures = 0;
      connections += 1;
      heard.newEpoch();
      heard.live = true;
    } catch (error) {
      if (client === next) lost(error as Error);
    }
  };
  void connect();

  return {
    versions: (tables) => heard.versions(tables),
    onChange: (table, listener) => heard.onChange(table, listener),
    status: () => ({
      live: heard.live,
      heard: heard.total,
      reconnects: Math.max(0, connections - 1),
      lastHeardAt: heard.lastHeardAt,
    }),
    async probe(send, timeoutMs) {
      if (!heard.live) return null;
      const payload = `${PROBE_TABLE} ${randomInt(1, 2 ** 47)}`;
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        probes.set(payload, () => resolve(true));
        timer = setTimeout(() => resolve(false), timeoutMs);
        timer.unref();
      });
      try {
        await send(payload);
        return (await arrived) ? (performance.now() - started) / 1000 : null;
      } catch {
        return null;
      } finally {
        clearTimeout(timer);
        probes.delete(payload);
      }
    },
    // Every pool connection listens, so that a process hears its own writes before they return.
    async onPoolConnect(pooled) {
      pooled.on('notification', onNotification);
      await pooled.query(`LISTEN ${CHANGE_CHANNEL}`);
    },
    async close() {
      closed = true;
      heard.live = false;
      if (retryTimer) clearTimeout(retryTimer);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}

const signals = new WeakMap<AppDatabase, ChangeSignal>();

/** Attaches the signal of `db` (done by openDatabase). */
export function attachChangeSignal(db: AppDatabase, signal: ChangeSignal): void {
  signals.set(db, signal);
}

/**
 * The change signal of `db`, or null for a database opened without one (then caches keep
 * nothing). A transaction's handle has none: read inside it, nothing is kept.
 */
export function changeSignalOf(db: unknown): ChangeSignal | null {
  return (typeof db === 'object' && db !== null && signals.get(db as AppDatabase)) || null;
}

/**
 * A small cache of values computed from the database, each kept with the versions of the
 * tables it was read from and used while they read the same (LRU past `maxEntries`). Each
 * database (its signal) has its own entries: tests run many databases in one process.
 */
export class VersionedCache<T> {
  private readonly bySignal = new WeakMap<ChangeSignal, Map<string, { versions: string; value: T }>>();

  constructor(
    readonly tables: readonly string[],
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * The value of `key`: kept, or computed by `compute` and kept when the signal is live (and
   * `options.keep` agrees).
   */
  async get(
    signal: ChangeSignal | null,
    key: string,
    compute: () => Promise<T>,
    options: { keep?: (value: T) => boolean } = {},
  ): Promise<T> {
    // Read before computing: a change heard meanwhile makes the entry stale, never wrong.
    const versions = signal?.versions(this.tables) ?? null;
    if (signal === null || versions === null) return compute();
    let entries = this.bySignal.get(signal);
    if (!entries) {
      entries = new Map();
      this.bySignal.set(signal, entries);
    }
    const hit = entries.get(key);
    if (hit && hit.versions === versions) {
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    const value = await compute();
    if (options.keep && !options.keep(value)) return value;
    entries.delete(key);
    entries.set(key, { versions, value });
    if (entries.size > this.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    return value;
  }
}
