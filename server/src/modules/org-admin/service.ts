import { trimmed } from '@cotton/sdk/validators';
import {
  orgAdminCodes,
  type AddOrgBody,
  type AdminOrgRow,
  type ListExportBody,
  type UpdOrgBody,
} from '@cotton/sdk/contracts';
import { and, asc, count, eq, like, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { sysEnterprises, sysOrgs, sysUsers } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { defineList, type CompiledList } from '../../lib/list/index';
import { treePlaces } from '../../lib/list/tree';
import type { XlsxColumn } from '../../lib/list/xlsx';
import { authOf } from '../auth/authenticate';
import { guardOrgAdd, guardOrgChange, orgWriteScopes } from '../ceiling/guard';
import { listScope, type ScopedList } from '../data-scope/scope';
import { recordAudit } from '../shared/audit';
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
  return {
    orgs: rows.map((row) => ({
      id: String(row.id),
      parentId: row.parentId === null ? null : String(row.parentId),
      parentName: row.parentId === null ? null : row.parentName,
      code: row.code,
      name: row.name,
      sort: row.sort,
      userCount: row.userCount,
      createTime: row.createdAt.toISOString(),
    })),
  };
}

/**
 * 导出's allow-list: the tree read as a list. What the client may filter and super-query on,
 * and the columns the file may hold (`field`).
 */
export const orgList = defineList({
  table: sysOrgs,
  key: sysOrgs.id,
  fields: {
    code: { label: '机构编码', column: sysOrgs.code, type: 'text', filter: 'like', sortable: true, superQuery: true },
    name: { label: '机构名称', column: sysOrgs.name, type: 'text', filter: 'like', sortable: true, superQuery: true },
    sort: { label: '排序', column: sysOrgs.sort, type: 'number', sortable: true, superQuery: true },
    userCount: { label: '直属用户数', column: userCount, type: 'number', sortable: true, superQuery: true },
    createTime: { label: '创建时间', column: sysOrgs.createdAt, type: 'date', sortable: true, superQuery: true },
  },
  columns: {
    code: '机构编码',
    name: '机构名称',
    parentName: '上级机构',
    parentCode: '上级机构编码',
    level: '层级',
    path: '路径',
    sort: '排序',
    userCount: '直属用户数',
    createTime: '创建时间',
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

export const ORG_EXPORT_COLUMNS: Array<XlsxColumn<OrgExportRow>> = [
  { field: 'code', header: '机构编码', width: 16, value: (row) => row.code },
  { field: 'name', header: '机构名称', width: 24, value: (row) => row.name },
  { field: 'parentName', header: '上级机构', width: 24, value: (row) => row.parentName },
  { field: 'parentCode', header: '上级机构编码', width: 16, value: (row) => row.parentCode },
  { field: 'level', header: '层级', width: 8, value: (row) => row.level },
  { field: 'path', header: '路径', width: 48, value: (row) => row.path },
  { field: 'sort', header: '排序', width: 8, value: (row) => row.sort },
  { field: 'userCount', header: '直属用户数', width: 12, value: (row) => row.userCount },
  { field: 'createTime', header: '创建时间', width: 20, value: (row) => chinaTime(row.createTime) },
];

/**
 * 导出: the caller's enterprise's organisations the query matches (or the selected ones), in
 * the tree's order (parents first) unless the query sorts, each with its parent and path —
 * within the caller's scope on 机构管理, as the tree shows it (an organisation whose parent is
 * not seen is a top one).
 */
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
    const places = treePlaces(all);
    const placeOf = (id: number) => places.get(id) ?? { order: Number.MAX_SAFE_INTEGER, level: 1, ancestors: [] };
    const ordered = body.sort ? matched : [...matched].sort((a, b) => placeOf(a.id).order - placeOf(b.id).order);
    return ordered.map((org) => {
      const { level, ancestors } = placeOf(org.id);
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
  return orgList.exportRows<OrgExportRow>(db, body, {
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

/** Refuses a code used elsewhere in the enterprise, or a name used by a sibling. */
async function checkFree(
  db: Tx,
  enterpriseId: number,
  fields: { code: string; name: string },
  parentId: number | null,
  selfId: number | null,
) {
  const others = selfId === null ? undefined : ne(sysOrgs.id, selfId);
  const [code] = await db
    .select({ id: sysOrgs.id })
    .from(sysOrgs)
    .where(and(eq(sysOrgs.enterpriseId, enterpriseId), sql`lower(${sysOrgs.code}) = lower(${fields.code})`, others))
    .limit(1);
  if (code) throw new ApiError('400', ORG_ADMIN_MESSAGES.codeTaken);
  const [name] = await db
    .select({ id: sysOrgs.id })
    .from(sysOrgs)
    .where(
      and(
        eq(sysOrgs.enterpriseId, enterpriseId),
        parentId === null ? sql`${sysOrgs.parentId} is null` : eq(sysOrgs.parentId, parentId),
        eq(sysOrgs.name, fields.name),
        others,
      ),
    )
    .limit(1);
  if (name) throw new ApiError('400', ORG_ADMIN_MESSAGES.nameTaken);
}

const depthOf = (path: string) => path.split('/').length - 2;

/**
 * Read under the tree's lock: the organisations the caller sees (their scope on 机构管理) and
 * the scopes a write must stay inside (the ceiling guard's `orgWriteScopes`).
 */
async function writeScopes(tx: Tx, request: FastifyRequest) {
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

export async function addOrg(db: AppDatabase, request: FastifyRequest, body: AddOrgBody) {
  const auth = authOf(request);
  const enterpriseId = auth.user.enterpriseId;
  const fields = fieldsOf(body);
  return db.transaction(async (tx) => {
    await lockTree(tx, enterpriseId);
    const scopes = await writeScopes(tx, request);
    const parentId = body.parentId ? Number(body.parentId) : null;
    const parent =
      parentId === null ? null : await orgById(tx, scopes.seen, parentId, ORG_ADMIN_MESSAGES.parentNotFound);
    guardOrgAdd(scopes.ceiling, parentId);
    if (parent && depthOf(parent.path) >= MAX_ORG_DEPTH) throw new ApiError('400', ORG_ADMIN_MESSAGES.tooDeep);
    const [{ total }] = await tx.select({ total: count() }).from(sysOrgs).where(eq(sysOrgs.enterpriseId, enterpriseId));
    if (total >= MAX_ORGS) throw new ApiError('400', ORG_ADMIN_MESSAGES.tooMany);
    await checkFree(tx, enterpriseId, fields, parentId, null);
    const [row] = await tx
      .insert(sysOrgs)
      .values({ enterpriseId, parentId, ...fields, path: '/' })
      .returning({ id: sysOrgs.id });
    const path = `${parent?.path ?? '/'}${row.id}/`;
    await tx.update(sysOrgs).set({ path }).where(eq(sysOrgs.id, row.id));
    await recordAudit(tx, request, {
      action: 'org.add',
      entity: 'org',
      entityId: row.id,
      after: { parentId, ...fields, path },
    });
    return { id: String(row.id) };
  });
}

export async function updateOrg(db: AppDatabase, request: FastifyRequest, body: UpdOrgBody) {
  const auth = authOf(request);
  const enterpriseId = auth.user.enterpriseId;
  const fields = fieldsOf(body);
  const id = Number(body.id);
  return db.transaction(async (tx) => {
    await lockTree(tx, enterpriseId);
    const scopes = await writeScopes(tx, request);
    const before = await orgById(tx, scopes.seen, id);
    // Absent: it stays where it is; null: a root.
    const parentId = body.parentId === undefined ? before.parentId : body.parentId ? Number(body.parentId) : null;
    const parent =
      parentId === null || parentId === before.parentId
        ? null
        : await orgById(tx, scopes.seen, parentId, ORG_ADMIN_MESSAGES.parentNotFound);
    guardOrgChange(scopes.ceiling, before, parentId);
    let path = before.path;
    if (parentId !== before.parentId) {
      if (parent && parent.path.startsWith(before.path)) throw new ApiError('400', ORG_ADMIN_MESSAGES.underItself);
      path = `${parent?.path ?? '/'}${id}/`;
      const [deepest] = await tx
        .select({ depth: sql<number>`max(length(${sysOrgs.path}) - length(replace(${sysOrgs.path}, '/', '')))` })
        .from(sysOrgs)
        .where(and(eq(sysOrgs.enterpriseId, enterpriseId), like(sysOrgs.path, `${before.path}%`)));
      const below = (deepest?.depth ?? 0) - (depthOf(before.path) + 1);
      if (depthOf(path) + below > MAX_ORG_DEPTH) throw new ApiError('400', ORG_ADMIN_MESSAGES.tooDeep);
      // The subtree's paths: the old prefix replaced by the new one.
      await tx
        .update(sysOrgs)
        .set({ path: sql`${path} || substr(${sysOrgs.path}, ${before.path.length + 1})` })
        .where(and(eq(sysOrgs.enterpriseId, enterpriseId), like(sysOrgs.path, `${before.path}%`)));
    }
    await checkFree(tx, enterpriseId, fields, parentId, id);
    await tx
      .update(sysOrgs)
      .set({ ...fields, parentId })
      .where(eq(sysOrgs.id, id));
    await recordAudit(tx, request, {
      action: 'org.update',
      entity: 'org',
      entityId: id,
      before,
      after: { ...before, ...fields, parentId, path },
    });
    return { updated: 1 };
  });
}

export async function deleteOrg(db: AppDatabase, request: FastifyRequest, idText: string) {
  const auth = authOf(request);
  const id = Number(idText);
  return db.transaction(async (tx) => {
    await lockTree(tx, auth.user.enterpriseId);
    const scopes = await writeScopes(tx, request);
    const org = await orgById(tx, scopes.seen, id);
    guardOrgChange(scopes.ceiling, org);
    const [child] = await tx.select({ id: sysOrgs.id }).from(sysOrgs).where(eq(sysOrgs.parentId, id)).limit(1);
    if (child) throw new ApiError('400', ORG_ADMIN_MESSAGES.hasChildren(org.name));
    const [{ users }] = await tx.select({ users: count() }).from(sysUsers).where(eq(sysUsers.orgId, id));
    if (users > 0) throw new ApiError('400', ORG_ADMIN_MESSAGES.hasUsers(org.name, users));
    await tx.delete(sysOrgs).where(eq(sysOrgs.id, id));
    await recordAudit(tx, request, { action: 'org.delete', entity: 'org', entityId: id, before: org });
    return { deleted: 1 };
  });
}
