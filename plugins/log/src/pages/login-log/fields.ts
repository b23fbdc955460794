import type { LoginMethod } from '@cotton/sdk/contracts';
import type { ListOption, ListSearchField, ListSuperQueryField } from '@cotton/sdk';
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

export function methodText(t: LoginLogLocale, method: LoginMethod): string {
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

export function getSearchFields(t: LoginLogLocale): ListSearchField[] {
  return [
    { name: 'account', label: t['loginLog.fields.account'], kind: 'text' },
    { name: 'method', label: t['loginLog.fields.method'], kind: 'select', options: methodOptions(t) },
    { name: 'success', label: t['loginLog.fields.success'], kind: 'select', options: successOptions(t) },
    { name: 'timeFrom', label: t['loginLog.fields.timeFrom'], kind: 'date' },
    { name: 'timeTo', label: t['loginLog.fields.timeTo'], kind: 'date' },
  ];
}

export function getSuperQueryFields(t: LoginLogLocale): ListSuperQueryField[] {
  return [
    { name: 'account', label: t['loginLog.fields.account'], type: 'text' },
    { name: 'loginName', label: t['loginLog.fields.loginName'], type: 'text' },
    { name: 'method', label: t['loginLog.fields.method'], type: 'code', options: methodOptions(t) },
    { name: 'success', label: t['loginLog.fields.success'], type: 'code', options: successOptions(t) },
    { name: 'reason', label: t['loginLog.fields.reason'], type: 'text' },
    { name: 'ip', label: t['loginLog.fields.ip'], type: 'text' },
    { name: 'createTime', label: t['loginLog.fields.createTime'], type: 'date' },
  ];
}
