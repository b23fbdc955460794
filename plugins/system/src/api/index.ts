import { request } from '@cotton/sdk';
import type { DeleteSmsByIdBody, DeleteSmsByIdsBody, SmsPage, SmsPageBody, SmsRow } from '@cotton/sdk';

// The SMS log calls (docs/auth.md, "SMS log"); the shapes are the wire contracts of
// `@cotton/sdk` (sdk/src/contracts/sms.ts).

export const SMS_PAGE_URL = '/rest/smsService/getSmsByPage';
export const SMS_DELETE_URL = '/rest/smsService/deleteSmsById';
export const SMS_BATCH_DELETE_URL = '/rest/smsService/deleteSmsByIds';

/** Permission codes of the SMS log (docs/auth.md). */
export const SMS_LIST_PERMISSION = 'system:sms:list';
export const SMS_DELETE_PERMISSION = 'system:sms:delete';

/** One page of the log, newest first; an empty mobile filter is left out. */
export function querySmsPage({ mobile, pageNum, pageSize }: SmsPageBody): Promise<SmsPage> {
  const filter = mobile?.trim();
  const body: SmsPageBody = { ...(filter ? { mobile: filter } : {}), pageNum, pageSize };
  return request.post<SmsPage>(SMS_PAGE_URL, body);
}

export function deleteSms(id: SmsRow['id']): Promise<unknown> {
  const body: DeleteSmsByIdBody = { id };
  return request.post(SMS_DELETE_URL, body);
}

/** Deletes several rows: the ids go comma-joined (spec §7, generic list). */
export function deleteSmsBatch(ids: Array<SmsRow['id']>): Promise<unknown> {
  const body: DeleteSmsByIdsBody = { ids: ids.join(',') };
  return request.post(SMS_BATCH_DELETE_URL, body);
}
