import { request } from '@cotton/sdk';
import type {
  AdminUserRow,
  DelUserThirdAccountBody,
  UserThirdAccounts,
  UserThirdAccountsBody,
} from '@cotton/sdk/contracts';
import { thirdAccountCalls } from '@cotton/sdk/calls';

// 用户管理 › 第三方账号 (docs/auth.md, "Third-party accounts"): a user's third-party login
// bindings; calls and shapes: sdk/src/contracts/third-account.ts.

/** The bindings of a user of the administrator's enterprise (`system:user:list`). */
export function queryUserThirdAccounts(id: AdminUserRow['id']): Promise<UserThirdAccounts> {
  const body: UserThirdAccountsBody = { id };
  return request.call(thirdAccountCalls.ofUser, body);
}

/** Removes one binding of that user (`system:user:edit`). */
export function deleteUserThirdAccount(body: DelUserThirdAccountBody): Promise<unknown> {
  return request.call(thirdAccountCalls.deleteOfUser, body);
}
