import type { ListOption, ListSearchField, ListSuperQueryField } from '@cotton/sdk';
import type { PostListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface PostFilters {
  code?: string;
  name?: string;
  status?: string;
}

/** The add / edit form's values. */
export interface PostFormValues {
  code?: string;
  name?: string;
  sort?: number;
  status?: '1' | '2';
  description?: string;
}

export function statusOptions(t: PostListLocale): ListOption[] {
  return [
    { label: t['postList.status.enabled'], value: '1' },
    { label: t['postList.status.disabled'], value: '2' },
  ];
}

export function getSearchFields(t: PostListLocale): ListSearchField[] {
  return [
    { name: 'code', label: t['postList.fields.code'], kind: 'text' },
    { name: 'name', label: t['postList.fields.name'], kind: 'text' },
    { name: 'status', label: t['postList.fields.status'], kind: 'select', options: statusOptions(t) },
  ];
}

export function getSuperQueryFields(t: PostListLocale): ListSuperQueryField[] {
  return [
    { name: 'code', label: t['postList.fields.code'], type: 'text' },
    { name: 'name', label: t['postList.fields.name'], type: 'text' },
    { name: 'sort', label: t['postList.fields.sort'], type: 'number' },
    { name: 'status', label: t['postList.fields.status'], type: 'code', options: statusOptions(t) },
    { name: 'description', label: t['postList.fields.description'], type: 'text' },
    { name: 'userCount', label: t['postList.fields.userCount'], type: 'number' },
    { name: 'createTime', label: t['postList.fields.createTime'], type: 'date' },
  ];
}
