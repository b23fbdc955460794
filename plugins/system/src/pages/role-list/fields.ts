import { ROLE_CODE_PATTERN } from '@cotton/sdk/validators';
import type { AdminFormConfig } from '@cotton/sdk';
import type { AddRoleBody, AdminRoleRow } from '@cotton/sdk/contracts';
import { roleAdminCalls } from '@cotton/sdk/calls';
import type { RoleListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface RoleFilters {
  code?: string;
  name?: string;
}

/**
 * 新增角色 / 编辑角色: code (checked as it is left, fixed once created), name, description and
 * whether enterprise administrators may grant it.
 */
export function getRoleForm(t: RoleListLocale): AdminFormConfig<AdminRoleRow, AddRoleBody> {
  return {
    noun: t['roleList.noun'],
    fields: [
      {
        name: 'code',
        label: t['roleList.fields.code'],
        type: 'text',
        required: true,
        maxLength: 32,
        pattern: { match: ROLE_CODE_PATTERN, message: t['roleList.rules.code'] },
        unique: { tableName: 'sys_roles', fieldName: 'code' },
        readOnlyOnEdit: true,
      },
      {
        name: 'name',
        label: t['roleList.fields.name'],
        type: 'text',
        required: true,
        maxLength: 32,
        unique: { tableName: 'sys_roles', fieldName: 'name' },
      },
      { name: 'description', label: t['roleList.fields.description'], type: 'textarea', maxLength: 256 },
      {
        name: 'enterpriseGrantable',
        label: t['roleList.fields.enterpriseGrantable'],
        type: 'switch',
        initialValue: false,
        hint: t['roleList.form.enterpriseGrantableHint'],
        testId: 'role-form-enterprise-grantable',
      },
    ],
    add: { call: roleAdminCalls.add },
    update: { call: roleAdminCalls.update },
  };
}
