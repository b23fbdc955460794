import { trimmed } from '@cotton/sdk/validators';
import type {
  AddSmsTemplateBody,
  ListExportBody,
  ListRequest,
  SendMsgBody,
  SmsTemplateRow,
  UpdSmsTemplateBody,
} from '@cotton/sdk/contracts';
import { smsTemplateCodes } from '@cotton/sdk/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { sysSmsTemplates } from '../../db/schema/index';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { takeLimitsAlone } from '../../lib/limits/index';
import { defineList } from '../../lib/list/index';
import { chinaTime } from '../shared/china-time';
import { ApiError } from '../../http/envelope';
import { authOf } from '../auth/authenticate';
import { recordAudit } from '../shared/audit';
import { parseIdList } from '../shared/id-list';
import { loggedContent, sendSms, SMS_STATUS, type SmsSender } from '../sms/sender';
import {
  fillTemplate,
  isSystemTemplate,
  parseTemplate,
  SYSTEM_SMS_TEMPLATES,
  templateProblem,
  valuesProblem,
} from '../sms/templates';

/**
 * 系统管理 › 短信模板 (docs/architecture.md "SMS templates"): the templates, and 测试发送
 * (sendMsg) through the portal's SmsSender, so that each send is in 短信日志.
 */

export const SMS_TEMPLATE_MESSAGES = {
  notFound: '短信模板不存在或已删除',
  codeTaken: '该模板编码已被使用，请更换',
  nameEmpty: '请输入模板名称',
  contentEmpty: '请输入模板内容',
  systemDelete: (names: string) => `模板「${names}」由系统的登录或注册短信使用，不能删除`,
  systemDisable: '系统短信使用的模板不能停用',
  systemVariables: (names: string) => `系统短信使用的模板变量固定为：${names}`,
  disabled: '该短信模板已停用',
  noGateway: '未配置短信网关，不能发送短信',
  tooOften: '发送过于频繁：每 10 分钟最多发送 10 条短信，请稍后再试',
} as const;

const SEND_ACTION = 'smstemplate.send';
/** sendMsg per user: at most this many sends in {@link SEND_WINDOW_MS} (the message says so). */
export const SENDS_PER_WINDOW = 10;
const SEND_WINDOW_MS = 10 * 60 * 1000;

/** The list's allow-list: what the client may filter, sort and super-query on. */
export const smsTemplateList = defineList<SmsTemplateRow>()({
  table: sysSmsTemplates,
  key: sysSmsTemplates.id,
  fields: {
    code: {
      label: '模板编码',
      column: sysSmsTemplates.code,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 24 },
    },
    name: {
      label: '模板名称',
      column: sysSmsTemplates.name,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 20 },
    },
    content: {
      label: '模板内容',
      column: sysSmsTemplates.content,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 60 },
    },
    variables: { label: '变量', export: { width: 30, value: (row) => row.variables.join('、') } },
    enabled: {
      label: '状态',
      column: sql`case when ${sysSmsTemplates.enabled} then '1' else '0' end`,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => (row.enabled ? '启用' : '停用') },
    },
    system: { label: '系统模板', export: { width: 10, value: (row) => (row.system ? '是' : '否') } },
    createTime: {
      label: '创建时间',
      column: sysSmsTemplates.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
});

function templateRows(db: AppDatabase) {
  return async (query: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }) => {
    const rows = await db
      .select()
      .from(sysSmsTemplates)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((row): SmsTemplateRow => ({
      id: String(row.id),
      code: row.code,
      name: row.name,
      content: row.content,
      variables: row.variables,
      enabled: row.enabled,
      system: row.system,
      createTime: row.createdAt.toISOString(),
    }));
  };
}

export function smsTemplatePage(db: AppDatabase, body: ListRequest) {
  return smsTemplateList.page<SmsTemplateRow>(db, body, { rows: templateRows(db) });
}

export function smsTemplateExport(db: AppDatabase, body: ListExportBody) {
  return smsTemplateList.exportRows(db, body, { rows: templateRows(db) });
}

/** The checked name, content and variables (placeholders well-formed, declared and used). */
function fieldsOf(body: AddSmsTemplateBody | UpdSmsTemplateBody) {
  const name = trimmed(body.name);
  if (name === '') throw new ApiError('400', SMS_TEMPLATE_MESSAGES.nameEmpty);
  const content = trimmed(body.content);
  if (content === '') throw new ApiError('400', SMS_TEMPLATE_MESSAGES.contentEmpty);
  const variables = [...new Set(body.variables)];
  const problem = templateProblem(content, variables);
  if (problem) throw new ApiError('400', problem);
  return { name, content, variables, enabled: body.enabled };
}

/** A system template keeps its variables (the system supplies exactly those) and stays enabled. */
function checkSystemFields(code: string, fields: ReturnType<typeof fieldsOf>) {
  if (!isSystemTemplate(code)) return;
  const fixed: readonly string[] = SYSTEM_SMS_TEMPLATES[code].variables;
  if (fixed.length !== fields.variables.length || fixed.some((name) => !fields.variables.includes(name)))
    throw new ApiError('400', SMS_TEMPLATE_MESSAGES.systemVariables(fixed.join('、')));
  if (!fields.enabled) throw new ApiError('400', SMS_TEMPLATE_MESSAGES.systemDisable);
}

/** 新增 / 编辑 / 删除 (lib/admin-resource): a batch deletes the templates still there (404 if none is). */
export const smsTemplateResource = defineAdminResource({
  entity: 'sms_template',
  action: 'smstemplate',
  table: sysSmsTemplates,
  key: sysSmsTemplates.id,
  audited: {
    id: sysSmsTemplates.id,
    code: sysSmsTemplates.code,
    name: sysSmsTemplates.name,
    content: sysSmsTemplates.content,
    variables: sysSmsTemplates.variables,
    enabled: sysSmsTemplates.enabled,
    system: sysSmsTemplates.system,
  },
  notFound: SMS_TEMPLATE_MESSAGES.notFound,
  missing: 'refuse-all',
  lock: true,
  touch: 'updatedAt',
  duplicateCheck: { codes: [smsTemplateCodes.add, smsTemplateCodes.edit] },
  unique: [{ field: 'code', message: SMS_TEMPLATE_MESSAGES.codeTaken, caseInsensitive: true }],
});

export async function addSmsTemplate(db: AppDatabase, request: FastifyRequest, body: AddSmsTemplateBody) {
  const code = body.code.trim();
  const fields = fieldsOf(body);
  checkSystemFields(code, fields);
  const row = await smsTemplateResource.add(
    db,
    request,
    { code, ...fields, system: isSystemTemplate(code) },
    { audit: ({ system: _system, ...after }) => after },
  );
  return { id: String(row.id) };
}

export async function updateSmsTemplate(db: AppDatabase, request: FastifyRequest, body: UpdSmsTemplateBody) {
  const fields = fieldsOf(body);
  return smsTemplateResource.update(db, request, Number(body.id), (_tx, before) => {
    if (before.system) checkSystemFields(before.code, fields);
    return fields;
  });
}

export async function deleteSmsTemplates(db: AppDatabase, request: FastifyRequest, ids: number[]) {
  return smsTemplateResource.remove(db, request, ids, {
    check(_tx, templates) {
      const system = templates.filter((template) => template.system);
      if (system.length > 0)
        throw new ApiError(
          '400',
          SMS_TEMPLATE_MESSAGES.systemDelete(system.map((template) => template.name).join('、')),
        );
    },
  });
}

export function templateIds(text: string): number[] {
  return parseIdList(text, '模板编号');
}

/**
 * sendMsg: renders the template with exactly its variables and sends it through the
 * portal's gateway (recorded in 短信日志 with codes masked); without a gateway (production)
 * nothing is sent. The send is audited without the values.
 */
export async function sendTemplateMessage(
  db: AppDatabase,
  sender: SmsSender | null,
  request: FastifyRequest,
  body: SendMsgBody,
) {
  const [template] = await db
    .select()
    .from(sysSmsTemplates)
    .where(sql`lower(${sysSmsTemplates.code}) = lower(${body.code.trim()})`)
    .limit(1);
  if (!template) throw new ApiError('404', SMS_TEMPLATE_MESSAGES.notFound);
  if (!template.enabled) throw new ApiError('400', SMS_TEMPLATE_MESSAGES.disabled);
  const problem = valuesProblem(template.variables, body.variables);
  if (problem) throw new ApiError('400', problem);
  const parsed = parseTemplate(template.content);
  if ('error' in parsed) throw new ApiError('400', parsed.error);
  if (!sender) throw new ApiError('504', SMS_TEMPLATE_MESSAGES.noGateway);
  // One take per send, whatever its outcome, before the gateway is asked (lib/limits: counted
  // one after another, across processes too). Its own transaction: the send is not ours to undo.
  const limit = {
    key: `sms-template-send:${authOf(request).user.id}`,
    max: SENDS_PER_WINDOW,
    windowMs: SEND_WINDOW_MS,
  };
  if (await takeLimitsAlone(db, [limit])) throw new ApiError('429', SMS_TEMPLATE_MESSAGES.tooOften);
  const { content, secrets } = fillTemplate(parsed.pieces, body.variables);
  const result = await sendSms(db, sender, {
    mobile: body.mobile,
    templateCode: template.code,
    content,
    ip: request.ip,
    secrets,
  });
  await recordAudit(db, request, {
    action: SEND_ACTION,
    entity: 'sms_template',
    entityId: template.id,
    after: { code: template.code, mobile: body.mobile, outcome: result.outcome },
  });
  return { status: SMS_STATUS[result.outcome], content: loggedContent(content, secrets) };
}
