import { describe, expect, it } from 'vitest';
import { THIRD_BIND_RESULTS, thirdBindOutcome, UNKNOWN_THIRD_BIND_RESULT } from './third-bind';

describe('thirdBindOutcome', () => {
  it('gives success for bound and the message of a known refusal', () => {
    expect(thirdBindOutcome('bound')).toEqual({ success: true, message: '第三方账号绑定成功' });
    expect(thirdBindOutcome('bound-other')).toEqual({ success: false, message: THIRD_BIND_RESULTS['bound-other'] });
  });

  it.each(['该账号已被盗，请拨打 400-000-0000', 'constructor', '__proto__', 'toString', 'BOUND'])(
    'gives only its own text for %j',
    (code) => {
      expect(thirdBindOutcome(code)).toEqual({ success: false, message: UNKNOWN_THIRD_BIND_RESULT });
    },
  );

  it('has nothing to say without a code', () => {
    expect(thirdBindOutcome(null)).toBeNull();
    expect(thirdBindOutcome('')).toBeNull();
  });
});
