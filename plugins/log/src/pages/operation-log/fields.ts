import type { OperationKind } from '@cotton/sdk/contracts';
import type { ListOption, ListSearchField, ListSuperQueryField } from '@cotton/sdk';
import type { OperationLogLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface OperationLogFilters {
  loginName?: string;
  kind?: OperationKind;
  success?: '1' | '0';
  timeFrom?: string;
  timeTo?: string;
}

const KINDS: OperationKind[] = ['add', 'update', 'delete', 'import', 'export', 'other'];

export function kindText(t: OperationLogLocale, kind: OperationKind): string {
  return t[`operationLog.kind.${kind}`];
}

export function kindOptions(t: OperationLogLocale): ListOption[] {
  return KINDS.map((kind) => ({ label: kindText(t, kind), value: kind }));
}

export function successOptions(t: OperationLogLocale): ListOption[] {
  return [
    { label: t['operationLog.success'], value: '1' },
    { label: t['operationLog.failure'], value: '0' },
  ];
}

export function getSearchFields(t: OperationLogLocale): ListSearchField[] {
  return [
    { name: 'loginName', label: t['operationLog.fields.loginName'], kind: 'text' },
    { name: 'kind', label: t['operationLog.fields.kind'], kind: 'select', options: kindOptions(t) },
    { name: 'success', label: t['operationLog.fields.success'], kind: 'select', options: successOptions(t) },
    { name: 'timeFrom', label: t['operationLog.fields.timeFrom'], kind: 'date' },
    { name: 'timeTo', label: t['operationLog.fields.timeTo'], kind: 'date' },
  ];
}

export function getSuperQueryFields(t: OperationLogLocale): ListSuperQueryField[] {
  return [
    { name: 'loginName', label: t['operationLog.fields.loginName'], type: 'text' },
    { name: 'realname', label: t['operationLog.fields.realname'], type: 'text' },
    { name: 'kind', label: t['operationLog.fields.kind'], type: 'code', options: kindOptions(t) },
    { name: 'success', label: t['operationLog.fields.success'], type: 'code', options: successOptions(t) },
    { name: 'url', label: t['operationLog.fields.url'], type: 'text' },
    { name: 'ip', label: t['operationLog.fields.ip'], type: 'text' },
    { name: 'durationMs', label: t['operationLog.fields.durationMs'], type: 'number' },
    { name: 'createTime', label: t['operationLog.fields.createTime'], type: 'date' },
  ];
}
