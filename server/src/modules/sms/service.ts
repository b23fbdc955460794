import type { SmsExportBody, SmsPageBody, SmsRow } from '@cotton/sdk/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { sysSmsLog } from '../../db/schema/index';
import { defineList } from '../../lib/list/index';
import { chinaTime } from '../shared/china-time';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { parseIdList } from '../shared/id-list';
import { maskCodes } from './sender';

/** 短信日志, the read side (sending: `sender.ts`; one-time codes: `codes.ts`). */

const STATUS_TEXT: Record<string, string> = { '1': '已发送', '2': '发送失败', '3': '未发送' };

/** The channels (`sys_sms_log.provider`, sender.ts) as 短信日志 names them; any other: 其他通道. */
const PROVIDER_TEXT: Record<string, string> = {
  http: '短信网关',
  'log-only': '未接入短信网关（仅记录日志）',
  unknown: '未知通道',
};

/** The channel as the list shows it (plugins/system sms-log `providerText`), never its code. */
export function providerText(provider: string | null): string | null {
  if (provider === null || provider === '') return null;
  return Object.hasOwn(PROVIDER_TEXT, provider) ? PROVIDER_TEXT[provider]! : '其他通道';
}

/** The list's allow-list: what the client may filter, sort and super-query on. */
export const smsList = defineList<SmsRow>()({
  table: sysSmsLog,
  key: sysSmsLog.id,
  fields: {
    mobile: {
      label: '手机号码',
      column: sysSmsLog.mobile,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 16 },
    },
    templateCode: {
      label: '模板编码',
      column: sysSmsLog.templateCode,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 24 },
    },
    // Never queryable: codes in it are masked only on the way out (smsRows; the export never
    // holds a clear code).
    content: { label: '短信内容', export: { width: 60 } },
    provider: {
      label: '发送通道',
      column: sysSmsLog.provider,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 28, value: (row) => providerText(row.provider) },
    },
    status: {
      label: '发送状态',
      column: sysSmsLog.status,
      type: 'code',
      filter: 'eq',
      sortable: true,
      superQuery: true,
      export: { width: 10, value: (row) => STATUS_TEXT[row.status] ?? row.status },
    },
    ip: { label: 'IP', export: { width: 18, value: (row) => row.ip ?? '' } },
    timeFrom: { label: '开始日期', column: sysSmsLog.createdAt, type: 'date', filter: 'ge' },
    timeTo: { label: '结束日期', column: sysSmsLog.createdAt, type: 'date', filter: 'le' },
    createTime: {
      label: '发送时间',
      column: sysSmsLog.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createdAt) },
    },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
});

function smsRows(db: AppDatabase) {
  return async (query: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }) => {
    const rows = await db
      .select()
      .from(sysSmsLog)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((row): SmsRow => ({
      id: String(row.id),
      mobile: row.mobile,
      templateCode: row.templateCode,
      // Masked when written; masked again for rows logged before that.
      content: maskCodes(row.content),
      provider: row.provider,
      status: row.status,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
    }));
  };
}

/** The older top-level `mobile` (digits only) as `filters.mobile`, unless the filters name one. */
function listRequestOf<Body extends SmsPageBody>({ mobile, ...body }: Body) {
  const digits = (mobile ?? '').replace(/\D/g, '');
  if (!digits || body.filters?.mobile !== undefined) return body;
  return { ...body, filters: { ...body.filters, mobile: digits } };
}

export function smsPage(db: AppDatabase, body: SmsPageBody) {
  return smsList.page<SmsRow>(db, listRequestOf(body), { rows: smsRows(db) });
}

export function smsExport(db: AppDatabase, body: SmsExportBody) {
  return smsList.exportRows(db, listRequestOf(body), { rows: smsRows(db) });
}

const AUDITED_SMS = {
  id: sysSmsLog.id,
  mobile: sysSmsLog.mobile,
  templateCode: sysSmsLog.templateCode,
  status: sysSmsLog.status,
  createdAt: sysSmsLog.createdAt,
};

/**
 * 删除 / 批量删除 through the admin resource: one audit row each (`sms.delete`; the message text
 * is left out: it may hold a code). A batch skips rows already gone (another administrator, the
 * log-retention task): the rows are gone as asked; only none found at all is 404.
 */
const smsResource = defineAdminResource({
  entity: 'sms',
  action: 'sms',
  table: sysSmsLog,
  key: sysSmsLog.id,
  audited: AUDITED_SMS,
  label: 'mobile',
  notFound: '短信记录不存在或已删除',
  missing: 'refuse-all',
});

export function deleteSmsById(db: AppDatabase, request: FastifyRequest, id: string | number) {
  return smsResource.remove(db, request, [Number(id)]);
}

export function deleteSmsByIds(db: AppDatabase, request: FastifyRequest, ids: string) {
  return smsResource.remove(db, request, parseIdList(ids, '记录编号'));
}
