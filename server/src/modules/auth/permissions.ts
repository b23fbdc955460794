import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysPermissions, sysRoleGrants, sysUserRoles } from '../../db/schema/index';

// What a user holds through their roles, read outside a request's session (the init call's
// permission list, checks of services). A request's own codes come with its session (session.ts).

/** Every permission code (menus and buttons) a user holds through their roles. */
export async function permissionsOf(
  db: AppDatabase,
  userId: number,
): Promise<Array<{ code: string; type: 'menu' | 'button' }>> {
  const rows = await db
    .selectDistinct({
      code: sysPermissions.code,
      type: sysPermissions.type,
      sort: sysPermissions.sort,
      id: sysPermissions.id,
    })
    .from(sysUserRoles)
    .innerJoin(sysRoleGrants, eq(sysRoleGrants.roleId, sysUserRoles.roleId))
    .innerJoin(sysPermissions, eq(sysPermissions.id, sysRoleGrants.permissionId))
    .where(and(eq(sysUserRoles.userId, userId), sql`${sysPermissions.code} is not null`))
    .orderBy(sysPermissions.sort, sysPermissions.id);
  return rows.map((row) => ({ code: row.code!, type: row.type }));
}

/** Whether a user holds a permission code (for checks outside a route's `config.permission`). */
export async function holdsPermission(db: AppDatabase, userId: number, code: string): Promise<boolean> {
  const codes = await permissionsOf(db, userId);
  return codes.some((permission) => permission.code === code);
}
