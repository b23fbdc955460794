import { request } from '@cotton/sdk';

export const SMS_PAGE_URL = '/rest/smsService/getSmsByPage';
export const SMS_DELETE_URL = '/rest/smsService/deleteSmsById';
export const SMS_BATCH_DELETE_URL = '/rest/smsService/deleteSmsByIds';

/** Permission codes of the SMS log (docs/auth.md). */
export const SMS_LIST_PERMISSION = 'system:sms:list';
export const SMS_DELETE_PERMISSION = 'system:sms:delete';

/** One row of the SMS log (`sys_sms_log`). */
export interface SmsLogRow {
  id: number | string;
  mobile: string;
  templateCode?: string | null;
  templateName?: string | null;
  content: string | null;
  provider: string | null;
  /** '1' 已发送, '2' 发送失败. */
  status: string | number | null;
  ip?: string | null;
  /** When it was sent (the spec's lists call it createTime; createdAt accepted too). */
  createTime?: string | null;
  createdAt?: string | null;
}

export interface SmsPageQuery {
  mobile?: string;
  pageNum: number;
  pageSize: number;
}

export interface SmsPageResult {
  pagination: { result: SmsLogRow[]; totalCount: number; pageNum?: number; pageSize?: number };
}

/** One page of the log, newest first; an empty mobile filter is left out. */
export function querySmsPage({ mobile, pageNum, pageSize }: SmsPageQuery): Promise<SmsPageResult> {
  const filter = mobile?.trim();
  return request.post<SmsPageResult>(SMS_PAGE_URL, { ...(filter ? { mobile: filter } : {}), pageNum, pageSize });
}

export function deleteSms(id: SmsLogRow['id']): Promise<unknown> {
  return request.post(SMS_DELETE_URL, { id });
}

/** Deletes several rows: the ids go comma-joined (spec §7, generic list). */
export function deleteSmsBatch(ids: Array<SmsLogRow['id']>): Promise<unknown> {
  return request.post(SMS_BATCH_DELETE_URL, { ids: ids.join(',') });
}
