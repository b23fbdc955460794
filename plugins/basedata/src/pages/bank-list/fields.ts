import type { ListOption, ListSearchField, ListSuperQueryField } from '@cotton/sdk';
import type { BankListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface BankFilters {
  code?: string;
  name?: string;
  status?: string;
  accountBank?: string;
}

const STATUS: ListOption[] = [
  { label: '启用', value: '1' },
  { label: '停用', value: '2' },
];

export function yesNoOptions(t: BankListLocale): ListOption[] {
  return [
    { label: t['bankList.yes'], value: '1' },
    { label: t['bankList.no'], value: '0' },
  ];
}

export function getSearchFields(t: BankListLocale): ListSearchField[] {
  return [
    { name: 'name', label: t['bankList.fields.name'], kind: 'text' },
    { name: 'code', label: t['bankList.fields.code'], kind: 'text' },
    { name: 'status', label: t['bankList.fields.status'], kind: 'select', options: STATUS },
    { name: 'accountBank', label: t['bankList.fields.accountBank'], kind: 'select', options: yesNoOptions(t) },
  ];
}

export function getSuperQueryFields(t: BankListLocale): ListSuperQueryField[] {
  return [
    { name: 'code', label: t['bankList.fields.code'], type: 'text' },
    { name: 'name', label: t['bankList.fields.name'], type: 'text' },
    { name: 'sort', label: t['bankList.fields.sort'], type: 'number' },
    { name: 'status', label: t['bankList.fields.status'], type: 'code', options: STATUS },
    { name: 'accountBank', label: t['bankList.fields.accountBank'], type: 'code', options: yesNoOptions(t) },
    { name: 'createTime', label: t['bankList.fields.createTime'], type: 'date' },
  ];
}
