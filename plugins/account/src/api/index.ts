import { request } from '@cotton/sdk';
import { accountCalls, thirdAccountCalls } from '@cotton/sdk/calls';
import type {
  AccountCenter,
  AvatarResult,
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
} from '@cotton/sdk/contracts';

/** 个人中心's user, roles, last login and enterprise (docs/auth.md, "Account centre"). */
export function queryAccountCenter(): Promise<AccountCenter> {
  return request.call(accountCalls.center, {});
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
  return request.call(accountCalls.updateDefaults, body);
}

/** Sends a code to the new phone the user wants to bind; `504` with the reason when it cannot. */
export function sendBindPhoneCode(phone: string): Promise<SmsCodeSent> {
  const body: SendBindPhoneCodeBody = { phone: phone.trim() };
  return request.call(accountCalls.sendBindPhoneCode, body);
}

/** Resolves when the password is right; rejects with `ApiError` code '504' 原密码错误 when not. */
export function validatePassword(oldPassword: string): Promise<unknown> {
  const body: ValPwdBody = { oldPassword };
  return request.call(accountCalls.checkPassword, body);
}

/** Changes the password; a broken rule rejects with `ApiError` code '504' and the rule's message. */
export function updatePassword(change: UpdPwdBody): Promise<unknown> {
  return request.call(accountCalls.updatePassword, change);
}

// 第三方账号 (docs/auth.md, "Third-party accounts"): the user's own bindings.

/** The user's bindings and the configured providers. */
export function queryMyThirdAccounts(): Promise<MyThirdAccounts> {
  return request.call(thirdAccountCalls.mine, {});
}

/**
 * Starts binding an account of `provider`: the server answers the provider's authorisation
 * page (and keeps the binding's nonce in a cookie); the browser goes there next.
 */
export function startThirdBind(provider: string): Promise<ThirdBindStart> {
  const body: ThirdBindStartBody = { provider };
  return request.call(thirdAccountCalls.bindStart, body);
}

/** Removes one of the user's own bindings. */
export function unbindThirdAccount(body: UnbindMyThirdAccountBody): Promise<unknown> {
  return request.call(thirdAccountCalls.unbindMine, body);
}

// 头像 (docs/auth.md, "Account centre"): the user's own, cropped square in the browser.

/** Uploads the cropped avatar (PNG); the server checks it again and answers the user as saved. */
export function uploadAvatar(image: Blob): Promise<AvatarResult> {
  const form = new FormData();
  form.append('file', image, 'avatar.png');
  return request.upload(accountCalls.uploadAvatar, form);
}

/** Back to the default avatar. */
export function removeAvatar(): Promise<AvatarResult> {
  return request.call(accountCalls.removeAvatar, {});
}
