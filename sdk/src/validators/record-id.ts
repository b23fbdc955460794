/**
 * A record id: 1…2147483647, the range of a PostgreSQL `integer` (larger numbers would reach
 * the database and fail there), written plainly — digits, no sign, no leading zero. Shorter
 * numbers, then the ten-digit ones digit by digit below 2147483647; linear to match. The wire
 * contracts check it as `RECORD_ID_RANGE_PATTERN.source` (`RecordId`, contracts/common.ts).
 */
export const RECORD_ID_RANGE_PATTERN =
  /^(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])$/;

/** A record id as a URL or a form writes it: digits, no sign, no leading zero (then at most 2147483647). */
export const RECORD_ID_TEXT_PATTERN = /^[1-9]\d{0,9}$/;

/** A record id written plainly: 1…2147483647, as the contracts' `RecordId` takes it. */
export function isRecordId(value: string | null | undefined): boolean {
  return typeof value === 'string' && RECORD_ID_RANGE_PATTERN.test(value);
}
