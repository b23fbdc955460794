import type { RulesProps } from '@arco-design/web-react';
import { checkConfirmPassword, checkNewPassword } from '@cotton/sdk/validators';
import type { ListSearchField, ListSuperQueryField } from '@cotton/sdk';
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

/** The add / edit form's values (`user-form.tsx`). */
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

/** The reset password form's rules: the password rules of the account centre. */
export function passwordRules(getPassword: () => string | undefined) {
  return {
    password: [check((value) => checkNewPassword(value, undefined))],
    confirm: [check((value) => checkConfirmPassword(value, getPassword()))],
  };
}
