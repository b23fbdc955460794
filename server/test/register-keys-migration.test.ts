import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_MIGRATIONS } from '../src/bootstrap';
import { runDataMigrations } from '../src/db/data-migrations';
import { registerApplies, sysDataMigrations, sysEnterprises } from '../src/db/schema/index';
import { compareKey } from '../src/modules/register/compare-key';
import { REGISTER_KEYS_MIGRATION } from '../src/modules/register/recompute-keys';
import { startTestServer, type TestServer } from './helpers';
import { newCreditCode } from './register-fixtures';

// Migration 0040's data step (docs/registration.md "Checks"): the name and credit-code keys
// stored before invisible and direction-control characters were removed from them are
// recomputed once with the server's compareKey, so the duplicate check sees through them; where
// that would give two live applications one key, the one holding it keeps it and the other is
// reported, not changed.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** An application as stored before: its keys as the server computed them then (no character removed). */
async function storedBefore(
  traderName: string,
  { status = '0', kind = 'register', enterpriseId = null as number | null, code = newCreditCode(), keys = true } = {},
): Promise<number> {
  const oldKey = (value: string) => value.normalize('NFKC').trim().toUpperCase();
  const [row] = await server.db
    .insert(registerApplies)
    .values({
      traderName,
      uniformCreditCode: code,
      status,
      kind,
      enterpriseId,
      requestId: randomUUID(),
      nameKey: keys ? oldKey(traderName) : '',
      codeKey: keys ? oldKey(code) : '',
    })
    .returning({ id: registerApplies.id });
  return row.id;
}

async function keysOf(ids: number[]) {
  const rows = await server.db
    .select({ id: registerApplies.id, nameKey: registerApplies.nameKey, codeKey: registerApplies.codeKey })
    .from(registerApplies)
    .where(inArray(registerApplies.id, ids));
  return new Map(rows.map((row) => [row.id, { name: row.nameKey, code: row.codeKey }]));
}

const nameCheck = async (traderName: string) =>
  (await server.post('/rest/traderregister/checkTraderName', { traderName })).envelope.rtnMessage;

describe('migration 0040: the registration keys recomputed', () => {
  it('is one of the data migrations start-up applies, and a database prepared since has it', async () => {
    expect(DATA_MIGRATIONS).toContain(REGISTER_KEYS_MIGRATION);
    const rows = await server.db
      .select()
      .from(sysDataMigrations)
      .where(eq(sysDataMigrations.name, REGISTER_KEYS_MIGRATION.name));
    expect(rows).toHaveLength(1);
  });

  it('recomputes stale keys once, keeps the one holding a key, and leaves what needs a reviewer', async () => {
    const suffix = String(Date.now() % 100000);
    const [enterprise] = await server.db.select({ id: sysEnterprises.id }).from(sysEnterprises).limit(1);
    // A reversed name under review: its stored key still holds U+202E.
    const reversedCode = `${newCreditCode().slice(0, 17)}\u200b`;
    const reversed = await storedBefore(`新疆物流${suffix}\u202e司公限有`, { code: reversedCode });
    // The same company twice: an earlier plain application, a later one with a zero-width space.
    const plain = await storedBefore(`棉运${suffix}有限公司`);
    const hidden = await storedBefore(`棉运${suffix}\u200b有限公司`);
    // The other way round: the stale one came first, the plain one holds the key already.
    const staleFirst = await storedBefore(`棉仓${suffix}\u2066有限公司`);
    const plainLater = await storedBefore(`棉仓${suffix}有限公司`);
    // A rejected one holds no live key: recomputed whatever the others hold.
    const rejected = await storedBefore(`棉运${suffix}\ufeff有限公司`, { status: '2' });
    // A change request holding nothing keeps nothing; one that came to its own enterprise's key holds none.
    const empty = await storedBefore(`天山${suffix}\u200e棉业`, {
      status: '2',
      kind: 'change',
      enterpriseId: enterprise.id,
      keys: false,
    });
    const own = await storedBefore(`天山${suffix}棉业`, { status: '1', enterpriseId: enterprise.id });
    const ownChange = await storedBefore(`天山${suffix}\u200d棉业`, { kind: 'change', enterpriseId: enterprise.id });
    const ids = [reversed, plain, hidden, staleFirst, plainLater, rejected, empty, own, ownChange];
    const before = await keysOf(ids);

    // Before: the duplicate check does not see the reversed name typed plainly.
    expect(await nameCheck(`新疆物流${suffix}司公限有`)).not.toContain('已提交注册申请');

    await server.db.delete(sysDataMigrations).where(eq(sysDataMigrations.name, REGISTER_KEYS_MIGRATION.name));
    const [applied] = await runDataMigrations(server.db, [REGISTER_KEYS_MIGRATION]);
    expect(applied.name).toBe('0040_register_compare_keys');
    expect(applied.result).toEqual({
      recomputed: [reversed, rejected, ownChange],
      nameConflicts: [hidden, staleFirst],
      codeConflicts: [],
    });

    const after = await keysOf(ids);
    expect(after.get(reversed)).toEqual({
      name: compareKey(`新疆物流${suffix}司公限有`),
      code: reversedCode.slice(0, 17),
    });
    expect(after.get(plain)).toEqual(before.get(plain));
    expect(after.get(hidden), 'left for a reviewer').toEqual(before.get(hidden));
    expect(after.get(staleFirst), 'left for a reviewer').toEqual(before.get(staleFirst));
    expect(after.get(plainLater)).toEqual(before.get(plainLater));
    expect(after.get(rejected)!.name).toBe(`棉运${suffix}有限公司`);
    expect(after.get(empty)).toEqual({ name: '', code: '' });
    expect(after.get(own)).toEqual(before.get(own));
    expect(after.get(ownChange)!.name, 'its enterprise holds the name').toBe('');
    // No placeholder of the first step is left.
    for (const [id, keys] of after)
      expect(
        [keys.name, keys.code].some((key) => /^\u200b\d+$/.test(key)),
        `${id}`,
      ).toBe(false);

    // The duplicate check now sees through it, as it does for a new application.
    expect(await nameCheck(`新疆物流${suffix}司公限有`)).toBe('该企业名称已提交注册申请，正在审核中');

    // Once: the next start does nothing.
    expect(await runDataMigrations(server.db, [REGISTER_KEYS_MIGRATION])).toEqual([]);
  });
});
