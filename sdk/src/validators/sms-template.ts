// 系统管理 › 短信模板's names, as the contract (sdk/src/contracts/sms-template.ts) checks them
// and the forms test them.

/** A template's code: 2–32 letters, digits or `_`, a letter first. */
export const SMS_TEMPLATE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{1,31}$/;

/** A template variable's name (`${name}` in the content): 1–32 letters, digits or `_`, a letter first. */
export const SMS_VARIABLE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
