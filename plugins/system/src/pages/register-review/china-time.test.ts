import { describe, expect, it } from 'vitest';
import { formatChinaTime } from './china-time';

describe('formatChinaTime', () => {
  it('shows an instant as China time whatever its offset', () => {
    expect(formatChinaTime('2026-11-20T01:15:30Z')).toBe('2026-11-20 09:15');
    expect(formatChinaTime('2026-11-19T18:05:00.000Z')).toBe('2026-11-20 02:05');
    expect(formatChinaTime('2026-11-20T09:15:30+08:00', true)).toBe('2026-11-20 09:15:30');
    expect(formatChinaTime('2026-12-31T23:59:59-05:00', true)).toBe('2027-01-01 12:59:59');
  });

  it('takes a time without a zone as China time already', () => {
    expect(formatChinaTime('2026-11-20 09:15:30')).toBe('2026-11-20 09:15');
    expect(formatChinaTime('2026-11-20T09:15', true)).toBe('2026-11-20 09:15:00');
  });

  it('shows -- for nothing or something unreadable', () => {
    expect(formatChinaTime(null)).toBe('--');
    expect(formatChinaTime('')).toBe('--');
    expect(formatChinaTime('yesterday')).toBe('--');
  });
});
