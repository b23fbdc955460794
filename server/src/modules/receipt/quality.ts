/**
 * Cotton quality computations (GB 1103.1-2012 as used in public fibre inspection data,
 * docs/cotton-quality.md). Pure functions: no database, no I/O. The seed,
 * the inspection call and the batch summary columns all go through them, so a figure is
 * computed one way only.
 *
 * Rounding rule: every HVI value is rounded to its recorded precision (one decimal; two
 * for micronaire averages) half away from zero BEFORE it is graded, so 3.45 (micronaire)
 * counts as 3.5 → B1 and 28.96 mm as 29.0 → 29. Binary floating point cannot hold 3.45
 * exactly (it is 3.4499999…), hence the small epsilon in `roundTo`.
 */

import {
  COLOR_GRADES,
  isColorGrade,
  LENGTH_GRADES,
  MICRONAIRE_GRADES,
  STRENGTH_GRADES,
  UNIFORMITY_GRADES,
  type ColorGrade,
  type LengthGrade,
  type MicronaireGrade,
  type StrengthGrade,
  type UniformityGrade,
} from '@cotton/sdk/validators';

/** Rounds half away from zero to `decimals` places, robust to binary representation (3.45 → 3.5). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Math.abs(value) * factor;
  const rounded = Math.round(scaled + 1e-7) / factor;
  return value < 0 ? -rounded : rounded;
}

// ---------------------------------------------------------------------------------------
// Grade lists (in display order): one home with the receipt pages', sdk/src/validators/cotton-grades.ts

export {
  COLOR_GRADE_NAMES,
  COLOR_GRADES,
  isColorGrade,
  LENGTH_GRADES,
  LIGHT_YELLOW_GRADES,
  MICRONAIRE_GRADES,
  SPOTTED_GRADES,
  STRENGTH_GRADES,
  UNIFORMITY_GRADES,
  WHITE_GRADES,
  YELLOW_GRADES,
} from '@cotton/sdk/validators';
export type { ColorGrade, LengthGrade, MicronaireGrade, StrengthGrade, UniformityGrade } from '@cotton/sdk/validators';

// ---------------------------------------------------------------------------------------
// Grade of one bale per indicator

/**
 * Colour grade of a bale: its recorded code when that is a valid GB 1103.1 code, else `null`
 * (the inspection record is the authority; `colorGradeFromHvi` is only used to produce
 * records from Rd and +b).
 */
export function colorGradeOf(recorded: string | number | null | undefined): ColorGrade | null {
  if (recorded === null || recorded === undefined) return null;
  const code = String(recorded).trim();
  return isColorGrade(code) ? code : null;
}

/**
 * Colour grade derived from the HVI colour values, a simplified reading of the GB 1103.1
 * colour chart (Rd = reflectance %, +b = yellowness): the type from +b (white < 9.5 or
 * with Rd ≥ 76 below 10.5; light spotted 9.5…10.4 with Rd < 76; light yellow stained
 * 10.5…12.4; yellow stained ≥ 12.5), the grade digit from Rd within the type.
 */
export function colorGradeFromHvi(rd: number, plusB: number): ColorGrade {
  const r = roundTo(rd, 1);
  const b = roundTo(plusB, 1);
  if (b >= 12.5) return r >= 73 ? '14' : '24';
  if (b >= 10.5) return r >= 76 ? '13' : r >= 72 ? '23' : '33';
  if (b >= 9.5 && r < 76) return r >= 73 ? '12' : r >= 70 ? '22' : '32';
  if (r >= 82) return '11';
  if (r >= 78.5) return '21';
  if (r >= 75) return '31';
  if (r >= 71.5) return '41';
  return '51';
}

/** Length grade: whole millimetres (28.2 → 28, 28.96 rounds to 29.0 → 29), clamped to 25…32. */
export function lengthGradeOf(lengthMm: number): LengthGrade {
  const whole = Math.floor(roundTo(lengthMm, 1));
  return String(Math.min(32, Math.max(25, whole))) as LengthGrade;
}

/** Micronaire grade of a value rounded to one decimal: C1 ≤ 3.4; B1 3.5–3.6; A 3.7–4.2; B2 4.3–4.9; C2 ≥ 5.0. */
export function micronaireGradeOf(micronaire: number): MicronaireGrade {
  const value = roundTo(micronaire, 1);
  if (value <= 3.4) return 'C1';
  if (value <= 3.6) return 'B1';
  if (value <= 4.2) return 'A';
  if (value <= 4.9) return 'B2';
  return 'C2';
}

/** Breaking strength (cN/tex, one decimal): S1 ≥ 31.0; S2 29.0–30.9; S3 26.0–28.9; S4 24.0–25.9; S5 < 24.0. */
export function strengthGradeOf(strength: number): StrengthGrade {
  const value = roundTo(strength, 1);
  if (value >= 31) return 'S1';
  if (value >= 29) return 'S2';
  if (value >= 26) return 'S3';
  if (value >= 24) return 'S4';
  return 'S5';
}

/** Length uniformity (%, one decimal): U1 ≥ 86.0; U2 83.0–85.9; U3 80.0–82.9; U4 77.0–79.9; U5 < 77.0. */
export function uniformityGradeOf(uniformity: number): UniformityGrade {
  const value = roundTo(uniformity, 1);
  if (value >= 86) return 'U1';
  if (value >= 83) return 'U2';
  if (value >= 80) return 'U3';
  if (value >= 77) return 'U4';
  return 'U5';
}

/**
 * Some inspection feeds number the five strength / uniformity bins from weakest to
 * strongest (bin 1 = S5). Returns the bins in S1…S5 / U1…U5 order.
 */
export function normaliseFiveBins<T>(bins: readonly T[], weakestFirst: boolean): T[] {
  if (bins.length !== 5) throw new Error(`五档数据应有 5 项，实际 ${bins.length} 项`);
  return weakestFirst ? [...bins].reverse() : [...bins];
}

// ---------------------------------------------------------------------------------------
// Batch statistics

export interface GradeShare<G extends string> {
  grade: G;
  count: number;
  /** Percent of the bales, one decimal. */
  percent: number;
}

/** Count and share (percent, one decimal) of the bales in each grade of `grades`, in that order. */
export function gradeShares<G extends string>(
  baleGrades: ReadonlyArray<G | null>,
  grades: readonly G[],
): GradeShare<G>[] {
  const counts = new Map<G, number>(grades.map((grade) => [grade, 0]));
  for (const grade of baleGrades) if (grade !== null && counts.has(grade)) counts.set(grade, counts.get(grade)! + 1);
  const total = baleGrades.length;
  return grades.map((grade) => {
    const count = counts.get(grade)!;
    return { grade, count, percent: total === 0 ? 0 : roundTo((count * 100) / total, 1) };
  });
}

/**
 * The main grade (主体): the grade held by at least 80 % of the bales (compared on counts,
 * not on rounded shares), else `null`.
 */
export function mainGrade<G extends string>(baleGrades: ReadonlyArray<G | null>): G | null {
  const total = baleGrades.length;
  if (total === 0) return null;
  const counts = new Map<G, number>();
  for (const grade of baleGrades) if (grade !== null) counts.set(grade, (counts.get(grade) ?? 0) + 1);
  for (const [grade, count] of counts) if (count * 5 >= total * 4) return grade;
  return null;
}

export interface Stats {
  avg: number;
  min: number;
  max: number;
}

/** Average (rounded to `decimals`), min and max of a non-empty list. */
export function stats(values: readonly number[], decimals = 1): Stats {
  if (values.length === 0) throw new Error('没有数据，无法计算平均值');
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    sum += value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { avg: roundTo(sum / values.length, decimals), min: roundTo(min, decimals), max: roundTo(max, decimals) };
}

// ---------------------------------------------------------------------------------------
// Weights

/** Official moisture regain (公定回潮率), fraction. */
export const OFFICIAL_REGAIN = 0.085;
/** Standard trash for saw-ginned cotton, fraction. */
export const STANDARD_TRASH = 0.025;

/** Net weight = gross − tare (kilograms). */
export function netWeightKg(grossKg: number, tareKg: number): number {
  return roundTo(grossKg - tareKg, 3);
}

/**
 * Conditioned weight (公定重量) in whole kilograms:
 * `net × (1 − trash) × (1 + 0.085) / ((1 − 0.025) × (1 + regain))`, trash and regain given
 * in percent (2.3 → 0.023).
 */
export function conditionedWeightKg(netKg: number, trashPercent: number, regainPercent: number): number {
  const trash = trashPercent / 100;
  const regain = regainPercent / 100;
  const conditioned = (netKg * (1 - trash) * (1 + OFFICIAL_REGAIN)) / ((1 - STANDARD_TRASH) * (1 + regain));
  return roundTo(conditioned, 0);
}

/** Kilograms → tonnes with three decimals (45123 → 45.123). */
export function kgToTonnes(kg: number): number {
  return roundTo(kg / 1000, 3);
}

// ---------------------------------------------------------------------------------------
// A batch summary from its bales

export interface BaleData {
  /** Recorded colour grade codes ('31'…). */
  colorGrade: ReadonlyArray<string | number | null>;
  length: readonly number[];
  micronaire: readonly number[];
  strength: readonly number[];
  uniformity: readonly number[];
  rd: readonly number[];
  plusB: readonly number[];
  moisture: readonly number[];
  trash: readonly number[];
}

export interface BatchSummary {
  baleCount: number;
  mainColorGrade: ColorGrade | null;
  mainLengthGrade: LengthGrade | null;
  mainMicronaireGrade: MicronaireGrade | null;
  mainStrengthGrade: StrengthGrade | null;
  mainUniformityGrade: UniformityGrade | null;
  colorShares: GradeShare<ColorGrade>[];
  lengthShares: GradeShare<LengthGrade>[];
  micronaireShares: GradeShare<MicronaireGrade>[];
  strengthShares: GradeShare<StrengthGrade>[];
  uniformityShares: GradeShare<UniformityGrade>[];
  length: Stats;
  micronaire: Stats;
  strength: Stats;
  uniformity: Stats;
  rd: Stats;
  plusB: Stats;
  /** Average moisture regain, %, one decimal (the value the conditioned weight uses). */
  moisture: number;
  /** Average trash, %, one decimal (the value the conditioned weight uses). */
  trash: number;
}

/** Every figure of a batch certificate that comes from its bales. */
export function summariseBales(bales: BaleData): BatchSummary {
  const colors = bales.colorGrade.map(colorGradeOf);
  const lengths = bales.length.map(lengthGradeOf);
  const micronaires = bales.micronaire.map(micronaireGradeOf);
  const strengths = bales.strength.map(strengthGradeOf);
  const uniformities = bales.uniformity.map(uniformityGradeOf);
  return {
    baleCount: bales.length.length,
    mainColorGrade: mainGrade(colors),
    mainLengthGrade: mainGrade(lengths),
    mainMicronaireGrade: mainGrade(micronaires),
    mainStrengthGrade: mainGrade(strengths),
    mainUniformityGrade: mainGrade(uniformities),
    colorShares: gradeShares(colors, COLOR_GRADES),
    lengthShares: gradeShares(lengths, LENGTH_GRADES),
    micronaireShares: gradeShares(micronaires, MICRONAIRE_GRADES),
    strengthShares: gradeShares(strengths, STRENGTH_GRADES),
    uniformityShares: gradeShares(uniformities, UNIFORMITY_GRADES),
    length: stats(bales.length, 1),
    micronaire: stats(bales.micronaire, 2),
    strength: stats(bales.strength, 1),
    uniformity: stats(bales.uniformity, 1),
    rd: stats(bales.rd, 1),
    plusB: stats(bales.plusB, 1),
    moisture: stats(bales.moisture, 1).avg,
    trash: stats(bales.trash, 1).avg,
  };
}

/** Histogram of values per bin of `step` (0.1 → '4.3', 1 → '29'), ascending. */
export function histogram(values: readonly number[], step: number): Array<{ grade: string; count: number }> {
  const decimals = step < 1 ? Math.round(-Math.log10(step)) : 0;
  const counts = new Map<number, number>();
  for (const value of values) {
    const bin = roundTo(Math.floor(roundTo(value / step, 6)) * step, decimals);
    counts.set(bin, (counts.get(bin) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([bin, count]) => ({ grade: bin.toFixed(decimals), count }));
}
