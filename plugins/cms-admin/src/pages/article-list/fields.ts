import type { ListOption, ListSearchField, ListSuperQueryField } from '@cotton/sdk';
import type { CmsLocale } from '../../locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface ContentFilters {
  title?: string;
  catalogId?: string;
  status?: string;
  publishTime?: string;
}

export function statusOptions(t: CmsLocale): ListOption[] {
  return [
    { label: t['status.draft'], value: '0' },
    { label: t['status.published'], value: '1' },
    { label: t['status.withdrawn'], value: '2' },
  ];
}

export function getSearchFields(t: CmsLocale, catalogs: ListOption[]): ListSearchField[] {
  return [
    { name: 'title', label: t['common.title'], kind: 'text' },
    { name: 'catalogId', label: t['common.catalog'], kind: 'select', options: catalogs },
    { name: 'status', label: t['common.status'], kind: 'select', options: statusOptions(t) },
    { name: 'publishTime', label: t['common.publishTime'], kind: 'date' },
  ];
}

export function getSuperQueryFields(t: CmsLocale): ListSuperQueryField[] {
  return [
    { name: 'title', label: t['common.title'], type: 'text' },
    { name: 'status', label: t['common.status'], type: 'code', options: statusOptions(t) },
    { name: 'author', label: t['common.author'], type: 'text' },
    { name: 'sort', label: t['common.sort'], type: 'number' },
    { name: 'publishTime', label: t['common.publishTime'], type: 'date' },
    { name: 'updateTime', label: t['common.updateTime'], type: 'date' },
  ];
}
