import { describe, expect, it } from 'vitest';
import { LOGIN_ERRORS, loginErrorMessage, UNKNOWN_LOGIN_ERROR } from './login-errors';

describe('loginErrorMessage', () => {
  it('gives the message of a known code', () => {
    expect(loginErrorMessage('cas-invalid-ticket')).toBe('统一认证票据无效或已过期，请重新登录');
    expect(loginErrorMessage('frozen')).toBe(LOGIN_ERRORS.frozen);
  });

  it.each(['用户不存在', 'constructor', '__proto__', 'toString', 'CAS-DISABLED'])(
    'gives only its own text for %j',
    (code) => {
      expect(loginErrorMessage(code)).toBe(UNKNOWN_LOGIN_ERROR);
    },
  );

  it('has nothing to say without a code', () => {
    expect(loginErrorMessage(null)).toBeNull();
    expect(loginErrorMessage('')).toBeNull();
  });
});
