import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MESSAGES,
  checkConfirmPassword,
  checkNewPassword,
  fieldOfPasswordMessage,
  isStrongPassword,
} from './password';

describe('isStrongPassword', () => {
  it.each([
    ['abc12345', true],
    ['ABCDEFG1', true],
    ['a1b2c3d4e5f6g7h8i9j0', true], // 20
    ['Admin@2026', true],
    ['abc1234', false], // 7
    ['a1b2c3d4e5f6g7h8i9j0k', false], // 21
    ['abcdefgh', false], // no digit
    ['12345678', false], // no letter
    ['中文密码中文密码1', false], // no latin letter
    ['abc 12345', false], // whitespace
    ['abc12345\t', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isStrongPassword(value)).toBe(expected);
  });

  it('rejects non-strings', () => {
    expect(isStrongPassword(undefined)).toBe(false);
    expect(isStrongPassword(null)).toBe(false);
  });
});

describe('checkNewPassword', () => {
  it('requires a value', () => {
    expect(checkNewPassword('', 'old12345')).toBe(PASSWORD_MESSAGES.newRequired);
    expect(checkNewPassword(undefined, undefined)).toBe('请输入新密码');
  });
  it('checks the strength before the sameness', () => {
    expect(checkNewPassword('short1', 'short1')).toBe('密码长度为8-20位，且须包含字母和数字');
  });
  it('refuses the old password', () => {
    expect(checkNewPassword('Admin2026', 'Admin2026')).toBe('新密码不能与原密码相同');
  });
  it('passes a strong, different password', () => {
    expect(checkNewPassword('Admin2027', 'Admin2026')).toBeNull();
    expect(checkNewPassword('Admin2027', undefined)).toBeNull();
  });
});

describe('checkConfirmPassword', () => {
  it('requires and compares', () => {
    expect(checkConfirmPassword('', 'abc12345')).toBe('请再次输入新密码');
    expect(checkConfirmPassword('abc12346', 'abc12345')).toBe('两次输入的新密码不一致');
    expect(checkConfirmPassword('abc12345', 'abc12345')).toBeNull();
  });
});

describe('fieldOfPasswordMessage', () => {
  it('maps the server’s rule messages to their field', () => {
    expect(fieldOfPasswordMessage('原密码错误')).toBe('oldPassword');
    expect(fieldOfPasswordMessage('新密码不能与原密码相同')).toBe('newPassword');
    expect(fieldOfPasswordMessage('密码长度为8-20位，且须包含字母和数字')).toBe('newPassword');
    expect(fieldOfPasswordMessage('两次输入的新密码不一致')).toBe('confirmPassword');
    expect(fieldOfPasswordMessage('系统繁忙')).toBeNull();
  });
});
