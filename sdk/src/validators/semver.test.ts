import { describe, expect, it } from 'vitest';
import { compareVersions, parseSemver } from './semver';

describe('compareVersions', () => {
  const ordered = [
    '0.9.0',
    '1.0.0-1',
    '1.0.0-2',
    '1.0.0-10',
    '1.0.0-9007199254740992',
    '1.0.0-9007199254740993',
    '1.0.0-Beta',
    '1.0.0-a',
    '1.0.0-a-b',
    '1.0.0-alpha',
    '1.0.0-alpha.1',
    '1.0.0-alpha.beta',
    '1.0.0-beta',
    '1.0.0-beta.2',
    '1.0.0-beta.10',
    '1.0.0-beta.11',
    '1.0.0-beta.x',
    // One identifier `beta-2`: after `beta` and all that follow it.
    '1.0.0-beta-2',
    '1.0.0-beta-3',
    '1.0.0-rc.1',
    '1.0.0',
    '1.0.1',
    '1.2.0',
    '1.10.0',
    '2.0.0',
    // Not semver: last.
    '1.0.0-01',
    'latest',
  ];

  it('orders versions by SemVer precedence: a pre-release before its release, identifiers one by one', () => {
    const shuffled = [...ordered].reverse();
    shuffled.push(shuffled.shift()!);
    expect(shuffled.sort(compareVersions)).toEqual(ordered);
    expect(compareVersions('1.0.0-beta', '1.0.0')).toBeLessThan(0);
    expect(compareVersions('1.0.0-beta.2', '1.0.0-beta.10')).toBeLessThan(0);
    expect(compareVersions('1.0.0-beta-2', '1.0.0-beta-3')).toBeLessThan(0);
    expect(compareVersions('1.0.0-a.b', '1.0.0-a-b')).toBeLessThan(0);
    // Build metadata does not order.
    expect(compareVersions('1.0.0+build.1', '1.0.0+build.2')).toBe(0);
    expect(compareVersions('1.0.0-rc.1+x', '1.0.0')).toBeLessThan(0);
  });
});

describe('parseSemver', () => {
  it('splits a version, and says whether it carries build metadata', () => {
    expect(parseSemver('2.0.0-beta.1')).toEqual({ core: ['2', '0', '0'], pre: ['beta', '1'], build: false });
    expect(parseSemver('1.0.0+build.1')).toEqual({ core: ['1', '0', '0'], pre: [], build: true });
    expect(parseSemver('1.0')).toBeNull();
    expect(parseSemver('1.0.0-01')).toBeNull();
  });
});
