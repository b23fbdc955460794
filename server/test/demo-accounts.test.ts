import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysAuditLog, sysEnterprises, sysSessions, sysUsers } from '../src/db/schema/index';
import { hashPassword, verifyPassword } from '../src/modules/auth/password';
import { SEED_USERS } from '../src/seed/auth';
import { DEMO_ACCOUNTS, demoAccountsWithDemoPassword, disableDemoAccounts } from '../src/seed/demo-accounts';
import { openSeededTestDatabase } from './helpers';
import type { TestDatabase } from './test-database';

// `npm run demo-accounts:disable` on a database a demo start left (the seed): what it
// freezes, what it leaves, what the audit log says. The start-up refusal: main.test.ts.

let database: TestDatabase;

beforeAll(async () => {
  database = await openSeededTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A user of the centre (CNCE): the demo enterprise has an `admin` too. */
async function userOf(loginName: string) {
  const [user] = await database.db
    .select()
    .from(sysUsers)
    .where(and(eq(sysUsers.loginName, loginName), eq(sysUsers.enterpriseId, await centreId())));
  return user;
}

async function centreId() {
  const [centre] = await database.db.select().from(sysEnterprises).where(eq(sysEnterprises.code, 'CNCE'));
  return centre.id;
}

const names = (accounts: ReadonlyArray<{ enterpriseCode: string; loginName: string }>) =>
  accounts.map((account) => `${account.enterpriseCode}/${account.loginName}`);
/** What the seed leaves with its published password once editor has one of its own. */
const LIVE = ['CNCE/admin', 'CNCE/reviewer', 'M000005/admin', 'M000005/yewu', 'M000005/caiwu'];

describe('demo accounts', () => {
  it('lists every seeded account with its published password', () => {
    expect(DEMO_ACCOUNTS).toEqual(
      expect.arrayContaining(
        SEED_USERS.map((user) => ({ enterpriseCode: 'CNCE', loginName: user.loginName, password: user.password })),
      ),
    );
  });

  it('freezes those that still have their demo password, with a random one, ends their sessions and audits it; 系统管理员 gets an initial password', async () => {
    const db = database.db;
    // The operator made editor a real account: a password of their own.
    await db
      .update(sysUsers)
      .set({ passwordHash: await hashPassword('Own-Secret@2027') })
      .where(eq(sysUsers.loginName, 'editor'));
    const admin = await userOf('admin');
    await db.insert(sysSessions).values({
      userId: admin.id,
      tokenHash: 'a'.repeat(64),
      clientName: 'form_client',
      expiresAt: new Date(Date.now() + 60_000),
    });

    expect(names(await demoAccountsWithDemoPassword(db))).toEqual(LIVE);
    const disabled = await disableDemoAccounts(db);
    expect(names(disabled)).toEqual(LIVE);

    const reviewer = await userOf('reviewer');
    expect(reviewer.status).toBe('2');
    expect(await verifyPassword('Review@2026', reviewer.passwordHash)).toBe(false);
    // 系统管理员 is not frozen (nobody below could unfreeze it): a new initial password, printed once.
    const after = await userOf('admin');
    const { initialPassword } = disabled.find((account) => account.id === admin.id)!;
    expect(after).toMatchObject({ status: '1', mustChangePassword: true });
    expect(await verifyPassword('Admin@2026', after.passwordHash)).toBe(false);
    expect(await verifyPassword(initialPassword!, after.passwordHash)).toBe(true);
    expect(disabled.filter((account) => account.initialPassword !== null)).toHaveLength(1);
    const editor = await userOf('editor');
    expect(editor.status).toBe('1');
    expect(await verifyPassword('Own-Secret@2027', editor.passwordHash)).toBe(true);
    const open = await db
      .select()
      .from(sysSessions)
      .where(and(eq(sysSessions.userId, admin.id), isNull(sysSessions.revokedAt)));
    expect(open).toEqual([]);

    const audit = await db
      .select()
      .from(sysAuditLog)
      .where(inArray(sysAuditLog.entityId, [String(admin.id), String((await userOf('reviewer')).id)]));
    expect(audit.map((row) => [row.action, row.after?.loginName, row.userId, row.after?.by]).sort()).toEqual([
      ['user.freeze', 'reviewer', null, 'npm run demo-accounts:disable'],
      ['user.password', 'admin', null, 'npm run demo-accounts:disable'],
      ['user.password', 'reviewer', null, 'npm run demo-accounts:disable'],
    ]);

    // Nothing left to do the second time.
    expect(await demoAccountsWithDemoPassword(db)).toEqual([]);
    expect(await disableDemoAccounts(db)).toEqual([]);
  });
});
