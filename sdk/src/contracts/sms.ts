import { Type, type Static } from 'typebox';
import { Nullable, Pagination, RecordId, IdListText } from './common';

// The SMS log of the back office (docs/auth.md, "SMS log"): `/rest/smsService/…`.

/** `POST /rest/smsService/getSmsByPage`: newest first; `mobile` matches any part. */
export const SmsPageBody = Type.Object({
  mobile: Type.Optional(Nullable(Type.String({ maxLength: 11, title: '手机号码' }))),
  pageNum: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, title: '页码' }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 10, title: '每页条数' }),
});
export type SmsPageBody = Static<typeof SmsPageBody>;

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
