import { request } from '@cotton/sdk';
import { noticeCalls, smsTemplateCalls } from '@cotton/sdk/calls';
import type {
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
  UserNoticePage,
  UserNoticePageBody,
} from '@cotton/sdk/contracts';

// 通知公告, 我的消息 and 短信模板 (docs/architecture.md "Notices", "SMS templates"): the calls of
// `@cotton/sdk/calls` (sdk/src/contracts/notice.ts, sms-template.ts).

export function queryNoticeTargets(keyword?: string): Promise<NoticeTargets> {
  const body: NoticeTargetsBody = keyword ? { keyword } : {};
  return request.call(noticeCalls.targets, body);
}

export function queryNotice(id: string): Promise<NoticeDetail> {
  const body: NoticeIdBody = { id };
  return request.call(noticeCalls.detail, body);
}

/** '1' publishes, '2' withdraws. */
export function setNoticeStatus(id: string, status: UpdateNoticeStatusBody['status']): Promise<NoticeUpdated> {
  const body: UpdateNoticeStatusBody = { id, status };
  return request.call(noticeCalls.status, body);
}

export function publishNotices(ids: string[]): Promise<NoticeUpdated> {
  const body: NoticeIdsBody = { ids: ids.join(',') };
  return request.call(noticeCalls.publishMany, body);
}

export function queryMyNotices(body: UserNoticePageBody): Promise<UserNoticePage> {
  return request.call(noticeCalls.userPage, body);
}

/** Marks `ids` read, or every notice of mine when `ids` is 'all'. */
export function markNoticesRead(ids: string[] | 'all'): Promise<NoticeUpdated> {
  const body: UpdateReadStatusBody = ids === 'all' ? { all: true } : { ids: ids.join(',') };
  return request.call(noticeCalls.markRead, body);
}

export function sendTemplateMessage(body: SendMsgBody): Promise<MsgSent> {
  return request.call(smsTemplateCalls.send, body);
}
