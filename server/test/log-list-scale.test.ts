import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysChangeVersions, sysLoginLog } from '../src/db/schema/index';
import { ADMIN, loginToken } from './auth-helpers';
import { downloadExport } from './list-export';
import { startTestServer, type TestServer } from './helpers';

// 操作日志 / 登录日志 at scale (issue 31, docs/architecture.md "Logs"): their totals are kept
// per change version (migration 0046) and exact after every write; their exports walk the
// list by keyset, so rows sharing one time, to the microsecond, are each written once.

let server: TestServer;
let admin: string;

async function total(path: string, body: Record<string, unknown> = {}): Promise<number> {
  const answer = await server.post<{ pagination: { totalCount: number } }>(
    path,
    { pageNum: 1, pageSize: 10, ...body },
    { authorization: admin },
  );
  expect(answer.envelope.rtnCode).toBe('0000');
  return answer.envelope.dataSet!.pagination.totalCount;
}

const version = async (table: string) =>
  (
    await server.db
      .select({ version: sysChangeVersions.version })
      .from(sysChangeVersions)
      .where(eq(sysChangeVersions.tableName, table))
  )[0]?.version;

/** `count` failed logins of `account-<n>`, all at one time with microseconds. */
const insertLogins = (prefix: string, count: number) =>
  server.db.execute(sql`
    insert into sys_login_log (method, account, success, reason, at)
    select 'form', ${prefix} || '-' || lpad(g::text, 5, '0'), false, '密码错误',
      '2026-02-03 04:05:06.123456+08'::timestamptz
    from generate_series(1, ${count}) as g`);

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
});
afterAll(async () => {
  await server?.close();
});

describe('日志的 共 N 条', () => {
  it('bumps the version of both logs on each write', async () => {
    const operations = await version('sys_operation_log');
    const logins = await version('sys_login_log');
    expect(operations).toBeDefined();
    expect(logins).toBeDefined();
    await insertLogins('ver', 1);
    expect(await version('sys_login_log')).toBe(logins! + 1);
    const added = await server.post(
      '/rest/postService/addPost',
      { code: 'SCALE1', name: '规模测试岗', status: '1' },
      {
        authorization: admin,
      },
    );
    expect(added.envelope.rtnCode).toBe('0000');
    expect(await version('sys_operation_log')).toBeGreaterThan(operations!);
  });

  it('is kept while the log is unchanged and exact after every write', async () => {
    const path = '/rest/log/getLoginLogPage';
    const all = await total(path);
    const failed = await total(path, { filters: { success: '0' } });

    // Written without the trigger: the kept total does not see it — proof that it was kept.
    await server.db.execute(sql`ALTER TABLE sys_login_log DISABLE TRIGGER sys_login_log_change_version`);
    try {
      await insertLogins('hidden', 1);
    } finally {
      await server.db.execute(sql`ALTER TABLE sys_login_log ENABLE TRIGGER sys_login_log_change_version`);
    }
    expect(await total(path)).toBe(all);

    await insertLogins('seen', 2);
    expect(await total(path)).toBe(all + 3);
    expect(await total(path, { filters: { success: '0' } })).toBe(failed + 3);
  });
});

describe('日志导出', () => {
  it('writes every row once, in order, across batches whose rows share one time', async () => {
    await insertLogins('keyset', 1203);
    const answer = await downloadExport(
      server,
      '/rest/log/exportLoginLog',
      { filters: { account: 'keyset-' }, field: 'account' },
      admin,
    );
    expect(answer.envelope).toBeNull();
    const accounts = answer.rows!.slice(1).map((row) => row[0]);
    expect(accounts).toHaveLength(1203);
    // Newest first, then the later row first: the reverse of the insert order.
    const expected = Array.from({ length: 1203 }, (_, index) => `keyset-${String(1203 - index).padStart(5, '0')}`);
    expect(accounts).toEqual(expected);
  });

  it('walks a sort on a column with empty values across batches, the empty ones last ascending', async () => {
    await server.db
      .insert(sysLoginLog)
      .values({ method: 'phone', account: 'nul-zz', loginName: 'zz-nul', success: true });
    await insertLogins('nul', 601);
    const exported = async (order: 'asc' | 'desc') =>
      (
        await downloadExport(
          server,
          '/rest/log/exportLoginLog',
          { filters: { account: 'nul-' }, sort: { field: 'loginName', order }, field: 'account' },
          admin,
        )
      )
        .rows!.slice(1)
        .map((row) => row[0]);
    const empty = Array.from({ length: 601 }, (_, index) => `nul-${String(index + 1).padStart(5, '0')}`);
    expect(await exported('asc')).toEqual(['nul-zz', ...empty]);
    expect(await exported('desc')).toEqual([...empty.reverse(), 'nul-zz']);
  });
});
