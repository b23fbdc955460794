import type { AdminFormConfig } from '@cotton/sdk';
import type { AddDictBody, AddDictItemBody, AdminDictItemRow, AdminDictRow } from '@cotton/sdk/contracts';
import { dictAdminCalls } from '@cotton/sdk/calls';
import { DICT_CODE_PATTERN, DICT_ITEM_CODE_PATTERN } from '@cotton/sdk/validators';
import { STATUS_OPTIONS } from '../../components/status';
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

/** 新增字典 / 编辑字典: code (checked as it is left, fixed once created), name, description. */
export function getDictForm(t: DictListLocale): AdminFormConfig<AdminDictRow, AddDictBody> {
  return {
    noun: t['dictList.noun'],
    fields: [
      {
        name: 'code',
        label: t['dictList.fields.code'],
        type: 'text',
        required: true,
        maxLength: 64,
        pattern: { match: DICT_CODE_PATTERN, message: t['dictList.rules.code'] },
        unique: { tableName: 'dict_categories', fieldName: 'code' },
        readOnlyOnEdit: true,
        hint: t['dictList.form.codeHint'],
      },
      { name: 'name', label: t['dictList.fields.name'], type: 'text', required: true, maxLength: 64 },
      { name: 'description', label: t['dictList.fields.description'], type: 'textarea', maxLength: 256 },
    ],
    add: { call: dictAdminCalls.add },
    update: { call: dictAdminCalls.update },
  };
}

/** 新增字典项 / 编辑字典项 of one category: code (fixed once created), name, order (empty: after the last), status. */
export function getItemForm(
  t: DictListLocale,
  categoryCode: string,
): AdminFormConfig<AdminDictItemRow, Omit<AddDictItemBody, 'categoryCode'>> {
  return {
    noun: t['items.noun'],
    fields: [
      {
        name: 'itemCode',
        label: t['items.fields.itemCode'],
        unique: { tableName: 'dict_items', fieldName: 'itemCode', withinVal: categoryCode },
        type: 'text',
        required: true,
        maxLength: 32,
        pattern: { match: DICT_ITEM_CODE_PATTERN, message: t['items.rules.code'] },
        readOnlyOnEdit: true,
        hint: t['items.form.codeHint'],
      },
      { name: 'itemValue', label: t['items.fields.itemValue'], type: 'text', required: true, maxLength: 128 },
      { name: 'sort', label: t['items.fields.sort'], type: 'number', max: 9999 },
      {
        name: 'status',
        label: t['items.fields.status'],
        type: 'radio',
        options: STATUS_OPTIONS,
        initialValue: '1',
        hint: t['items.form.disabledHint'],
      },
    ],
    add: { call: dictAdminCalls.itemAdd, body: (values) => ({ categoryCode, ...values }) },
    update: { call: dictAdminCalls.itemUpdate },
  };
}
