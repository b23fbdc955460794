// 系统管理 › 数据字典's codes, as the contracts (sdk/src/contracts/basedata.ts) check them and
// the forms test them.

/** A dictionary category's code: 2–64 letters, digits or `_`, a letter first (`WHS_TYPE`). */
export const DICT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{1,63}$/;

/** A dictionary item's code: 1–32 letters, digits, `_`, `.` or `-`, not starting with a sign. */
export const DICT_ITEM_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;
