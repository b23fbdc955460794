/** A record id as a URL or a form writes it: digits, no sign, no leading zero (then at most 2147483647). */
export const RECORD_ID_TEXT_PATTERN = /^[1-9]\d{0,9}$/;

/** A record id written plainly: 1…2147483647, as the contracts' `RecordId` takes it. */
export function isRecordId(value: string | null | undefined): boolean {
  return typeof value === 'string' && RECORD_ID_TEXT_PATTERN.test(value) && Number(value) <= 2_147_483_647;
}
