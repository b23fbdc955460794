import type { RulesProps } from '@arco-design/web-react';
import { ROLE_CODE_PATTERN } from '@cotton/sdk/validators';
import { notTaken, type ListSearchField, type ListSuperQueryField } from '@cotton/sdk';
import type { RoleListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface RoleFilters {
  code?: string;
  name?: string;
}

/** The add / edit form's values. */
export interface RoleFormValues {
  code?: string;
  name?: string;
  description?: string;
  enterpriseGrantable?: boolean;
}

export function getSearchFields(t: RoleListLocale): ListSearchField[] {
  return [
    { name: 'code', label: t['roleList.fields.code'], kind: 'text' },
    { name: 'name', label: t['roleList.fields.name'], kind: 'text' },
  ];
}

export function getSuperQueryFields(t: RoleListLocale): ListSuperQueryField[] {
  return [
    { name: 'code', label: t['roleList.fields.code'], type: 'text' },
    { name: 'name', label: t['roleList.fields.name'], type: 'text' },
    { name: 'description', label: t['roleList.fields.description'], type: 'text' },
    { name: 'userCount', label: t['roleList.fields.userCount'], type: 'number' },
    { name: 'createTime', label: t['roleList.fields.createTime'], type: 'date' },
  ];
}

/** A field of the add / edit form. */
export interface RoleFormField {
  field: keyof RoleFormValues;
  label: string;
  /** Shown but not editable when editing (the code does not change). */
  fixedOnEdit?: boolean;
  required?: boolean;
  maxLength: number;
  textarea?: boolean;
  rules: RulesProps[];
}

export function getFormFields(t: RoleListLocale): RoleFormField[] {
  return [
    {
      field: 'code',
      label: t['roleList.fields.code'],
      fixedOnEdit: true,
      required: true,
      maxLength: 32,
      rules: [
        { required: true, message: t['roleList.rules.codeRequired'] },
        { match: ROLE_CODE_PATTERN, message: t['roleList.rules.code'] },
        // Only when adding (the code is fixed once created): asked as the field is left.
        notTaken({ tableName: 'sys_roles', fieldName: 'code' }),
      ],
    },
    {
      field: 'name',
      label: t['roleList.fields.name'],
      required: true,
      maxLength: 32,
      rules: [
        {
          validator: (value: unknown, callback: (error?: string) => void) =>
            callback(typeof value === 'string' && value.trim() !== '' ? undefined : t['roleList.rules.nameRequired']),
        },
      ],
    },
    { field: 'description', label: t['roleList.fields.description'], maxLength: 256, textarea: true, rules: [] },
  ];
}
