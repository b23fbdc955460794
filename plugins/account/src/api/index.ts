import { request } from '@cotton/sdk';
import type {
  AccountCenter,
  MyThirdAccounts,
  SendBindPhoneCodeBody,
  SmsCodeSent,
  ThirdBindStart,
  ThirdBindStartBody,
  UnbindMyThirdAccountBody,
  UpdPwdBody,
  UpdUserDefaultBody,
  UserInfo,
  UserInfoResult,
  ValPwdBody,
} from '@cotton/sdk';

export const ACCOUNT_CENTER_URL = '/rest/user/accountCenter';
export const UPDATE_USER_DEFAULT_URL = '/rest/user/UpdUserDefault';
export const SEND_BIND_PHONE_CODE_URL = '/rest/user/sendBindPhoneCode';
export const VALIDATE_PASSWORD_URL = '/rest/user/valPwd';
export const UPDATE_PASSWORD_URL = '/rest/user/UpdPwd';

/** `/rest/user/accountCenter` (docs/auth.md, "Account centre"). */
export function queryAccountCenter(): Promise<AccountCenter> {
  return request.post<AccountCenter>(ACCOUNT_CENTER_URL, {});
}

/**
 * Saves realname, phone and email (trimmed). An empty optional field is left out, unless it
 * had a value before (`previous`): then '' is sent, which clears it.
 */
export function updateUserDefault(
  values: UpdUserDefaultBody,
  previous: Pick<UserInfo, 'phone' | 'email'> | null = null,
): Promise<UserInfoResult> {
  const body: UpdUserDefaultBody = { realname: (values.realname ?? '').trim() };
  const phone = values.phone?.trim() ?? '';
  const email = values.email?.trim() ?? '';
  if (phone || previous?.phone) body.phone = phone;
  if (email || previous?.email) body.email = email;
  if (phone && phone !== previous?.phone) body.phoneCode = values.phoneCode?.trim() ?? '';
  return request.post<UserInfoResult>(UPDATE_USER_DEFAULT_URL, body);
}

/** Sends a code to the new phone the user wants to bind; `504` with the reason when it cannot. */
export function sendBindPhoneCode(phone: string): Promise<SmsCodeSent> {
  const body: SendBindPhoneCodeBody = { phone: phone.trim() };
  return request.post<SmsCodeSent>(SEND_BIND_PHONE_CODE_URL, body);
}

/** Resolves when the password is right; rejects with `ApiError` code '504' 原密码错误 when not. */
export function validatePassword(oldPassword: string): Promise<unknown> {
  const body: ValPwdBody = { oldPassword };
  return request.post(VALIDATE_PASSWORD_URL, body);
}

/** Changes the password; a broken rule rejects with `ApiError` code '504' and the rule's message. */
export function updatePassword(change: UpdPwdBody): Promise<unknown> {
  return request.post(UPDATE_PASSWORD_URL, change);
}

// 第三方账号 (docs/auth.md, "Third-party accounts"): the user's own bindings.

export const MY_THIRD_ACCOUNTS_URL = '/rest/thirdLogin/getMyThirdAccounts';
export const THIRD_BIND_START_URL = '/rest/thirdLogin/bindStart';
export const THIRD_UNBIND_URL = '/rest/thirdLogin/unbindMyThirdAccount';

/** The user's bindings and the configured providers. */
export function queryMyThirdAccounts(): Promise<MyThirdAccounts> {
  return request.post<MyThirdAccounts>(MY_THIRD_ACCOUNTS_URL, {});
}

/**
 * Starts binding an account of `provider`: the server answers the provider's authorisation
 * page (and keeps the binding's nonce in a cookie); the browser goes there next.
 */
export function startThirdBind(provider: string): Promise<ThirdBindStart> {
  const body: ThirdBindStartBody = { provider };
  return request.post<ThirdBindStart>(THIRD_BIND_START_URL, body);
}

/** Removes one of the user's own bindings. */
export function unbindThirdAccount(body: UnbindMyThirdAccountBody): Promise<unknown> {
  return request.post(THIRD_UNBIND_URL, body);
}
