import type { RulesProps } from '@arco-design/web-react';
import { checkConfirmPassword, checkNewPassword } from '@cotton/sdk/validators';
import type { ListOption } from '@cotton/sdk';
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

export function statusOptions(t: UserListLocale): ListOption[] {
  return [
    { label: t['userList.status.normal'], value: '1' },
    { label: t['userList.status.frozen'], value: '2' },
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
