import { describe, expect, it } from 'vitest';
import { safeLocalPath } from './redirect';

describe('safeLocalPath', () => {
  it.each(['/', '/project/display', '/bid?productYear=2024&page=2', '/service#top', '/search?keyWord=%E6%A3%89'])(
    'keeps the path %s',
    (path) => {
      expect(safeLocalPath(path)).toBe(path);
    },
  );

  it.each([
    'javascript:alert(document.domain)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'https://evil.example/',
    'http:evil.example',
    '//evil.example/',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /evil',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%09/evil.example',
    '/%2F%2Fevil.example',
    '/%0a',
    '/%255Cevil.example',
    '/%252F%252Fevil.example',
    '/%25255Cevil.example',
    '/%2525252Fx',
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/\u3000/evil.example',
    '/%E0%A4%A',
    'home',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeLocalPath(value)).toBeNull();
  });

  it('answers the resolved path: dot segments gone', () => {
    expect(safeLocalPath('/a/b/../c')).toBe('/a/c');
    expect(safeLocalPath('/./project/display?x=1#y')).toBe('/project/display?x=1#y');
  });

  it('refuses very long values', () => {
    expect(safeLocalPath(`/${'a'.repeat(3000)}`)).toBeNull();
  });
});
