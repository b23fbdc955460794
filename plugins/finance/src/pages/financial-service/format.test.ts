import { describe, expect, it } from 'vitest';
import { formatRate, formatRatio } from './format';

describe('formatRate', () => {
  it('shows two decimals and a percent sign', () => {
    expect(formatRate(3.85)).toBe('3.85%');
    expect(formatRate(3.6)).toBe('3.60%');
    expect(formatRate(4)).toBe('4.00%');
    expect(formatRate(3.855)).toBe('3.86%');
  });

  it('shows dashes for a missing rate', () => {
    expect(formatRate(null)).toBe('--');
    expect(formatRate(undefined)).toBe('--');
  });
});

describe('formatRatio', () => {
  it('drops the decimals of a whole share', () => {
    expect(formatRatio(80)).toBe('80%');
    expect(formatRatio(72.5)).toBe('72.50%');
    expect(formatRatio(null)).toBe('--');
    expect(formatRatio(Number.NaN)).toBe('--');
  });
});
