import { Type, type Static } from 'typebox';
import { defineCall } from './call';
import { EmptyBody, RecordId } from './common';
import { ListDeleted } from './list';
import { ThirdLoginOption } from './portal';
import { userAdminCodes } from './user-admin';

// Third-party login bindings (docs/auth.md, "Third-party accounts"): a row of
// `sys_third_accounts` ties an account at an OAuth 2 provider to a local user. The user
// manages their own in the account centre (`/rest/thirdLogin/…`, any logged-in user); an
// administrator sees and removes those of the users of their enterprise (`/rest/user/…`).

const provider = Type.String({ minLength: 1, maxLength: 64, title: '第三方登录方式' });
const externalId = Type.String({ minLength: 1, maxLength: 128, title: '第三方账号' });

/** A binding as the account centre and 用户管理 show it. */
export const ThirdAccount = Type.Object({
  /** The provider's id (`THIRD_LOGIN_PROVIDERS`). */
  provider: Type.String(),
  /** The provider's configured name; its id when the provider is no longer configured. */
  providerName: Type.String(),
  /** The provider's id of the account (the only thing stored of it). */
  externalId: Type.String(),
  /** ISO 8601. */
  boundAt: Type.String(),
});
export type ThirdAccount = Static<typeof ThirdAccount>;

/** `POST /rest/thirdLogin/getMyThirdAccounts` (`{}`) → `dataSet`: the user's bindings and the configured providers. */
export const MyThirdAccounts = Type.Object({
  accounts: Type.Array(ThirdAccount),
  providers: Type.Array(ThirdLoginOption),
});
export type MyThirdAccounts = Static<typeof MyThirdAccounts>;

/** `POST /rest/thirdLogin/bindStart`: bind an account at `provider` to the logged-in user. */
export const ThirdBindStartBody = Type.Object({ provider });
export type ThirdBindStartBody = Static<typeof ThirdBindStartBody>;

/** `POST /rest/thirdLogin/bindStart` → `dataSet`: the provider's authorisation page, for the browser to open. */
export const ThirdBindStart = Type.Object({ authorizeUrl: Type.String() });
export type ThirdBindStart = Static<typeof ThirdBindStart>;

/** `POST /rest/thirdLogin/unbindMyThirdAccount`: remove one of the user's own bindings (→ `{deleted: 1}`). */
export const UnbindMyThirdAccountBody = Type.Object({ provider, externalId });
export type UnbindMyThirdAccountBody = Static<typeof UnbindMyThirdAccountBody>;

/** `POST /rest/user/getUserThirdAccounts`: a user of the administrator's enterprise. */
export const UserThirdAccountsBody = Type.Object({ id: RecordId('用户编号') });
export type UserThirdAccountsBody = Static<typeof UserThirdAccountsBody>;

/** `POST /rest/user/getUserThirdAccounts` → `dataSet`. */
export const UserThirdAccounts = Type.Object({ accounts: Type.Array(ThirdAccount) });
export type UserThirdAccounts = Static<typeof UserThirdAccounts>;

/** `POST /rest/user/delUserThirdAccount`: remove a binding of a user of the administrator's enterprise (→ `{deleted: 1}`). */
export const DelUserThirdAccountBody = Type.Object({ id: RecordId('用户编号'), provider, externalId });
export type DelUserThirdAccountBody = Static<typeof DelUserThirdAccountBody>;

/**
 * The third-party accounts' calls: the user's own in the account centre (any logged-in user),
 * and an administrator's on a user of their enterprise (系统管理 › 用户管理's codes).
 */
export const thirdAccountCalls = {
  /** `{}` → the user's bindings and the configured providers. */
  mine: defineCall({
    method: 'POST',
    path: '/rest/thirdLogin/getMyThirdAccounts',
    permission: null,
    body: EmptyBody,
    answer: MyThirdAccounts,
  }),
  bindStart: defineCall({
    method: 'POST',
    path: '/rest/thirdLogin/bindStart',
    permission: null,
    body: ThirdBindStartBody,
    answer: ThirdBindStart,
  }),
  unbindMine: defineCall({
    method: 'POST',
    path: '/rest/thirdLogin/unbindMyThirdAccount',
    permission: null,
    body: UnbindMyThirdAccountBody,
    answer: ListDeleted,
  }),
  ofUser: defineCall({
    method: 'POST',
    path: '/rest/user/getUserThirdAccounts',
    permission: userAdminCodes.list,
    body: UserThirdAccountsBody,
    answer: UserThirdAccounts,
  }),
  deleteOfUser: defineCall({
    method: 'POST',
    path: '/rest/user/delUserThirdAccount',
    permission: userAdminCodes.edit,
    body: DelUserThirdAccountBody,
    answer: ListDeleted,
  }),
};
