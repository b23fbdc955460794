import { request } from '@cotton/sdk';
import type {
  AddNoticeBody,
  AddSmsTemplateBody,
  MsgSent,
  NoticeDetail,
  NoticeIdBody,
  NoticeIdsBody,
  NoticeTargets,
  NoticeTargetsBody,
  NoticeUpdated,
  SendMsgBody,
  UpdateNoticeStatusBody,
  UpdateReadStatusBody,
  UpdNoticeBody,
  UpdSmsTemplateBody,
  UserNoticePage,
  UserNoticePageBody,
} from '@cotton/sdk';

// 通知公告, 我的消息 and 短信模板 (docs/architecture.md "Notices", "SMS templates"); the shapes are
// the wire contracts of `@cotton/sdk` (sdk/src/contracts/notice.ts, sms-template.ts).

export const NOTICE_PAGE_URL = '/rest/noticeService/getNoticeByPage';
export const NOTICE_EXPORT_URL = '/rest/noticeService/exportNoticeXls';
export const NOTICE_TARGETS_URL = '/rest/noticeService/getNoticeTargets';
export const NOTICE_DETAIL_URL = '/rest/noticeService/getNoticeById';
export const NOTICE_ADD_URL = '/rest/noticeService/addNotice';
export const NOTICE_UPDATE_URL = '/rest/noticeService/updNotice';
export const NOTICE_STATUS_URL = '/rest/noticeService/updateStatus';
export const NOTICE_PUBLISH_MANY_URL = '/rest/noticeService/SyncNoticeByIds';
export const NOTICE_DELETE_URL = '/rest/noticeService/deleteNoticeById';
export const NOTICE_BATCH_DELETE_URL = '/rest/noticeService/deleteNoticeByIds';
export const USER_NOTICE_PAGE_URL = '/rest/noticeService/getNoticeByUserPage';
export const READ_STATUS_URL = '/rest/noticeService/updateReadStatus';

export const NOTICE_LIST_PERMISSION = 'system:notice:list';
export const NOTICE_ADD_PERMISSION = 'system:notice:add';
export const NOTICE_EDIT_PERMISSION = 'system:notice:edit';
export const NOTICE_DELETE_PERMISSION = 'system:notice:delete';
export const NOTICE_PUBLISH_PERMISSION = 'system:notice:publish';

export const TEMPLATE_PAGE_URL = '/rest/templateService/getTemplateByPage';
export const TEMPLATE_EXPORT_URL = '/rest/templateService/exportTemplateXls';
export const TEMPLATE_ADD_URL = '/rest/templateService/addTemplate';
export const TEMPLATE_UPDATE_URL = '/rest/templateService/updTemplate';
export const TEMPLATE_DELETE_URL = '/rest/templateService/deleteTemplateById';
export const TEMPLATE_BATCH_DELETE_URL = '/rest/templateService/deleteTemplateByIds';
export const TEMPLATE_SEND_URL = '/rest/templateService/sendMsg';

export const TEMPLATE_LIST_PERMISSION = 'system:smstemplate:list';
export const TEMPLATE_ADD_PERMISSION = 'system:smstemplate:add';
export const TEMPLATE_EDIT_PERMISSION = 'system:smstemplate:edit';
export const TEMPLATE_DELETE_PERMISSION = 'system:smstemplate:delete';
export const TEMPLATE_SEND_PERMISSION = 'system:smstemplate:send';

export function queryNoticeTargets(keyword?: string): Promise<NoticeTargets> {
  const body: NoticeTargetsBody = keyword ? { keyword } : {};
  return request.post<NoticeTargets>(NOTICE_TARGETS_URL, body);
}

export function queryNotice(id: string): Promise<NoticeDetail> {
  const body: NoticeIdBody = { id };
  return request.post<NoticeDetail>(NOTICE_DETAIL_URL, body);
}

export function addNotice(body: AddNoticeBody): Promise<{ id: string }> {
  return request.post<{ id: string }>(NOTICE_ADD_URL, body);
}

export function updateNotice(body: UpdNoticeBody): Promise<NoticeUpdated> {
  return request.post<NoticeUpdated>(NOTICE_UPDATE_URL, body);
}

/** '1' publishes, '2' withdraws. */
export function setNoticeStatus(id: string, status: UpdateNoticeStatusBody['status']): Promise<NoticeUpdated> {
  const body: UpdateNoticeStatusBody = { id, status };
  return request.post<NoticeUpdated>(NOTICE_STATUS_URL, body);
}

export function publishNotices(ids: string[]): Promise<NoticeUpdated> {
  const body: NoticeIdsBody = { ids: ids.join(',') };
  return request.post<NoticeUpdated>(NOTICE_PUBLISH_MANY_URL, body);
}

export function queryMyNotices(body: UserNoticePageBody): Promise<UserNoticePage> {
  return request.post<UserNoticePage>(USER_NOTICE_PAGE_URL, body);
}

/** Marks `ids` read, or every notice of mine when `ids` is 'all'. */
export function markNoticesRead(ids: string[] | 'all'): Promise<NoticeUpdated> {
  const body: UpdateReadStatusBody = ids === 'all' ? { all: true } : { ids: ids.join(',') };
  return request.post<NoticeUpdated>(READ_STATUS_URL, body);
}

export function addTemplate(body: AddSmsTemplateBody): Promise<{ id: string }> {
  return request.post<{ id: string }>(TEMPLATE_ADD_URL, body);
}

export function updateTemplate(body: UpdSmsTemplateBody): Promise<unknown> {
  return request.post(TEMPLATE_UPDATE_URL, body);
}

export function sendTemplateMessage(body: SendMsgBody): Promise<MsgSent> {
  return request.post<MsgSent>(TEMPLATE_SEND_URL, body);
}
