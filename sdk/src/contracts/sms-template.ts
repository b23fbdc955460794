import { Type, type Static } from 'typebox';
import { MOBILE_PATTERN } from '../validators/patterns.js';
import { SMS_TEMPLATE_CODE_PATTERN, SMS_VARIABLE_PATTERN } from '../validators/sms-template.js';
import { defineCall, defineCodes } from './call';
import { IdListText, RecordId } from './common';
import { ListAnswer, ListDeleted, ListExportBody, ListImportResult, ListRequest } from './list';

// 短信模板 (docs/architecture.md "SMS templates"): `/rest/templateService/…`. A template's
// content holds `${name}` placeholders; every placeholder is declared in `variables` and every
// declared variable is used. System templates (the login and registration messages) cannot be
// deleted or disabled and keep their variables.

/** A template as the administration list shows it. */
export const SmsTemplateRow = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  content: Type.String(),
  variables: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  /** Used by the portal's own messages. */
  system: Type.Boolean(),
  /** ISO 8601. */
  createTime: Type.String(),
});
export type SmsTemplateRow = Static<typeof SmsTemplateRow>;

/** `POST /rest/templateService/getTemplateByPage` → `dataSet`: filters `code`, `name` (any part), `enabled`. */
export const SmsTemplatePage = ListAnswer(SmsTemplateRow);
export type SmsTemplatePage = Static<typeof SmsTemplatePage>;

const SmsVariableName = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: SMS_VARIABLE_PATTERN.source,
  title: '变量名',
  errorMessage: '变量名以字母开头，由字母、数字或下划线组成，最多 32 位',
});

const templateFields = {
  name: Type.String({ minLength: 1, maxLength: 32, title: '模板名称' }),
  content: Type.String({ minLength: 1, maxLength: 500, title: '模板内容' }),
  variables: Type.Array(SmsVariableName, { maxItems: 20, uniqueItems: true, title: '变量' }),
  enabled: Type.Boolean({ title: '启用' }),
};

/** `POST /rest/templateService/addTemplate`. */
export const AddSmsTemplateBody = Type.Object({
  code: Type.String({
    minLength: 2,
    maxLength: 32,
    pattern: SMS_TEMPLATE_CODE_PATTERN.source,
    title: '模板编码',
    errorMessage: '模板编码为 2～32 位字母、数字或下划线，以字母开头',
  }),
  ...templateFields,
});
export type AddSmsTemplateBody = Static<typeof AddSmsTemplateBody>;

/** `POST /rest/templateService/updTemplate`: the code does not change. */
export const UpdSmsTemplateBody = Type.Object({ id: RecordId('模板编号'), ...templateFields });
export type UpdSmsTemplateBody = Static<typeof UpdSmsTemplateBody>;

export const SmsTemplateIdBody = Type.Object({ id: RecordId('模板编号') });
export type SmsTemplateIdBody = Static<typeof SmsTemplateIdBody>;

export const SmsTemplateIdsBody = Type.Object({ ids: IdListText('模板编号') });
export type SmsTemplateIdsBody = Static<typeof SmsTemplateIdsBody>;

/** `POST /rest/templateService/sendMsg`: the template's variables, exactly, with their values. */
export const SendMsgBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 32, title: '模板编码' }),
  mobile: Type.String({
    minLength: 11,
    maxLength: 11,
    pattern: MOBILE_PATTERN.source,
    title: '手机号码',
    errorMessage: '请输入正确的手机号码',
  }),
  variables: Type.Record(Type.String({ maxLength: 32 }), Type.String({ maxLength: 100, title: '变量值' }), {
    maxProperties: 20,
    title: '变量',
  }),
});
export type SendMsgBody = Static<typeof SendMsgBody>;

/** sendMsg → `dataSet`: '1' 已发送, '2' 发送失败, '3' 未发送（未配置短信网关）, and the text as logged (codes masked). */
export const MsgSent = Type.Object({ status: Type.String(), content: Type.String() });
export type MsgSent = Static<typeof MsgSent>;

/** addTemplate → `dataSet`: the new template's id. */
export const SmsTemplateAdded = Type.Object({ id: Type.String() });
export type SmsTemplateAdded = Static<typeof SmsTemplateAdded>;

/** updTemplate → `dataSet`: how many templates changed. */
export const SmsTemplateUpdated = Type.Object({ updated: Type.Integer() });
export type SmsTemplateUpdated = Static<typeof SmsTemplateUpdated>;

/** 系统管理 › 短信模板's permission codes. */
export const smsTemplateCodes = defineCodes({
  list: 'system:smstemplate:list',
  add: 'system:smstemplate:add',
  edit: 'system:smstemplate:edit',
  delete: 'system:smstemplate:delete',
  send: 'system:smstemplate:send',
  import: 'system:smstemplate:import',
});

/** 系统管理 › 短信模板's calls. */
export const smsTemplateCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/templateService/getTemplateByPage',
    permission: smsTemplateCodes.list,
    body: ListRequest,
    answer: SmsTemplatePage,
  }),
  /** The list's query and the selected ids → 短信模板.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/templateService/exportTemplateXls',
    permission: smsTemplateCodes.list,
    body: ListExportBody,
    kind: 'download',
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/templateService/addTemplate',
    permission: smsTemplateCodes.add,
    body: AddSmsTemplateBody,
    answer: SmsTemplateAdded,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/templateService/updTemplate',
    permission: smsTemplateCodes.edit,
    body: UpdSmsTemplateBody,
    answer: SmsTemplateUpdated,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/rest/templateService/deleteTemplateById',
    permission: smsTemplateCodes.delete,
    body: SmsTemplateIdBody,
    answer: ListDeleted,
  }),
  deleteMany: defineCall({
    method: 'POST',
    path: '/rest/templateService/deleteTemplateByIds',
    permission: smsTemplateCodes.delete,
    body: SmsTemplateIdsBody,
    answer: ListDeleted,
  }),
  /** 测试发送: through the portal's SmsSender, so each send is in 短信日志. */
  send: defineCall({
    method: 'POST',
    path: '/rest/templateService/sendMsg',
    permission: smsTemplateCodes.send,
    body: SendMsgBody,
    answer: MsgSent,
  }),
  /** The import's header row (required columns marked *) → 短信模板导入模板.xlsx. */
  importTemplate: defineCall({
    method: 'POST',
    path: '/rest/templateService/downloadImportTemplate',
    permission: smsTemplateCodes.import,
    kind: 'download',
  }),
  /** An `.xlsx` as the multipart field `file` (one file of at most 2 MB); 变量 names joined by 、 or ,: each row a 新增短信模板. */
  import: defineCall({
    method: 'POST',
    path: '/rest/templateService/importTemplateXls',
    permission: smsTemplateCodes.import,
    answer: ListImportResult,
    kind: 'upload',
  }),
};
