import { useState } from 'react';
import { Typography } from '@arco-design/web-react';
import { ListPage, createListStore } from '@cotton/sdk';
import type { VisitLogRow } from '@cotton/sdk/contracts';
import { logCalls, logCodes } from '@cotton/sdk/calls';
import { getVisitColumns } from './columns';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { VisitLogFilters } from './fields';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

function createVisitLogStore() {
  const t = locale;
  return createListStore<VisitLogRow, VisitLogFilters>({
    rowKey: 'id',
    columns: getVisitColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: { list: logCalls.visitPage, export: logCalls.visitExport },
    permissions: { export: logCodes.visitExport },
    storageKey: 'log-visit-list',
    exportFileName: t['visitLog.export'],
  });
}

/**
 * 系统管理 › 访问日志 (`/system/log/visit`, `system:log:visit`): each back-office page a user
 * opened (what the shell reports through /rest/menu/addMenuView), newest first.
 */
export function VisitLog() {
  const t = locale;
  const [store] = useState(createVisitLogStore);
  return (
    <div className={styles.container} data-testid="visit-log">
      <ListPage<VisitLogRow, VisitLogFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['visitLog.title']}
          </Typography.Title>
        }
      />
    </div>
  );
}
