import { describe, expect, it } from 'vitest';
import {
  colorGradeFromHvi,
  colorGradeOf,
  conditionedWeightKg,
  gradeShares,
  histogram,
  kgToTonnes,
  lengthGradeOf,
  mainGrade,
  micronaireGradeOf,
  netWeightKg,
  normaliseFiveBins,
  roundTo,
  stats,
  strengthGradeOf,
  summariseBales,
  uniformityGradeOf,
} from '../src/modules/receipt/quality';

describe('roundTo', () => {
  it('rounds half away from zero despite binary floating point', () => {
    expect(roundTo(3.45, 1)).toBe(3.5);
    expect(roundTo(4.25, 1)).toBe(4.3);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-1.25, 1)).toBe(-1.3);
    expect(roundTo(45123.5, 0)).toBe(45124);
    expect(roundTo(3.44, 1)).toBe(3.4);
  });
});

describe('colour grade', () => {
  it('takes the recorded code when it is a GB 1103.1 code', () => {
    expect(colorGradeOf('31')).toBe('31');
    expect(colorGradeOf(24)).toBe('24');
    expect(colorGradeOf(' 12 ')).toBe('12');
    expect(colorGradeOf('42')).toBeNull();
    expect(colorGradeOf('34')).toBeNull();
    expect(colorGradeOf(null)).toBeNull();
    expect(colorGradeOf('')).toBeNull();
  });

  it('derives white grades from Rd at each boundary', () => {
    expect(colorGradeFromHvi(82, 8)).toBe('11');
    expect(colorGradeFromHvi(81.9, 8)).toBe('21');
    expect(colorGradeFromHvi(78.5, 8)).toBe('21');
    expect(colorGradeFromHvi(78.4, 8)).toBe('31');
    expect(colorGradeFromHvi(75, 8)).toBe('31');
    expect(colorGradeFromHvi(74.9, 8)).toBe('41');
    expect(colorGradeFromHvi(71.5, 8)).toBe('41');
    expect(colorGradeFromHvi(71.4, 8)).toBe('51');
  });

  it('derives spotted, light yellow and yellow stained types from +b', () => {
    expect(colorGradeFromHvi(77, 9.6)).toBe('31'); // bright enough: still white
    expect(colorGradeFromHvi(75.9, 9.5)).toBe('12');
    expect(colorGradeFromHvi(75.9, 9.4)).toBe('31');
    expect(colorGradeFromHvi(72.9, 10)).toBe('22');
    expect(colorGradeFromHvi(69.9, 10)).toBe('32');
    expect(colorGradeFromHvi(76, 10.5)).toBe('13');
    expect(colorGradeFromHvi(75.9, 10.5)).toBe('23');
    expect(colorGradeFromHvi(71.9, 12.4)).toBe('33');
    expect(colorGradeFromHvi(73, 12.5)).toBe('14');
    expect(colorGradeFromHvi(72.9, 13)).toBe('24');
  });
});

describe('length grade', () => {
  it('is the whole millimetre, clamped to 25…32', () => {
    expect(lengthGradeOf(28.2)).toBe('28');
    expect(lengthGradeOf(28.9)).toBe('28');
    expect(lengthGradeOf(29)).toBe('29');
    expect(lengthGradeOf(28.96)).toBe('29'); // recorded to one decimal: 29.0
    expect(lengthGradeOf(25)).toBe('25');
    expect(lengthGradeOf(24.9)).toBe('25');
    expect(lengthGradeOf(22)).toBe('25');
    expect(lengthGradeOf(32.9)).toBe('32');
    expect(lengthGradeOf(35.5)).toBe('32');
  });
});

describe('micronaire grade', () => {
  it.each([
    [2.8, 'C1'],
    [3.4, 'C1'],
    [3.44, 'C1'],
    [3.45, 'B1'], // rounds to 3.5 first
    [3.5, 'B1'],
    [3.6, 'B1'],
    [3.65, 'A'],
    [3.7, 'A'],
    [4.2, 'A'],
    [4.24, 'A'],
    [4.25, 'B2'],
    [4.3, 'B2'],
    [4.9, 'B2'],
    [4.94, 'B2'],
    [4.95, 'C2'],
    [5.0, 'C2'],
    [5.6, 'C2'],
  ] as const)('%s → %s', (value, grade) => {
    expect(micronaireGradeOf(value)).toBe(grade);
  });
});

describe('strength grade', () => {
  it.each([
    [31.0, 'S1'],
    [33.5, 'S1'],
    [30.96, 'S1'],
    [30.9, 'S2'],
    [29.0, 'S2'],
    [28.9, 'S3'],
    [26.0, 'S3'],
    [25.9, 'S4'],
    [24.0, 'S4'],
    [23.9, 'S5'],
    [20, 'S5'],
  ] as const)('%s → %s', (value, grade) => {
    expect(strengthGradeOf(value)).toBe(grade);
  });
});

describe('uniformity grade', () => {
  it.each([
    [86.0, 'U1'],
    [88, 'U1'],
    [85.9, 'U2'],
    [83.0, 'U2'],
    [82.9, 'U3'],
    [80.0, 'U3'],
    [79.9, 'U4'],
    [77.0, 'U4'],
    [76.9, 'U5'],
    [76.95, 'U4'],
  ] as const)('%s → %s', (value, grade) => {
    expect(uniformityGradeOf(value)).toBe(grade);
  });
});

describe('five-bin feeds', () => {
  it('reverses bins numbered from the weakest and keeps the others', () => {
    expect(normaliseFiveBins([1, 2, 3, 4, 5], true)).toEqual([5, 4, 3, 2, 1]);
    expect(normaliseFiveBins([1, 2, 3, 4, 5], false)).toEqual([1, 2, 3, 4, 5]);
    expect(() => normaliseFiveBins([1, 2, 3], true)).toThrow('5 项');
  });
});

describe('shares and main grade', () => {
  const bales = (counts: Record<string, number>) =>
    Object.entries(counts).flatMap(([grade, n]) => Array<string>(n).fill(grade));

  it('gives the percent per grade with one decimal, in the order of the grade list', () => {
    const shares = gradeShares(bales({ A: 150, B2: 36 }), ['C1', 'B1', 'A', 'B2', 'C2']);
    expect(shares.map((s) => s.percent)).toEqual([0, 0, 80.6, 19.4, 0]);
    expect(shares.map((s) => s.count)).toEqual([0, 0, 150, 36, 0]);
    expect(gradeShares([], ['A'])).toEqual([{ grade: 'A', count: 0, percent: 0 }]);
  });

  it('names the grade held by at least 80 % of the bales, compared on counts', () => {
    expect(mainGrade(bales({ '31': 80, '21': 20 }))).toBe('31'); // exactly 80 %
    expect(mainGrade(bales({ '31': 79, '21': 21 }))).toBeNull();
    expect(mainGrade(bales({ '31': 149, '21': 37 }))).toBe('31'); // 149/186 = 80.1 %
    expect(mainGrade(bales({ '31': 148, '21': 38 }))).toBeNull(); // 79.57 % (shows 79.6)
    expect(mainGrade([])).toBeNull();
    expect(mainGrade(['31', null, null, null, null])).toBeNull();
  });
});

describe('stats and histogram', () => {
  it('averages with the given decimals and keeps min and max', () => {
    expect(stats([28.1, 28.4, 29.0], 1)).toEqual({ avg: 28.5, min: 28.1, max: 29 });
    expect(stats([4.3, 4.4], 2)).toEqual({ avg: 4.35, min: 4.3, max: 4.4 });
    expect(() => stats([], 1)).toThrow();
  });

  it('bins values by 0.1 or by 1', () => {
    expect(histogram([4.3, 4.3, 4.4, 3.9], 0.1)).toEqual([
      { grade: '3.9', count: 1 },
      { grade: '4.3', count: 2 },
      { grade: '4.4', count: 1 },
    ]);
    expect(histogram([28.9, 29.0, 29.9, 30.1], 1)).toEqual([
      { grade: '28', count: 1 },
      { grade: '29', count: 2 },
      { grade: '30', count: 1 },
    ]);
  });
});

describe('weights', () => {
  it('net = gross − tare', () => {
    expect(netWeightKg(42_350, 335)).toBe(42_015);
    expect(netWeightKg(227.4, 1.8)).toBe(225.6);
  });

  it('conditioned weight follows the formula and rounds to the kilogram', () => {
    // 42015 × (1 − 0.023) × 1.085 / (0.975 × 1.065) = 42891.82…
    expect(conditionedWeightKg(42_015, 2.3, 6.5)).toBe(42_892);
    // At the official regain and standard trash the weight is unchanged.
    expect(conditionedWeightKg(42_015, 2.5, 8.5)).toBe(42_015);
    // Wetter and dirtier cotton weighs less.
    expect(conditionedWeightKg(42_015, 3.0, 9.0)).toBeLessThan(42_015);
    const exact = (42_000 * (1 - 0.02) * 1.085) / (0.975 * 1.06);
    expect(conditionedWeightKg(42_000, 2, 6)).toBe(Math.round(exact));
  });

  it('shows kilograms as tonnes with three decimals', () => {
    expect(kgToTonnes(42_892)).toBe(42.892);
    expect(kgToTonnes(1)).toBe(0.001);
  });
});

describe('summariseBales', () => {
  it('computes every figure of a certificate from the bales', () => {
    const n = 10;
    const summary = summariseBales({
      colorGrade: ['31', '31', '31', '31', '31', '31', '31', '31', '21', '41'],
      length: [28.2, 28.5, 28.9, 28.1, 28.0, 28.4, 28.6, 28.3, 29.1, 27.9],
      micronaire: Array(n).fill(4.4),
      strength: [29, 29, 29, 29, 29, 29, 29, 28.9, 28.9, 31],
      uniformity: Array(n).fill(83.4),
      rd: Array(n).fill(77.5),
      plusB: Array(n).fill(8.4),
      moisture: Array(n).fill(6.04),
      trash: Array(n).fill(2.36),
    });
    expect(summary.baleCount).toBe(10);
    expect(summary.mainColorGrade).toBe('31');
    expect(summary.mainLengthGrade).toBe('28');
    expect(summary.mainMicronaireGrade).toBe('B2');
    expect(summary.mainStrengthGrade).toBeNull(); // S2 7/10
    expect(summary.strengthShares.map((s) => s.percent)).toEqual([10, 70, 20, 0, 0]);
    expect(summary.lengthShares.find((s) => s.grade === '29')?.percent).toBe(10);
    expect(summary.length).toEqual({ avg: 28.4, min: 27.9, max: 29.1 });
    expect(summary.moisture).toBe(6);
    expect(summary.trash).toBe(2.4);
  });
});
