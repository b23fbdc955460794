import { describe, expect, it } from 'vitest';
import { messages, validateField } from './messages';

describe('messages', () => {
  it('uses the spec texts verbatim', () => {
    expect(messages.email).toBe('请输入正确格式的邮箱');
    expect(messages.mobile).toBe('请输入正确格式的手机号码');
    expect(messages.phone).toBe('区号与号码之间请用“-”分隔（如 0991-1234567）');
    expect(messages.creditCode).toBe('统一社会信用代码有误，请重新输入');
    expect(messages.postcode).toBe('请输入正确格式的邮编');
    expect(messages.idCard).toBe('请输入正确格式的证件号码');
    expect(messages.money).toBe('输入的金额有误，请重新输入');
  });
});

describe('validateField', () => {
  it('lets empty values pass (required-ness is separate)', () => {
    expect(validateField('email', '')).toBeNull();
    expect(validateField('email', '   ')).toBeNull();
    expect(validateField('mobile', null)).toBeNull();
    expect(validateField('money', undefined)).toBeNull();
  });

  it('trims before checking', () => {
    expect(validateField('mobile', ' 13912345678 ')).toBeNull();
    expect(validateField('creditCode', ' 91350100M000100Y43')).toBeNull();
  });

  it('returns the rule message on failure', () => {
    expect(validateField('email', 'abc')).toBe(messages.email);
    expect(validateField('phone', '0991 1234567')).toBe(messages.phone);
    expect(validateField('idCard', '110105194912310021')).toBe(messages.idCard);
    expect(validateField('postcode', '030000')).toBe(messages.postcode);
    expect(validateField('money', '0')).toBe(messages.money);
    expect(validateField('noSpecialChar', 'a#b')).toBe(messages.noSpecialChar);
    expect(validateField('noWhitespace', 'a b')).toBe(messages.noWhitespace);
    expect(validateField('chinese', '新疆1')).toBe(messages.chinese);
  });

  it('checks numbers in decimal form', () => {
    expect(validateField('money', 12.5)).toBeNull();
    expect(validateField('money', 0)).toBe(messages.money);
    expect(validateField('digits', 42)).toBeNull();
  });
});
