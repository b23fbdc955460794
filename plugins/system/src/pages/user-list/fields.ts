import type { RulesProps } from '@arco-design/web-react';
import { LOGIN_NAME_PATTERN, checkConfirmPassword, checkNewPassword, validateField } from '@cotton/sdk/validators';
import { notTaken, type ListSearchField, type ListSuperQueryField } from '@cotton/sdk';
import type { UserListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface UserFilters {
  loginName?: string;
  realname?: string;
  phone?: string;
  status?: string;
  /** Set by the organisation tree beside the form: the organisation (the server adds those below it). */
  orgId?: string;
}

/** The add / edit form's values. */
export interface UserFormValues {
  loginName?: string;
  realname?: string;
  phone?: string;
  email?: string;
  password?: string;
  roleIds?: string[];
  /** '' none. */
  orgId?: string;
  postIds?: string[];
}

function statusOptions(t: UserListLocale) {
  return [
    { label: t['userList.status.normal'], value: '1' },
    { label: t['userList.status.frozen'], value: '2' },
  ];
}

export function getSearchFields(t: UserListLocale): ListSearchField[] {
  return [
    { name: 'loginName', label: t['userList.fields.loginName'], kind: 'text' },
    { name: 'realname', label: t['userList.fields.realname'], kind: 'text' },
    { name: 'phone', label: t['userList.fields.phone'], kind: 'text' },
    { name: 'status', label: t['userList.fields.status'], kind: 'select', options: statusOptions(t) },
  ];
}

export function getSuperQueryFields(t: UserListLocale): ListSuperQueryField[] {
  return [
    { name: 'loginName', label: t['userList.fields.loginName'], type: 'text' },
    { name: 'realname', label: t['userList.fields.realname'], type: 'text' },
    { name: 'phone', label: t['userList.fields.phone'], type: 'text' },
    { name: 'status', label: t['userList.fields.status'], type: 'code', options: statusOptions(t) },
    { name: 'createTime', label: t['userList.fields.createTime'], type: 'date' },
  ];
}

/** An Arco rule from a check that answers the message or null. */
function check(message: (value: string | undefined) => string | null): RulesProps {
  return {
    validator: (value: unknown, callback: (error?: string) => void) =>
      callback(message(typeof value === 'string' ? value : undefined) ?? undefined),
  };
}

/** A field of the add / edit form. */
export interface UserFormField {
  field: keyof UserFormValues;
  label: string;
  kind: 'text' | 'password' | 'roles' | 'org' | 'posts';
  /** Only when adding (the initial password). */
  addOnly?: boolean;
  /** Shown but not editable when editing (the login name does not change). */
  fixedOnEdit?: boolean;
  required?: boolean;
  maxLength?: number;
  rules: RulesProps[];
}

export function getFormFields(t: UserListLocale): UserFormField[] {
  return [
    {
      field: 'loginName',
      label: t['userList.fields.loginName'],
      kind: 'text',
      fixedOnEdit: true,
      required: true,
      maxLength: 32,
      rules: [
        { required: true, message: t['userList.rules.loginNameRequired'] },
        check((value) => (value && !LOGIN_NAME_PATTERN.test(value) ? t['userList.rules.loginName'] : null)),
        // Only when adding (the login name is fixed once created): asked as the field is left.
        notTaken({ tableName: 'sys_users', fieldName: 'loginName' }),
      ],
    },
    {
      field: 'realname',
      label: t['userList.fields.realname'],
      kind: 'text',
      required: true,
      maxLength: 32,
      rules: [
        { required: true, message: t['userList.rules.realnameRequired'] },
        check((value) => (value && value.trim().length > 32 ? t['userList.rules.realnameLength'] : null)),
      ],
    },
    {
      field: 'phone',
      label: t['userList.fields.phone'],
      kind: 'text',
      maxLength: 11,
      rules: [check((value) => validateField('mobile', value))],
    },
    {
      field: 'email',
      label: t['userList.fields.email'],
      kind: 'text',
      maxLength: 128,
      rules: [check((value) => validateField('email', value))],
    },
    {
      field: 'password',
      label: t['userList.fields.password'],
      kind: 'password',
      addOnly: true,
      required: true,
      maxLength: 20,
      rules: [check((value) => (value ? checkNewPassword(value, undefined) : t['userList.rules.passwordRequired']))],
    },
    { field: 'orgId', label: t['userList.fields.org'], kind: 'org', rules: [] },
    { field: 'postIds', label: t['userList.fields.posts'], kind: 'posts', rules: [] },
    { field: 'roleIds', label: t['userList.fields.roles'], kind: 'roles', rules: [] },
  ];
}

/** The reset password form's rules: the password rules of the account centre. */
export function passwordRules(getPassword: () => string | undefined) {
  return {
    password: [check((value) => checkNewPassword(value, undefined))],
    confirm: [check((value) => checkConfirmPassword(value, getPassword()))],
  };
}
