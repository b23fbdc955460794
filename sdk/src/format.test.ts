import { describe, expect, it } from 'vitest';
import { dash, fillText, formatDate, formatMoney, formatNumber, greetingByHour } from './format';

describe('formatMoney', () => {
  it('gives 2 decimals and thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(12)).toBe('12.00');
    expect(formatMoney(999.999)).toBe('1,000.00');
    expect(formatMoney(1234567890.123)).toBe('1,234,567,890.12');
    expect(formatMoney(-1234.5)).toBe('-1,234.50');
    expect(formatMoney(100)).toBe('100.00');
    expect(formatMoney(1000)).toBe('1,000.00');
  });

  it('rounds in decimal, half away from zero', () => {
    expect(formatMoney(1.005)).toBe('1.01');
    expect(formatMoney(2.675)).toBe('2.68');
    expect(formatMoney(-1.005)).toBe('-1.01');
    expect(formatMoney(-0.001)).toBe('0.00');
  });

  it('accepts numeric strings', () => {
    expect(formatMoney('1234.5')).toBe('1,234.50');
    expect(formatMoney(' 8 ')).toBe('8.00');
  });

  it('shows -- for empty and NaN', () => {
    expect(formatMoney(null)).toBe('--');
    expect(formatMoney(undefined)).toBe('--');
    expect(formatMoney('')).toBe('--');
    expect(formatMoney('  ')).toBe('--');
    expect(formatMoney('abc')).toBe('--');
    expect(formatMoney(Number.NaN)).toBe('--');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('--');
  });

  it('zeroAsDash shows -- for 0 only', () => {
    expect(formatMoney(0, { zeroAsDash: true })).toBe('--');
    expect(formatMoney('0.00', { zeroAsDash: true })).toBe('--');
    expect(formatMoney(0.004, { zeroAsDash: true })).toBe('--');
    expect(formatMoney(0.01, { zeroAsDash: true })).toBe('0.01');
    expect(formatMoney(12, { zeroAsDash: true })).toBe('12.00');
  });
});

describe('formatNumber', () => {
  it('uses the given digits', () => {
    expect(formatNumber(1234.5678, 0)).toBe('1,235');
    expect(formatNumber(1234.5678, 1)).toBe('1,234.6');
    expect(formatNumber(1234.5678, 3)).toBe('1,234.568');
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(null, 1)).toBe('--');
  });
});

describe('dash', () => {
  it('dashes empty values only', () => {
    expect(dash(null)).toBe('--');
    expect(dash(undefined)).toBe('--');
    expect(dash('')).toBe('--');
    expect(dash(0)).toBe('0');
    expect(dash('新疆')).toBe('新疆');
    expect(dash(' ')).toBe(' ');
  });
});

describe('formatDate', () => {
  const date = new Date(2024, 1, 9, 7, 5, 3);

  it('formats Date, epoch ms and strings in local time', () => {
    expect(formatDate(date)).toBe('2024-02-09');
    expect(formatDate(date.getTime(), 'YYYY-MM-DD HH:mm:ss')).toBe('2024-02-09 07:05:03');
    expect(formatDate(String(date.getTime()), 'YYYY/MM/DD')).toBe('2024/02/09');
    expect(formatDate('2024-02-09')).toBe('2024-02-09');
    expect(formatDate('2024-2-9 7:05', 'YYYY年MM月DD日 HH:mm')).toBe('2024年02月09日 07:05');
    expect(formatDate('2024/02/09 07:05:03', 'HH:mm:ss')).toBe('07:05:03');
    expect(formatDate(date.toISOString(), 'YYYY-MM-DD HH:mm:ss')).toBe('2024-02-09 07:05:03');
  });

  it('shows -- for empty and invalid values', () => {
    expect(formatDate(null)).toBe('--');
    expect(formatDate(undefined)).toBe('--');
    expect(formatDate('')).toBe('--');
    expect(formatDate('not a date')).toBe('--');
    expect(formatDate('2024-02-30')).toBe('--');
    expect(formatDate('2023-02-29')).toBe('--');
    expect(formatDate(new Date(Number.NaN))).toBe('--');
  });

  it('accepts a leap day', () => {
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
  });
});

describe('greetingByHour', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [10, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('hour %i → %s', (hour, greeting) => {
    expect(greetingByHour(hour)).toBe(greeting);
  });
});

describe('fillText', () => {
  it('fills the placeholders it has values for and keeps the others', () => {
    expect(fillText('共 {total} 条，第 {page} 页', { total: 3, page: '1' })).toBe('共 3 条，第 1 页');
    expect(fillText('删除“{name}”？', {})).toBe('删除“{name}”？');
    expect(fillText('{constructor}', {})).toBe('{constructor}');
  });
});
