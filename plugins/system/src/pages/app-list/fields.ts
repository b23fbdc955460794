import type { RulesProps } from '@arco-design/web-react';
import type { ListSearchField, ListSuperQueryField } from '@cotton/sdk';
import { APP_CODE_PATTERN, APP_URL_MESSAGE, safeAppUrl } from '@cotton/sdk/validators';
import type { AppListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface AppFilters {
  appCode?: string;
  appName?: string;
}

/** The add / edit form's values. */
export interface AppFormValues {
  appCode?: string;
  appName?: string;
  visitUrl?: string;
  icon?: string;
  menus?: string[];
  sort?: number;
}

export function getSearchFields(t: AppListLocale): ListSearchField[] {
  return [
    { name: 'appCode', label: t['appList.fields.appCode'], kind: 'text' },
    { name: 'appName', label: t['appList.fields.appName'], kind: 'text' },
  ];
}

/** The server's super-query allow-list for getAppPage. */
export function getSuperQueryFields(t: AppListLocale): ListSuperQueryField[] {
  return [
    { name: 'appCode', label: t['appList.fields.appCode'], type: 'text' },
    { name: 'appName', label: t['appList.fields.appName'], type: 'text' },
    { name: 'visitUrl', label: t['appList.fields.visitUrl'], type: 'text' },
    { name: 'sort', label: t['appList.fields.sort'], type: 'number' },
  ];
}

const textRequired =
  (message: string) =>
  (value: unknown, callback: (error?: string) => void): void =>
    callback(typeof value === 'string' && value.trim() !== '' ? undefined : message);

/** The rules of the form's text fields (the server checks the same: docs/auth.md "App administration"). */
export function getFormRules(t: AppListLocale): Record<'appCode' | 'appName' | 'visitUrl', RulesProps[]> {
  return {
    appCode: [
      { required: true, message: t['appList.rules.appCodeRequired'] },
      { match: APP_CODE_PATTERN, message: t['appList.rules.appCode'] },
    ],
    appName: [{ validator: textRequired(t['appList.rules.appNameRequired']) }],
    visitUrl: [
      {
        validator: (value: unknown, callback: (error?: string) => void) => {
          if (typeof value !== 'string' || value.trim() === '') callback(t['appList.rules.visitUrlRequired']);
          else callback(safeAppUrl(value) === null ? APP_URL_MESSAGE : undefined);
        },
      },
    ],
  };
}
