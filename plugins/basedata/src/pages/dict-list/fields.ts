import type { ListSearchField, ListSuperQueryField } from '@cotton/sdk';
import type { DictListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface DictFilters {
  code?: string;
  name?: string;
}

/** The items list's search form (its category is a fixed filter). */
export interface DictItemFilters {
  itemCode?: string;
  itemValue?: string;
  status?: string;
}

export function getSearchFields(t: DictListLocale): ListSearchField[] {
  return [
    { name: 'code', label: t['dictList.fields.code'], kind: 'text' },
    { name: 'name', label: t['dictList.fields.name'], kind: 'text' },
  ];
}

export function getSuperQueryFields(t: DictListLocale): ListSuperQueryField[] {
  return [
    { name: 'code', label: t['dictList.fields.code'], type: 'text' },
    { name: 'name', label: t['dictList.fields.name'], type: 'text' },
    { name: 'description', label: t['dictList.fields.description'], type: 'text' },
    { name: 'itemCount', label: t['dictList.fields.itemCount'], type: 'number' },
    { name: 'createTime', label: t['dictList.fields.createTime'], type: 'date' },
  ];
}

export function getItemSearchFields(t: DictListLocale): ListSearchField[] {
  return [
    { name: 'itemValue', label: t['items.fields.itemValue'], kind: 'text' },
    {
      name: 'status',
      label: t['items.fields.status'],
      kind: 'select',
      options: [
        { label: '启用', value: '1' },
        { label: '停用', value: '2' },
      ],
    },
  ];
}
