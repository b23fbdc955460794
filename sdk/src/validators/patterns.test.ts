import { describe, expect, it } from 'vitest';
import {
  isDigits,
  isEmail,
  isLandline,
  isMobile,
  isMoney,
  isNonNegativeDecimal,
  isPhone,
  isPostcode,
  isUrl,
} from './patterns';

function check(fn: (v: string) => boolean, valid: string[], invalid: string[]) {
  for (const v of valid) expect(fn(v), `expected valid: ${JSON.stringify(v)}`).toBe(true);
  for (const v of invalid) expect(fn(v), `expected invalid: ${JSON.stringify(v)}`).toBe(false);
}

describe('isEmail', () => {
  it('accepts the spec pattern', () => {
    check(
      isEmail,
      ['a.b-c@x.com.cn', 'user_1@example.com', 'abc@163.com', 'A@mail.example.cn', 'x@a-b.co'],
      [
        '',
        'abc',
        'a@b',
        'a@b.c',
        'a@x.info',
        'a b@x.com',
        '@x.com',
        'a@-x.com',
        'a@x-.com',
        'a@x..com',
        '中文@x.com',
        'a@x.com.',
        'a@@x.com',
        ' a@x.com',
      ],
    );
  });
  it('refuses non-strings', () => {
    expect(isEmail(null)).toBe(false);
    expect(isEmail(undefined)).toBe(false);
  });
});

describe('isMobile', () => {
  it('is 1, then 3–9, then 9 digits', () => {
    check(
      isMobile,
      ['13000000000', '13912345678', '19999999999', '15800001111'],
      [
        '',
        '12912345678',
        '10912345678',
        '1391234567',
        '139123456789',
        '23912345678',
        '1391234567a',
        '+8613912345678',
        ' 13912345678',
      ],
    );
  });
});

describe('isLandline', () => {
  it('takes an optional 3–4 digit area code with a hyphen, then 7–8 digits', () => {
    check(
      isLandline,
      ['0991-1234567', '010-12345678', '0991-12345678', '1234567', '12345678'],
      [
        '',
        '09911234567',
        '0991 1234567',
        '09-1234567',
        '09911-1234567',
        '0991-123456',
        '0991-123456789',
        '123456',
        '123456789',
        '0991-',
      ],
    );
  });
});

describe('isPhone', () => {
  it('accepts mobiles and landlines', () => {
    check(isPhone, ['13912345678', '0991-1234567', '12345678'], ['', '12912345678', '0991_1234567', 'abc']);
  });
});

describe('isUrl', () => {
  it('needs http or https', () => {
    check(
      isUrl,
      [
        'http://a.com',
        'https://www.example.com.cn/path?q=1#top',
        'http://localhost:3000',
        'https://127.0.0.1/x',
        'HTTPS://EXAMPLE.COM',
      ],
      [
        '',
        'ftp://a.com',
        'www.example.com',
        'http://',
        'http:// a.com',
        'https://a.com/has space',
        'javascript:alert(1)',
        'http//a.com',
      ],
    );
  });
});

describe('isPostcode', () => {
  it('is 6 digits, the first not 0', () => {
    check(isPostcode, ['830000', '100000', '999999'], ['', '030000', '83000', '8300000', '83000a', ' 830000']);
  });
});

describe('isDigits', () => {
  it('is digits only', () => {
    check(isDigits, ['0', '0123', '9999999999999999999'], ['', '1.5', '-1', '1 2', '１２', 'a1']);
  });
});

describe('isNonNegativeDecimal', () => {
  it('accepts 0 and positive plain decimals', () => {
    check(
      isNonNegativeDecimal,
      ['0', '0.0', '0.5', '12', '12.34', '100.000001'],
      ['', '-1', '-0.5', '+1', '01', '00.5', '.5', '5.', '1e3', '1,000', 'abc', ' 1'],
    );
  });
});

describe('isMoney', () => {
  it('accepts positive amounts only', () => {
    check(
      isMoney,
      ['0.5', '0.01', '12', '12.34', '1000000', '0.000001'],
      ['', '0', '0.0', '0.00', '-1', '+1', '1e3', '.5', '5.', '01', '1,000', '12.34.5', 'abc'],
    );
  });
});
