import { Select } from '@arco-design/web-react';
import { fillText } from '@cotton/sdk';
import type { AdminFormConfig } from '@cotton/sdk';
import type { AddAppBody, AdminAppRow, AppFormOptions } from '@cotton/sdk/contracts';
import { appAdminCalls } from '@cotton/sdk/calls';
import { APP_CODE_PATTERN, APP_URL_MESSAGE, safeAppUrl } from '@cotton/sdk/validators';
import type { AppListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface AppFilters {
  appCode?: string;
  appName?: string;
}

/**
 * 新增应用 / 编辑应用: code (fixed once created), name, address, icon, the menus it groups (the
 * menus with a permission code, getAppOptions; a menu gone but still held is shown by its code)
 * and its place in the switcher. The server checks the same (docs/auth.md "App administration").
 */
export function getAppForm(t: AppListLocale): AdminFormConfig<AdminAppRow, AddAppBody> {
  const options = { call: appAdminCalls.options, body: {} };
  return {
    noun: t['appList.noun'],
    width: 560,
    fields: [
      {
        name: 'appCode',
        label: t['appList.fields.appCode'],
        unique: { tableName: 'sys_apps', fieldName: 'appCode' },
        type: 'text',
        required: true,
        maxLength: 32,
        pattern: { match: APP_CODE_PATTERN, message: t['appList.rules.appCode'] },
        readOnlyOnEdit: true,
      },
      { name: 'appName', label: t['appList.fields.appName'], type: 'text', required: true, maxLength: 64 },
      {
        name: 'visitUrl',
        label: t['appList.fields.visitUrl'],
        type: 'text',
        required: true,
        maxLength: 256,
        placeholder: '/project/display 或 https://…',
        rules: [
          {
            // Blank: `required` says so.
            validator: (value, callback) =>
              callback(
                typeof value === 'string' && value.trim() !== '' && safeAppUrl(value) === null
                  ? APP_URL_MESSAGE
                  : undefined,
              ),
          },
        ],
      },
      {
        name: 'icon',
        label: t['appList.fields.icon'],
        type: 'select',
        testId: 'app-form-icon',
        options: {
          ...options,
          options: (answer: AppFormOptions) => answer.icons.map((icon) => ({ label: icon, value: icon })),
        },
      },
      {
        name: 'menus',
        label: t['appList.fields.menus'],
        type: 'multiselect',
        initialValue: [],
        hint: t['appList.form.menusHint'],
        refusal: ['菜单'],
        options: {
          ...options,
          options: (answer: AppFormOptions) => answer.menus.map((menu) => ({ label: menu.fullName, value: menu.code })),
        },
        // A code kept by the app whose menu is gone still shows (and the server names it on save).
        render: ({ options: menus, row }) => (
          <Select
            mode="multiple"
            allowClear
            showSearch
            placeholder={`请选择${t['appList.fields.menus']}`}
            data-testid="app-form-menus"
            options={[
              ...menus,
              ...(row?.menus ?? [])
                .filter((menu) => !menus.some((option) => option.value === menu.code))
                .map((menu) => ({ label: fillText(t['appList.menus.gone'], { code: menu.code }), value: menu.code })),
            ]}
          />
        ),
      },
      { name: 'sort', label: t['appList.fields.sort'], type: 'number', max: 99999, initialValue: 0 },
    ],
    values: (row) => ({ ...row, menus: row.menus.map((menu) => menu.code) }),
    add: { call: appAdminCalls.add },
    update: { call: appAdminCalls.update },
  };
}
