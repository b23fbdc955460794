import { trimmed } from '@cotton/sdk/validators';
import type { AddPostBody, AdminPostRow, ListExportBody, ListRequest, UpdPostBody } from '@cotton/sdk/contracts';
import { postAdminCodes } from '@cotton/sdk/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { sysPosts, sysUserPosts } from '../../db/schema/index';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { defineList, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { parseIdList } from '../shared/id-list';
import { chinaTime } from '../shared/china-time';

/**
 * 系统管理 › 岗位管理 (docs/auth.md "Organisations, posts and data permissions"): the
 * posts users hold. A post held by anyone is not deleted (停用 it instead: its holders keep
 * it, nobody is given it anew).
 */

export const POST_ADMIN_MESSAGES = {
  notFound: '岗位不存在或已删除',
  codeTaken: '该岗位编码已被使用，请更换',
  nameTaken: '该岗位名称已被使用，请更换',
  nameEmpty: '请输入岗位名称',
  inUse: (names: string) => `岗位「${names}」仍有用户在任，请先在用户管理中调整，或将其停用`,
} as const;

const userCount = sql<number>`(
  select count(*)::int from ${sysUserPosts} where ${sysUserPosts.postId} = ${sysPosts.id}
)`;

/** The list's allow-list: what the client may filter, sort and super-query on. */
export const postList = defineList<AdminPostRow>()({
  table: sysPosts,
  key: sysPosts.id,
  fields: {
    code: {
      label: '岗位编码',
      column: sysPosts.code,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 16 },
    },
    name: {
      label: '岗位名称',
      column: sysPosts.name,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 20 },
    },
    sort: {
      label: '排序',
      column: sysPosts.sort,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 8 },
    },
    status: {
      label: '状态',
      column: sysPosts.status,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => (row.status === '2' ? '停用' : '启用') },
    },
    description: {
      label: '描述',
      column: sysPosts.description,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 32 },
    },
    userCount: {
      label: '在岗人数',
      column: userCount,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 10 },
    },
    createTime: {
      label: '创建时间',
      column: sysPosts.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
});

function postRows(db: AppDatabase) {
  return async (query: CompiledList): Promise<AdminPostRow[]> => {
    const rows = await db
      .select({
        id: sysPosts.id,
        code: sysPosts.code,
        name: sysPosts.name,
        sort: sysPosts.sort,
        status: sysPosts.status,
        description: sysPosts.description,
        userCount,
        createdAt: sysPosts.createdAt,
      })
      .from(sysPosts)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(({ createdAt, ...row }) => ({ ...row, id: String(row.id), createTime: createdAt.toISOString() }));
  };
}

export async function postPage(db: AppDatabase, body: ListRequest) {
  return postList.page<AdminPostRow>(db, body, { rows: postRows(db) });
}

/** 导出: the posts the list's query matches (or the selected ones). */
export async function postExport(db: AppDatabase, body: ListExportBody) {
  return postList.exportRows(db, body, { rows: postRows(db) });
}

/** 新增 / 编辑 / 删除 (lib/admin-resource): a post held by anyone is not deleted. */
export const postResource = defineAdminResource({
  entity: 'post',
  action: 'post',
  table: sysPosts,
  key: sysPosts.id,
  audited: {
    id: sysPosts.id,
    code: sysPosts.code,
    name: sysPosts.name,
    sort: sysPosts.sort,
    status: sysPosts.status,
    description: sysPosts.description,
  },
  notFound: POST_ADMIN_MESSAGES.notFound,
  duplicateCheck: { codes: [postAdminCodes.add, postAdminCodes.edit], open: ['code'] },
  unique: [
    { field: 'code', message: POST_ADMIN_MESSAGES.codeTaken, caseInsensitive: true },
    { field: 'name', message: POST_ADMIN_MESSAGES.nameTaken, caseInsensitive: true },
  ],
  inUse: [{ table: sysUserPosts, column: sysUserPosts.postId, message: POST_ADMIN_MESSAGES.inUse }],
});

function fieldsOf(body: AddPostBody | UpdPostBody) {
  const name = trimmed(body.name);
  if (name === '') throw new ApiError('400', POST_ADMIN_MESSAGES.nameEmpty);
  const description = trimmed(body.description);
  return { name, sort: body.sort ?? 0, status: body.status, description: description === '' ? null : description };
}

export async function addPost(db: AppDatabase, request: FastifyRequest, body: AddPostBody) {
  const row = await postResource.add(db, request, { code: body.code.trim(), ...fieldsOf(body) });
  return { id: String(row.id) };
}

export async function updatePost(db: AppDatabase, request: FastifyRequest, body: UpdPostBody) {
  return postResource.update(db, request, Number(body.id), fieldsOf(body));
}

// A batch with one gone is refused whole, as users' and roles' are: never 删除成功 with less done.
export async function deletePosts(db: AppDatabase, request: FastifyRequest, idsText: string) {
  return postResource.remove(db, request, parseIdList(idsText, '岗位编号'));
}
