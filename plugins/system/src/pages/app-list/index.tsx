import { useState } from 'react';
import { Button, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, createListStore, fillText, ListPage } from '@cotton/sdk';
import type { AdminAppRow } from '@cotton/sdk/contracts';
import { appAdminCalls, appAdminCodes } from '@cotton/sdk/calls';
import { appIdsBody } from '../../api';
import { AppFormDrawer } from './app-form';
import { getAppColumns } from './columns';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { AppFilters } from './fields';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

function createAppStore(edit: (row: AdminAppRow) => void) {
  const t = locale;
  return createListStore<AdminAppRow, AppFilters>({
    rowKey: 'appCode',
    columns: getAppColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: {
      list: appAdminCalls.page,
      // delApp takes `{ ids }` (app codes) for one app as for several.
      delete: { call: appAdminCalls.delete, body: (row) => appIdsBody([row.appCode]) },
      batchDelete: { call: appAdminCalls.delete, body: (codes) => appIdsBody(codes) },
      // The selection's keys are app codes: the export's `selections` names apps by code too.
      export: appAdminCalls.export,
    },
    permissions: {
      add: appAdminCodes.add,
      edit: appAdminCodes.edit,
      delete: appAdminCodes.delete,
      export: appAdminCodes.export,
    },
    exportFileName: '应用列表.xlsx',
    rowActions: {
      testIdPrefix: 'app',
      edit: { onClick: edit },
      delete: { confirm: (row) => fillText(t['appList.confirm.delete'], { name: row.appName }) },
      width: 140,
    },
    // The switcher's order.
    defaultSort: { field: 'sort', order: 'asc' },
    storageKey: 'system-app-list',
  });
}

/** The form drawer's state: closed, adding, or editing an app. */
type FormState = { visible: false } | { visible: true; app: AdminAppRow | null };

/**
 * 系统管理 › 应用管理 (`/system/app`, `system:app:list`): the apps of the back office's header
 * switcher, a generic admin list of `@cotton/sdk` over /rest/app/getAppPage, with 新增 / 编辑
 * (a drawer: name, address, icon, the menus the app groups) and 删除; each by permission code.
 * A change shows in each user's switcher at their next init.
 */
export function AppList() {
  const t = locale;
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [store] = useState(() => createAppStore((app) => setFormState({ visible: true, app })));

  return (
    <div className={styles.container} data-testid="app-list">
      <ListPage<AdminAppRow, AppFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['appList.title']}
          </Typography.Title>
        }
        toolbar={
          <Authorized code={appAdminCodes.add}>
            <Button
              type="primary"
              icon={<IconPlus />}
              data-testid="app-add"
              onClick={() => setFormState({ visible: true, app: null })}
            >
              {t['appList.add']}
            </Button>
          </Authorized>
        }
      />
      <AppFormDrawer
        t={t}
        visible={formState.visible}
        app={formState.visible ? formState.app : null}
        onClose={() => setFormState({ visible: false })}
        onSaved={() => {
          setFormState({ visible: false });
          void store.load();
        }}
      />
    </div>
  );
}
