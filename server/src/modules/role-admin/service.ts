import { trimmed } from '@cotton/sdk/validators';
import type {
  AddRoleBody,
  AdminRoleRow,
  GrantNode,
  ListExportBody,
  ListRequest,
  SaveRolePermissionsBody,
  UpdRoleBody,
} from '@cotton/sdk/contracts';
import { roleAdminCodes } from '@cotton/sdk/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import {
  sysApps,
  sysPermissions,
  sysRoleGrants,
  sysRolePermissions,
  sysRoles,
  sysUserRoles,
} from '../../db/schema/index';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { defineList, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { authOf } from '../auth/authenticate';
import { callerScopes, guardCodes, guardRoles, guardRoleScopes } from '../ceiling/guard';
import { parseIdList } from '../shared/id-list';
import { recordAudit } from '../shared/audit';
import { chinaTime } from '../shared/china-time';

/**
 * 系统管理 › 角色管理 (docs/auth.md "Role administration"): roles, and what each grants on
 * the tree of menus and buttons. A grant takes effect at the holder's next call (the server
 * reads the permissions on every request) and in their menu at the next init. Every write
 * asks the ceiling guard (ceiling/guard.ts): nobody changes, deletes or re-grants a role
 * holding a code they do not hold, nor grants or withdraws such a code, so the grant button
 * cannot raise its own holder nor strip the administrators above them.
 */

export const ROLE_ADMIN_MESSAGES = {
  notFound: '角色不存在或已删除',
  codeTaken: '该角色编码已被使用，请更换',
  nameTaken: '该角色名称已被使用，请更换',
  nameEmpty: '请输入角色名称',
  inUse: (names: string) => `角色「${names}」仍有用户在使用，请先在用户管理中解除后再删除`,
  unknownPermission: '所选权限不存在，请刷新后重试',
  notGrantable: (name: string) => `「${name}」对所有登录用户开放，无需授权`,
  buttonWithoutMenu: (button: string, menu: string) => `授权按钮「${button}」需同时授权其菜单「${menu}」`,
  holdsAll: (name: string) => `角色「${name}」拥有全部权限（包括以后新增的权限），无需授权`,
} as const;

const userCount = sql<number>`(
  select count(*)::int from ${sysUserRoles} where ${sysUserRoles.roleId} = ${sysRoles.id}
)`;

/** The list's allow-list: what the client may filter, sort and super-query on. */
export const roleList = defineList<AdminRoleRow>()({
  table: sysRoles,
  key: sysRoles.id,
  fields: {
    code: {
      label: '角色编码',
      column: sysRoles.code,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 18 },
    },
    name: {
      label: '角色名称',
      column: sysRoles.name,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 18 },
    },
    description: {
      label: '描述',
      column: sysRoles.description,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 36 },
    },
    userCount: {
      label: '用户数',
      column: userCount,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 10 },
    },
    holdsAll: { label: '授予范围', export: { width: 20, value: reachOf } },
    createTime: {
      label: '创建时间',
      column: sysRoles.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
});

function roleRows(db: AppDatabase) {
  return async (query: CompiledList): Promise<AdminRoleRow[]> => {
    const rows = await db
      .select({
        id: sysRoles.id,
        code: sysRoles.code,
        name: sysRoles.name,
        description: sysRoles.description,
        userCount,
        holdsAll: sysRoles.holdsAll,
        enterpriseGrantable: sysRoles.enterpriseGrantable,
        createdAt: sysRoles.createdAt,
      })
      .from(sysRoles)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(({ createdAt, ...row }) => ({ ...row, id: String(row.id), createTime: createdAt.toISOString() }));
  };
}

export async function rolePage(db: AppDatabase, body: ListRequest) {
  return roleList.page<AdminRoleRow>(db, body, { rows: roleRows(db) });
}

/** 授予范围 as the list's tags read: 全部权限, 企业可授予, both, or nothing. */
function reachOf(row: AdminRoleRow): string {
  return [row.holdsAll ? '全部权限' : null, row.enterpriseGrantable ? '企业可授予' : null].filter(Boolean).join('、');
}

/** 导出: the roles the list's query matches (or the selected ones). */
export async function roleExport(db: AppDatabase, body: ListExportBody) {
  return roleList.exportRows(db, body, { rows: roleRows(db) });
}

const AUDITED_ROLE = {
  id: sysRoles.id,
  code: sysRoles.code,
  name: sysRoles.name,
  description: sysRoles.description,
  enterpriseGrantable: sysRoles.enterpriseGrantable,
};

async function roleById(db: Tx | AppDatabase, id: number) {
  const [role] = await db.select(AUDITED_ROLE).from(sysRoles).where(eq(sysRoles.id, id));
  if (!role) throw new ApiError('404', ROLE_ADMIN_MESSAGES.notFound);
  return role;
}

function optionalText(value: string | null | undefined): string | null {
  const text = trimmed(value);
  return text === '' ? null : text;
}

/**
 * 新增 / 编辑 / 删除 (lib/admin-resource): code and name unique without case; a role held by
 * anyone is not deleted; an edit or delete only of roles within the caller's reach (the ceiling).
 */
export const roleResource = defineAdminResource({
  entity: 'role',
  action: 'role',
  table: sysRoles,
  key: sysRoles.id,
  audited: AUDITED_ROLE,
  notFound: ROLE_ADMIN_MESSAGES.notFound,
  duplicateCheck: { codes: [roleAdminCodes.add, roleAdminCodes.edit], open: ['code'] },
  unique: [
    { field: 'code', message: ROLE_ADMIN_MESSAGES.codeTaken, caseInsensitive: true },
    { field: 'name', message: ROLE_ADMIN_MESSAGES.nameTaken, caseInsensitive: true },
  ],
  inUse: [{ table: sysUserRoles, column: sysUserRoles.roleId, message: ROLE_ADMIN_MESSAGES.inUse }],
  guard: (tx, request, target) => guardRoles(tx, authOf(request), target.ids as number[]),
});

export async function addRole(db: AppDatabase, request: FastifyRequest, body: AddRoleBody) {
  const name = trimmed(body.name);
  if (name === '') throw new ApiError('400', ROLE_ADMIN_MESSAGES.nameEmpty);
  const row = await roleResource.add(db, request, {
    code: body.code.trim(),
    name,
    description: optionalText(body.description),
    enterpriseGrantable: body.enterpriseGrantable ?? false,
  });
  return { id: String(row.id) };
}

export async function updateRole(db: AppDatabase, request: FastifyRequest, body: UpdRoleBody) {
  const name = trimmed(body.name);
  if (name === '') throw new ApiError('400', ROLE_ADMIN_MESSAGES.nameEmpty);
  const description = optionalText(body.description);
  return roleResource.update(db, request, Number(body.id), (_tx, before) => ({
    name,
    description,
    enterpriseGrantable: body.enterpriseGrantable ?? before.enterpriseGrantable,
  }));
}

// Its grants go with it (ON DELETE CASCADE).
export async function deleteRoles(db: AppDatabase, request: FastifyRequest, idsText: string) {
  return roleResource.remove(db, request, parseIdList(idsText, '角色编号'));
}

interface PermissionRow {
  id: number;
  parentId: number | null;
  type: 'menu' | 'button';
  name: string;
  code: string | null;
}

async function allPermissions(db: Tx | AppDatabase): Promise<PermissionRow[]> {
  return db
    .select({
      id: sysPermissions.id,
      parentId: sysPermissions.parentId,
      type: sysPermissions.type,
      name: sysPermissions.name,
      code: sysPermissions.code,
    })
    .from(sysPermissions)
    .orderBy(asc(sysPermissions.sort), asc(sysPermissions.id));
}

/** The permissions as a tree, in menu order. */
export function grantTree(rows: PermissionRow[]): GrantNode[] {
  const nodes = new Map<number, GrantNode>();
  for (const row of rows) {
    nodes.set(row.id, { id: String(row.id), type: row.type, name: row.name, code: row.code, children: [] });
  }
  const roots: GrantNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function rolePermissions(db: AppDatabase, id: number) {
  const [role] = await db.select({ holdsAll: sysRoles.holdsAll }).from(sysRoles).where(eq(sysRoles.id, id));
  if (!role) throw new ApiError('404', ROLE_ADMIN_MESSAGES.notFound);
  const [rows, granted, apps] = await Promise.all([
    allPermissions(db),
    db
      .select({ id: sysRoleGrants.permissionId })
      .from(sysRoleGrants)
      .where(eq(sysRoleGrants.roleId, id))
      .orderBy(asc(sysRoleGrants.permissionId)),
    // The browser groups the tree by app (plugins/system/src/pages/role-list/grant-tree.ts).
    db
      .select({ appCode: sysApps.appCode, appName: sysApps.appName, menus: sysApps.menus })
      .from(sysApps)
      .orderBy(asc(sysApps.sort), asc(sysApps.appCode)),
  ]);
  return { tree: grantTree(rows), grantedIds: granted.map((row) => String(row.id)), apps, holdsAll: role.holdsAll };
}

/**
 * Sets the role's grants to exactly `permissionIds`. Refused: a role holding every code (it
 * needs no grants), a role beyond the caller's reach, an id that is not a permission, a node
 * without a code (open to all), a button whose coded menu is not granted with it, and any
 * change to a permission the caller does not hold. A code no role holds yet (a new menu's) is
 * thus granted first by those holding every code (docs/auth.md "The ceiling").
 */
export async function saveRolePermissions(db: AppDatabase, request: FastifyRequest, body: SaveRolePermissionsBody) {
  const auth = authOf(request);
  const id = Number(body.id);
  const wanted = [...new Set(body.permissionIds.map(Number))].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const role = await roleById(tx, id);
    const [{ holdsAll }] = await tx.select({ holdsAll: sysRoles.holdsAll }).from(sysRoles).where(eq(sysRoles.id, id));
    if (holdsAll) throw new ApiError('400', ROLE_ADMIN_MESSAGES.holdsAll(role.name));
    await guardRoles(tx, auth, [id]);
    const scopesBefore = await callerScopes(tx, auth);
    const rows = await allPermissions(tx);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const permissionId of wanted) {
      const row = byId.get(permissionId);
      if (!row) throw new ApiError('400', ROLE_ADMIN_MESSAGES.unknownPermission);
      if (row.code === null) throw new ApiError('400', ROLE_ADMIN_MESSAGES.notGrantable(row.name));
    }
    const wantedSet = new Set(wanted);
    for (const permissionId of wanted) {
      const row = byId.get(permissionId)!;
      if (row.type !== 'button') continue;
      // The nearest menu above the button that needs a grant of its own.
      let parent = row.parentId === null ? undefined : byId.get(row.parentId);
      while (parent && parent.code === null) parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
      if (parent && !wantedSet.has(parent.id)) {
        throw new ApiError('400', ROLE_ADMIN_MESSAGES.buttonWithoutMenu(row.name, parent.name));
      }
    }
    const current = await tx
      .select({ id: sysRolePermissions.permissionId })
      .from(sysRolePermissions)
      .where(eq(sysRolePermissions.roleId, id));
    const currentSet = new Set(current.map((row) => row.id));
    const added = wanted.filter((permissionId) => !currentSet.has(permissionId));
    const removed = [...currentSet].filter((permissionId) => !wantedSet.has(permissionId)).sort((a, b) => a - b);
    guardCodes(
      auth,
      [...added, ...removed].map((permissionId) => byId.get(permissionId)!),
    );
    if (added.length === 0 && removed.length === 0) return { updated: 0 };
    if (removed.length > 0) {
      await tx
        .delete(sysRolePermissions)
        .where(and(eq(sysRolePermissions.roleId, id), inArray(sysRolePermissions.permissionId, removed)));
    }
    if (added.length > 0) {
      await tx.insert(sysRolePermissions).values(added.map((permissionId) => ({ roleId: id, permissionId })));
    }
    await guardRoleScopes(tx, scopesBefore, [id]);
    const codes = (ids: number[]) => ids.map((permissionId) => byId.get(permissionId)?.code ?? String(permissionId));
    await recordAudit(tx, request, {
      action: 'role.grant',
      entity: 'role',
      entityId: id,
      before: { code: role.code, permissions: codes([...currentSet].sort((a, b) => a - b)) },
      after: { code: role.code, permissions: codes(wanted), added: codes(added), removed: codes(removed) },
    });
    return { updated: added.length + removed.length };
  });
}
