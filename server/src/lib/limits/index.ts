import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppDatabase, Tx } from '../../db/client';
import { sysLimitTakes } from '../../db/schema/index';

/**
 * The one way to say "at most N per key per window" (DESIGN "One atomic limit";
 * docs/architecture.md "Limits"): uploads per token and per address, complaints, SMS codes,
 * submitted files, anonymous checks. A limit is counted and taken in one step under the
 * key's lock — a PostgreSQL advisory transaction lock on the key, then the sum of the key's
 * takes in the window, then the take — inside the caller's transaction, so the take commits
 * with the write it allows (a loose upload counts once its row exists; a refused or failed
 * write leaves no take). Simultaneous requests, in one process or several, are counted one
 * after another; PGlite, one connection, runs transactions one at a time anyway.
 *
 *     await db.transaction(async (tx) => {
 *       if (await takeLimits(tx, [{ key: `complaint-address:${ip}`, max: 5, windowMs: 600_000 }]))
 *         throw new ApiError('429', '请求过于频繁，请稍后再试');
 *       await tx.insert(complaints).values(…);
 *     });
 *
 * Take every limit of a transaction in one call, before its other writes: the keys are locked
 * in one fixed order, so two transactions never wait for each other's keys (and a write's own
 * row locks — a unique key — are taken after).
 */

/** At most `max` per `key` in any `windowMs` milliseconds. */
export interface Limit {
  /** What is limited and for whom: `<kind>:<who>`, e.g. `upload-address:203.0.113.5`. */
  key: string;
  max: number;
  windowMs: number;
}

export interface TakeOptions {
  /** How much this take uses (a submission: one per file); default 1. */
  amount?: number;
  /** The time of the take (tests move it); default now. Every process's clock should agree within seconds. */
  now?: Date;
}

/**
 * The longest window a limit may have: takes are purged after {@link LIMIT_TAKE_RETENTION_MS},
 * so a longer window would forget some of its takes.
 */
export const MAX_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Takes are kept this long (job `purge-login-records`), comfortably past the longest window. */
export const LIMIT_TAKE_RETENTION_MS = 2 * MAX_LIMIT_WINDOW_MS;
/** The stored key's length (the column's). */
export const LIMIT_KEY_MAX_LENGTH = 200;
/**
 * The first half of the limits' advisory lock ids (`pg_advisory_xact_lock(int, int)`, 'LIMT'):
 * a space of their own, apart from the single-number locks other modules take.
 */
const LOCK_SPACE = 0x4c494d54;

/**
 * The key as stored: as given when it fits and is plain text; otherwise (a key built from an
 * unexpectedly long or odd value) its start and its sha256, so it is still one key of its own
 * and never an error.
 */
export function storedLimitKey(key: string): string {
  // Control characters (NUL above all) cannot be stored as text.
  const plain = (text: string) => Array.from(text, (char) => (char < ' ' || char === '\u007f' ? '?' : char)).join('');
  if (key.length <= LIMIT_KEY_MAX_LENGTH && plain(key) === key) return key;
  return `${plain(key.slice(0, 100))}#${createHash('sha256').update(key).digest('hex')}`;
}

/** The key's advisory lock id: 32 bits of its sha256 (the same in every process). */
function lockId(key: string): number {
  return createHash('sha256').update(key).digest().readInt32BE(0);
}

function checked(limits: readonly Limit[], options: TakeOptions) {
  const amount = options.amount ?? 1;
  // Programming errors, not input: a limit is written in the code.
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`limit amount must be a whole number ≥ 0: ${amount}`);
  for (const limit of limits) {
    if (limit.key === '') throw new Error('a limit needs a key');
    if (!Number.isInteger(limit.max) || limit.max < 0) throw new Error(`limit ${limit.key}: max ${limit.max}`);
    if (!Number.isInteger(limit.windowMs) || limit.windowMs <= 0 || limit.windowMs > MAX_LIMIT_WINDOW_MS)
      throw new Error(`limit ${limit.key}: window ${limit.windowMs} ms (1 ms … ${MAX_LIMIT_WINDOW_MS} ms)`);
  }
  return { amount, now: options.now ?? new Date() };
}

/** What the limit's key has taken in the window ending at `now`. */
async function used(db: Pick<AppDatabase, 'select'>, limit: Limit, now: Date): Promise<number> {
  const [{ total }] = await db
    .select({ total: sql<number>`coalesce(sum(${sysLimitTakes.amount}), 0)::int` })
    .from(sysLimitTakes)
    .where(
      and(
        eq(sysLimitTakes.key, storedLimitKey(limit.key)),
        gt(sysLimitTakes.at, new Date(now.getTime() - limit.windowMs)),
      ),
    );
  return total;
}

/**
 * Takes `amount` from every one of `limits` in the caller's transaction, or nothing: answers
 * the first limit the take would overfill, else `null`. Several limits may share a key with
 * different windows (1 a minute and 5 an hour per mobile): the key is taken once.
 */
export async function takeLimits(tx: Tx, limits: readonly Limit[], options: TakeOptions = {}): Promise<Limit | null> {
  const { amount, now } = checked(limits, options);
  const keys = [...new Set(limits.map((limit) => storedLimitKey(limit.key)))];
  // One lock per key, in the order of their ids (the same in every transaction); two keys
  // sharing an id share a lock, which only makes them wait for each other.
  const ids = [...new Set(keys.map(lockId))].sort((a, b) => a - b);
  for (const id of ids) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${id}::int)`);
  for (const limit of limits) if ((await used(tx, limit, now)) + amount > limit.max) return limit;
  if (amount > 0 && keys.length > 0)
    await tx.insert(sysLimitTakes).values(keys.map((key) => ({ key, amount, at: now })));
  return null;
}

/**
 * {@link takeLimits} in a transaction of its own, for a take that guards no write of ours (a
 * check that only reads, a message handed to a gateway): it counts from when it commits.
 */
export function takeLimitsAlone(
  db: AppDatabase,
  limits: readonly Limit[],
  options: TakeOptions = {},
): Promise<Limit | null> {
  return db.transaction((tx) => takeLimits(tx, limits, options));
}

/**
 * The first of `limits` that a take of `amount` would overfill now, without taking or
 * locking: a cheap early refusal before costly work (receiving a file). Only a hint — the
 * take decides, since others may take in between.
 */
export async function fullLimit(
  db: Pick<AppDatabase, 'select'>,
  limits: readonly Limit[],
  options: TakeOptions = {},
): Promise<Limit | null> {
  const { amount, now } = checked(limits, options);
  for (const limit of limits) if ((await used(db, limit, now)) + amount > limit.max) return limit;
  return null;
}

/** Deletes the takes older than {@link LIMIT_TAKE_RETENTION_MS}; answers how many went. */
export async function purgeLimitTakes(db: Pick<AppDatabase, 'delete'>, now = new Date()): Promise<number> {
  const gone = await db
    .delete(sysLimitTakes)
    .where(lt(sysLimitTakes.at, new Date(now.getTime() - LIMIT_TAKE_RETENTION_MS)))
    .returning({ id: sysLimitTakes.id });
  return gone.length;
}
