import type { LoginMethod } from '@cotton/sdk/contracts';
import type { ListOption, ListSearchField } from '@cotton/sdk';
import type { LoginLogLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface LoginLogFilters {
  account?: string;
  method?: LoginMethod;
  success?: '1' | '0';
  timeFrom?: string;
  timeTo?: string;
}

const METHODS: LoginMethod[] = ['form', 'phone', 'cas', 'oauth'];

function methodText(t: LoginLogLocale, method: LoginMethod): string {
  return t[`loginLog.method.${method}`];
}

export function methodOptions(t: LoginLogLocale): ListOption[] {
  return METHODS.map((method) => ({ label: methodText(t, method), value: method }));
}

export function successOptions(t: LoginLogLocale): ListOption[] {
  return [
    { label: t['loginLog.success'], value: '1' },
    { label: t['loginLog.failure'], value: '0' },
  ];
}

/** 查询's days, which filter no column of their own (the columns' fields come first). */
export function getTimeFields(t: LoginLogLocale): ListSearchField[] {
  return [
    { name: 'timeFrom', label: t['loginLog.fields.timeFrom'], kind: 'date' },
    { name: 'timeTo', label: t['loginLog.fields.timeTo'], kind: 'date' },
  ];
}
