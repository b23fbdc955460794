import { request } from '@cotton/sdk';
import type { AdminUserRow, DelUserThirdAccountBody, UserThirdAccounts, UserThirdAccountsBody } from '@cotton/sdk';

// 用户管理 › 第三方账号 (docs/auth.md, "Third-party accounts"): a user's third-party login
// bindings; shapes: sdk/src/contracts/third-account.ts.

export const USER_THIRD_ACCOUNTS_URL = '/rest/user/getUserThirdAccounts';
export const USER_THIRD_ACCOUNT_DELETE_URL = '/rest/user/delUserThirdAccount';

/** The bindings of a user of the administrator's enterprise (`system:user:list`). */
export function queryUserThirdAccounts(id: AdminUserRow['id']): Promise<UserThirdAccounts> {
  const body: UserThirdAccountsBody = { id };
  return request.post<UserThirdAccounts>(USER_THIRD_ACCOUNTS_URL, body);
}

/** Removes one binding of that user (`system:user:edit`). */
export function deleteUserThirdAccount(body: DelUserThirdAccountBody): Promise<unknown> {
  return request.post(USER_THIRD_ACCOUNT_DELETE_URL, body);
}
