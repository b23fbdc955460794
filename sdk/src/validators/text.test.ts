import { describe, expect, it } from 'vitest';
import { isPlateNumber, isTrailerPlate } from './plate';
import {
  hasChinese,
  hasInvisibleChar,
  hasSpecialChar,
  hasWhitespace,
  isAllChinese,
  trimmed,
  withoutInvisibleChars,
} from './text';

describe('trimmed', () => {
  it('trims and maps empty values to the empty string', () => {
    expect(trimmed('  新疆 ')).toBe('新疆');
    expect(trimmed('\t\n')).toBe('');
    expect(trimmed(null)).toBe('');
    expect(trimmed(undefined)).toBe('');
  });
});

describe('hasChinese / isAllChinese', () => {
  it('finds Chinese characters', () => {
    expect(hasChinese('abc棉花')).toBe(true);
    expect(hasChinese('棉')).toBe(true);
    expect(hasChinese('abc')).toBe(false);
    expect(hasChinese('，。')).toBe(false); // full-width punctuation is not a character
    expect(hasChinese('')).toBe(false);
    expect(hasChinese(null)).toBe(false);
  });
  it('isAllChinese needs Chinese only', () => {
    expect(isAllChinese('新疆棉花')).toBe(true);
    expect(isAllChinese('新疆 棉花')).toBe(false);
    expect(isAllChinese('新疆1')).toBe(false);
    expect(isAllChinese('新疆。')).toBe(false);
    expect(isAllChinese('')).toBe(false);
  });
});

describe('hasSpecialChar', () => {
  it('flags punctuation and symbols, not letters, digits, Chinese or spaces', () => {
    for (const v of ['a!', '#', '仓库@', '100%', '（', '，', 'a_b', 'a-b', '买买提·艾力', '😀']) {
      expect(hasSpecialChar(v), v).toBe(true);
    }
    for (const v of ['', 'abc123', '新疆棉花', '新疆 棉花 2024']) {
      expect(hasSpecialChar(v), v).toBe(false);
    }
  });
});

describe('hasWhitespace', () => {
  it('finds any whitespace', () => {
    expect(hasWhitespace('a b')).toBe(true);
    expect(hasWhitespace('a\tb')).toBe(true);
    expect(hasWhitespace('a\u3000b')).toBe(true);
    expect(hasWhitespace('ab')).toBe(false);
    expect(hasWhitespace('')).toBe(false);
  });
});

describe('isPlateNumber', () => {
  it('accepts ordinary and new-energy plates', () => {
    for (const v of ['新A12345', '京AF0236', '沪B1234Z', '粤BD12345', '京AF12345', '川A12345D', '使A12345']) {
      expect(isPlateNumber(v), v).toBe(true);
    }
  });
  it('refuses malformed plates', () => {
    for (const v of [
      '',
      'A12345',
      '新112345',
      '新A1234',
      '新A1234567',
      '新a12345',
      '新AI2345',
      '新AO2345',
      '新A1234挂',
      '新AA12345',
      'XA12345',
      '新A 12345',
    ]) {
      expect(isPlateNumber(v), v).toBe(false);
    }
  });
});

describe('isTrailerPlate', () => {
  it('also accepts a trailing 挂, 学, 警, 港, 澳', () => {
    for (const v of ['新A1234挂', '新A1234学', '京A1234警', '粤Z1234港', '粤Z1234澳', '新A12345', '粤BD12345']) {
      expect(isTrailerPlate(v), v).toBe(true);
    }
  });
  it('refuses other trailing characters and lengths', () => {
    for (const v of ['', '新A1234车', '新A123挂', '新A12345挂', '挂A1234挂', '新A1234O']) {
      expect(isTrailerPlate(v), v).toBe(false);
    }
  });
});

describe('hasInvisibleChar / withoutInvisibleChars', () => {
  it('finds bidi controls, zero-width characters, controls and fillers, not ordinary text', () => {
    for (const code of [
      0x202a, 0x202e, 0x2066, 0x2069, 0x200e, 0x200f, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x7, 0x9f, 0x2028, 0x3164,
    ])
      expect(hasInvisibleChar(`a${String.fromCodePoint(code)}b`)).toBe(true);
    expect(hasInvisibleChar('新疆（天山）棉业 Co., Ltd. 买买提·艾力')).toBe(false);
    expect(hasInvisibleChar('\u3000全角空格')).toBe(false);
    expect(hasInvisibleChar(null)).toBe(false);
  });
  it('removes them for comparing', () => {
    expect(withoutInvisibleChars('天山\u202e物流\u200b公司\ufeff')).toBe('天山物流公司');
  });
});
