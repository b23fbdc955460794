/**
 * An app's code (系统管理 › 应用管理, docs/auth.md "App administration"): 2–32 letters, digits
 * or `_`, starting with a letter. The contract checks it (`AddAppBody.appCode`), the form too.
 */
export const APP_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{1,31}$/;
