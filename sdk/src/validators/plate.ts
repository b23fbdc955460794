/**
 * Chinese licence plates (GA 36): a province character, the issuing-office letter, then
 * either 5 characters (letters except I and O, digits) or a new-energy 6 (`D`/`F` + letter
 * or digit + 4 digits for small cars, 5 digits + `D`/`F` for large ones). Upper case only.
 */
const PROVINCE = '[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领]';
const ALNUM = '[A-HJ-NP-Z0-9]';
const NEW_ENERGY = `(?:[DF]${ALNUM}\\d{4}|\\d{5}[DF])`;

const PLATE = new RegExp(`^${PROVINCE}[A-Z](?:${ALNUM}{5}|${NEW_ENERGY})$`);
// The second variant of the spec: the last character may also be 挂 (trailer), 学
// (driving school), 警 (police), 港/澳 (Hong Kong/Macao), 使/领 (embassy/consulate).
const SPECIAL_PLATE = new RegExp(`^${PROVINCE}[A-Z]${ALNUM}{4}[A-HJ-NP-Z0-9挂学警港澳使领]$`);

/** `新A12345`, `京AD12345` (new energy). */
export function isPlateNumber(value: string | null | undefined): boolean {
  return typeof value === 'string' && PLATE.test(value);
}

/** Like `isPlateNumber`, also accepting a trailing 挂, 学, 警, 港, 澳, 使 or 领: `新A1234挂`. */
export function isTrailerPlate(value: string | null | undefined): boolean {
  return typeof value === 'string' && (PLATE.test(value) || SPECIAL_PLATE.test(value));
}
