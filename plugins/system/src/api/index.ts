import { request } from '@cotton/sdk';
import type {
  AddUserBody,
  AdminUserRow,
  DeleteSmsByIdBody,
  DeleteSmsByIdsBody,
  SmsPage,
  SmsPageBody,
  SmsRow,
  UpdFrozenUserBody,
  UpdPwdUserBody,
  UpdUserBody,
  UserBindRoles,
  UserBindRolesBody,
  UserIdsBody,
} from '@cotton/sdk';

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

// 用户管理 (docs/auth.md, "User administration"): the list is a generic admin list
// (`createListStore`); the shapes are `@cotton/sdk`'s (sdk/src/contracts/user-admin.ts).

export const USER_PAGE_URL = '/rest/user/getUserPage';
export const USER_ADD_URL = '/rest/user/AddUser';
export const USER_UPDATE_URL = '/rest/user/UpdUser';
export const USER_DELETE_URL = '/rest/user/DelUser';
export const USER_FREEZE_URL = '/rest/user/UpdFrozenUser';
export const USER_PASSWORD_URL = '/rest/user/UpdPwdUser';
export const USER_BIND_ROLES_URL = '/rest/user/getUserBindRoles';

/** Permission codes of the user administration (docs/auth.md). */
export const USER_LIST_PERMISSION = 'system:user:list';
export const USER_ADD_PERMISSION = 'system:user:add';
export const USER_EDIT_PERMISSION = 'system:user:edit';
export const USER_DELETE_PERMISSION = 'system:user:delete';

export function addUser(body: AddUserBody): Promise<unknown> {
  return request.post(USER_ADD_URL, body);
}

export function updateUser(body: UpdUserBody): Promise<unknown> {
  return request.post(USER_UPDATE_URL, body);
}

/** Freezes ('2') or unfreezes ('1') users: the ids go comma-joined. */
export function setUsersFrozen(ids: Array<AdminUserRow['id']>, status: UpdFrozenUserBody['status']): Promise<unknown> {
  const body: UpdFrozenUserBody = { ids: ids.join(','), status };
  return request.post(USER_FREEZE_URL, body);
}

export function resetUserPassword(body: UpdPwdUserBody): Promise<unknown> {
  return request.post(USER_PASSWORD_URL, body);
}

/** The roles that can be granted and, for an existing user (`id`), those held. */
export function queryUserBindRoles(id?: AdminUserRow['id']): Promise<UserBindRoles> {
  const body: UserBindRolesBody = id ? { id } : {};
  return request.post<UserBindRoles>(USER_BIND_ROLES_URL, body);
}

/** The body of a delete of users, one or several: `{ ids }` comma-joined. */
export function userIdsBody(ids: Array<AdminUserRow['id']>): UserIdsBody {
  return { ids: ids.join(',') };
}
