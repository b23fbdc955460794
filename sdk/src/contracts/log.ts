import { Type, type Static } from 'typebox';
import { Nullable, RecordId } from './common';
import { ListAnswer, ListExportBody, ListRequest } from './list';
import { defineCall, defineCodes } from './call';

// 系统管理 › 操作日志 / 登录日志 / 访问日志 (docs/architecture.md "Logs"): the read-only
// `/rest/log/…` calls. Each list is a generic admin list (contracts/list.ts) whose filters
// include `timeFrom` / `timeTo` (`YYYY-MM-DD`, both days included); the rows' times are ISO 8601.

/** What kind of write an operation was, from its route's verb. */
export const OperationKind = Type.Union([
  Type.Literal('add'),
  Type.Literal('update'),
  Type.Literal('delete'),
  Type.Literal('import'),
  Type.Literal('export'),
  Type.Literal('other'),
]);
export type OperationKind = Static<typeof OperationKind>;

/** One admin write as 操作日志 lists it. */
export const OperationLogRow = Type.Object({
  id: Type.String(),
  loginName: Nullable(Type.String()),
  realname: Nullable(Type.String()),
  /** The action in words: the route's menu and button (岗位管理 · 编辑岗位), else the route. */
  action: Type.String(),
  method: Type.String(),
  url: Type.String(),
  kind: OperationKind,
  success: Type.Boolean(),
  /** The refusal the user saw; null on success. */
  message: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  durationMs: Type.Integer(),
  createTime: Type.String(),
});
export type OperationLogRow = Static<typeof OperationLogRow>;

/** A record the operation changed, as the service saw it before and after. */
export const OperationChange = Type.Object({
  /** `<entity>.<verb>` (post.update). */
  action: Type.String(),
  entity: Type.String(),
  entityId: Nullable(Type.String()),
  before: Nullable(Type.Record(Type.String(), Type.Unknown())),
  after: Nullable(Type.Record(Type.String(), Type.Unknown())),
  /** The record's kind in words where the entity covers several (a cms_content: 文章 or 轮播图); else null. */
  kindName: Nullable(Type.String()),
  /** The record's title or name, for the heading (never its number alone); null when it has none. */
  title: Nullable(Type.String()),
  /** field → stored code → words, as the module that wrote the row declares them. */
  valueLabels: Type.Record(Type.String(), Type.Record(Type.String(), Type.String())),
});
export type OperationChange = Static<typeof OperationChange>;

/** `POST /rest/log/getOperationLogDetail` → `dataSet`: the row, what was sent (secrets masked) and the changes. */
export const OperationLogDetail = Type.Object({
  row: OperationLogRow,
  /** The request's body as JSON text, passwords, tokens and codes masked; null when it had none. */
  params: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  /** field → its words, from the body schema of the route called (its `title`s). */
  fieldLabels: Type.Record(Type.String(), Type.String()),
  changes: Type.Array(OperationChange),
});
export type OperationLogDetail = Static<typeof OperationLogDetail>;

/** How someone logged in. */
export const LoginMethod = Type.Union([
  Type.Literal('form'),
  Type.Literal('phone'),
  Type.Literal('cas'),
  Type.Literal('oauth'),
]);
export type LoginMethod = Static<typeof LoginMethod>;

/** One login outcome as 登录日志 lists it. */
export const LoginLogRow = Type.Object({
  id: Type.String(),
  method: LoginMethod,
  /** What was typed or presented: `<业务代码>/<用户名>`, the mobile, the CAS user, `<provider>:<id>`. */
  account: Nullable(Type.String()),
  /** The local user's login name, when known. */
  loginName: Nullable(Type.String()),
  success: Type.Boolean(),
  /** Why it failed (null on success). */
  reason: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  createTime: Type.String(),
});
export type LoginLogRow = Static<typeof LoginLogRow>;

/** One back-office page opened, as 访问日志 lists it. */
export const VisitLogRow = Type.Object({
  id: Type.String(),
  loginName: Nullable(Type.String()),
  realname: Nullable(Type.String()),
  menuName: Type.String(),
  path: Type.String(),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  createTime: Type.String(),
});
export type VisitLogRow = Static<typeof VisitLogRow>;

/** `POST /rest/log/getOperationLogPage` → `dataSet`. */
export const OperationLogPage = ListAnswer(OperationLogRow);
export type OperationLogPage = Static<typeof OperationLogPage>;
/** `POST /rest/log/getLoginLogPage` → `dataSet`. */
export const LoginLogPage = ListAnswer(LoginLogRow);
export type LoginLogPage = Static<typeof LoginLogPage>;
/** `POST /rest/log/getVisitLogPage` → `dataSet`. */
export const VisitLogPage = ListAnswer(VisitLogRow);
export type VisitLogPage = Static<typeof VisitLogPage>;

/** `POST /rest/log/getOperationLogDetail`. */
export const LogDetailBody = Type.Object({ id: RecordId('日志编号') });
export type LogDetailBody = Static<typeof LogDetailBody>;

/** 系统管理 › 操作日志 / 登录日志 / 访问日志's permission codes: each list and its export. */
export const logCodes = defineCodes({
  operation: 'system:log:operation',
  operationExport: 'system:log:operation:export',
  login: 'system:log:login',
  loginExport: 'system:log:login:export',
  visit: 'system:log:visit',
  visitExport: 'system:log:visit:export',
});

/** The logs' calls: page, detail and export, read-only. The exports answer a file. */
export const logCalls = {
  operationPage: defineCall({
    method: 'POST',
    path: '/rest/log/getOperationLogPage',
    permission: logCodes.operation,
    body: ListRequest,
    answer: OperationLogPage,
  }),
  operationDetail: defineCall({
    method: 'POST',
    path: '/rest/log/getOperationLogDetail',
    permission: logCodes.operation,
    body: LogDetailBody,
    answer: OperationLogDetail,
  }),
  operationExport: defineCall({
    method: 'POST',
    path: '/rest/log/exportOperationLog',
    permission: logCodes.operationExport,
    body: ListExportBody,
    kind: 'download',
  }),
  loginPage: defineCall({
    method: 'POST',
    path: '/rest/log/getLoginLogPage',
    permission: logCodes.login,
    body: ListRequest,
    answer: LoginLogPage,
  }),
  loginExport: defineCall({
    method: 'POST',
    path: '/rest/log/exportLoginLog',
    permission: logCodes.loginExport,
    body: ListExportBody,
    kind: 'download',
  }),
  visitPage: defineCall({
    method: 'POST',
    path: '/rest/log/getVisitLogPage',
    permission: logCodes.visit,
    body: ListRequest,
    answer: VisitLogPage,
  }),
  visitExport: defineCall({
    method: 'POST',
    path: '/rest/log/exportVisitLog',
    permission: logCodes.visitExport,
    body: ListExportBody,
    kind: 'download',
  }),
};
