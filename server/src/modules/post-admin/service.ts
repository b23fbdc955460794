import { trimmed } from '@cotton/sdk/validators';
import type { AddPostBody, AdminPostRow, ListExportBody, ListRequest, UpdPostBody } from '@cotton/sdk/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { sysPosts, sysUserPosts } from '../../db/schema/index';
import { defineList, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { parseIdList } from '../shared/id-list';
import { recordAudit } from '../shared/audit';
import { chinaTime } from '../shared/china-time';
import { heldNames } from '../shared/held';

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

const AUDITED_POST = {
  id: sysPosts.id,
  code: sysPosts.code,
  name: sysPosts.name,
  sort: sysPosts.sort,
  status: sysPosts.status,
  description: sysPosts.description,
};

function fieldsOf(body: AddPostBody | UpdPostBody) {
  const name = trimmed(body.name);
  if (name === '') throw new ApiError('400', POST_ADMIN_MESSAGES.nameEmpty);
  const description = trimmed(body.description);
  return { name, sort: body.sort ?? 0, status: body.status, description: description === '' ? null : description };
}

async function checkNameFree(db: Tx, name: string, postId: number | null): Promise<void> {
  const [taken] = await db
    .select({ id: sysPosts.id })
    .from(sysPosts)
    .where(and(sql`lower(${sysPosts.name}) = lower(${name})`, postId === null ? undefined : ne(sysPosts.id, postId)))
    .limit(1);
  if (taken) throw new ApiError('400', POST_ADMIN_MESSAGES.nameTaken);
}

export async function addPost(db: AppDatabase, request: FastifyRequest, body: AddPostBody) {
  const code = body.code.trim();
  const fields = fieldsOf(body);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: sysPosts.id })
      .from(sysPosts)
      .where(sql`lower(${sysPosts.code}) = lower(${code})`)
      .limit(1);
    if (taken) throw new ApiError('400', POST_ADMIN_MESSAGES.codeTaken);
    await checkNameFree(tx, fields.name, null);
    const [row] = await tx
      .insert(sysPosts)
      .values({ code, ...fields })
      .returning({ id: sysPosts.id });
    await recordAudit(tx, request, {
      action: 'post.add',
      entity: 'post',
      entityId: row.id,
      after: { code, ...fields },
    });
    return { id: String(row.id) };
  });
}

export async function updatePost(db: AppDatabase, request: FastifyRequest, body: UpdPostBody) {
  const fields = fieldsOf(body);
  const id = Number(body.id);
  return db.transaction(async (tx) => {
    const [before] = await tx.select(AUDITED_POST).from(sysPosts).where(eq(sysPosts.id, id));
    if (!before) throw new ApiError('404', POST_ADMIN_MESSAGES.notFound);
    await checkNameFree(tx, fields.name, id);
    await tx.update(sysPosts).set(fields).where(eq(sysPosts.id, id));
    await recordAudit(tx, request, {
      action: 'post.update',
      entity: 'post',
      entityId: id,
      before,
      after: { ...before, ...fields },
    });
    return { updated: 1 };
  });
}

export async function deletePosts(db: AppDatabase, request: FastifyRequest, idsText: string) {
  const ids = parseIdList(idsText, '岗位编号');
  return db.transaction(async (tx) => {
    const posts = await tx.select(AUDITED_POST).from(sysPosts).where(inArray(sysPosts.id, ids));
    // A batch with one gone is refused whole, as users' and roles' are: never 删除成功 with less done.
    if (posts.length !== ids.length) throw new ApiError('404', POST_ADMIN_MESSAGES.notFound);
    const held = await heldNames(tx, posts, sysUserPosts, sysUserPosts.postId);
    if (held.length > 0) throw new ApiError('400', POST_ADMIN_MESSAGES.inUse(held.join('、')));
    await tx.delete(sysPosts).where(inArray(sysPosts.id, ids));
    for (const post of posts) {
      await recordAudit(tx, request, { action: 'post.delete', entity: 'post', entityId: post.id, before: post });
    }
    return { deleted: posts.length };
  });
}
