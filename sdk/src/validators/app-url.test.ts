import { describe, expect, it } from 'vitest';
import { safeAppUrl } from './app-url';

describe('safeAppUrl', () => {
  it.each([
    ['/project/display', '/project/display'],
    ['  /system/user?tab=1 ', '/system/user?tab=1'],
    ['https://trade.example.cn', 'https://trade.example.cn'],
    ['http://10.0.0.8:8080/wms/', 'http://10.0.0.8:8080/wms/'],
    ['HTTPS://Trade.Example.cn/a?b=1#c', 'HTTPS://Trade.Example.cn/a?b=1#c'],
  ])('keeps %s', (value, stored) => {
    expect(safeAppUrl(value)).toBe(stored);
  });

  it.each([
    '',
    '   ',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://files.example.cn',
    'trade.example.cn',
    '//evil.example',
    '/\\evil.example',
    '/%5Cevil.example',
    '/.//evil.example',
    'https://',
    'https:///path',
    'https://user:pass@evil.example/',
    'https://user@evil.example/',
    'https://evil.example\\@trade.example.cn',
    'https://trade.example.cn/a b',
    'https://trade.example.cn/\u0000',
    'http:\\\\evil.example',
  ])('refuses %j', (value) => {
    expect(safeAppUrl(value)).toBeNull();
  });

  it('refuses what is not text', () => {
    expect(safeAppUrl(null)).toBeNull();
    expect(safeAppUrl(undefined)).toBeNull();
  });
});
