import type { AddDataRuleBody, AdminDataRuleRow, DataRuleOptions, DataScopeKind } from '@cotton/sdk/contracts';
import type { AdminFormConfig, ListOption } from '@cotton/sdk';
import { dataRuleCalls } from '@cotton/sdk/calls';
import type { DataRuleListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface DataRuleFilters {
  name?: string;
  scope?: string;
}

export const DATA_SCOPES: DataScopeKind[] = ['all', 'org_and_below', 'org', 'self'];

export function scopeOptions(t: DataRuleListLocale): ListOption[] {
  return DATA_SCOPES.map((scope) => ({ label: t[`dataRuleList.scope.${scope}`], value: scope }));
}

/**
 * 新增 / 编辑数据权限: the menu (those whose lists honour rules; the only one is chosen), the
 * rule's name, its scope and the roles it is given to.
 */
export function getDataRuleForm(t: DataRuleListLocale): AdminFormConfig<AdminDataRuleRow, AddDataRuleBody> {
  const options = { call: dataRuleCalls.options, body: {} };
  return {
    noun: t['dataRuleList.noun'],
    fields: [
      {
        name: 'menuId',
        label: t['dataRuleList.fields.menu'],
        type: 'select',
        required: t['dataRuleList.rules.menuRequired'],
        options: {
          ...options,
          options: (answer: DataRuleOptions) => answer.menus.map((menu) => ({ label: menu.name, value: menu.id })),
        },
      },
      {
        name: 'name',
        label: t['dataRuleList.fields.name'],
        // Among the rules of the menu chosen.
        unique: { tableName: 'sys_data_rules', fieldName: 'name', withinField: 'menuId' },
        type: 'text',
        required: true,
        maxLength: 32,
        refusal: ['同名规则'],
      },
      {
        name: 'scope',
        label: t['dataRuleList.fields.scope'],
        type: 'radio',
        required: true,
        options: scopeOptions(t),
        initialValue: 'org_and_below',
      },
      {
        name: 'roleIds',
        label: t['dataRuleList.fields.roles'],
        type: 'multiselect',
        initialValue: [],
        testId: 'data-rule-form-roles',
        options: {
          ...options,
          options: (answer: DataRuleOptions) => answer.roles.map((role) => ({ label: role.name, value: role.id })),
        },
      },
    ],
    add: { call: dataRuleCalls.add },
    update: { call: dataRuleCalls.update },
  };
}
