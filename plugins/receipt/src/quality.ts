/**
 * Cotton quality grades (docs/cotton-quality.md, GB 1103.1-2012): codes in
 * their display order and their Chinese names.
 */

/** Colour grade code (grade digit + type digit) → name, in display order. */
export const COLOR_GRADES: ReadonlyArray<{ code: string; name: string }> = [
  { code: '11', name: '白棉1级' },
  { code: '21', name: '白棉2级' },
  { code: '31', name: '白棉3级' },
  { code: '41', name: '白棉4级' },
  { code: '51', name: '白棉5级' },
  { code: '12', name: '淡点污棉1级' },
  { code: '22', name: '淡点污棉2级' },
  { code: '32', name: '淡点污棉3级' },
  { code: '13', name: '淡黄染棉1级' },
  { code: '23', name: '淡黄染棉2级' },
  { code: '33', name: '淡黄染棉3级' },
  { code: '14', name: '黄染棉1级' },
  { code: '24', name: '黄染棉2级' },
];

const COLOR_NAME = new Map(COLOR_GRADES.map((grade) => [grade.code, grade.name]));

/** `'31'` → `白棉3级`; an unknown code is shown as it is. */
export function colorGradeName(code: string | null | undefined): string | null {
  if (!code) return null;
  return COLOR_NAME.get(code) ?? code;
}

/** Micronaire grades in the order the standard lists them. */
export const MICRONAIRE_GRADES = ['C1', 'B1', 'A', 'B2', 'C2'] as const;

/** Length grades, whole millimetres. */
export const LENGTH_GRADES = ['25', '26', '27', '28', '29', '30', '31', '32'] as const;

export const STRENGTH_GRADES = ['S1', 'S2', 'S3', 'S4', 'S5'] as const;
export const UNIFORMITY_GRADES = ['U1', 'U2', 'U3', 'U4', 'U5'] as const;

/** Crop years the receipts come from (the PRODUCT_YEAR dictionary lists 2020–2022; the data runs to 2025). */
export const PRODUCT_YEARS = ['2020', '2021', '2022', '2023', '2024', '2025'] as const;

/** Colour types with the inspection fields holding each grade's share of bales. */
export const COLOR_TYPES = [
  { name: '白棉', fields: ['whiteRate1', 'whiteRate2', 'whiteRate3', 'whiteRate4', 'whiteRate5'] },
  { name: '淡点污棉', fields: ['spotRate1', 'spotRate2', 'spotRate3'] },
  { name: '淡黄染棉', fields: ['yellowishRate1', 'yellowishRate2', 'yellowishRate3'] },
  { name: '黄染棉', fields: ['yellowRate1', 'yellowRate2'] },
] as const;

/** The length shown on a receipt: the second part of `principalPartRank` ("31 29" → "29"). */
export function lengthOfRank(principalPartRank: string | null | undefined): string | null {
  const part = (principalPartRank ?? '').trim().split(/\s+/)[1];
  return part && part !== '--' ? part : null;
}
