import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysLimitTakes } from '../src/db/schema/index';
import {
  LIMIT_KEY_MAX_LENGTH,
  LIMIT_TAKE_RETENTION_MS,
  fullLimit,
  purgeLimitTakes,
  storedLimitKey,
  takeLimits,
  takeLimitsAlone,
  type Limit,
} from '../src/lib/limits/index';
import { purgeSpentLoginRecords } from '../src/modules/auth/purge';
import { COMPLAINT_RATE_LIMIT } from '../src/modules/complain/service';
import { UPLOAD_LIMITS } from '../src/modules/files/service';
import { REGISTER_CHECK_LIMIT } from '../src/modules/register/duplicates';
import { SUBMITTED_FILES_PER_ADDRESS_PER_HOUR } from '../src/modules/register/submit';
import { SMS_RATE_LIMITS } from '../src/modules/sms/codes';
import { startTestServer, type TestServer } from './helpers';
import {
  FILES_PER_SUBMISSION,
  complaintsFromOneAddress,
  freshAddress,
  registerChecksFromOneAddress,
  smsForOneMobile,
  smsFromOneAddress,
  submissionsFromOneAddress,
  uploadsFromOneAddress,
  uploadsOnOneToken,
} from './limit-scenarios';

// The security review's finding "limits fall to concurrency": 100 requests at once against
// each limit are accepted exactly up to it, in one server process on PGlite. On PostgreSQL
// limits-cluster.test.ts runs the same scenarios on two server processes instead (the harder
// case, and the suite's time is better spent once). Then the helper itself, on both.

let server: TestServer;

beforeAll(async () => {
  // Each scenario has visitor addresses of its own (X-Forwarded-For from the test).
  server = await startTestServer({ config: { trustProxy: ['127.0.0.1'] } });
});
afterAll(async () => {
  await server?.close();
});

const SIMULTANEOUS = 100;
const none: string[] = [];

describe.skipIf(process.env.TEST_DATABASE_URL)('100 requests at once against one limit, one server process', () => {
  it('uploads on one token: the token holds at most 40 loose files', async () => {
    // The token's first upload issued it; 39 more fit.
    expect(await uploadsOnOneToken([server.baseUrl], SIMULTANEOUS)).toEqual({
      accepted: UPLOAD_LIMITS.loosePerToken - 1,
      refused: SIMULTANEOUS - UPLOAD_LIMITS.loosePerToken + 1,
      other: none,
    });
  });

  it('anonymous uploads from one address: at most 120 an hour', async () => {
    const address = freshAddress();
    expect(await uploadsFromOneAddress([server.baseUrl], 50, address)).toEqual({
      accepted: 50,
      refused: 0,
      other: none,
    });
    expect(await uploadsFromOneAddress([server.baseUrl], SIMULTANEOUS, address)).toEqual({
      accepted: UPLOAD_LIMITS.perAddressPerHour - 50,
      refused: SIMULTANEOUS - (UPLOAD_LIMITS.perAddressPerHour - 50),
      other: none,
    });
  });

  it('complaints from one address: at most 5 in 10 minutes', async () => {
    expect(await complaintsFromOneAddress([server.baseUrl], SIMULTANEOUS)).toEqual({
      accepted: COMPLAINT_RATE_LIMIT.max,
      refused: SIMULTANEOUS - COMPLAINT_RATE_LIMIT.max,
      other: none,
    });
  });

  it('SMS codes from one address: at most 20 an hour', async () => {
    expect(await smsFromOneAddress([server.baseUrl], SIMULTANEOUS, 15)).toEqual({
      accepted: SMS_RATE_LIMITS.perAddressHour - 15,
      refused: SIMULTANEOUS - SMS_RATE_LIMITS.perAddressHour + 15,
      other: none,
    });
  });

  it('SMS codes for one mobile: one a minute', async () => {
    expect(await smsForOneMobile([server.baseUrl], SIMULTANEOUS)).toEqual({
      accepted: 1,
      refused: SIMULTANEOUS - 1,
      other: none,
    });
  });

  it('the registration’s anonymous name and credit-code checks from one address: at most 60 in 10 minutes', async () => {
    expect(await registerChecksFromOneAddress([server.baseUrl], SIMULTANEOUS)).toEqual({
      accepted: REGISTER_CHECK_LIMIT.max,
      refused: SIMULTANEOUS - REGISTER_CHECK_LIMIT.max,
      other: none,
    });
  });

  it('submitted files from one address: at most 70 an hour', async () => {
    const fit = Math.floor(SUBMITTED_FILES_PER_ADDRESS_PER_HOUR / FILES_PER_SUBMISSION);
    expect(await submissionsFromOneAddress([server.baseUrl], fit + 8)).toEqual({
      accepted: fit,
      refused: 8,
      other: none,
    });
  });
});

describe('takeLimits (lib/limits)', () => {
  const minute = 60_000;
  const keyed = (name: string, max: number, windowMs: number): Limit => ({ key: `test:${name}`, max, windowMs });
  const takesOf = (key: string) => server.db.select().from(sysLimitTakes).where(eq(sysLimitTakes.key, key));

  it('takes from every limit or from none, one row per key however many windows it has', async () => {
    const limits = [keyed('a', 1, minute), keyed('a', 3, 60 * minute), keyed('b', 10, 60 * minute)];
    const start = new Date();
    expect(await takeLimitsAlone(server.db, limits, { now: start })).toBeNull();
    expect(await takeLimitsAlone(server.db, limits, { now: new Date(start.getTime() + 1000) })).toEqual(limits[0]);
    expect(await takesOf('test:a')).toHaveLength(1);
    expect(await takesOf('test:b')).toHaveLength(1);
    // A minute on, the hour's limit of `a` is what counts.
    for (const minutes of [2, 4]) {
      const later = new Date(start.getTime() + minutes * minute);
      expect(await takeLimitsAlone(server.db, limits, { now: later })).toBeNull();
    }
    expect(await takeLimitsAlone(server.db, limits, { now: new Date(start.getTime() + 6 * minute) })).toEqual(
      limits[1],
    );
    expect(await takesOf('test:b')).toHaveLength(3);
  });

  it('takes an amount at once, refused when it would overfill; peeking takes nothing', async () => {
    const files = keyed('files', 7, 60 * minute);
    expect(await takeLimitsAlone(server.db, [files], { amount: 4 })).toBeNull();
    expect(await fullLimit(server.db, [files], { amount: 4 })).toEqual(files);
    expect(await fullLimit(server.db, [files], { amount: 3 })).toBeNull();
    expect(await takeLimitsAlone(server.db, [files], { amount: 4 })).toEqual(files);
    expect(await takeLimitsAlone(server.db, [files], { amount: 3 })).toBeNull();
    expect(await fullLimit(server.db, [files])).toEqual(files);
    expect((await takesOf('test:files')).map((take) => take.amount)).toEqual([4, 3]);
  });

  it('takes with the caller’s transaction: a write that fails leaves no take', async () => {
    const once = keyed('rolled-back', 1, minute);
    await expect(
      server.db.transaction(async (tx) => {
        expect(await takeLimits(tx, [once])).toBeNull();
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await takesOf('test:rolled-back')).toEqual([]);
    expect(await takeLimitsAlone(server.db, [once])).toBeNull();
  });

  it('counts 100 simultaneous takes one after another', async () => {
    const limit = keyed('simultaneous', 37, minute);
    const answers = await Promise.all(Array.from({ length: 100 }, () => takeLimitsAlone(server.db, [limit])));
    expect(answers.filter((answer) => answer === null)).toHaveLength(37);
    expect(await takesOf('test:simultaneous')).toHaveLength(37);
  });

  it('stores a long or odd key as one of its own, never an error', async () => {
    const long = `test:${'x'.repeat(300)}`;
    const other = `test:${'x'.repeat(299)}y`;
    expect(storedLimitKey('test:plain')).toBe('test:plain');
    for (const key of [long, other, 'test:nul\u0000here']) {
      const stored = storedLimitKey(key);
      expect(stored.length).toBeLessThanOrEqual(LIMIT_KEY_MAX_LENGTH);
      expect([...stored].every((char) => char >= ' ')).toBe(true);
      expect(await takeLimitsAlone(server.db, [{ key, max: 1, windowMs: minute }])).toBeNull();
    }
    expect(storedLimitKey(long)).not.toBe(storedLimitKey(other));
    expect(await takeLimitsAlone(server.db, [{ key: long, max: 1, windowMs: minute }])).not.toBeNull();
  });

  it('refuses a limit written wrong (a programming error, not input)', async () => {
    await expect(takeLimitsAlone(server.db, [keyed('week', 1, 7 * 24 * 60 * minute)])).rejects.toThrow(/window/);
    await expect(takeLimitsAlone(server.db, [keyed('half', 1.5, minute)])).rejects.toThrow(/max/);
    await expect(takeLimitsAlone(server.db, [keyed('minus', 1, minute)], { amount: -1 })).rejects.toThrow(/amount/);
  });

  it('is purged past the longest window, with the login records', async () => {
    await server.db.insert(sysLimitTakes).values([
      { key: 'test:purge', amount: 1, at: new Date(Date.now() - LIMIT_TAKE_RETENTION_MS - minute) },
      { key: 'test:purge', amount: 1, at: new Date(Date.now() - LIMIT_TAKE_RETENTION_MS + minute) },
    ]);
    expect(await purgeLimitTakes(server.db)).toBe(1);
    await server.db
      .update(sysLimitTakes)
      .set({ at: sql`${sysLimitTakes.at} - interval '2 minutes'` })
      .where(eq(sysLimitTakes.key, 'test:purge'));
    expect((await purgeSpentLoginRecords(server.db)).limitTakes).toBe(1);
    expect(await takesOf('test:purge')).toEqual([]);
  });
});
