/**
 * Cotton quality grades (docs/cotton-quality.md, GB 1103.1-2012): their codes in the order the
 * standard lists them, and the colour grades' Chinese names. One list for the server (the
 * inspection, the receipt answers, the seed) and the receipt pages (filters, tables, charts).
 */

export const WHITE_GRADES = ['11', '21', '31', '41', '51'] as const;
export const SPOTTED_GRADES = ['12', '22', '32'] as const;
export const LIGHT_YELLOW_GRADES = ['13', '23', '33'] as const;
export const YELLOW_GRADES = ['14', '24'] as const;
/**
 * Every colour grade code (grade digit + type digit), in the order the standard lists them
 * (white, spotted, light yellow, yellow).
 */
export const COLOR_GRADES = [...WHITE_GRADES, ...SPOTTED_GRADES, ...LIGHT_YELLOW_GRADES, ...YELLOW_GRADES] as const;
export type ColorGrade = (typeof COLOR_GRADES)[number];

/** Colour grade code → name. */
export const COLOR_GRADE_NAMES: Readonly<Record<ColorGrade, string>> = {
  '11': '白棉1级',
  '21': '白棉2级',
  '31': '白棉3级',
  '41': '白棉4级',
  '51': '白棉5级',
  '12': '淡点污棉1级',
  '22': '淡点污棉2级',
  '32': '淡点污棉3级',
  '13': '淡黄染棉1级',
  '23': '淡黄染棉2级',
  '33': '淡黄染棉3级',
  '14': '黄染棉1级',
  '24': '黄染棉2级',
};

/** Length grades, whole millimetres. */
export const LENGTH_GRADES = ['25', '26', '27', '28', '29', '30', '31', '32'] as const;
export type LengthGrade = (typeof LENGTH_GRADES)[number];
/** Micronaire grades in the order the standard lists them. */
export const MICRONAIRE_GRADES = ['C1', 'B1', 'A', 'B2', 'C2'] as const;
export type MicronaireGrade = (typeof MICRONAIRE_GRADES)[number];
export const STRENGTH_GRADES = ['S1', 'S2', 'S3', 'S4', 'S5'] as const;
export type StrengthGrade = (typeof STRENGTH_GRADES)[number];
export const UNIFORMITY_GRADES = ['U1', 'U2', 'U3', 'U4', 'U5'] as const;
export type UniformityGrade = (typeof UNIFORMITY_GRADES)[number];

export function isColorGrade(code: string): code is ColorGrade {
  return (COLOR_GRADES as readonly string[]).includes(code);
}

/** `'31'` → `白棉3级`; an unknown code is shown as it is; none: `null`. */
export function colorGradeName(code: string | null | undefined): string | null {
  if (!code) return null;
  return isColorGrade(code) ? COLOR_GRADE_NAMES[code] : code;
}
