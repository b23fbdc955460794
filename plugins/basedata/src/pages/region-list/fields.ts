import type { ListOption, ListSearchField, ListSuperQueryField } from '@cotton/sdk';
import type { RegionListLocale } from './locale/zh-CN';

/** The search form's values and the level shown (`parentCode`, set by the page). */
export interface RegionFilters {
  parentCode?: string;
  code?: string;
  name?: string;
  status?: string;
}

/** The country: its children are the provinces. */
export const ROOT_CODE = '100000';

export function statusOptions(): ListOption[] {
  return [
    { label: '启用', value: '1' },
    { label: '停用', value: '2' },
  ];
}

export function levelOptions(t: RegionListLocale): ListOption[] {
  return [
    { label: t['regionList.level.1'], value: '1' },
    { label: t['regionList.level.2'], value: '2' },
    { label: t['regionList.level.3'], value: '3' },
  ];
}

export function getSearchFields(t: RegionListLocale): ListSearchField[] {
  return [
    { name: 'name', label: t['regionList.fields.name'], kind: 'text' },
    { name: 'code', label: t['regionList.fields.code'], kind: 'text' },
    { name: 'status', label: t['regionList.fields.status'], kind: 'select', options: statusOptions() },
  ];
}

export function getSuperQueryFields(t: RegionListLocale): ListSuperQueryField[] {
  return [
    { name: 'code', label: t['regionList.fields.code'], type: 'text' },
    { name: 'name', label: t['regionList.fields.name'], type: 'text' },
    { name: 'level', label: t['regionList.fields.level'], type: 'code', options: levelOptions(t) },
    { name: 'sort', label: t['regionList.fields.sort'], type: 'number' },
    { name: 'status', label: t['regionList.fields.status'], type: 'code', options: statusOptions() },
  ];
}
