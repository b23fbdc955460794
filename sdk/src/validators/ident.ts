/**
 * The handles of 系统管理's users, roles, posts, organisations and menus: the rules the wire
 * contracts check (`pattern: X.source` in sdk/src/contracts/user-admin.ts, role-admin.ts,
 * post-admin.ts, org-admin.ts, menu-admin.ts) and the forms check before sending
 * (`X.test(value)`), written once here. Pure, no DOM: the server checks with them too.
 */

/** A login name: 2–32 letters, digits or `_ . @ -`. */
export const LOGIN_NAME_PATTERN = /^[A-Za-z0-9_.@-]{2,32}$/;

/** What a login name that breaks {@link LOGIN_NAME_PATTERN} is told. */
export const LOGIN_NAME_MESSAGE = '登录名为 2～32 位字母、数字或 _ . @ -';

/** A role's code: 2–32 letters, digits, `_` or `-`, a letter first. */
export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{1,31}$/;

/** A post's code: the rule of a role's. */
export const POST_CODE_PATTERN = ROLE_CODE_PATTERN;

/** An organisation's code: 2–32 letters, digits, `_` or `-`, a letter or a digit first. */
export const ORG_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/;

/** A menu's route path: 1–3 segments of letters, digits, `_` or `-`, each after a `/` (`/system/user`). */
export const MENU_PATH_PATTERN = /^(\/[A-Za-z0-9_-]{1,40}){1,3}$/;

/**
 * The address of an external-link or iframe menu: `http://` or `https://`, a host (name, IP or
 * `localhost`), an optional port, then a path, query or fragment without spaces, quotes or
 * angle brackets. At most 512 characters (the schema's maxLength).
 */
export const MENU_URL_PATTERN = /^https?:\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?(?:[/?#][^\s<>"]*)?$/;

/** A permission code: a letter first, up to 3 more segments after colons (`system:user:add`). */
export const PERMISSION_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,31}(:[A-Za-z0-9_-]{1,31}){0,3}$/;
