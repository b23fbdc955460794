import { Type, type Static } from 'typebox';
import { defineCall, defineCodes } from './call';
import { EmptyBody, IdListText, Nullable, Pagination, RecordId } from './common';
import { ListAnswer, ListDeleted, ListExportBody, ListRequest } from './list';

// 通知公告 and 我的消息 (docs/architecture.md "Notices"): `/rest/noticeService/…`. The admin
// calls need `system:notice:*`; the user calls (getHeaderNotice, getNoticeByUserPage,
// updateReadStatus, and getNoticeById for a notice addressed to the caller) only a login.
// The body is plain text: shown as text, never as HTML.

/** '1' 通知, '2' 公告. */
export const NoticeType = Type.Union([Type.Literal('1'), Type.Literal('2')], {
  title: '类型',
  errorMessage: '只能是 1（通知）或 2（公告）',
});
export type NoticeType = Static<typeof NoticeType>;

/** Who reads it: everyone, the chosen users, or the holders of the chosen roles (as they are when read). */
export const NoticeAudience = Type.Union([Type.Literal('all'), Type.Literal('users'), Type.Literal('roles')], {
  title: '接收范围',
  errorMessage: '只能是 all（全部用户）、users（指定用户）或 roles（指定角色）',
});
export type NoticeAudience = Static<typeof NoticeAudience>;

/** A notice as the administration list shows it. */
export const AdminNoticeRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  type: Type.String(),
  audience: Type.String(),
  /** '0' 草稿, '1' 已发布, '2' 已撤回. */
  status: Type.String(),
  /** ISO 8601; the last publication. */
  publishTime: Nullable(Type.String()),
  authorName: Type.String(),
  /** How many users have read it. */
  readCount: Type.Integer(),
  /** ISO 8601. */
  createTime: Type.String(),
});
export type AdminNoticeRow = Static<typeof AdminNoticeRow>;

/** `POST /rest/noticeService/getNoticeByPage` → `dataSet`: filters `title` (any part), `type`, `status`, `audience`. */
export const AdminNoticePage = ListAnswer(AdminNoticeRow);
export type AdminNoticePage = Static<typeof AdminNoticePage>;

/** A chosen user or role of a notice's audience. */
export const NoticeTarget = Type.Object({ id: Type.String(), name: Type.String() });
export type NoticeTarget = Static<typeof NoticeTarget>;

/** `POST /rest/noticeService/getNoticeById` → `dataSet`. `users` / `roles`: for an administrator only (else empty). */
export const NoticeDetail = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String(),
  type: Type.String(),
  audience: Type.String(),
  status: Type.String(),
  publishTime: Nullable(Type.String()),
  authorName: Type.String(),
  users: Type.Array(NoticeTarget),
  roles: Type.Array(NoticeTarget),
});
export type NoticeDetail = Static<typeof NoticeDetail>;

export const NoticeIdBody = Type.Object({ id: RecordId('通知编号') });
export type NoticeIdBody = Static<typeof NoticeIdBody>;

export const NoticeIdsBody = Type.Object({ ids: IdListText('通知编号') });
export type NoticeIdsBody = Static<typeof NoticeIdsBody>;

const noticeFields = {
  title: Type.String({ minLength: 1, maxLength: 100, title: '标题' }),
  content: Type.String({ minLength: 1, maxLength: 4000, title: '内容' }),
  type: NoticeType,
  audience: NoticeAudience,
  /** With `audience: 'users'`: at least one. */
  userIds: Type.Optional(Type.Array(RecordId('接收用户'), { maxItems: 200, title: '接收用户' })),
  /** With `audience: 'roles'`: at least one. */
  roleIds: Type.Optional(Type.Array(RecordId('接收角色'), { maxItems: 50, title: '接收角色' })),
};

/** `POST /rest/noticeService/addNotice`: a draft (published by updateStatus or SyncNoticeByIds). */
export const AddNoticeBody = Type.Object(noticeFields);
export type AddNoticeBody = Static<typeof AddNoticeBody>;

/** `POST /rest/noticeService/updNotice`: a draft or a withdrawn notice (a published one is withdrawn first). */
export const UpdNoticeBody = Type.Object({ id: RecordId('通知编号'), ...noticeFields });
export type UpdNoticeBody = Static<typeof UpdNoticeBody>;

/** `POST /rest/noticeService/updateStatus`: '1' 发布, '2' 撤回. */
export const UpdateNoticeStatusBody = Type.Object({
  id: RecordId('通知编号'),
  status: Type.Union([Type.Literal('1'), Type.Literal('2')], {
    title: '状态',
    errorMessage: '只能是 1（发布）或 2（撤回）',
  }),
});
export type UpdateNoticeStatusBody = Static<typeof UpdateNoticeStatusBody>;

/** How many notices a publish, withdraw or read mark changed. */
export const NoticeUpdated = Type.Object({ updated: Type.Integer() });
export type NoticeUpdated = Static<typeof NoticeUpdated>;

/** A notice addressed to the caller. */
export const UserNoticeRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String(),
  type: Type.String(),
  /** ISO 8601. */
  publishTime: Type.String(),
  authorName: Type.String(),
  read: Type.Boolean(),
});
export type UserNoticeRow = Static<typeof UserNoticeRow>;

/** `POST /rest/noticeService/getHeaderNotice` → `dataSet`: the unread count and the latest unread few (at most 5). */
export const HeaderNotice = Type.Object({
  unreadCount: Type.Integer(),
  latest: Type.Array(UserNoticeRow),
});
export type HeaderNotice = Static<typeof HeaderNotice>;

/** `POST /rest/noticeService/getNoticeByUserPage`: my notices, newest first; `read` '0' unread, '1' read, absent: all. */
export const UserNoticePageBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 100, title: '标题' })),
  read: Type.Optional(
    Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('')], {
      title: '阅读状态',
      errorMessage: '只能是 0（未读）或 1（已读）',
    }),
  ),
  pageNum: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, title: '页码' }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10, title: '每页条数' }),
});
export type UserNoticePageBody = Static<typeof UserNoticePageBody>;

export const UserNoticePage = Type.Object({ pagination: Pagination(UserNoticeRow) });
export type UserNoticePage = Static<typeof UserNoticePage>;

/** `POST /rest/noticeService/updateReadStatus`: `ids` read, or `all: true` every notice of mine read. */
export const UpdateReadStatusBody = Type.Object({
  ids: Type.Optional(IdListText('通知编号')),
  all: Type.Optional(Type.Boolean({ title: '全部已读' })),
});
export type UpdateReadStatusBody = Static<typeof UpdateReadStatusBody>;

/** `POST /rest/noticeService/getNoticeTargets`: whom a notice may be addressed to; `keyword` narrows the users (login name or name). */
export const NoticeTargetsBody = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 32, title: '关键字' })),
});
export type NoticeTargetsBody = Static<typeof NoticeTargetsBody>;

/** getNoticeTargets → `dataSet`: the active users that match (at most 50) and every role. */
export const NoticeTargets = Type.Object({ users: Type.Array(NoticeTarget), roles: Type.Array(NoticeTarget) });
export type NoticeTargets = Static<typeof NoticeTargets>;

/** addNotice → `dataSet`: the new notice's id. */
export const NoticeAdded = Type.Object({ id: Type.String() });
export type NoticeAdded = Static<typeof NoticeAdded>;

/** 系统管理 › 通知公告's permission codes (我的消息 needs only a login). */
export const noticeCodes = defineCodes({
  list: 'system:notice:list',
  add: 'system:notice:add',
  edit: 'system:notice:edit',
  delete: 'system:notice:delete',
  publish: 'system:notice:publish',
});

/** 系统管理 › 通知公告's calls and 我的消息's (`permission: null`: any logged-in user). */
export const noticeCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getNoticeByPage',
    permission: noticeCodes.list,
    body: ListRequest,
    answer: AdminNoticePage,
  }),
  /** The list's query and the selected ids → 通知公告.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/noticeService/exportNoticeXls',
    permission: noticeCodes.list,
    body: ListExportBody,
    kind: 'download',
  }),
  targets: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getNoticeTargets',
    permission: noticeCodes.list,
    body: NoticeTargetsBody,
    answer: NoticeTargets,
  }),
  /** Login only: an administrator of notices reads any of them, anyone else only those addressed to them. */
  detail: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getNoticeById',
    permission: null,
    body: NoticeIdBody,
    answer: NoticeDetail,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/noticeService/addNotice',
    permission: noticeCodes.add,
    body: AddNoticeBody,
    answer: NoticeAdded,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/noticeService/updNotice',
    permission: noticeCodes.edit,
    body: UpdNoticeBody,
    answer: NoticeUpdated,
  }),
  /** 发布 or 撤回 one notice. */
  status: defineCall({
    method: 'POST',
    path: '/rest/noticeService/updateStatus',
    permission: noticeCodes.publish,
    body: UpdateNoticeStatusBody,
    answer: NoticeUpdated,
  }),
  /** 发布 the selected notices. */
  publishMany: defineCall({
    method: 'POST',
    path: '/rest/noticeService/SyncNoticeByIds',
    permission: noticeCodes.publish,
    body: NoticeIdsBody,
    answer: NoticeUpdated,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/rest/noticeService/deleteNoticeById',
    permission: noticeCodes.delete,
    body: NoticeIdBody,
    answer: ListDeleted,
  }),
  deleteMany: defineCall({
    method: 'POST',
    path: '/rest/noticeService/deleteNoticeByIds',
    permission: noticeCodes.delete,
    body: NoticeIdsBody,
    answer: ListDeleted,
  }),
  /** The header's bell: the unread count and the latest unread few. */
  header: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getHeaderNotice',
    permission: null,
    body: EmptyBody,
    answer: HeaderNotice,
  }),
  /** 我的消息. */
  userPage: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getNoticeByUserPage',
    permission: null,
    body: UserNoticePageBody,
    answer: UserNoticePage,
  }),
  markRead: defineCall({
    method: 'POST',
    path: '/rest/noticeService/updateReadStatus',
    permission: null,
    body: UpdateReadStatusBody,
    answer: NoticeUpdated,
  }),
};
