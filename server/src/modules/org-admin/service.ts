import { trimmed } from '@cotton/sdk/validators';
import {
  orgAdminCodes,
  type AddOrgBody,
  type AdminOrgRow,
  type ListExportBody,
  type ListRequest,
  type UpdOrgBody,
} from '@cotton/sdk/contracts';
import { and, asc, count, eq, like, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { sysEnterprises, sysOrgs, sysUsers } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { defineList, eitherText, type CompiledList } from '../../lib/list/index';
import { placeRows } from '../../lib/list/tree';
import { authOf } from '../auth/authenticate';
import { guardOrgAdd, guardOrgChange, orgWriteScopes } from '../ceiling/guard';
import { listScope, type ScopedList } from '../data-scope/scope';
import { chinaTime } from '../shared/china-time';

/**
 * 系统管理 › 机构管理 (docs/auth.md "Organisations, posts and data permissions"): the
 * administrator's enterprise's organisation tree. `path` (`/1/4/9/`) is kept with every
 * write; a move rewrites the paths of the subtree in the same transaction. The list honours
 * data rules on 机构管理 (an organisation is its own owner): one outside the caller's scope is
 * answered as absent. Writes also stay within each data scope the caller has (the ceiling
 * guard): the organisations are what every scope is made of, so a scoped administrator moving
 * one could otherwise widen their own.
 */

/** 机构管理's data scope: an organisation owns itself (本机构 is the own one, 本机构及下级机构 its subtree). */
export const ORG_LIST: ScopedList = {
  menu: orgAdminCodes.list,
  key: sysOrgs.id,
  org: sysOrgs.id,
  enterprise: sysOrgs.enterpriseId,
};

/** An enterprise's organisations at most (the tree is answered whole). */
export const MAX_ORGS = 2000;
/** How deep the tree may go (`path` holds at most 512 characters). */
export const MAX_ORG_DEPTH = 20;

export const ORG_ADMIN_MESSAGES = {
  notFound: '机构不存在或已删除',
  parentNotFound: '上级机构不存在，请刷新后重试',
  nameEmpty: '请输入机构名称',
  codeTaken: '该机构编码已被使用，请更换',
  nameTaken: '同一上级机构下已有同名机构，请更换名称',
  underItself: '不能把机构移到它自己或它的下级机构之下',
  tooMany: `机构数量已达上限（${MAX_ORGS} 个）`,
  tooDeep: `机构层级最多 ${MAX_ORG_DEPTH} 级`,
  hasChildren: (name: string) => `机构「${name}」下还有下级机构，请先删除或移走下级机构`,
  hasUsers: (name: string, users: number) =>
    `机构「${name}」下还有 ${users} 名用户，请先在用户管理中调整他们的所属机构`,
} as const;

const AUDITED_ORG = {
  id: sysOrgs.id,
  parentId: sysOrgs.parentId,
  code: sysOrgs.code,
  name: sysOrgs.name,
  sort: sysOrgs.sort,
  path: sysOrgs.path,
};

// The outer row named in full: in a select's fields drizzle writes a bare "id", which the
// inner query reads as the user's own id (every organisation then counted the same users).
const outerOrgId = sql.raw('"sys_orgs"."id"');
const userCount = sql<number>`(select count(*)::int from ${sysUsers} u where u.org_id = ${outerOrgId})`;
// The parent's name, read whatever the caller's scope (the edit form names it, not its id).
const outerParentId = sql.raw('"sys_orgs"."parent_id"');
const parentName = sql<string | null>`(select p.name from ${sysOrgs} p where p.id = ${outerParentId})`;

/**
 * The tree of the caller's enterprise as their scope on 机构管理 lets them see it, flat, in
 * display order (siblings by `sort`); an organisation whose parent is not seen is a root.
 */
export async function orgTree(db: AppDatabase, request: FastifyRequest): Promise<{ orgs: AdminOrgRow[] }> {
  const { where } = await listScope(db, authOf(request).user, ORG_LIST);
  const rows = await db
    .select({ ...AUDITED_ORG, userCount, parentName, createdAt: sysOrgs.createdAt })
    .from(sysOrgs)
    .where(where)
    .orderBy(asc(sysOrgs.sort), asc(sysOrgs.id));
  return { orgs: rows.map(orgRow) };
}

/** A row of the tree and of the found list. */
function orgRow(row: {
  id: number;
  parentId: number | null;
  parentName: string | null;
  code: string;
  name: string;
  sort: number;
  userCount: number;
  createdAt: Date;
}): AdminOrgRow {
  return {
    id: String(row.id),
    parentId: row.parentId === null ? null : String(row.parentId),
    parentName: row.parentId === null ? null : row.parentName,
    code: row.code,
    name: row.name,
    sort: row.sort,
    userCount: row.userCount,
    createTime: row.createdAt.toISOString(),
  };
}

/**
 * The tree read as a list: what 查询, 高级查询 and sort may name, and the columns 导出's file may
 * hold (`field`).
 */
export const orgList = defineList<OrgExportRow>()({
  table: sysOrgs,
  key: sysOrgs.id,
  fields: {
    code: {
      label: '机构编码',
      column: sysOrgs.code,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 16 },
    },
    name: {
      label: '机构名称',
      column: sysOrgs.name,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 24 },
    },
    // 查询's one box: a code or a name.
    keyword: {
      label: '机构名称或编码',
      column: eitherText(sysOrgs.code, sysOrgs.name),
      type: 'text',
      filter: 'like',
    },
    parentName: { label: '上级机构', export: { width: 24 } },
    parentCode: { label: '上级机构编码', export: { width: 16 } },
    level: { label: '层级', export: { width: 8 } },
    path: { label: '路径', export: { width: 48 } },
    sort: {
      label: '排序',
      column: sysOrgs.sort,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 8 },
    },
    userCount: {
      label: '直属用户数',
      column: userCount,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 12 },
    },
    createTime: {
      label: '创建时间',
      column: sysOrgs.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
});

/** A row of 机构列表.xlsx. */
export interface OrgExportRow {
  code: string;
  name: string;
  parentName: string;
  parentCode: string;
  level: number;
  /** The names from the top organisation down to this one, ` / `-joined. */
  path: string;
  sort: number;
  userCount: number;
  createTime: string;
}

/**
 * 导出: the caller's enterprise's organisations the query matches (or the selected ones), in
 * the tree's order (parents first) unless the query sorts, each with its parent and path —
 * within the caller's scope on 机构管理, as the tree shows it (an organisation whose parent is
 * not seen is a top one).
 */
/**
 * The organisations 查询 or 高级查询 found, a page, as the tree shows each (its parent's name
 * whatever the caller's scope): within the caller's scope on 机构管理.
 */
export async function orgPage(db: AppDatabase, request: FastifyRequest, body: ListRequest) {
  const { where: seen } = await listScope(db, authOf(request).user, ORG_LIST);
  return orgList.page<AdminOrgRow>(db, body, {
    scope: seen,
    rows: async (query) => {
      const rows = await db
        .select({ ...AUDITED_ORG, userCount, parentName, createdAt: sysOrgs.createdAt })
        .from(sysOrgs)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset);
      return rows.map(orgRow);
    },
  });
}

export async function orgExport(db: AppDatabase, request: FastifyRequest, body: ListExportBody) {
  const { where: seen } = await listScope(db, authOf(request).user, ORG_LIST);
  const rows = async (query: CompiledList): Promise<OrgExportRow[]> => {
    const [all, matched] = await Promise.all([
      db
        .select({
          id: sysOrgs.id,
          parentId: sysOrgs.parentId,
          code: sysOrgs.code,
          name: sysOrgs.name,
          sort: sysOrgs.sort,
        })
        .from(sysOrgs)
        .where(seen),
      db
        .select({ ...AUDITED_ORG, userCount, createdAt: sysOrgs.createdAt })
        .from(sysOrgs)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
    ]);
    return placeRows(all, matched, Boolean(body.sort)).map(({ row: org, level, ancestors }) => {
      const parent = ancestors.at(-1);
      return {
        code: org.code,
        name: org.name,
        parentName: parent?.name ?? '',
        parentCode: parent?.code ?? '',
        level,
        path: [...ancestors.map((item) => item.name), org.name].join(' / '),
        sort: org.sort,
        userCount: org.userCount,
        createTime: org.createdAt.toISOString(),
      };
    });
  };
  // One batch: an enterprise has at most MAX_ORGS organisations, and the tree's order is read whole.
  return orgList.exportRows(db, body, {
    scope: seen,
    rows,
    batchSize: MAX_ORGS,
  });
}

/** The organisation if the caller sees it (`seen`: their enterprise's, within their scope on 机构管理), else 404 (or 400 `missing`). */
async function orgById(db: Tx, seen: SQL | undefined, id: number, missing: string = ORG_ADMIN_MESSAGES.notFound) {
  const [org] = await db
    .select(AUDITED_ORG)
    .from(sysOrgs)
    .where(and(eq(sysOrgs.id, id), seen));
  if (!org) throw new ApiError(missing === ORG_ADMIN_MESSAGES.notFound ? '404' : '400', missing);
  return org;
}

function fieldsOf(body: AddOrgBody) {
  const name = trimmed(body.name);
  if (name === '') throw new ApiError('400', ORG_ADMIN_MESSAGES.nameEmpty);
  return { code: body.code.trim(), name, sort: body.sort ?? 0 };
}

const depthOf = (path: string) => path.split('/').length - 2;

/**
 * Read under the tree's lock: the organisations the caller sees (their scope on 机构管理) and
 * the scopes a write must stay inside (the ceiling guard's `orgWriteScopes`).
 */
async function writeScopes(tx: Tx | AppDatabase, request: FastifyRequest) {
  const auth = authOf(request);
  const { where } = await listScope(tx, auth.user, ORG_LIST);
  return { seen: where, ceiling: await orgWriteScopes(tx, auth) };
}

/**
 * Every write of an enterprise's tree takes its enterprise row's lock first, so that two
 * moves (A under B, B under A) or an add under a parent being moved run one after the other
 * and each sees the paths the other left.
 */
async function lockTree(db: Tx, enterpriseId: number) {
  await db
    .select({ id: sysEnterprises.id })
    .from(sysEnterprises)
    .where(eq(sysEnterprises.id, enterpriseId))
    .for('update');
}

/**
 * 新增 / 编辑 / 删除 (lib/admin-resource): each under the tree's lock, on organisations the
 * caller sees, within the ceiling guard's scopes. A code is unique in the enterprise, a name
 * among siblings; an organisation with children or users is not deleted.
 */
export const orgResource = defineAdminResource({
  entity: 'org',
  action: 'org',
  table: sysOrgs,
  key: sysOrgs.id,
  audited: AUDITED_ORG,
  notFound: ORG_ADMIN_MESSAGES.notFound,
  // 机构编码 unique in the caller's enterprise, as 保存 tells anyone who may add an organisation;
  // 机构名称 among the children of the parent the form names (`withinVal`), asked only where 保存
  // would pass the ceiling: a name under a parent outside the caller's scope is not answered.
  duplicateCheck: {
    codes: [orgAdminCodes.add, orgAdminCodes.edit],
    fields: ['code', 'name'],
    scope: { enterpriseId: (request) => authOf(request).user.enterpriseId },
    async guard(db, request, withinVal, dataId) {
      const { seen, ceiling } = await writeScopes(db, request);
      const parentId = withinVal === null ? null : Number(withinVal);
      if (dataId === null) return guardOrgAdd(ceiling, parentId);
      const [org] = await db
        .select({ id: sysOrgs.id, parentId: sysOrgs.parentId })
        .from(sysOrgs)
        .where(and(eq(sysOrgs.id, Number(dataId)), seen));
      if (!org) throw new ApiError('404', ORG_ADMIN_MESSAGES.notFound);
      guardOrgChange(ceiling, org, parentId);
    },
  },
  unique: [
    { field: 'code', message: ORG_ADMIN_MESSAGES.codeTaken, caseInsensitive: true, within: ['enterpriseId'] },
    { field: 'name', message: ORG_ADMIN_MESSAGES.nameTaken, within: ['enterpriseId', 'parentId'] },
  ],
  inUse: [
    { table: sysOrgs, column: sysOrgs.parentId, message: (name) => ORG_ADMIN_MESSAGES.hasChildren(name) },
    { table: sysUsers, column: sysUsers.orgId, message: ORG_ADMIN_MESSAGES.hasUsers },
  ],
  async open(tx, request) {
    const enterpriseId = authOf(request).user.enterpriseId;
    await lockTree(tx, enterpriseId);
    return { enterpriseId, ...(await writeScopes(tx, request)) };
  },
  visible: (scopes) => scopes.seen,
  guard(_tx, _request, target, scopes) {
    if (target.kind === 'add') return guardOrgAdd(scopes.ceiling, (target.values?.parentId as number | null) ?? null);
    const newParentId = target.kind === 'update' ? (target.values?.parentId as number | null) : undefined;
    for (const org of target.rows) guardOrgChange(scopes.ceiling, org, newParentId);
  },
});

export async function addOrg(db: AppDatabase, request: FastifyRequest, body: AddOrgBody) {
  const fields = fieldsOf(body);
  let parentPath = '/';
  const row = await orgResource.add(
    db,
    request,
    async (tx, scopes) => {
      const parentId = body.parentId ? Number(body.parentId) : null;
      const parent =
        parentId === null ? null : await orgById(tx, scopes.seen, parentId, ORG_ADMIN_MESSAGES.parentNotFound);
      if (parent && depthOf(parent.path) >= MAX_ORG_DEPTH) throw new ApiError('400', ORG_ADMIN_MESSAGES.tooDeep);
      const [{ total }] = await tx
        .select({ total: count() })
        .from(sysOrgs)
        .where(eq(sysOrgs.enterpriseId, scopes.enterpriseId));
      if (total >= MAX_ORGS) throw new ApiError('400', ORG_ADMIN_MESSAGES.tooMany);
      parentPath = parent?.path ?? '/';
      return { enterpriseId: scopes.enterpriseId, parentId, ...fields, path: '/' };
    },
    {
      async write(tx, org) {
        const path = `${parentPath}${org.id}/`;
        await tx.update(sysOrgs).set({ path }).where(eq(sysOrgs.id, org.id));
        return { path };
      },
      audit: ({ parentId, code, name, sort }) => ({ parentId, code, name, sort }),
    },
  );
  return { id: String(row.id) };
}

export async function updateOrg(db: AppDatabase, request: FastifyRequest, body: UpdOrgBody) {
  const fields = fieldsOf(body);
  const id = Number(body.id);
  let path = '';
  return orgResource.update(
    db,
    request,
    id,
    async (tx, before, scopes) => {
      // Absent: it stays where it is; null: a root.
      const parentId = body.parentId === undefined ? before.parentId : body.parentId ? Number(body.parentId) : null;
      path = before.path;
      if (parentId !== before.parentId) {
        const parent =
          parentId === null ? null : await orgById(tx, scopes.seen, parentId, ORG_ADMIN_MESSAGES.parentNotFound);
        if (parent && parent.path.startsWith(before.path)) throw new ApiError('400', ORG_ADMIN_MESSAGES.underItself);
        path = `${parent?.path ?? '/'}${id}/`;
        const [deepest] = await tx
          .select({ depth: sql<number>`max(length(${sysOrgs.path}) - length(replace(${sysOrgs.path}, '/', '')))` })
          .from(sysOrgs)
          .where(and(eq(sysOrgs.enterpriseId, scopes.enterpriseId), like(sysOrgs.path, `${before.path}%`)));
        const below = (deepest?.depth ?? 0) - (depthOf(before.path) + 1);
        if (depthOf(path) + below > MAX_ORG_DEPTH) throw new ApiError('400', ORG_ADMIN_MESSAGES.tooDeep);
      }
      return { ...fields, parentId };
    },
    {
      async write(tx, before, scopes) {
        // The subtree's paths: the old prefix replaced by the new one.
        if (path !== before.path)
          await tx
            .update(sysOrgs)
            .set({ path: sql`${path} || substr(${sysOrgs.path}, ${before.path.length + 1})` })
            .where(and(eq(sysOrgs.enterpriseId, scopes.enterpriseId), like(sysOrgs.path, `${before.path}%`)));
        return { path };
      },
    },
  );
}

export async function deleteOrg(db: AppDatabase, request: FastifyRequest, idText: string) {
  return orgResource.remove(db, request, [Number(idText)]);
}

/**
 * 批量删除: all or none — one of them not seen is 404, one with children or users refuses the
 * batch and names it (a parent ticked with its children is refused too: delete the lower ones first).
 */
export async function deleteOrgs(db: AppDatabase, request: FastifyRequest, ids: number[]) {
  return orgResource.remove(db, request, ids);
}
