import { describe, expect, it } from 'vitest';
import { compareVersions } from './fields';

describe('compareVersions', () => {
  // SemVer 2.0.0 precedence, the same cases as the server's (server/test/plugin-admin.test.ts).
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

  it('orders by SemVer precedence: a pre-release before its release, identifiers one by one', () => {
    const shuffled = [...ordered].reverse();
    shuffled.push(shuffled.shift()!);
    expect(shuffled.sort(compareVersions)).toEqual(ordered);
    expect(compareVersions('1.0.0-beta', '1.0.0')).toBeLessThan(0);
    expect(compareVersions('1.0.0-beta.2', '1.0.0-beta.10')).toBeLessThan(0);
    expect(compareVersions('1.0.0+build.1', '1.0.0+build.2')).toBe(0);
  });
});
