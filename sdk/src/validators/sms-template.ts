import { APP_CODE_PATTERN } from './app-code';

// 系统管理 › 短信模板's names, as the contract (sdk/src/contracts/sms-template.ts) checks them
// and the forms test them.

/** A template's code: 2–32 letters, digits or `_`, a letter first — the rule of an app's code. */
export const SMS_TEMPLATE_CODE_PATTERN = APP_CODE_PATTERN;

/** A template variable's name (`${name}` in the content): 1–32 letters, digits or `_`, a letter first. */
export const SMS_VARIABLE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
