import { and, eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeSignalOf, LISTENER_NAME, type ChangeSignal } from '../src/db/change-signal';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { sysDataRules, sysOrgs, sysRoleDataRules, sysSessions, sysUserRoles, sysUsers } from '../src/db/schema/index';
import { hashToken } from '../src/modules/auth/session';
import { ADMIN, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

// DESIGN's change signal (db/change-signal.ts, migration 0021) and what is kept by it:
// sessions with their permissions, data scopes. Each is proved kept (a write made without
// the trigger is not seen) and dropped by the next signalled write, whoever makes it.

let server: TestServer;
let signal: ChangeSignal;

beforeAll(async () => {
  server = await startTestServer();
  signal = changeSignalOf(server.db)!;
});
afterAll(async () => {
  await server?.close();
});

/** The triggers these tests switch off, by table (the names go into SQL as identifiers). */
const SILENCEABLE: Record<string, string> = {
  sys_sessions: 'sys_sessions_change_signal',
  sys_role_data_rules: 'sys_role_data_rules_change_signal',
};

/** Runs `write` with the watched table's trigger off: the signal does not hear it. */
async function unheard(table: string, trigger: string, write: () => Promise<unknown>) {
  if (SILENCEABLE[table] !== trigger) throw new Error(`not a trigger these tests may switch off: ${table}.${trigger}`);
  await server.db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`));
  try {
    await write();
  } finally {
    await server.db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`));
  }
}

/** Resolves on the next change heard of `table` by `changes`. */
function nextChange(changes: ChangeSignal, table: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = changes.onChange(table, () => {
      stop();
      resolve();
    });
  });
}

describe('the change signal', () => {
  it('moves the version of a watched table on each committed write, not on a rolled-back one', async () => {
    const before = signal.versions(['sys_orgs']);
    expect(before).not.toBeNull();
    const [org] = await server.db.select().from(sysOrgs).limit(1);
    await server.db.update(sysOrgs).set({ name: org!.name }).where(eq(sysOrgs.id, org!.id));
    const afterWrite = signal.versions(['sys_orgs']);
    expect(afterWrite).not.toBe(before);
    await expect(
      server.db.transaction(async (tx) => {
        await tx.update(sysOrgs).set({ name: org!.name }).where(eq(sysOrgs.id, org!.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(signal.versions(['sys_orgs'])).toBe(afterWrite);
  });
});

describe('sessions kept by the signal', () => {
  it('a revoked session is refused at once, however it was revoked (when heard)', async () => {
    const token = await loginToken(server, ADMIN);
    const me = () => server.post('/rest/user/getUserPage', { pageNum: 1, pageSize: 10 }, { authorization: token });
    expect((await me()).envelope.rtnCode).toBe('0000');

    // Revoked without the trigger: the kept session still answers — proof that it is kept.
    const revoke = () =>
      server.db
        .update(sysSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sysSessions.tokenHash, hashToken(token)), isNull(sysSessions.revokedAt)));
    await unheard('sys_sessions', 'sys_sessions_change_signal', revoke);
    expect((await me()).envelope.rtnCode).toBe('0000');

    // Any heard write of a table the session is read from drops every kept session.
    await server.db
      .update(sysUsers)
      .set({ realname: sql`${sysUsers.realname}` })
      .where(eq(sysUsers.loginName, 'admin'));
    expect((await me()).envelope.rtnCode).toBe('401');
  });

  it('logging out through the app ends the session on the next call', async () => {
    const token = await loginToken(server, ADMIN);
    const me = () => server.post('/rest/user/getUserPage', { pageNum: 1, pageSize: 10 }, { authorization: token });
    expect((await me()).envelope.rtnCode).toBe('0000');
    const out = await server.post('/logout', {}, { authorization: token });
    expect(out.status).toBe(200);
    expect((await me()).envelope.rtnCode).toBe('401');
  });
});

describe('data scopes kept by the signal', () => {
  it('a rule given to a role narrows the list on the next call after it is heard', async () => {
    const token = await loginToken(server, ADMIN);
    const total = async () => {
      const answer = await server.post<{ pagination: { totalCount: number } }>(
        '/rest/user/getUserPage',
        { pageNum: 1, pageSize: 10 },
        { authorization: token },
      );
      return answer.envelope.dataSet!.pagination.totalCount;
    };
    const everyone = await total();
    expect(everyone).toBeGreaterThan(1);
    const [admin] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
    const roles = await server.db.select().from(sysUserRoles).where(eq(sysUserRoles.userId, admin!.id));
    const [onlyMe] = await server.db.select().from(sysDataRules).where(eq(sysDataRules.scope, 'self'));
    const give = () =>
      server.db.insert(sysRoleDataRules).values(roles.map((role) => ({ roleId: role.roleId, ruleId: onlyMe!.id })));

    // Given without the trigger: the kept scope still sees everyone — proof that it is kept.
    await unheard('sys_role_data_rules', 'sys_role_data_rules_change_signal', give);
    expect(await total()).toBe(everyone);
    // Heard (the next write of any table a scope is read from): only the administrator.
    const [org] = await server.db.select().from(sysOrgs).limit(1);
    await server.db.update(sysOrgs).set({ name: org!.name }).where(eq(sysOrgs.id, org!.id));
    expect(await total()).toBe(1);
    // Taken back through the app's tables: everyone again.
    await server.db.delete(sysRoleDataRules).where(eq(sysRoleDataRules.ruleId, onlyMe!.id));
    expect(await total()).toBe(everyone);
  });
});

describe('across server processes (PostgreSQL)', () => {
  let other: DatabaseHandle | undefined;
  afterAll(async () => {
    await other?.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'another process hears a write, stops keeping while its listener is down, and starts a new epoch after',
    async () => {
      other = await openDatabase({ databaseUrl: server.database.url, dataDir: 'memory://' });
      const theirs = other.changes;
      await vi.waitFor(() => expect(theirs.versions(['sys_orgs'])).not.toBeNull(), { timeout: 10_000, interval: 20 });
      const before = theirs.versions(['sys_orgs']);

      const heard = nextChange(theirs, 'sys_orgs');
      const [org] = await server.db.select().from(sysOrgs).limit(1);
      await server.db.update(sysOrgs).set({ name: org!.name }).where(eq(sysOrgs.id, org!.id));
      await heard;
      expect(theirs.versions(['sys_orgs'])).not.toBe(before);

      // Its listening connection killed: it keeps nothing until it listens again, then all is stale.
      const admin = new pg.Client({ connectionString: server.database.url! });
      await admin.connect();
      try {
        const lastHeard = theirs.versions(['sys_orgs']);
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()`,
          [LISTENER_NAME],
        );
        await vi.waitFor(() => expect(theirs.versions(['sys_orgs'])).toBeNull(), { timeout: 10_000, interval: 10 });
        await vi.waitFor(() => expect(theirs.versions(['sys_orgs'])).not.toBeNull(), { timeout: 15_000, interval: 20 });
        expect(theirs.versions(['sys_orgs'])).not.toBe(lastHeard);
      } finally {
        await admin.end();
      }
    },
  );
});
