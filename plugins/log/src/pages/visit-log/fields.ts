import type { ListSearchField } from '@cotton/sdk';
import type { VisitLogLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface VisitLogFilters {
  loginName?: string;
  menuName?: string;
  timeFrom?: string;
  timeTo?: string;
}

/** 查询's days, which filter no column of their own (the columns' fields come first). */
export function getTimeFields(t: VisitLogLocale): ListSearchField[] {
  return [
    { name: 'timeFrom', label: t['visitLog.fields.timeFrom'], kind: 'date' },
    { name: 'timeTo', label: t['visitLog.fields.timeTo'], kind: 'date' },
  ];
}
