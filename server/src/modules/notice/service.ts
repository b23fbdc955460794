import { trimmed } from '@cotton/sdk/validators';
import { noticeCodes } from '@cotton/sdk/contracts';
import type {
  AddNoticeBody,
  AdminNoticeRow,
  ListExportBody,
  ListRequest,
  NoticeDetail,
  UpdNoticeBody,
  UpdateReadStatusBody,
  UserNoticePageBody,
  UserNoticeRow,
} from '@cotton/sdk/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import {
  sysNoticeReads,
  sysNoticeRoles,
  sysNotices,
  sysNoticeUsers,
  sysRoles,
  sysUserRoles,
  sysUsers,
} from '../../db/schema/index';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { defineList, escapeLike } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { authOf, holds, type RequestAuth } from '../auth/authenticate';
import { parseIdList } from '../shared/id-list';

/**
 * 通知公告 (docs/architecture.md "Notices"): notices written as drafts, published and
 * withdrawn by the administration, read by the users they are addressed to — everyone, chosen
 * users, or the holders of chosen roles as the roles stand when the notice is read (a user
 * given the role later sees it too; one whose role was taken away no longer does).
 */

export const NOTICE_STATUS = { draft: '0', published: '1', withdrawn: '2' } as const;

/** How many unread notices the header's bell lists. */
export const HEADER_NOTICE_COUNT = 5;

export const NOTICE_MESSAGES = {
  notFound: '通知不存在或已删除',
  titleEmpty: '请输入标题',
  contentEmpty: '请输入内容',
  usersEmpty: '请选择接收用户',
  rolesEmpty: '请选择接收角色',
  usersMissing: '所选的接收用户有的已不存在，请重新选择',
  rolesMissing: '所选的接收角色有的已不存在，请重新选择',
  publishedNotEditable: '已发布的通知不能修改，请先撤回',
  alreadyPublished: '该通知已发布',
  notPublished: '只能撤回已发布的通知',
  readNothing: '请选择要标记为已读的消息',
} as const;

const readCount = sql<number>`(
  select count(*)::int from ${sysNoticeReads} where ${sysNoticeReads.noticeId} = ${sysNotices.id}
)`;

/** The list's allow-list: what the client may filter, sort and super-query on. */
export const noticeList = defineList<AdminNoticeRow>()({
  table: sysNotices,
  key: sysNotices.id,
  fields: {
    title: {
      label: '标题',
      column: sysNotices.title,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 40 },
    },
    type: {
      label: '类型',
      column: sysNotices.type,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => TYPE_NAMES[row.type] ?? row.type },
    },
    audience: {
      label: '接收范围',
      column: sysNotices.audience,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 12, value: (row) => AUDIENCE_NAMES[row.audience] ?? row.audience },
    },
    status: {
      label: '状态',
      column: sysNotices.status,
      type: 'code',
      filter: 'eq',
      sortable: true,
      superQuery: true,
      export: { width: 10, value: (row) => STATUS_NAMES[row.status] ?? row.status },
    },
    authorName: {
      label: '发布人',
      column: sysNotices.authorName,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 14 },
    },
    publishTime: {
      label: '发布时间',
      column: sysNotices.publishTime,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.publishTime) },
    },
    readCount: {
      label: '已读人数',
      column: readCount,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 10 },
    },
    createTime: {
      label: '创建时间',
      column: sysNotices.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
});

const TYPE_NAMES: Record<string, string> = { '1': '通知', '2': '公告' };
const AUDIENCE_NAMES: Record<string, string> = { all: '全部用户', users: '指定用户', roles: '指定角色' };
const STATUS_NAMES: Record<string, string> = { '0': '草稿', '1': '已发布', '2': '已撤回' };

const chinaTime = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') : null;

function adminRows(db: AppDatabase) {
  return async (query: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }) => {
    const rows = await db
      .select({
        id: sysNotices.id,
        title: sysNotices.title,
        type: sysNotices.type,
        audience: sysNotices.audience,
        status: sysNotices.status,
        publishTime: sysNotices.publishTime,
        authorName: sysNotices.authorName,
        readCount,
        createdAt: sysNotices.createdAt,
      })
      .from(sysNotices)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(({ createdAt, publishTime, ...row }): AdminNoticeRow => ({
      ...row,
      id: String(row.id),
      publishTime: publishTime?.toISOString() ?? null,
      createTime: createdAt.toISOString(),
    }));
  };
}

export function noticePage(db: AppDatabase, body: ListRequest) {
  return noticeList.page<AdminNoticeRow>(db, body, { rows: adminRows(db) });
}

export function noticeExport(db: AppDatabase, body: ListExportBody) {
  return noticeList.exportRows(db, body, { rows: adminRows(db) });
}

/** The notices addressed to `userId`, whatever their status (by all, by user, by one of the user's roles now). */
function addressedTo(userId: number): SQL {
  return sql`(${sysNotices.audience} = 'all'
    or (${sysNotices.audience} = 'users' and exists (
      select 1 from ${sysNoticeUsers}
      where ${sysNoticeUsers.noticeId} = ${sysNotices.id} and ${sysNoticeUsers.userId} = ${userId}))
    or (${sysNotices.audience} = 'roles' and exists (
      select 1 from ${sysNoticeRoles} join ${sysUserRoles} on ${sysUserRoles.roleId} = ${sysNoticeRoles.roleId}
      where ${sysNoticeRoles.noticeId} = ${sysNotices.id} and ${sysUserRoles.userId} = ${userId})))`;
}

/** Published and addressed to the user: what the user's calls ever show. */
function visibleTo(userId: number): SQL {
  return and(eq(sysNotices.status, NOTICE_STATUS.published), addressedTo(userId))!;
}

function readBy(userId: number): SQL {
  return sql`exists (select 1 from ${sysNoticeReads}
    where ${sysNoticeReads.noticeId} = ${sysNotices.id} and ${sysNoticeReads.userId} = ${userId})`;
}

async function targetsOf(db: AppDatabase, id: number) {
  const [users, roles] = await Promise.all([
    db
      .select({ id: sysUsers.id, realname: sysUsers.realname, loginName: sysUsers.loginName })
      .from(sysNoticeUsers)
      .innerJoin(sysUsers, eq(sysUsers.id, sysNoticeUsers.userId))
      .where(eq(sysNoticeUsers.noticeId, id))
      .orderBy(asc(sysUsers.id)),
    db
      .select({ id: sysRoles.id, name: sysRoles.name })
      .from(sysNoticeRoles)
      .innerJoin(sysRoles, eq(sysRoles.id, sysNoticeRoles.roleId))
      .where(eq(sysNoticeRoles.noticeId, id))
      .orderBy(asc(sysRoles.id)),
  ]);
  return {
    users: users.map((user) => ({ id: String(user.id), name: `${user.realname}（${user.loginName}）` })),
    roles: roles.map((role) => ({ id: String(role.id), name: role.name })),
  };
}

/**
 * One notice: any of them, with its chosen users and roles, for whoever may administer
 * notices; otherwise only one published and addressed to the caller (else 404, as if absent).
 */
export async function noticeById(db: AppDatabase, auth: RequestAuth, id: number): Promise<NoticeDetail> {
  const admin = holds(auth, noticeCodes.list);
  const [row] = await db
    .select()
    .from(sysNotices)
    .where(and(eq(sysNotices.id, id), admin ? undefined : visibleTo(auth.user.id)));
  if (!row) throw new ApiError('404', NOTICE_MESSAGES.notFound);
  const targets = admin ? await targetsOf(db, id) : { users: [], roles: [] };
  return {
    id: String(row.id),
    title: row.title,
    content: row.content,
    type: row.type,
    audience: row.audience,
    status: row.status,
    publishTime: row.publishTime?.toISOString() ?? null,
    authorName: row.authorName,
    ...targets,
  };
}

/** Whom a notice may be addressed to: active users matching `keyword` (at most 50), and every role. */
export async function noticeTargets(db: AppDatabase, keyword: string | undefined) {
  const text = trimmed(keyword);
  const pattern = `%${escapeLike(text)}%`;
  const [users, roles] = await Promise.all([
    db
      .select({ id: sysUsers.id, realname: sysUsers.realname, loginName: sysUsers.loginName })
      .from(sysUsers)
      .where(
        and(
          eq(sysUsers.status, '1'),
          text ? or(ilike(sysUsers.loginName, pattern), ilike(sysUsers.realname, pattern)) : undefined,
        ),
      )
      .orderBy(asc(sysUsers.id))
      .limit(50),
    db.select({ id: sysRoles.id, name: sysRoles.name }).from(sysRoles).orderBy(asc(sysRoles.id)),
  ]);
  return {
    users: users.map((user) => ({ id: String(user.id), name: `${user.realname}（${user.loginName}）` })),
    roles: roles.map((role) => ({ id: String(role.id), name: role.name })),
  };
}

/** The checked fields of a notice and its chosen users / roles (only those of its audience). */
async function fieldsOf(tx: Tx, body: AddNoticeBody) {
  const title = trimmed(body.title);
  if (title === '') throw new ApiError('400', NOTICE_MESSAGES.titleEmpty);
  // The body keeps its line breaks and inner spaces: it is shown as written.
  const content = body.content.replace(/\r\n?/g, '\n').trim();
  if (content === '') throw new ApiError('400', NOTICE_MESSAGES.contentEmpty);
  const userIds = body.audience === 'users' ? [...new Set((body.userIds ?? []).map(Number))] : [];
  const roleIds = body.audience === 'roles' ? [...new Set((body.roleIds ?? []).map(Number))] : [];
  if (body.audience === 'users') {
    if (userIds.length === 0) throw new ApiError('400', NOTICE_MESSAGES.usersEmpty);
    const [{ found }] = await tx.select({ found: count() }).from(sysUsers).where(inArray(sysUsers.id, userIds));
    if (found !== userIds.length) throw new ApiError('400', NOTICE_MESSAGES.usersMissing);
  }
  if (body.audience === 'roles') {
    if (roleIds.length === 0) throw new ApiError('400', NOTICE_MESSAGES.rolesEmpty);
    const [{ found }] = await tx.select({ found: count() }).from(sysRoles).where(inArray(sysRoles.id, roleIds));
    if (found !== roleIds.length) throw new ApiError('400', NOTICE_MESSAGES.rolesMissing);
  }
  return { fields: { title, content, type: body.type, audience: body.audience }, userIds, roleIds };
}

async function storeTargets(tx: Tx, id: number, userIds: number[], roleIds: number[]) {
  await tx.delete(sysNoticeUsers).where(eq(sysNoticeUsers.noticeId, id));
  await tx.delete(sysNoticeRoles).where(eq(sysNoticeRoles.noticeId, id));
  if (userIds.length > 0) await tx.insert(sysNoticeUsers).values(userIds.map((userId) => ({ noticeId: id, userId })));
  if (roleIds.length > 0) await tx.insert(sysNoticeRoles).values(roleIds.map((roleId) => ({ noticeId: id, roleId })));
}

const AUDITED_NOTICE = {
  id: sysNotices.id,
  title: sysNotices.title,
  type: sysNotices.type,
  audience: sysNotices.audience,
  status: sysNotices.status,
};

/**
 * 新增 / 编辑 / 删除 and 发布 / 撤回 (its status change, below) through lib/admin-resource. A delete
 * skips the ids gone.
 */
export const noticeResource = defineAdminResource({
  entity: 'notice',
  action: 'notice',
  table: sysNotices,
  key: sysNotices.id,
  audited: AUDITED_NOTICE,
  label: 'title',
  notFound: NOTICE_MESSAGES.notFound,
  missing: 'ignore',
  lock: true,
  touch: 'updatedAt',
  // 发布 / 撤回 are its status change: `notice.publish`, `notice.withdraw`.
  status: { field: 'status', verb: (status) => (status === NOTICE_STATUS.published ? 'publish' : 'withdraw') },
});

/** addNotice: a draft by the caller. */
export async function addNotice(db: AppDatabase, request: FastifyRequest, body: AddNoticeBody) {
  const auth = authOf(request);
  let targets = { userIds: [] as number[], roleIds: [] as number[] };
  const row = await noticeResource.add(
    db,
    request,
    async (tx) => {
      const { fields, userIds, roleIds } = await fieldsOf(tx, body);
      targets = { userIds, roleIds };
      return {
        ...fields,
        status: NOTICE_STATUS.draft,
        authorId: auth.user.id,
        authorName: (auth.user.realname || auth.user.loginName).slice(0, 32),
      };
    },
    {
      async write(tx, notice) {
        await storeTargets(tx, notice.id, targets.userIds, targets.roleIds);
        return targets;
      },
      audit: ({ title, content, type, audience }) => ({ title, content, type, audience }),
    },
  );
  return { id: String(row.id) };
}

/** updNotice: a draft or withdrawn notice; who read it before reads the new text as unread. */
export async function updateNotice(db: AppDatabase, request: FastifyRequest, body: UpdNoticeBody) {
  const id = Number(body.id);
  let targets = { userIds: [] as number[], roleIds: [] as number[] };
  return noticeResource.update(
    db,
    request,
    id,
    async (tx, before) => {
      if (before.status === NOTICE_STATUS.published) throw new ApiError('400', NOTICE_MESSAGES.publishedNotEditable);
      const { fields, userIds, roleIds } = await fieldsOf(tx, body);
      targets = { userIds, roleIds };
      return fields;
    },
    {
      async write(tx) {
        await storeTargets(tx, id, targets.userIds, targets.roleIds);
        await tx.delete(sysNoticeReads).where(eq(sysNoticeReads.noticeId, id));
        return targets;
      },
    },
  );
}

/**
 * Publishes the drafts and withdrawn notices among `ids` (those already published stay as they
 * are; 404 only when none is found).
 */
export async function publishNotices(db: AppDatabase, request: FastifyRequest, ids: number[]) {
  const now = new Date();
  return noticeResource.setStatus(db, request, ids, NOTICE_STATUS.published, {
    missing: 'refuse-all',
    values: () => ({ publishTime: now }),
    audit: (notice) => ({
      before: notice,
      after: { ...notice, status: NOTICE_STATUS.published, publishTime: now.toISOString() },
    }),
  });
}

/** updateStatus: '1' publishes one notice, '2' withdraws a published one (its readers no longer see it). */
export async function updateNoticeStatus(db: AppDatabase, request: FastifyRequest, id: number, status: '1' | '2') {
  if (status === NOTICE_STATUS.published) {
    const result = await publishNotices(db, request, [id]);
    if (result.updated === 0) throw new ApiError('400', NOTICE_MESSAGES.alreadyPublished);
    return result;
  }
  return noticeResource.setStatus(db, request, [id], NOTICE_STATUS.withdrawn, {
    missing: 'refuse-any',
    check: (_tx, rows) => {
      if (rows.some((notice) => notice.status !== NOTICE_STATUS.published))
        throw new ApiError('400', NOTICE_MESSAGES.notPublished);
    },
  });
}

export async function deleteNotices(db: AppDatabase, request: FastifyRequest, ids: number[]) {
  return noticeResource.remove(db, request, ids);
}

export function noticeIds(text: string): number[] {
  return parseIdList(text, '通知编号');
}

function userRows(db: AppDatabase, userId: number, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select({
      id: sysNotices.id,
      title: sysNotices.title,
      content: sysNotices.content,
      type: sysNotices.type,
      publishTime: sysNotices.publishTime,
      authorName: sysNotices.authorName,
      read: readBy(userId).mapWith(Boolean),
    })
    .from(sysNotices)
    .where(where)
    .orderBy(desc(sysNotices.publishTime), desc(sysNotices.id))
    .limit(limit)
    .offset(offset);
}

function userRow(row: Awaited<ReturnType<typeof userRows>>[number]): UserNoticeRow {
  return { ...row, id: String(row.id), publishTime: (row.publishTime ?? new Date(0)).toISOString() };
}

/** getHeaderNotice: the bell's unread count and the latest unread few. */
export async function headerNotice(db: AppDatabase, auth: RequestAuth) {
  const where = and(visibleTo(auth.user.id), sql`not ${readBy(auth.user.id)}`);
  const [[{ unreadCount }], latest] = await Promise.all([
    db.select({ unreadCount: count() }).from(sysNotices).where(where),
    userRows(db, auth.user.id, where, HEADER_NOTICE_COUNT, 0),
  ]);
  return { unreadCount, latest: latest.map(userRow) };
}

/** getNoticeByUserPage: my notices, newest first, by read state and title. */
export async function userNoticePage(db: AppDatabase, auth: RequestAuth, body: UserNoticePageBody) {
  const title = trimmed(body.title);
  const where = and(
    visibleTo(auth.user.id),
    title ? ilike(sysNotices.title, `%${escapeLike(title)}%`) : undefined,
    body.read === '1' ? readBy(auth.user.id) : body.read === '0' ? sql`not ${readBy(auth.user.id)}` : undefined,
  );
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(sysNotices).where(where),
    userRows(db, auth.user.id, where, body.pageSize, (body.pageNum - 1) * body.pageSize),
  ]);
  return {
    pagination: { result: rows.map(userRow), totalCount: total, pageNum: body.pageNum, pageSize: body.pageSize },
  };
}

/** updateReadStatus: the given notices (those addressed to the caller), or all of them, read now. */
export async function markRead(db: AppDatabase, auth: RequestAuth, body: UpdateReadStatusBody) {
  const ids = body.all ? null : body.ids ? noticeIds(body.ids) : [];
  if (ids !== null && ids.length === 0) throw new ApiError('400', NOTICE_MESSAGES.readNothing);
  const userId = auth.user.id;
  const unread = and(visibleTo(userId), sql`not ${readBy(userId)}`, ids ? inArray(sysNotices.id, ids) : undefined);
  const unreadIds = await db.select({ id: sysNotices.id }).from(sysNotices).where(unread);
  if (unreadIds.length === 0) return { updated: 0 };
  const inserted = await db
    .insert(sysNoticeReads)
    .values(unreadIds.map((row) => ({ noticeId: row.id, userId })))
    .onConflictDoNothing()
    .returning({ noticeId: sysNoticeReads.noticeId });
  return { updated: inserted.length };
}

/** The name a notice the system publishes by itself is signed with. */
export const SYSTEM_AUTHOR = '系统';

/**
 * A 通知 the system publishes by itself (a failing task's, docs/architecture.md "Jobs") to the
 * given users: published at once, so it is in their bell at their next look; no author, no
 * audit row (no one did it). Title and content are cut to the columns' lengths. Nothing when
 * there is nobody to tell; answers the notice's id.
 */
export async function publishSystemNotice(
  db: AppDatabase,
  notice: { title: string; content: string; userIds: readonly number[] },
): Promise<number | null> {
  const userIds = [...new Set(notice.userIds)];
  if (userIds.length === 0) return null;
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(sysNotices)
      .values({
        title: notice.title.slice(0, 100),
        content: notice.content.slice(0, 4000),
        type: '1',
        audience: 'users',
        status: NOTICE_STATUS.published,
        publishTime: now,
        authorId: null,
        authorName: SYSTEM_AUTHOR,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: sysNotices.id });
    await storeTargets(tx, row.id, userIds, []);
    return row.id;
  });
}
