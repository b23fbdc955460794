import type { OperationKind } from '@cotton/sdk/contracts';
import type { ListOption, ListSearchField } from '@cotton/sdk';
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

/** 查询's days, which filter no column of their own (the columns' fields come first). */
export function getTimeFields(t: OperationLogLocale): ListSearchField[] {
  return [
    { name: 'timeFrom', label: t['operationLog.fields.timeFrom'], kind: 'date' },
    { name: 'timeTo', label: t['operationLog.fields.timeTo'], kind: 'date' },
  ];
}
