import { request } from '@cotton/sdk';
import type { SessionUser } from '@cotton/sdk';

export const ACCOUNT_CENTER_URL = '/rest/user/accountCenter';
export const UPDATE_USER_DEFAULT_URL = '/rest/user/UpdUserDefault';
export const VALIDATE_PASSWORD_URL = '/rest/user/valPwd';
export const UPDATE_PASSWORD_URL = '/rest/user/UpdPwd';

export interface AccountRole {
  code: string;
  name: string;
}

/** `/rest/user/accountCenter` (docs/auth.md, "Account centre"). */
export interface AccountCenterData {
  userInfo: SessionUser;
  roles: AccountRole[];
  /** ISO time of the previous login; null on the first. */
  lastLoginAt: string | null;
  enterprise: { code: string; name: string } | null;
}

export interface BasicInfoValues {
  realname: string;
  phone?: string;
  email?: string;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function queryAccountCenter(): Promise<AccountCenterData> {
  return request.post<AccountCenterData>(ACCOUNT_CENTER_URL, {});
}

/**
 * Saves realname, phone and email (trimmed). An empty optional field is left out, unless it
 * had a value before (`previous`): then '' is sent, which clears it.
 */
export function updateUserDefault(
  values: BasicInfoValues,
  previous: Pick<SessionUser, 'phone' | 'email'> | null = null,
): Promise<{ userInfo: SessionUser }> {
  const body: BasicInfoValues = { realname: values.realname.trim() };
  const phone = values.phone?.trim() ?? '';
  const email = values.email?.trim() ?? '';
  if (phone || previous?.phone) body.phone = phone;
  if (email || previous?.email) body.email = email;
  return request.post<{ userInfo: SessionUser }>(UPDATE_USER_DEFAULT_URL, body);
}

/** Resolves when the password is right; rejects with `ApiError` code '504' 原密码错误 when not. */
export function validatePassword(oldPassword: string): Promise<unknown> {
  return request.post(VALIDATE_PASSWORD_URL, { oldPassword });
}

/** Changes the password; a broken rule rejects with `ApiError` code '504' and the rule's message. */
export function updatePassword(change: PasswordChange): Promise<unknown> {
  return request.post(UPDATE_PASSWORD_URL, change);
}
