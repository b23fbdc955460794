import { Type, type Static } from 'typebox';
import { Nullable, Pagination, RecordId, IdListText } from './common';
import { ListRequest } from './list';
import { defineCall, defineCodes } from './call';

// The SMS log of the back office (docs/auth.md, "SMS log"): `/rest/smsService/…`.

/**
 * `POST /rest/smsService/getSmsByPage`: a generic admin list (contracts/list.ts), newest first.
 * Filters `mobile`, `templateCode` (any part), `provider` (any part), `status`, `timeFrom` /
 * `timeTo` (the send date, both ends included); sort on `mobile`, `templateCode`, `status`,
 * `createTime`. The older top-level `mobile` (any part of the number) is still read when
 * `filters.mobile` is absent.
 */
export const SmsPageBody = Type.Object({
  ...ListRequest.properties,
  mobile: Type.Optional(Nullable(Type.String({ maxLength: 11, title: '手机号码' }))),
});
export type SmsPageBody = Static<typeof SmsPageBody>;

/** `POST /rest/smsService/exportSmsXls`: the list's query and the selected ids; codes stay masked. */
export const SmsExportBody = Type.Object({
  ...SmsPageBody.properties,
  selections: Type.Optional(Type.String({ maxLength: 2400, title: '选中的记录' })),
});
export type SmsExportBody = Static<typeof SmsExportBody>;

/** One sent message (`sys_sms_log`); verification codes in `content` are masked as ******. */
export const SmsRow = Type.Object({
  id: Type.String(),
  mobile: Type.String(),
  templateCode: Type.String(),
  content: Type.String(),
  provider: Type.String(),
  /** '1' 已发送, '2' 发送失败, '3' 未发送（未配置短信网关）. */
  status: Type.String(),
  ip: Nullable(Type.String()),
  /** ISO 8601. */
  createdAt: Type.String(),
});
export type SmsRow = Static<typeof SmsRow>;

/** `POST /rest/smsService/getSmsByPage` → `dataSet`. */
export const SmsPage = Type.Object({ pagination: Pagination(SmsRow) });
export type SmsPage = Static<typeof SmsPage>;

/** `POST /rest/smsService/deleteSmsById`. */
export const DeleteSmsByIdBody = Type.Object({
  id: Type.Union([RecordId('记录编号'), Type.Integer({ minimum: 1, maximum: 2147483647 })], {
    title: '记录编号',
  }),
});
export type DeleteSmsByIdBody = Static<typeof DeleteSmsByIdBody>;

/** `POST /rest/smsService/deleteSmsByIds`: the ids comma-joined, at most 200. */
export const DeleteSmsByIdsBody = Type.Object({
  ids: IdListText('记录编号'),
});
export type DeleteSmsByIdsBody = Static<typeof DeleteSmsByIdsBody>;

/** The delete calls → `dataSet`: how many rows went. */
export const DeletedResult = Type.Object({ deleted: Type.Integer() });
export type DeletedResult = Static<typeof DeletedResult>;

/** 系统管理 › 短信日志's permission codes. */
export const smsCodes = defineCodes({ list: 'system:sms:list', delete: 'system:sms:delete' });

/** 系统管理 › 短信日志's calls. */
export const smsCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/smsService/getSmsByPage',
    permission: smsCodes.list,
    body: SmsPageBody,
    answer: SmsPage,
  }),
  /** The list's query and the selected ids → 短信日志.xlsx; codes stay masked. */
  export: defineCall({
    method: 'POST',
    path: '/rest/smsService/exportSmsXls',
    permission: smsCodes.list,
    body: SmsExportBody,
    kind: 'download',
  }),
  delete: defineCall({
    method: 'POST',
    path: '/rest/smsService/deleteSmsById',
    permission: smsCodes.delete,
    body: DeleteSmsByIdBody,
    answer: DeletedResult,
  }),
  deleteMany: defineCall({
    method: 'POST',
    path: '/rest/smsService/deleteSmsByIds',
    permission: smsCodes.delete,
    body: DeleteSmsByIdsBody,
    answer: DeletedResult,
  }),
};
