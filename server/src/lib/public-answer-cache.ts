import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { changeSignalOf, type ChangeSignal } from '../db/change-signal';
import type { AppDatabase } from '../db/client';
import { acceptedEncoding, API_COMPRESS_THRESHOLD, compressAnswer, varyOnEncoding } from '../http/compress';
import { ok } from '../http/envelope';

/**
 * The public calls' answers, kept as the bytes that go out (docs/architecture.md "Public
 * answer cache"). A public route opts in with the tables its answer is read from; the
 * answer of a request is computed once per change of those tables and then served from
 * memory: a hit costs a lookup and the write.
 *
 * - **Key**: the validated request, normalized by the route (`key`), never the raw body —
 *   equal requests written differently share an entry, and a field the answer does not
 *   depend on (the detail's `whsName`) is not in it.
 * - **Freshness**: an entry is kept with the change signal's versions of its tables
 *   (db/change-signal.ts), read *before* the answer is computed, and used only while they
 *   read the same. A write in any process is heard within milliseconds (its own process's
 *   before the write returns), so an answer is never staler than the signal: not a TTL.
 *   While the signal is not live (`versions()` null) nothing is kept or served from memory.
 *   Only the tables named may be read: each must carry the change-signal trigger (the
 *   server tests check every table named here against the database's triggers).
 * - **Never per visitor**: only routes without `config.permission` may opt in, and the
 *   answer may depend on nothing but the key and the tables (no session, cookie, address,
 *   header). Failures (`ApiError`) are never kept.
 * - **Bytes**: the envelope serialized by the route's own response schema
 *   (`reply.serialize`, exactly what an uncached answer would be), and its brotli/gzip
 *   form made on the first request that accepts it, so the compression hook has nothing
 *   left to do.
 * - **Bounded**: each cache keeps at most `maxEntries` answers; their bytes count in one
 *   budget per process (`AnswerBudget`, `PUBLIC_ANSWER_CACHE_MB`) shared by every cache:
 *   past it, the least recently used answers go, whichever cache holds them. Concurrent
 *   misses of one key and versions share one computation.
 * - **Per app**: a route plugin makes its caches when it is registered, so an answer that
 *   also depends on the app's configuration (`portalConfig`) is kept per app, and each
 *   database (its signal) has its own entries besides.
 */

/** An answer as a budget counts it. */
export interface KeptAnswer {
  /** Its bytes, compressed forms included. */
  readonly bytes: number;
}

/** The bytes of one answer: the JSON, and its compressed forms once asked for. */
interface Entry extends KeptAnswer {
  versions: string;
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  bytes: number;
}

export interface PublicAnswerCacheOptions {
  /** The tables the answers are read from (each with the change-signal trigger). */
  tables: readonly string[];
  /** Most answers kept per database (default 2,000). */
  maxEntries?: number;
  /** Where the answers' bytes are counted (default: the process's, `publicAnswerBudget`). */
  budget?: AnswerBudget;
}

/** What the cache counts (tests and diagnostics). */
export interface PublicAnswerStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

class Entries {
  readonly map = new Map<string, Entry>();
  readonly pending = new Map<string, Promise<Entry>>();
  bytes = 0;
  hits = 0;
  misses = 0;
}

/** The default shared byte budget (`PUBLIC_ANSWER_CACHE_MB`). */
export const DEFAULT_PUBLIC_ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * One byte budget shared by answer caches: every answer kept (compressed forms included)
 * counts in it, least recently used first across all the caches; past `maxBytes` the least
 * recently used go until the total is within it again (an answer larger than the whole
 * budget is served but not kept).
 */
export class AnswerBudget {
  bytes = 0;
  /** Each kept answer with what takes it out of its cache, least recently used first. */
  private readonly order = new Map<KeptAnswer, () => void>();

  constructor(private maxBytes: number) {}

  get limit(): number {
    return this.maxBytes;
  }

  /** Sets the budget (the server's configuration) and evicts down to it. */
  setLimit(maxBytes: number): void {
    this.maxBytes = maxBytes;
    this.evict();
  }

  /** How many answers are kept, over every cache. */
  get entries(): number {
    return this.order.size;
  }

  /** `answer` is kept (the most recently used); `drop` takes it out of its cache when evicted. */
  add(answer: KeptAnswer, drop: () => void): void {
    this.order.set(answer, drop);
    this.bytes += answer.bytes;
    this.evict();
  }

  /** `answer` was used. */
  touch(answer: KeptAnswer): void {
    const drop = this.order.get(answer);
    if (!drop) return;
    this.order.delete(answer);
    this.order.set(answer, drop);
  }

  /** `answer` grew by `bytes` (a compressed form made; its `bytes` already counts them). */
  grow(answer: KeptAnswer, bytes: number): void {
    if (!this.order.has(answer)) return;
    this.bytes += bytes;
    this.evict();
  }

  /** `answer` is no longer kept (replaced, or past its cache's `maxEntries`). */
  remove(answer: KeptAnswer): void {
    if (this.order.delete(answer)) this.bytes -= answer.bytes;
  }

  private evict(): void {
    while (this.bytes > this.maxBytes) {
      const oldest = this.order.entries().next();
      if (oldest.done) return;
      const [answer, drop] = oldest.value;
      this.order.delete(answer);
      this.bytes -= answer.bytes;
      drop();
    }
  }
}

/**
 * The process's budget, shared by every answer cache made without one of its own. One per
 * process, whatever the number of apps in it: `buildApp` sets it from the configuration.
 */
export const publicAnswerBudget = new AnswerBudget(DEFAULT_PUBLIC_ANSWER_BYTES);

/** Every table a cache was declared with (the server tests check each has the change-signal trigger). */
const declaredTables = new Set<string>();

/** The tables the public answer caches of this process depend on. */
export function publicAnswerTables(): string[] {
  return [...declaredTables].sort();
}

export class PublicAnswerCache {
  readonly tables: readonly string[];
  private readonly maxEntries: number;
  private readonly budget: AnswerBudget;
  /** Each database (its signal) has its own entries: tests run many databases in one process. */
  private readonly bySignal = new WeakMap<ChangeSignal, Entries>();

  constructor(options: PublicAnswerCacheOptions) {
    this.tables = options.tables;
    for (const table of options.tables) declaredTables.add(table);
    this.maxEntries = options.maxEntries ?? 2000;
    this.budget = options.budget ?? publicAnswerBudget;
  }

  /**
   * Sends the success envelope of `compute()` for the request `key`: from memory while the
   * tables are unchanged, else computed (and kept when the signal is live). A failure of
   * `compute` (an `ApiError`) is thrown as it would be without the cache, and not kept.
   */
  async send(
    db: AppDatabase,
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    compute: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    if (request.routeOptions.config.permission !== undefined)
      throw new Error(`${request.routeOptions.url} 需要登录：其答复因人而异，不可进入公共答复缓存`);
    const signal = changeSignalOf(db);
    // Read before computing: a change heard meanwhile makes the entry stale, never wrong.
    const versions = signal?.versions(this.tables) ?? null;
    if (signal === null || versions === null)
      return reply.send(this.write(request, reply, await this.serialize(reply, compute)));
    let entries = this.bySignal.get(signal);
    if (!entries) {
      entries = new Entries();
      this.bySignal.set(signal, entries);
    }
    let entry = entries.map.get(key);
    if (entry && entry.versions === versions) {
      entries.hits += 1;
      entries.map.delete(key);
      entries.map.set(key, entry);
      this.budget.touch(entry);
    } else {
      entries.misses += 1;
      entry = await this.computeOnce(entries, reply, key, versions, compute);
    }
    // Bytes with a content type set go out as they are: no serializer, no compression hook.
    // The reply is returned: an async handler that sent without `return reply` would have
    // Fastify send once more while the onSend hooks still run.
    return reply.send(this.write(request, reply, entry, entries, key));
  }

  stats(db: AppDatabase): PublicAnswerStats {
    const signal = changeSignalOf(db);
    const entries = signal ? this.bySignal.get(signal) : undefined;
    return {
      hits: entries?.hits ?? 0,
      misses: entries?.misses ?? 0,
      entries: entries?.map.size ?? 0,
      bytes: entries?.bytes ?? 0,
    };
  }

  /** One computation per key and versions, whoever else asks meanwhile. */
  private async computeOnce(
    entries: Entries,
    reply: FastifyReply,
    key: string,
    versions: string,
    compute: () => Promise<unknown>,
  ): Promise<Entry> {
    const pendingKey = `${versions}\u0000${key}`;
    let pending = entries.pending.get(pendingKey);
    if (!pending) {
      pending = this.serialize(reply, compute, versions);
      entries.pending.set(pendingKey, pending);
      pending.then(
        (entry) => {
          entries.pending.delete(pendingKey);
          this.keep(entries, key, entry);
        },
        () => entries.pending.delete(pendingKey),
      );
    }
    return pending;
  }

  private async serialize(reply: FastifyReply, compute: () => Promise<unknown>, versions = ''): Promise<Entry> {
    const serialized: unknown = reply.serialize(ok(await compute()));
    const json = Buffer.isBuffer(serialized) ? serialized : Buffer.from(String(serialized));
    return { versions, json, bytes: json.length };
  }

  private keep(entries: Entries, key: string, entry: Entry): void {
    const previous = entries.map.get(key);
    // The last computed wins: one computed under versions already passed is never served (it
    // does not match), it only costs the next request a computation.
    if (previous) {
      entries.bytes -= previous.bytes;
      entries.map.delete(key);
      this.budget.remove(previous);
    }
    entries.map.set(key, entry);
    entries.bytes += entry.bytes;
    while (entries.map.size > this.maxEntries) {
      const [oldestKey, oldest] = entries.map.entries().next().value!;
      entries.bytes -= oldest.bytes;
      entries.map.delete(oldestKey);
      this.budget.remove(oldest);
    }
    this.budget.add(entry, () => {
      if (entries.map.get(key) !== entry) return;
      entries.map.delete(key);
      entries.bytes -= entry.bytes;
    });
  }

  /** The answer's bytes as the client accepts them (compressed once per entry). */
  private write(request: FastifyRequest, reply: FastifyReply, entry: Entry, entries?: Entries, key?: string): Buffer {
    reply.header('content-type', 'application/json; charset=utf-8');
    if (entry.json.length < API_COMPRESS_THRESHOLD) return entry.json;
    varyOnEncoding(reply);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return entry.json;
    let body = entry[encoding];
    if (!body) {
      body = encoding === 'br' ? compressAnswer(entry.json) : gzipSync(entry.json, { level: 6 });
      entry[encoding] = body;
      entry.bytes += body.length;
      // Counted in the total only while the entry is kept.
      if (entries && key !== undefined && entries.map.get(key) === entry) {
        entries.bytes += body.length;
        this.budget.grow(entry, body.length);
      }
    }
    reply.header('content-encoding', encoding);
    return body;
  }
}

/**
 * A key of a validated request part: its fields in name order (nested objects too), so
 * `{a, b}` and `{b, a}` are one key. For routes whose answer depends on every field.
 */
export function stableKey(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((name) => record[name] !== undefined)
    .sort()
    .map((name) => `${JSON.stringify(name)}:${stableKey(record[name])}`)
    .join(',')}}`;
}
