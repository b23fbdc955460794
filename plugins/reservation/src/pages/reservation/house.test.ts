import { describe, expect, it } from 'vitest';
import { formatPercent, formatTonnes, houseState, litBars, statusKey, weekOf } from './house';

describe('houseState (spec §4)', () => {
  it('is full from 100 %, half from 50 %', () => {
    expect(houseState({ percent: 100, plandoStatus: 2, appointmentWeightEmpty: 0 })).toBe('full');
    expect(houseState({ percent: 114.2, plandoStatus: 2, appointmentWeightEmpty: 0 })).toBe('full');
    expect(houseState({ percent: 99.9, plandoStatus: 1, appointmentWeightEmpty: 0.3 })).toBe('half');
    expect(houseState({ percent: 50, plandoStatus: 1, appointmentWeightEmpty: 150 })).toBe('half');
    expect(houseState({ percent: 49.9, plandoStatus: 1, appointmentWeightEmpty: 150 })).toBe('normal');
  });

  it('is empty at 0 % without free tonnage unless the day is a specified date (4)', () => {
    expect(houseState({ percent: 0, plandoStatus: 3, appointmentWeightEmpty: 0 })).toBe('empty');
    expect(houseState({ percent: 0, plandoStatus: 4, appointmentWeightEmpty: 0 })).toBe('normal');
    expect(houseState({ percent: 0, plandoStatus: 1, appointmentWeightEmpty: 300 })).toBe('normal');
  });
});

describe('litBars: bar i lights at (i + 1) × 10 %', () => {
  it.each([
    [0, 0],
    [9.9, 0],
    [10, 1],
    [32.5, 3],
    [89.9, 8],
    [90, 9],
    [100, 9],
    [140, 9],
    [-5, 0],
  ])('%s %% → %s bars', (percent, bars) => {
    expect(litBars(percent)).toBe(bars);
  });
});

describe('statusKey', () => {
  it('maps plandoStatus 1–5 and shows 指定日期 on a type-2 warehouse', () => {
    expect([1, 2, 3, 4, 5].map((s) => statusKey(s, 1))).toEqual([
      'reservation.status.1',
      'reservation.status.2',
      'reservation.status.3',
      'reservation.status.4',
      'reservation.status.5',
    ]);
    expect(statusKey(1, 2)).toBe('reservation.status.4');
    expect(statusKey(5, 2)).toBe('reservation.status.5');
  });
});

describe('weekOf', () => {
  it('gives Monday … Sunday of the week weekStep away from nowDate', () => {
    expect(weekOf('2026-11-22', 0)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(weekOf('2026-11-16', 1)[0]).toBe('2026-11-23');
    expect(weekOf('2026-12-30', 1)).toContain('2027-01-04');
    expect(weekOf('', 0)).toEqual([]);
  });
});

describe('formatting', () => {
  it('formats tonnes and percent', () => {
    expect(formatTonnes(1234.5)).toBe('1,234.5');
    expect(formatTonnes(256.789)).toBe('256.789');
    expect(formatPercent(32.5)).toBe('32.5');
    expect(formatPercent(107)).toBe('107');
  });
});
