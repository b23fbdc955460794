// 内容管理's rules (docs/architecture.md "Content management and complaints"): the server's
// contracts (sdk/src/contracts/cms.ts, cms-admin.ts) check them as `pattern: X.source`, the
// back office's forms and the content pages' URLs as `X.test(value)`. One home each.

/** A site or catalogue code as the public calls take it: a letter, then letters, digits, `_` or `-`. */
export const CMS_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** A new catalogue's code: 2…48 letters, digits, `_` or `-`, a letter first. */
export const CATALOG_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{1,47}$/;

/** A hotline's phone: 3…32 digits, spaces, `+`, `-` or parentheses. */
export const HOTLINE_PHONE_PATTERN = /^[0-9+\- ()]{3,32}$/;

/** The service phone: the hotline's characters, at most 32, possibly none. */
export const SERVICE_PHONE_PATTERN = /^[0-9+\- ()]{0,32}$/;

/** A site path (`/service`) or an http(s) address: what a link on the public pages may lead to. */
export const CMS_LINK_PATTERN = /^(?:\/(?!\/)\S*|https?:\/\/\S+)$/;
