import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isCreditCode } from './credit-code';
import { idCardCheckChar, isIdCard } from './id-card';

/** Appends the correct check character, so only the part under test is wrong. */
const withCheck = (first17: string) => first17 + idCardCheckChar(first17);

describe('isIdCard (GB 11643)', () => {
  const today = new Date(2024, 5, 15);

  it('accepts valid numbers, X in either case', () => {
    expect(isIdCard('11010519491231002X', today)).toBe(true);
    expect(isIdCard('11010519491231002x', today)).toBe(true);
    expect(isIdCard('650102199601011232', today)).toBe(true);
    expect(isIdCard('650102200001010039', today)).toBe(true);
  });

  it('checks the MOD 11-2 check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(isIdCard('110105194912310021', today)).toBe(false);
    expect(isIdCard('650102199601011233', today)).toBe(false);
    expect(isIdCard('65010219960101123X', today)).toBe(false);
  });

  it('needs a real birth date, leap years included', () => {
    expect(isIdCard('110105200002290013', today)).toBe(true); // 2000-02-29: leap (divisible by 400)
    expect(isIdCard('110105190002290017', today)).toBe(false); // 1900-02-29: not leap (century)
    expect(isIdCard(withCheck('11010519490230002'), today)).toBe(false); // 30 February
    expect(isIdCard(withCheck('11010519491301002'), today)).toBe(false); // month 13
    expect(isIdCard(withCheck('11010519490001002'), today)).toBe(false); // month 0
    expect(isIdCard(withCheck('11010519490100002'), today)).toBe(false); // day 0
    expect(isIdCard(withCheck('11010519490431002'), today)).toBe(false); // 31 April
    expect(isIdCard(withCheck('11010517991231002'), today)).toBe(false); // before 1800
  });

  it('refuses a birth date in the future', () => {
    expect(isIdCard('65010220240229123X', new Date(2024, 1, 29))).toBe(true);
    expect(isIdCard('65010220240229123X', new Date(2024, 1, 28))).toBe(false);
  });

  it('needs 18 characters, digits except the last', () => {
    expect(isIdCard('', today)).toBe(false);
    expect(isIdCard(null, today)).toBe(false);
    expect(isIdCard('11010519491231002', today)).toBe(false);
    expect(isIdCard('11010519491231002X1', today)).toBe(false);
    expect(isIdCard('1101051949123100XX', today)).toBe(false);
    expect(isIdCard('01010519491231002X', today)).toBe(false);
    expect(isIdCard(' 11010519491231002X', today)).toBe(false);
  });

  it('uses today by default', () => {
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard(withCheck('11010530000101001'))).toBe(false);
  });
});

describe('isCreditCode (GB 32100)', () => {
  it('accepts valid 18-character codes', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91110000802100433B')).toBe(true);
    expect(isCreditCode('12100000400000624D')).toBe(true);
    expect(isCreditCode('91350100m000100y43')).toBe(true);
  });

  it('computes the check character', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(creditCodeCheckChar('91110000802100433')).toBe('B');
    expect(creditCodeCheckChar('9135010OM000100Y4')).toBeNull(); // O is not in the charset
  });

  it('refuses a wrong check character or a character outside the charset', () => {
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91110000802100433A')).toBe(false);
    expect(isCreditCode('91350100I000100Y43')).toBe(false);
    expect(isCreditCode('91350100M000100Y4O')).toBe(false);
  });

  it('accepts 15 or 20 letters or digits without a checksum', () => {
    expect(isCreditCode('110108000000016')).toBe(true);
    expect(isCreditCode('ABCDEFGHIJKLMNO')).toBe(true);
    expect(isCreditCode('12345678901234567890')).toBe(true);
  });

  it('refuses other lengths and characters', () => {
    for (const v of [
      '',
      '11010800000001',
      '1101080000000161',
      '91350100M000100Y4',
      '91350100M000100Y431',
      '1234567890123456789',
      '123456789012345678901',
      '91350100-000100Y43',
      '11010800000001 ',
      '１１０１０８０００００００１６',
    ]) {
      expect(isCreditCode(v), v).toBe(false);
    }
    expect(isCreditCode(undefined)).toBe(false);
  });
});
