import type { ListOption, ListSearchField, ListSuperQueryField } from '@cotton/sdk';
import type { NoticeAudience, NoticeType } from '@cotton/sdk/contracts';
import type { NoticeListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface NoticeFilters {
  title?: string;
  type?: string;
  status?: string;
}

/** The add / edit form's values. */
export interface NoticeFormValues {
  title?: string;
  type?: NoticeType;
  audience?: NoticeAudience;
  userIds?: string[];
  roleIds?: string[];
  content?: string;
}

export function typeOptions(t: NoticeListLocale): ListOption[] {
  return [
    { label: t['noticeList.type.notice'], value: '1' },
    { label: t['noticeList.type.announcement'], value: '2' },
  ];
}

export function audienceOptions(t: NoticeListLocale): ListOption[] {
  return [
    { label: t['noticeList.audience.all'], value: 'all' },
    { label: t['noticeList.audience.users'], value: 'users' },
    { label: t['noticeList.audience.roles'], value: 'roles' },
  ];
}

export function statusOptions(t: NoticeListLocale): ListOption[] {
  return [
    { label: t['noticeList.status.draft'], value: '0' },
    { label: t['noticeList.status.published'], value: '1' },
    { label: t['noticeList.status.withdrawn'], value: '2' },
  ];
}

export function getSearchFields(t: NoticeListLocale): ListSearchField[] {
  return [
    { name: 'title', label: t['noticeList.fields.title'], kind: 'text' },
    { name: 'type', label: t['noticeList.fields.type'], kind: 'select', options: typeOptions(t) },
    { name: 'status', label: t['noticeList.fields.status'], kind: 'select', options: statusOptions(t) },
  ];
}

export function getSuperQueryFields(t: NoticeListLocale): ListSuperQueryField[] {
  return [
    { name: 'title', label: t['noticeList.fields.title'], type: 'text' },
    { name: 'type', label: t['noticeList.fields.type'], type: 'code', options: typeOptions(t) },
    { name: 'audience', label: t['noticeList.fields.audience'], type: 'code', options: audienceOptions(t) },
    { name: 'status', label: t['noticeList.fields.status'], type: 'code', options: statusOptions(t) },
    { name: 'authorName', label: t['noticeList.fields.authorName'], type: 'text' },
    { name: 'publishTime', label: t['noticeList.fields.publishTime'], type: 'date' },
    { name: 'readCount', label: t['noticeList.fields.readCount'], type: 'number' },
    { name: 'createTime', label: t['noticeList.fields.createTime'], type: 'date' },
  ];
}
