import { Type, type Static } from 'typebox';
import { defineCall } from './call';
import { EmptyBody, Nullable } from './common';
import { SmsCodeSent } from './login';
import { Enterprise, UserInfo, UserPreferences } from './session';

// The account centre (docs/auth.md, "Account centre"): every logged-in user manages their
// own account.

/** A role the user holds. */
export const AccountRole = Type.Object({ code: Type.String(), name: Type.String() });
export type AccountRole = Static<typeof AccountRole>;

/** `POST /rest/user/accountCenter` → `dataSet`. */
export const AccountCenter = Type.Object({
  userInfo: UserInfo,
  roles: Type.Array(AccountRole),
  /** ISO 8601; the login before the current session's, or the current one's when it is the first. */
  lastLoginAt: Nullable(Type.String()),
  enterprise: Nullable(Enterprise),
});
export type AccountCenter = Static<typeof AccountCenter>;

/**
 * `POST /rest/user/UpdUserDefault` (trimmed; an empty phone or email clears it). Either part may
 * come alone: the basic information (`realname` with `phone`, `email`) or the `preferences`.
 */
export const UpdUserDefaultBody = Type.Object(
  {
    realname: Type.Optional(Type.String({ maxLength: 64, title: '姓名' })),
    phone: Type.Optional(Nullable(Type.String({ maxLength: 32, title: '手机号码' }))),
    email: Type.Optional(Nullable(Type.String({ maxLength: 256, title: '邮箱' }))),
    /** The code sent to a new `phone` (`sendBindPhoneCode`); not needed when the phone stays. */
    phoneCode: Type.Optional(Nullable(Type.String({ maxLength: 16, title: '短信验证码' }))),
    /** The back office's layout and theme. */
    preferences: Type.Optional(UserPreferences),
  },
  { minProperties: 1 },
);
export type UpdUserDefaultBody = Static<typeof UpdUserDefaultBody>;

/** `POST /rest/user/UpdUserDefault` → `dataSet`: the user as saved. */
export const UserInfoResult = Type.Object({ userInfo: UserInfo, preferences: UserPreferences });
export type UserInfoResult = Static<typeof UserInfoResult>;

/** `POST /rest/user/sendBindPhoneCode` (→ `SmsCodeSent`). */
export const SendBindPhoneCodeBody = Type.Object({ phone: Type.String({ maxLength: 32, title: '手机号码' }) });
export type SendBindPhoneCodeBody = Static<typeof SendBindPhoneCodeBody>;

/** `POST /rest/user/valPwd`: `0000` when right, `504` 原密码错误 when not. */
export const ValPwdBody = Type.Object({ oldPassword: Type.String({ maxLength: 128, title: '原密码' }) });
export type ValPwdBody = Static<typeof ValPwdBody>;

/** `POST /rest/user/UpdPwd`. */
export const UpdPwdBody = Type.Object({
  oldPassword: Type.String({ maxLength: 128, title: '原密码' }),
  newPassword: Type.String({ maxLength: 128, title: '新密码' }),
  confirmPassword: Type.String({ maxLength: 128, title: '确认密码' }),
});
export type UpdPwdBody = Static<typeof UpdPwdBody>;

/**
 * `POST /rest/user/accountCenterAvatar` (multipart, one file: the square PNG or JPEG the
 * browser cropped, `AVATAR_*` of the validators) and `POST /rest/user/delAccountCenterAvatar`
 * → `dataSet`: the user as saved; `userInfo.avatar` is the image's address (`/file/avatar/<id>`)
 * or null (the default).
 */
export const AvatarResult = Type.Object({ userInfo: UserInfo });
export type AvatarResult = Static<typeof AvatarResult>;

/**
 * 个人中心's calls: any logged-in user, about their own account (`center`, `checkPassword` and
 * `updatePassword` are open before an initial password is changed).
 */
export const accountCalls = {
  center: defineCall({
    method: 'POST',
    path: '/rest/user/accountCenter',
    permission: null,
    body: EmptyBody,
    answer: AccountCenter,
  }),
  updateDefaults: defineCall({
    method: 'POST',
    path: '/rest/user/UpdUserDefault',
    permission: null,
    body: UpdUserDefaultBody,
    answer: UserInfoResult,
  }),
  sendBindPhoneCode: defineCall({
    method: 'POST',
    path: '/rest/user/sendBindPhoneCode',
    permission: null,
    body: SendBindPhoneCodeBody,
    answer: SmsCodeSent,
  }),
  checkPassword: defineCall({
    method: 'POST',
    path: '/rest/user/valPwd',
    permission: null,
    body: ValPwdBody,
    answer: Type.Null(),
  }),
  updatePassword: defineCall({
    method: 'POST',
    path: '/rest/user/UpdPwd',
    permission: null,
    body: UpdPwdBody,
    answer: Type.Null(),
  }),
  uploadAvatar: defineCall({
    method: 'POST',
    path: '/rest/user/accountCenterAvatar',
    permission: null,
    answer: AvatarResult,
    kind: 'upload',
  }),
  removeAvatar: defineCall({
    method: 'POST',
    path: '/rest/user/delAccountCenterAvatar',
    permission: null,
    body: EmptyBody,
    answer: AvatarResult,
  }),
};
