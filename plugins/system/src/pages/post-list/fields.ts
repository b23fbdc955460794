import type { AdminFormConfig, ListOption } from '@cotton/sdk';
import type { AddPostBody, AdminPostRow } from '@cotton/sdk/contracts';
import { postAdminCalls } from '@cotton/sdk/calls';
import { POST_CODE_PATTERN } from '@cotton/sdk/validators';
import type { PostListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface PostFilters {
  code?: string;
  name?: string;
  status?: string;
}

export function statusOptions(t: PostListLocale): ListOption[] {
  return [
    { label: t['postList.status.enabled'], value: '1' },
    { label: t['postList.status.disabled'], value: '2' },
  ];
}

/** 新增岗位 / 编辑岗位: the code (checked as it is left, fixed once created), name, order, status, description. */
export function getPostForm(t: PostListLocale): AdminFormConfig<AdminPostRow, AddPostBody> {
  return {
    noun: t['postList.noun'],
    fields: [
      {
        name: 'code',
        label: t['postList.fields.code'],
        type: 'text',
        required: true,
        maxLength: 32,
        pattern: { match: POST_CODE_PATTERN, message: t['postList.rules.code'] },
        unique: { tableName: 'sys_posts', fieldName: 'code' },
        readOnlyOnEdit: true,
      },
      {
        name: 'name',
        label: t['postList.fields.name'],
        type: 'text',
        required: true,
        maxLength: 32,
        unique: { tableName: 'sys_posts', fieldName: 'name' },
      },
      { name: 'sort', label: t['postList.fields.sort'], type: 'number', max: 9999, initialValue: 0 },
      {
        name: 'status',
        label: t['postList.fields.status'],
        type: 'radio',
        options: statusOptions(t),
        initialValue: '1',
        hint: t['postList.form.disabledHint'],
      },
      { name: 'description', label: t['postList.fields.description'], type: 'textarea', maxLength: 256 },
    ],
    add: { call: postAdminCalls.add },
    update: { call: postAdminCalls.update },
  };
}
