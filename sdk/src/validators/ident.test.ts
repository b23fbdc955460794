import { describe, expect, it } from 'vitest';
import {
  LOGIN_NAME_PATTERN,
  MENU_PATH_PATTERN,
  ORG_CODE_PATTERN,
  PERMISSION_CODE_PATTERN,
  POST_CODE_PATTERN,
  ROLE_CODE_PATTERN,
} from './ident';
import { isRecordId } from './record-id';

describe('the handles of the identity administration', () => {
  it('login names: 2–32 of letters, digits, _ . @ -', () => {
    for (const name of ['ab', 'user.name@x', 'a_b-c', 'x'.repeat(32)]) expect(LOGIN_NAME_PATTERN.test(name)).toBe(true);
    for (const name of ['a', 'x'.repeat(33), 'a b', '张三']) expect(LOGIN_NAME_PATTERN.test(name)).toBe(false);
  });

  it('role and post codes start with a letter; organisation codes may start with a digit', () => {
    expect(POST_CODE_PATTERN).toBe(ROLE_CODE_PATTERN);
    expect(ROLE_CODE_PATTERN.test('admin_1')).toBe(true);
    expect(ROLE_CODE_PATTERN.test('1admin')).toBe(false);
    expect(ROLE_CODE_PATTERN.test('a')).toBe(false);
    expect(ORG_CODE_PATTERN.test('1org')).toBe(true);
    expect(ORG_CODE_PATTERN.test('-org')).toBe(false);
  });

  it('menu paths and permission codes', () => {
    expect(MENU_PATH_PATTERN.test('/system/user')).toBe(true);
    expect(MENU_PATH_PATTERN.test('/a/b/c/d')).toBe(false);
    expect(MENU_PATH_PATTERN.test('system')).toBe(false);
    expect(PERMISSION_CODE_PATTERN.test('system:user:add')).toBe(true);
    expect(PERMISSION_CODE_PATTERN.test('a:b:c:d:e')).toBe(false);
    expect(PERMISSION_CODE_PATTERN.test(':user')).toBe(false);
  });

  it('record ids as text: 1…2147483647', () => {
    for (const id of ['1', '42', '2147483647']) expect(isRecordId(id)).toBe(true);
    for (const id of ['0', '01', '2147483648', '99999999999', '-1', '1.5', '', null, undefined])
      expect(isRecordId(id)).toBe(false);
  });
});
