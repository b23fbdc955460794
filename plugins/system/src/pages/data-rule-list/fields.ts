import type { DataScopeKind } from '@cotton/sdk/contracts';
import type { ListOption, ListSearchField, ListSuperQueryField } from '@cotton/sdk';
import type { DataRuleListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface DataRuleFilters {
  name?: string;
  scope?: string;
}

/** The add / edit form's values. */
export interface DataRuleFormValues {
  menuId?: string;
  name?: string;
  scope?: DataScopeKind;
  roleIds?: string[];
}

export const DATA_SCOPES: DataScopeKind[] = ['all', 'org_and_below', 'org', 'self'];

export function scopeOptions(t: DataRuleListLocale): ListOption[] {
  return DATA_SCOPES.map((scope) => ({ label: t[`dataRuleList.scope.${scope}`], value: scope }));
}

export function getSearchFields(t: DataRuleListLocale): ListSearchField[] {
  return [
    { name: 'name', label: t['dataRuleList.fields.name'], kind: 'text' },
    { name: 'scope', label: t['dataRuleList.fields.scope'], kind: 'select', options: scopeOptions(t) },
  ];
}

export function getSuperQueryFields(t: DataRuleListLocale): ListSuperQueryField[] {
  return [
    { name: 'name', label: t['dataRuleList.fields.name'], type: 'text' },
    { name: 'scope', label: t['dataRuleList.fields.scope'], type: 'code', options: scopeOptions(t) },
    { name: 'createTime', label: t['dataRuleList.fields.createTime'], type: 'date' },
  ];
}
