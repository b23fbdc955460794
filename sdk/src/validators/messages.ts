import { isCreditCode } from './credit-code';
import { isIdCard } from './id-card';
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
import { isPlateNumber, isTrailerPlate } from './plate';
import { hasSpecialChar, hasWhitespace, isAllChinese, trimmed } from './text';

/**
 * The message each rule yields. Texts the spec gives are used verbatim; the others (the
 * spec says "not shown") are ours.
 */
export const messages = {
  email: '请输入正确格式的邮箱',
  mobile: '请输入正确格式的手机号码',
  landline: '区号与号码之间请用“-”分隔（如 0991-1234567）',
  phone: '区号与号码之间请用“-”分隔（如 0991-1234567）',
  url: '请输入以 http:// 或 https:// 开头的网址',
  idCard: '请输入正确格式的证件号码',
  creditCode: '统一社会信用代码有误，请重新输入',
  postcode: '请输入正确格式的邮编',
  digits: '请输入数字',
  money: '输入的金额有误，请重新输入',
  nonNegativeDecimal: '请输入大于或等于 0 的数字',
  chinese: '请输入中文',
  plateNumber: '请输入正确格式的车牌号',
  trailerPlate: '请输入正确格式的车牌号',
  noSpecialChar: '不能包含特殊字符',
  noWhitespace: '不能包含空格',
} as const;

export type ValidatorRule = keyof typeof messages;

const passes: Record<ValidatorRule, (value: string) => boolean> = {
  email: isEmail,
  mobile: isMobile,
  landline: isLandline,
  phone: isPhone,
  url: isUrl,
  idCard: (v) => isIdCard(v),
  creditCode: isCreditCode,
  postcode: isPostcode,
  digits: isDigits,
  money: isMoney,
  nonNegativeDecimal: isNonNegativeDecimal,
  chinese: isAllChinese,
  plateNumber: isPlateNumber,
  trailerPlate: isTrailerPlate,
  noSpecialChar: (v) => !hasSpecialChar(v),
  noWhitespace: (v) => !hasWhitespace(v),
};

/**
 * The rule's message when `value` (trimmed, as the spec's forms trim) breaks it, else
 * `null`. An empty value passes: required-ness is a separate check with its own message.
 * Numbers are checked in their decimal string form.
 */
export function validateField(rule: ValidatorRule, value: string | number | null | undefined): string | null {
  const text = typeof value === 'number' ? String(value) : trimmed(value);
  if (text === '') return null;
  return passes[rule](text) ? null : messages[rule];
}
