import type { AdminUserRow, ListExportBody, ListRequest } from '@cotton/sdk/contracts';
import { isRecordId } from '@cotton/sdk/validators';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import {
  sysEnterprises,
  sysOrgs,
  sysPosts,
  sysRoles,
  sysUserPosts,
  sysUserRoles,
  sysUsers,
} from '../../db/schema/index';
import { defineList, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { orgAndBelow } from '../data-scope/scope';
import { chinaTime } from '../shared/china-time';
import { CENTRE_USERS, userScope, type UserRealm } from './realm';

/**
 * 用户管理's list and export (docs/auth.md "User administration"): the users of the
 * administrator's own enterprise that the data rules of the realm's list let them see (the data
 * scope, data-scope/scope.ts), filtered by the organisation chosen in the tree beside it.
 */

/** The list's allow-list: what the client may filter, sort and super-query on. */
export const userList = defineList<AdminUserRow>()({
  table: sysUsers,
  key: sysUsers.id,
  fields: {
    loginName: {
      label: '登录名',
      column: sysUsers.loginName,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 20 },
    },
    realname: {
      label: '姓名',
      column: sysUsers.realname,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 14 },
    },
    phone: {
      label: '手机号码',
      column: sysUsers.phone,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 16 },
    },
    email: { label: '邮箱', export: { width: 28 } },
    enterpriseName: { label: '所属企业', export: { width: 30 } },
    orgName: { label: '所属机构', export: { width: 20 } },
    postNames: { label: '岗位', export: { width: 20 } },
    roleNames: { label: '角色', export: { width: 24 } },
    status: {
      label: '状态',
      column: sysUsers.status,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => (row.status === '2' ? '冻结' : '正常') },
    },
    createTime: {
      label: '创建时间',
      column: sysUsers.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
  refused: { password: '密码', passwordHash: '密码' },
  // Scope (enterprise) and fields are columns of sys_users, whose writes are versioned (0018).
  cacheTotal: true,
});

const roleNames = sql<string>`coalesce((
  select string_agg(${sysRoles.name}, ',' order by ${sysRoles.id})
  from ${sysUserRoles} join ${sysRoles} on ${sysRoles.id} = ${sysUserRoles.roleId}
  where ${sysUserRoles.userId} = ${sysUsers.id}
), '')`;

const postNames = sql<string>`coalesce((
  select string_agg(${sysPosts.name}, ',' order by ${sysPosts.sort}, ${sysPosts.id})
  from ${sysUserPosts} join ${sysPosts} on ${sysPosts.id} = ${sysUserPosts.postId}
  where ${sysUserPosts.userId} = ${sysUsers.id}
), '')`;

function userRows(db: AppDatabase) {
  return async (query: CompiledList): Promise<AdminUserRow[]> => {
    // A prepared statement per shape (db/prepared.ts): planning cost more than running it.
    const rows = await runPrepared(
      db
        .select({
          id: sysUsers.id,
          loginName: sysUsers.loginName,
          realname: sysUsers.realname,
          phone: sysUsers.phone,
          email: sysUsers.email,
          status: sysUsers.status,
          enterpriseCode: sysEnterprises.code,
          enterpriseName: sysEnterprises.name,
          orgId: sysUsers.orgId,
          orgName: sysOrgs.name,
          postNames,
          roleNames,
          createdAt: sysUsers.createdAt,
        })
        .from(sysUsers)
        .innerJoin(sysEnterprises, eq(sysEnterprises.id, sysUsers.enterpriseId))
        .leftJoin(sysOrgs, eq(sysOrgs.id, sysUsers.orgId))
        // The page's ids first (an index walk), so that the rows skipped by the offset cost no
        // role names: page 500 would otherwise build them for 5,000 rows.
        .where(
          inArray(
            sysUsers.id,
            db
              .select({ id: sysUsers.id })
              .from(sysUsers)
              .where(query.where)
              .orderBy(...query.orderBy)
              .limit(query.limit)
              .offset(query.offset),
          ),
        )
        .orderBy(...query.orderBy),
    );
    return rows.map(({ createdAt, orgId, ...row }) => ({
      ...row,
      id: String(row.id),
      orgId: orgId === null ? null : String(orgId),
      createTime: createdAt.toISOString(),
    }));
  };
}

/**
 * The `orgId` filter: the organisation chosen in the tree beside the list, with every one
 * below it (the ids, a condition on sys_users alone like the scope); taken out of the filters
 * the generic list compiles.
 */
async function withOrgFilter<T extends Partial<ListRequest>>(
  db: AppDatabase,
  request: FastifyRequest,
  body: T,
  realm: UserRealm,
) {
  const { where, auth } = await userScope(db, request, realm);
  const { orgId, ...filters } = body.filters ?? {};
  if (orgId === undefined || orgId === null || orgId === '') return { where, body };
  const text = typeof orgId === 'string' ? orgId.trim() : typeof orgId === 'number' ? String(orgId) : '';
  if (!isRecordId(text)) throw new ApiError('400', '“所属机构”应为机构编号');
  const ids = await orgAndBelow(db, auth.user.enterpriseId, Number(text));
  return {
    where: and(where, ids.length > 0 ? inArray(sysUsers.orgId, ids) : sql`false`),
    body: { ...body, filters },
  };
}

export async function userPage(db: AppDatabase, request: FastifyRequest, body: ListRequest, realm = CENTRE_USERS) {
  const scoped = await withOrgFilter(db, request, body, realm);
  return userList.page<AdminUserRow>(db, scoped.body, { scope: scoped.where, rows: userRows(db) });
}

/** Columns an enterprise's own export leaves out: its own name, and the centre's organisations and posts. */
const NOT_FOR_ENTERPRISES = new Set(['enterpriseName', 'orgName', 'postNames']);

/**
 * 导出: the users the list's query matches (or the selected ones), within the data scope; an
 * enterprise's accounts (`ENTERPRISE_USERS`) without the columns that are not theirs.
 */
export async function userExport(db: AppDatabase, request: FastifyRequest, body: ListExportBody, realm = CENTRE_USERS) {
  const scoped = await withOrgFilter(db, request, body, realm);
  const exported = await userList.exportRows(db, scoped.body, { scope: scoped.where, rows: userRows(db) });
  if (realm === CENTRE_USERS) return exported;
  return { ...exported, columns: exported.columns.filter((column) => !NOT_FOR_ENTERPRISES.has(column.field ?? '')) };
}
