import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysPermissions, sysRolePermissions, sysRoles } from '../src/db/schema/index';
import { MIGRATIONS_FOLDER } from '../src/paths';
import { openSeededTestDatabase } from './helpers';
import type { TestDatabase } from './test-database';

/**
 * Migration 0013 gives a database seeded before it the 用户管理 menu, its buttons and the
 * grants of 系统管理员: its data statements, run on a seeded database whose rows were removed.
 */

const CODES = ['system:user:list', 'system:user:add', 'system:user:edit', 'system:user:delete'];
let database: TestDatabase;

beforeAll(async () => {
  database = await openSeededTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function granted() {
  return database.db
    .select({ code: sysPermissions.code, parentId: sysPermissions.parentId, type: sysPermissions.type })
    .from(sysRolePermissions)
    .innerJoin(sysPermissions, eq(sysPermissions.id, sysRolePermissions.permissionId))
    .innerJoin(sysRoles, eq(sysRoles.id, sysRolePermissions.roleId))
    .where(and(eq(sysRoles.code, 'sysadmin'), inArray(sysPermissions.code, CODES)));
}

describe('migration 0013 (user administration menu)', () => {
  it('adds the menu and buttons under 系统管理 and grants them to the administrators, once', async () => {
    const statements = readFileSync(join(MIGRATIONS_FOLDER, '0013_audit_log.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(?:--[^\n]*\n\s*)*INSERT/i.test(statement));
    expect(statements).toHaveLength(3);
    await database.db.delete(sysPermissions).where(inArray(sysPermissions.code, CODES));
    expect(await granted()).toEqual([]);
    for (let run = 0; run < 2; run += 1) {
      for (const statement of statements) await database.db.execute(sql.raw(statement));
    }
    const rows = await granted();
    expect(rows.map((row) => row.code).sort()).toEqual([...CODES].sort());
    const [menu] = await database.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:user:list'));
    const [system] = await database.db.select().from(sysPermissions).where(eq(sysPermissions.path, '/system'));
    expect(menu).toMatchObject({ parentId: system.id, path: '/system/user', componentPath: 'system/UserList' });
    for (const row of rows.filter((item) => item.type === 'button')) expect(row.parentId).toBe(menu.id);
    const all = await database.db.select().from(sysPermissions).where(inArray(sysPermissions.code, CODES));
    expect(all).toHaveLength(4);
  });
});
