import {
  logCodes,
  type ListExportBody,
  type ListRequest,
  type LoginLogRow,
  type OperationChange,
  type OperationLogDetail,
  type OperationLogRow,
  type VisitLogRow,
} from '@cotton/sdk/contracts';
import { auditLabelsOf } from '../shared/audit-labels';
import { routeFieldLabels } from './operation';
import { asc, eq, sql, type Column } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { sysAuditLog, sysLoginLog, sysOperationLog, sysPermissions, sysVisitLog } from '../../db/schema/index';
import { defineList, type CompiledList } from '../../lib/list/index';
import { listScope, type ScopedList, type ScopeUser } from '../data-scope/scope';
import { withoutSecrets } from './mask';

/**
 * 系统管理 › 操作日志 / 登录日志 / 访问日志 (docs/architecture.md "Logs"): read-only lists
 * on `defineList`, filtered by user, time range and type; nobody deletes a row through the
 * UI — the retention job does (jobs.ts). Each honours data rules on its menu: a row is owned
 * by the organisation its user was in when acting (`org_id`), and is its user's for 仅本人.
 */

export const OPERATION_LOG_SCOPE: ScopedList = {
  menu: logCodes.operation,
  key: sysOperationLog.id,
  org: sysOperationLog.orgId,
  user: sysOperationLog.userId,
};
export const LOGIN_LOG_SCOPE: ScopedList = {
  menu: logCodes.login,
  key: sysLoginLog.id,
  org: sysLoginLog.orgId,
  user: sysLoginLog.userId,
};
export const VISIT_LOG_SCOPE: ScopedList = {
  menu: logCodes.visit,
  key: sysVisitLog.id,
  org: sysVisitLog.orgId,
  user: sysVisitLog.userId,
};

export const LOG_MESSAGES = {
  notFound: '日志不存在或已过保留期限被清理',
} as const;

const OUTCOME_TEXT = { success: '成功', failure: '失败' } as const;

/** `'1'` success, `'0'` failure: the outcome as a code the search form selects. */
const outcome = (column: Column) => sql<string>`(case when ${column} then '1' else '0' end)`;

const time = (column: Column) => ({
  timeFrom: { label: '开始日期', column, type: 'date', filter: 'ge' } as const,
  timeTo: { label: '结束日期', column, type: 'date', filter: 'le' } as const,
  createTime: {
    label: '时间',
    column,
    type: 'date',
    sortable: true,
    superQuery: true,
    export: { width: 20, value: (row: { createTime: string }) => excelTime(row.createTime) },
  } as const,
});

/**
 * 操作日志 and 登录日志 grow to millions of rows (issue 31, docs/performance-log.md "Admin
 * list"): their totals are kept per change version (migration 0046's triggers), and one
 * export may fill an .xlsx sheet (1,048,576 rows, the header one of them).
 */
const AT_SCALE = { cacheTotal: true, maxExportRows: 1_048_575 } as const;

const menu = alias(sysPermissions, 'log_menu');
const button = alias(sysPermissions, 'log_button');
/** The action in words: the route's menu and button, else the menu (or button) alone, else the route. */
const actionText = sql<string>`coalesce(
  ${menu.name} || ' · ' || ${button.name},
  ${button.name},
  ${sysOperationLog.url}
)`;

export const operationLogList = defineList<OperationLogRow>()({
  table: sysOperationLog,
  key: sysOperationLog.id,
  fields: {
    loginName: {
      label: '操作人',
      column: sysOperationLog.loginName,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 16 },
    },
    realname: {
      label: '姓名',
      column: sysOperationLog.realname,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 12 },
    },
    action: { label: '操作', export: { width: 28 } },
    kind: {
      label: '操作类型',
      column: sysOperationLog.kind,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 10, value: (row) => OPERATION_KIND_TEXT[row.kind] },
    },
    url: {
      label: '请求地址',
      column: sysOperationLog.url,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 36 },
    },
    success: {
      label: '结果',
      column: outcome(sysOperationLog.success),
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => OUTCOME_TEXT[row.success ? 'success' : 'failure'] },
    },
    message: { label: '失败原因', export: { width: 30 } },
    ip: {
      label: 'IP 地址',
      column: sysOperationLog.ip,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 16 },
    },
    durationMs: {
      label: '耗时（毫秒）',
      column: sysOperationLog.durationMs,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 12 },
    },
    ...time(sysOperationLog.at),
  },
  defaultSort: { field: 'createTime', order: 'desc' },
  ...AT_SCALE,
});

export const loginLogList = defineList<LoginLogRow>()({
  table: sysLoginLog,
  key: sysLoginLog.id,
  fields: {
    account: {
      label: '登录账号',
      column: sysLoginLog.account,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 24 },
    },
    loginName: {
      label: '用户',
      column: sysLoginLog.loginName,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 16 },
    },
    method: {
      label: '登录方式',
      column: sysLoginLog.method,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 12, value: (row) => LOGIN_METHOD_TEXT[row.method] },
    },
    success: {
      label: '结果',
      column: outcome(sysLoginLog.success),
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => OUTCOME_TEXT[row.success ? 'success' : 'failure'] },
    },
    reason: {
      label: '失败原因',
      column: sysLoginLog.reason,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 28 },
    },
    ip: {
      label: 'IP 地址',
      column: sysLoginLog.ip,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 16 },
    },
    userAgent: { label: '客户端', export: { width: 40 } },
    ...time(sysLoginLog.at),
  },
  defaultSort: { field: 'createTime', order: 'desc' },
  ...AT_SCALE,
});

export const visitLogList = defineList<VisitLogRow>()({
  table: sysVisitLog,
  key: sysVisitLog.id,
  fields: {
    loginName: {
      label: '用户',
      column: sysVisitLog.loginName,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 16 },
    },
    realname: {
      label: '姓名',
      column: sysVisitLog.realname,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 12 },
    },
    menuName: {
      label: '页面',
      column: sysVisitLog.menuName,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 16 },
    },
    path: {
      label: '页面地址',
      column: sysVisitLog.path,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 28 },
    },
    ip: {
      label: 'IP 地址',
      column: sysVisitLog.ip,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 16 },
    },
    userAgent: { label: '客户端', export: { width: 40 } },
    ...time(sysVisitLog.at),
  },
  defaultSort: { field: 'createTime', order: 'desc' },
});

const operationRows = (db: AppDatabase) => async (query: CompiledList) => {
  const rows = await db
    .select({
      id: sysOperationLog.id,
      loginName: sysOperationLog.loginName,
      realname: sysOperationLog.realname,
      action: actionText,
      method: sysOperationLog.method,
      url: sysOperationLog.url,
      kind: sysOperationLog.kind,
      success: sysOperationLog.success,
      message: sysOperationLog.message,
      ip: sysOperationLog.ip,
      durationMs: sysOperationLog.durationMs,
      at: sysOperationLog.at,
    })
    .from(sysOperationLog)
    .leftJoin(button, eq(button.code, sysOperationLog.permission))
    .leftJoin(menu, eq(menu.id, button.parentId))
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(({ at, ...row }): OperationLogRow => ({
    ...row,
    id: String(row.id),
    kind: row.kind as OperationLogRow['kind'],
    createTime: at.toISOString(),
  }));
};

const loginRows = (db: AppDatabase) => async (query: CompiledList) => {
  const rows = await db
    .select({
      id: sysLoginLog.id,
      method: sysLoginLog.method,
      account: sysLoginLog.account,
      loginName: sysLoginLog.loginName,
      success: sysLoginLog.success,
      reason: sysLoginLog.reason,
      ip: sysLoginLog.ip,
      userAgent: sysLoginLog.userAgent,
      at: sysLoginLog.at,
    })
    .from(sysLoginLog)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(({ at, ...row }): LoginLogRow => ({
    ...row,
    id: String(row.id),
    method: row.method as LoginLogRow['method'],
    createTime: at.toISOString(),
  }));
};

const visitRows = (db: AppDatabase) => async (query: CompiledList) => {
  const rows = await db
    .select({
      id: sysVisitLog.id,
      loginName: sysVisitLog.loginName,
      realname: sysVisitLog.realname,
      menuName: sysVisitLog.menuName,
      path: sysVisitLog.path,
      ip: sysVisitLog.ip,
      userAgent: sysVisitLog.userAgent,
      at: sysVisitLog.at,
    })
    .from(sysVisitLog)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(({ at, ...row }): VisitLogRow => ({ ...row, id: String(row.id), createTime: at.toISOString() }));
};

/** The rows of a log `user` may see (their data scope on its menu), as `defineList`'s `scope`. */
async function seen(db: AppDatabase, user: ScopeUser, list: ScopedList) {
  return (await listScope(db, user, list)).where;
}

export const operationLogPage = async (db: AppDatabase, user: ScopeUser, body: ListRequest) =>
  operationLogList.page<OperationLogRow>(db, body, {
    rows: operationRows(db),
    scope: await seen(db, user, OPERATION_LOG_SCOPE),
  });
export const loginLogPage = async (db: AppDatabase, user: ScopeUser, body: ListRequest) =>
  loginLogList.page<LoginLogRow>(db, body, { rows: loginRows(db), scope: await seen(db, user, LOGIN_LOG_SCOPE) });
export const visitLogPage = async (db: AppDatabase, user: ScopeUser, body: ListRequest) =>
  visitLogList.page<VisitLogRow>(db, body, { rows: visitRows(db), scope: await seen(db, user, VISIT_LOG_SCOPE) });

export const operationLogExport = async (db: AppDatabase, user: ScopeUser, body: ListExportBody) =>
  operationLogList.exportRows(db, body, {
    rows: operationRows(db),
    scope: await seen(db, user, OPERATION_LOG_SCOPE),
  });
export const loginLogExport = async (db: AppDatabase, user: ScopeUser, body: ListExportBody) =>
  loginLogList.exportRows(db, body, { rows: loginRows(db), scope: await seen(db, user, LOGIN_LOG_SCOPE) });
export const visitLogExport = async (db: AppDatabase, user: ScopeUser, body: ListExportBody) =>
  visitLogList.exportRows(db, body, { rows: visitRows(db), scope: await seen(db, user, VISIT_LOG_SCOPE) });

/** `YYYY-MM-DD HH:mm:ss`, China time (as the pages show it). */
const excelTime = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export const OPERATION_KIND_TEXT: Record<OperationLogRow['kind'], string> = {
  add: '新增',
  update: '修改',
  delete: '删除',
  import: '导入',
  export: '导出',
  other: '其他',
};

export const LOGIN_METHOD_TEXT: Record<LoginLogRow['method'], string> = {
  form: '账号密码',
  phone: '手机验证码',
  cas: '统一认证',
  oauth: '第三方账号',
};

/** What a changed record is called: its title, name or person, as text; null when it has none. */
function recordTitle(record: Record<string, unknown>): string | null {
  for (const field of ['title', 'name', 'realname', 'loginName', 'templateName', 'itemValue', 'traderName']) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 128);
  }
  return null;
}

/**
 * One operation with what it sent and the records it changed (before / after, secrets masked);
 * one outside `user`'s data scope on 操作日志 is answered as absent.
 */
export async function operationLogDetail(db: AppDatabase, user: ScopeUser, id: number): Promise<OperationLogDetail> {
  // The list's own row (what the list and its export show), within the caller's scope.
  const row = await operationLogList.detail<OperationLogRow>(db, id, {
    rows: operationRows(db),
    scope: await seen(db, user, OPERATION_LOG_SCOPE),
    notFound: LOG_MESSAGES.notFound,
  });
  const [extra] = await db
    .select({
      key: sysOperationLog.operationKey,
      params: sysOperationLog.params,
      userAgent: sysOperationLog.userAgent,
      fieldLabels: sysOperationLog.fieldLabels,
    })
    .from(sysOperationLog)
    .where(eq(sysOperationLog.id, id));
  const audits = await db
    .select({
      action: sysAuditLog.action,
      entity: sysAuditLog.entity,
      entityId: sysAuditLog.entityId,
      before: sysAuditLog.before,
      after: sysAuditLog.after,
    })
    .from(sysAuditLog)
    .where(eq(sysAuditLog.operationKey, extra.key))
    .orderBy(asc(sysAuditLog.id))
    .limit(200);
  const changes = audits.map((audit): OperationChange => {
    const before = withoutSecrets(audit.before ?? null);
    const after = withoutSecrets(audit.after ?? null);
    const labels = auditLabelsOf(audit.entity);
    const record = { ...before, ...after };
    return {
      ...audit,
      before,
      after,
      kindName: labels?.kindOf?.(record) ?? null,
      title: recordTitle(record),
      valueLabels: labels?.values ?? {},
    };
  });
  return {
    row,
    params: extra.params,
    userAgent: extra.userAgent,
    fieldLabels: { ...routeFieldLabels(row.method, row.url), ...extra.fieldLabels },
    changes,
  };
}

/** A back-office page opened (from `/rest/menu/addMenuView`). */
export async function recordVisit(
  db: AppDatabase,
  request: FastifyRequest,
  visit: { menuName: string; path: string; at: Date },
): Promise<void> {
  const user = request.auth?.user;
  await db.insert(sysVisitLog).values({
    userId: user?.id ?? null,
    loginName: user?.loginName ?? null,
    realname: user?.realname ?? null,
    orgId: user?.orgId ?? null,
    menuName: visit.menuName.slice(0, 32),
    path: visit.path.slice(0, 128),
    ip: request.ip?.slice(0, 64) ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
    at: visit.at,
  });
}
