import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHINA_TIME_ZONE,
  chinaHour,
  dash,
  fillText,
  formatDate,
  formatMoney,
  formatNumber,
  greetingByHour,
} from './format';

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
  // 2024-02-09 07:05:03 in China is 2024-02-08 23:05:03 UTC.
  const instant = Date.UTC(2024, 1, 8, 23, 5, 3);

  it('formats Date, epoch ms and ISO instants in China time', () => {
    expect(formatDate(new Date(instant))).toBe('2024-02-09');
    expect(formatDate(instant, 'YYYY-MM-DD HH:mm:ss')).toBe('2024-02-09 07:05:03');
    expect(formatDate(String(instant), 'YYYY/MM/DD')).toBe('2024/02/09');
    expect(formatDate('2024-02-08T23:05:03.000Z', 'YYYY-MM-DD HH:mm:ss')).toBe('2024-02-09 07:05:03');
    expect(formatDate('2024-02-09T07:05:03+08:00', 'HH:mm:ss')).toBe('07:05:03');
    expect(formatDate('2026-12-31T23:59:59-05:00', 'YYYY-MM-DD HH:mm:ss')).toBe('2027-01-01 12:59:59');
    expect(formatDate('2026-11-19T16:00:00Z', 'YYYY-MM-DD HH:mm')).toBe('2026-11-20 00:00');
  });

  it('takes a time without a zone as China time and a bare day as that day', () => {
    expect(formatDate('2024-02-09')).toBe('2024-02-09');
    expect(formatDate('2024-2-9 7:05', 'YYYY年MM月DD日 HH:mm')).toBe('2024年02月09日 07:05');
    expect(formatDate('2024/02/09 07:05:03', 'HH:mm:ss')).toBe('07:05:03');
    expect(formatDate('2026-11-20T09:15:30.123', 'YYYY-MM-DD HH:mm:ss')).toBe('2026-11-20 09:15:30');
    expect(formatDate('2024-02-09', 'YYYY-MM-DD HH:mm')).toBe('2024-02-09 00:00');
  });

  it('shows -- for empty and invalid values', () => {
    expect(formatDate(null)).toBe('--');
    expect(formatDate(undefined)).toBe('--');
    expect(formatDate('')).toBe('--');
    expect(formatDate('not a date')).toBe('--');
    expect(formatDate('2024-02-30')).toBe('--');
    expect(formatDate('2023-02-29')).toBe('--');
    expect(formatDate('2024-02-09 24:00')).toBe('--');
    expect(formatDate(new Date(Number.NaN))).toBe('--');
  });

  it('accepts a leap day', () => {
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
  });

  describe.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Shanghai'])('with the zone %s', (zone) => {
    // The zone of the process (jsdom's `Date` and `Intl` follow it), as a browser elsewhere would have.
    beforeAll(() => {
      vi.stubEnv('TZ', zone);
    });
    afterAll(() => {
      vi.unstubAllEnvs();
    });

    it('shows the same China time and the same days', () => {
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
      expect(formatDate('2026-11-20T01:15:00Z', 'YYYY-MM-DD HH:mm')).toBe('2026-11-20 09:15');
      expect(formatDate(new Date('2026-11-19T18:05:00Z'), 'YYYY-MM-DD HH:mm')).toBe('2026-11-20 02:05');
      expect(formatDate('2026-11-20 09:15', 'YYYY-MM-DD HH:mm')).toBe('2026-11-20 09:15');
      expect(formatDate('2026-01-01')).toBe('2026-01-01');
      expect(formatDate('1990-07-01')).toBe('1990-07-01');
      expect(chinaHour(Date.UTC(2026, 10, 20, 1, 15))).toBe(9);
      expect(chinaHour(new Date('2026-11-20T16:30:00Z'))).toBe(0);
    });
  });
});

describe('CHINA_TIME_ZONE', () => {
  it('is UTC+8 all year', () => {
    expect(CHINA_TIME_ZONE).toBe('Asia/Shanghai');
    expect(formatDate('2026-07-01T00:00:00Z', 'HH:mm')).toBe('08:00');
    expect(formatDate('2026-01-01T00:00:00Z', 'HH:mm')).toBe('08:00');
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
