import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysChangeVersions, sysUsers } from '../src/db/schema/index';
import { hashPassword } from '../src/modules/auth/password';
import { ADMIN, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

// The change versions (migration 0018) and the list totals kept by them (count-cache.ts):
// every write of sys_users, through the app or not, bumps the version in its transaction;
// 用户管理's 共 N 条 is exact after each.

let server: TestServer;
let admin: string;
let enterpriseId: number;
let passwordHash: string;

async function version(): Promise<number> {
  const [row] = await server.db
    .select({ version: sysChangeVersions.version })
    .from(sysChangeVersions)
    .where(eq(sysChangeVersions.tableName, 'sys_users'));
  return row!.version;
}

async function total(body: Record<string, unknown> = {}): Promise<number> {
  const answer = await server.post<{ pagination: { totalCount: number } }>(
    '/rest/user/getUserPage',
    { pageNum: 1, pageSize: 10, ...body },
    { authorization: admin },
  );
  expect(answer.envelope.rtnCode).toBe('0000');
  return answer.envelope.dataSet!.pagination.totalCount;
}

const insertUser = (loginName: string, status = '1') =>
  server.db.insert(sysUsers).values({ enterpriseId, loginName, realname: '版本测试', passwordHash, status });

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  const [me] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
  enterpriseId = me!.enterpriseId;
  passwordHash = await hashPassword('Secret@2026');
});
afterAll(async () => {
  await server?.close();
});

describe('sys_change_versions', () => {
  it('bumps the version of sys_users once per writing statement, and not for a rolled-back one', async () => {
    const before = await version();
    await insertUser('ver01');
    expect(await version()).toBe(before + 1);
    await server.db.update(sysUsers).set({ realname: '改名' }).where(eq(sysUsers.loginName, 'ver01'));
    expect(await version()).toBe(before + 2);
    await expect(
      server.db.transaction(async (tx) => {
        await tx.insert(sysUsers).values({ enterpriseId, loginName: 'ver02', realname: '回滚', passwordHash });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(before + 2);
  });
});

describe('用户管理 共 N 条', () => {
  it('is kept while the version holds and exact after every write, whoever makes it', async () => {
    const all = await total();
    const frozen = await total({ filters: { status: '2' } });

    // Written without the trigger: the kept total does not see it — proof that it was kept.
    await server.db.execute(sql`ALTER TABLE sys_users DISABLE TRIGGER sys_users_change_version`);
    try {
      await insertUser('ver10');
    } finally {
      await server.db.execute(sql`ALTER TABLE sys_users ENABLE TRIGGER sys_users_change_version`);
    }
    expect(await total()).toBe(all);

    // Any versioned write: every kept total is counted again.
    await insertUser('ver11', '2');
    expect(await total()).toBe(all + 2);
    expect(await total({ filters: { status: '2' } })).toBe(frozen + 1);

    // Through the app: freezing changes the filtered total, deleting the whole one.
    const [ver10] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'ver10'));
    const freeze = await server.post(
      '/rest/user/UpdFrozenUser',
      { ids: String(ver10!.id), status: '2' },
      {
        authorization: admin,
      },
    );
    expect(freeze.envelope.rtnCode).toBe('0000');
    expect(await total({ filters: { status: '2' } })).toBe(frozen + 2);
    const removed = await server.post('/rest/user/DelUser', { ids: String(ver10!.id) }, { authorization: admin });
    expect(removed.envelope.rtnCode).toBe('0000');
    expect(await total()).toBe(all + 1);
    expect(await total({ filters: { status: '2' } })).toBe(frozen + 1);
  });
});
