import type { SuperQueryRule } from '../contracts/list';
import type { SuperQueryFieldType } from './types';

/** The operators of the super query by their Chinese names. */
export const SUPER_QUERY_RULE_LABELS: Readonly<Record<SuperQueryRule, string>> = {
  eq: '等于',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
  like: '包含',
  in: '在…之中',
  empty: '为空',
  not_empty: '不为空',
};

/** The operators that make sense for each kind of field. */
export const SUPER_QUERY_RULES_BY_TYPE: Readonly<Record<SuperQueryFieldType, readonly SuperQueryRule[]>> = {
  text: ['eq', 'ne', 'like', 'in', 'empty', 'not_empty'],
  number: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'empty', 'not_empty'],
  date: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'empty', 'not_empty'],
  code: ['eq', 'ne', 'in', 'empty', 'not_empty'],
};
