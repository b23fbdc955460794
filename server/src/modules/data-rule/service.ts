import { trimmed } from '@cotton/sdk/validators';
import {
  dataRuleCodes,
  type AddDataRuleBody,
  type AdminDataRuleRow,
  type DataScopeKind,
  type ListExportBody,
  type ListRequest,
  type UpdDataRuleBody,
} from '@cotton/sdk/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { sysDataRules, sysPermissions, sysRoleDataRules, sysRoles } from '../../db/schema/index';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { defineList, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { authOf } from '../auth/authenticate';
import { callerScopes, guardRoles, guardRoleScopes } from '../ceiling/guard';
import { parseIdList } from '../shared/id-list';
import { chinaTime } from '../shared/china-time';
import { dataScopedMenus } from '../data-scope/scope';

/**
 * 系统管理 › 数据权限 (docs/auth.md "Data permissions"): the rules, each on one menu whose
 * list honours them (`dataScopedMenus`: the portal's, and a plugin entity's list), with the
 * roles it is given to. What a rule does is in scope.ts; it takes effect at the holder's next call.
 */

export const DATA_RULE_MESSAGES = {
  notFound: '数据权限规则不存在或已删除',
  nameEmpty: '请输入规则名称',
  nameTaken: '该菜单下已有同名规则，请更换名称',
  menuNotScoped: '所选菜单不支持数据权限，请刷新后重试',
  roleNotFound: '所选角色不存在，请刷新后重试',
} as const;

const roleIdsOf = sql<string>`coalesce((
  select string_agg(${sysRoleDataRules.roleId}::text, ',' order by ${sysRoleDataRules.roleId})
  from ${sysRoleDataRules} where ${sysRoleDataRules.ruleId} = ${sysDataRules.id}
), '')`;
const roleNamesOf = sql<string>`coalesce((
  select string_agg(${sysRoles.name}, ',' order by ${sysRoles.id})
  from ${sysRoleDataRules} join ${sysRoles} on ${sysRoles.id} = ${sysRoleDataRules.roleId}
  where ${sysRoleDataRules.ruleId} = ${sysDataRules.id}
), '')`;

/** The list's allow-list. */
export const dataRuleList = defineList<AdminDataRuleRow>()({
  table: sysDataRules,
  key: sysDataRules.id,
  fields: {
    menuId: { label: '菜单', column: sysDataRules.permissionId, type: 'number', filter: 'eq' },
    menuName: { label: '菜单', export: { width: 16 } },
    name: {
      label: '规则名称',
      column: sysDataRules.name,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 24 },
    },
    scope: {
      label: '数据范围',
      column: sysDataRules.scope,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 18, value: (row) => DATA_SCOPE_NAMES[row.scope] ?? row.scope },
    },
    roleNames: { label: '角色', export: { width: 30 } },
    createTime: {
      label: '创建时间',
      column: sysDataRules.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
});

function dataRuleRows(db: AppDatabase) {
  return async (query: CompiledList): Promise<AdminDataRuleRow[]> => {
    const scoped = await dataScopedMenus(db);
    const rows = await db
      .select({
        id: sysDataRules.id,
        menuId: sysDataRules.permissionId,
        menuName: sysPermissions.name,
        menuCode: sysPermissions.code,
        name: sysDataRules.name,
        scope: sysDataRules.scope,
        roleIds: roleIdsOf,
        roleNames: roleNamesOf,
        createdAt: sysDataRules.createdAt,
      })
      .from(sysDataRules)
      .innerJoin(sysPermissions, eq(sysPermissions.id, sysDataRules.permissionId))
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(({ createdAt, roleIds, menuCode, ...row }) => ({
      ...row,
      id: String(row.id),
      menuId: String(row.menuId),
      menuName: menuNameOf(scoped, menuCode, row.menuName),
      roleIds: roleIds === '' ? [] : roleIds.split(','),
      createTime: createdAt.toISOString(),
    }));
  };
}

export async function dataRulePage(db: AppDatabase, body: ListRequest) {
  return dataRuleList.page<AdminDataRuleRow>(db, body, { rows: dataRuleRows(db) });
}

/** 数据范围 as the list names it. */
export const DATA_SCOPE_NAMES: Record<DataScopeKind, string> = {
  all: '全部数据',
  org_and_below: '本机构及下级机构',
  org: '本机构',
  self: '仅本人',
};

/** 导出: the rules the list's query matches (or the selected ones). */
export async function dataRuleExport(db: AppDatabase, body: ListExportBody) {
  return dataRuleList.exportRows(db, body, { rows: dataRuleRows(db) });
}

/**
 * A scoped list as 数据权限 names it (企业管理's 用户管理 is 企业用户管理, a plugin's by its entity's
 * label), else — a rule left on a menu that no longer takes one (its plugin uninstalled) — as the
 * menu is named.
 */
function menuNameOf(scoped: ReadonlyMap<string, string>, code: string | null, name: string): string {
  return (code !== null && scoped.get(code)) || name;
}

/**
 * What the form offers: the nodes carrying the codes of the lists that honour rules (as they
 * exist in this database: the portal's menus, a plugin's menu or the button of its list) and
 * the roles.
 */
export async function dataRuleOptions(db: AppDatabase) {
  const scoped = await dataScopedMenus(db);
  const [menus, roles] = await Promise.all([
    db
      .select({ id: sysPermissions.id, name: sysPermissions.name, code: sysPermissions.code })
      .from(sysPermissions)
      .where(inArray(sysPermissions.code, [...scoped.keys()]))
      .orderBy(asc(sysPermissions.sort), asc(sysPermissions.id)),
    db.select({ id: sysRoles.id, name: sysRoles.name }).from(sysRoles).orderBy(asc(sysRoles.id)),
  ]);
  return {
    menus: menus.map(({ code, ...menu }) => ({
      ...menu,
      id: String(menu.id),
      name: menuNameOf(scoped, code, menu.name),
    })),
    roles: roles.map((role) => ({ ...role, id: String(role.id) })),
  };
}

/** 新增 / 编辑 / 删除 (lib/admin-resource); each write stays under the ceiling of the roles it binds. */
export const dataRuleResource = defineAdminResource({
  entity: 'datarule',
  action: 'datarule',
  table: sysDataRules,
  key: sysDataRules.id,
  audited: {
    id: sysDataRules.id,
    name: sysDataRules.name,
    permissionId: sysDataRules.permissionId,
    scope: sysDataRules.scope,
  },
  notFound: DATA_RULE_MESSAGES.notFound,
  unique: [{ field: 'name', message: DATA_RULE_MESSAGES.nameTaken, within: ['permissionId'] }],
  // 规则名称 among the rules of the menu the form names (`withinVal`, the menu's id).
  duplicateCheck: { codes: [dataRuleCodes.add, dataRuleCodes.edit], fields: ['name'] },
});

async function checkFields(db: Tx, body: AddDataRuleBody) {
  const name = trimmed(body.name);
  if (name === '') throw new ApiError('400', DATA_RULE_MESSAGES.nameEmpty);
  const permissionId = Number(body.menuId);
  const [menu] = await db
    .select({ code: sysPermissions.code })
    .from(sysPermissions)
    .where(eq(sysPermissions.id, permissionId));
  if (!menu?.code || !(await dataScopedMenus(db)).has(menu.code))
    throw new ApiError('400', DATA_RULE_MESSAGES.menuNotScoped);
  const roleIds = [...new Set(body.roleIds.map(Number))].sort((a, b) => a - b);
  if (roleIds.length > 0) {
    const found = await db.select({ id: sysRoles.id }).from(sysRoles).where(inArray(sysRoles.id, roleIds));
    if (found.length !== roleIds.length) throw new ApiError('400', DATA_RULE_MESSAGES.roleNotFound);
  }
  return { fields: { name, permissionId, scope: body.scope }, roleIds };
}

async function bindRoles(db: Tx, ruleId: number, roleIds: number[]) {
  await db.delete(sysRoleDataRules).where(eq(sysRoleDataRules.ruleId, ruleId));
  if (roleIds.length > 0) await db.insert(sysRoleDataRules).values(roleIds.map((roleId) => ({ roleId, ruleId })));
}

/**
 * A rule changes what its roles see: only on roles within the caller's reach (the ceiling),
 * read before the write; `after`, inside it, refuses a role left seeing further than the caller.
 */
async function roleCeiling(tx: Tx, request: FastifyRequest, roleIds: number[]) {
  await guardRoles(tx, authOf(request), roleIds);
  const scopesBefore = await callerScopes(tx, authOf(request));
  return { after: () => guardRoleScopes(tx, scopesBefore, roleIds) };
}

export async function addDataRule(db: AppDatabase, request: FastifyRequest, body: AddDataRuleBody) {
  let roleIds: number[] = [];
  let ceiling: Awaited<ReturnType<typeof roleCeiling>> | null = null;
  const row = await dataRuleResource.add(
    db,
    request,
    async (tx) => {
      const checked = await checkFields(tx, body);
      roleIds = checked.roleIds;
      ceiling = await roleCeiling(tx, request, roleIds);
      return checked.fields;
    },
    {
      async write(tx, rule) {
        await bindRoles(tx, rule.id, roleIds);
        await ceiling!.after();
        return { roleIds };
      },
    },
  );
  return { id: String(row.id) };
}

/** The roles the rule is given to. */
async function boundRoles(db: Tx, id: number) {
  const roles = await db
    .select({ roleId: sysRoleDataRules.roleId })
    .from(sysRoleDataRules)
    .where(eq(sysRoleDataRules.ruleId, id))
    .orderBy(asc(sysRoleDataRules.roleId));
  return roles.map((role) => role.roleId);
}

export async function updateDataRule(db: AppDatabase, request: FastifyRequest, body: UpdDataRuleBody) {
  const id = Number(body.id);
  let boundBefore: number[] = [];
  let roleIds: number[] = [];
  let ceiling: Awaited<ReturnType<typeof roleCeiling>> | null = null;
  return dataRuleResource.update(
    db,
    request,
    id,
    async (tx) => {
      boundBefore = await boundRoles(tx, id);
      const checked = await checkFields(tx, body);
      roleIds = checked.roleIds;
      ceiling = await roleCeiling(tx, request, [...new Set([...boundBefore, ...roleIds])]);
      return checked.fields;
    },
    {
      async write(tx) {
        await bindRoles(tx, id, roleIds);
        await ceiling!.after();
        return { roleIds };
      },
      audit: (before, after) => ({ before: { ...before, roleIds: boundBefore }, after }),
    },
  );
}

export async function deleteDataRules(db: AppDatabase, request: FastifyRequest, idsText: string) {
  let ceiling: Awaited<ReturnType<typeof roleCeiling>> | null = null;
  // Its role bindings go with it (ON DELETE CASCADE).
  return dataRuleResource.remove(db, request, parseIdList(idsText, '规则编号'), {
    async check(tx, rules) {
      const bound = await tx
        .selectDistinct({ roleId: sysRoleDataRules.roleId })
        .from(sysRoleDataRules)
        .where(
          inArray(
            sysRoleDataRules.ruleId,
            rules.map((rule) => rule.id),
          ),
        );
      ceiling = await roleCeiling(
        tx,
        request,
        bound.map((row) => row.roleId),
      );
    },
    write: () => ceiling!.after(),
  });
}
