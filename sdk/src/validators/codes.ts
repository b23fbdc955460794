// Codes of the trading centre's reference data, as the forms, the URL filters and the wire
// contracts check them (the contracts use each pattern's `.source`).

const SIX_DIGITS = /^\d{6}$/;

/** A region (行政区划) code: 6 digits. */
export const REGION_CODE_PATTERN = SIX_DIGITS;

/** Comma-joined region codes, spaces allowed around them; empty for none. */
export const REGION_CODE_LIST_PATTERN = /^\s*(\d{6}\s*(,\s*\d{6}\s*)*)?$/;

/** Comma-joined province codes (level 1: `xx0000`), e.g. `650000,410000`; empty for none. */
export const PROVINCE_CODE_LIST_PATTERN = /^\s*(\d{2}0000\s*(,\s*\d{2}0000\s*)*)?$/;

/** A bank's code (联行号 prefix): 3–12 digits. */
export const BANK_CODE_PATTERN = /^\d{3,12}$/;

/** A cotton batch number (批号): 11 digits. */
export const BATCH_NUMBER_PATTERN = /^\d{11}$/;

/** An SMS verification code: 6 digits. */
export const SMS_CODE_PATTERN = SIX_DIGITS;
