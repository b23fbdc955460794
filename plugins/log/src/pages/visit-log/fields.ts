import type { ListSearchField, ListSuperQueryField } from '@cotton/sdk';
import type { VisitLogLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface VisitLogFilters {
  loginName?: string;
  menuName?: string;
  timeFrom?: string;
  timeTo?: string;
}

export function getSearchFields(t: VisitLogLocale): ListSearchField[] {
  return [
    { name: 'loginName', label: t['visitLog.fields.loginName'], kind: 'text' },
    { name: 'menuName', label: t['visitLog.fields.menuName'], kind: 'text' },
    { name: 'timeFrom', label: t['visitLog.fields.timeFrom'], kind: 'date' },
    { name: 'timeTo', label: t['visitLog.fields.timeTo'], kind: 'date' },
  ];
}

export function getSuperQueryFields(t: VisitLogLocale): ListSuperQueryField[] {
  return [
    { name: 'loginName', label: t['visitLog.fields.loginName'], type: 'text' },
    { name: 'realname', label: t['visitLog.fields.realname'], type: 'text' },
    { name: 'menuName', label: t['visitLog.fields.menuName'], type: 'text' },
    { name: 'path', label: t['visitLog.fields.path'], type: 'text' },
    { name: 'ip', label: t['visitLog.fields.ip'], type: 'text' },
    { name: 'createTime', label: t['visitLog.fields.createTime'], type: 'date' },
  ];
}
