import { useState } from 'react';
import { Typography } from '@arco-design/web-react';
import { ListPage, createListStore } from '@cotton/sdk';
import type { OperationLogRow } from '@cotton/sdk/contracts';
import { logCalls, logCodes } from '@cotton/sdk/calls';
import { getOperationColumns } from './columns';
import { OperationDetailDrawer } from './detail-drawer';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { OperationLogFilters } from './fields';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

function createOperationLogStore(show: (row: OperationLogRow) => void) {
  const t = locale;
  return createListStore<OperationLogRow, OperationLogFilters>({
    rowKey: 'id',
    columns: getOperationColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: { list: logCalls.operationPage, export: logCalls.operationExport },
    permissions: { export: logCodes.operationExport },
    // The page's own 详情 shows what was sent and each record before and after.
    detail: false,
    rowActions: {
      testIdPrefix: 'operation',
      actions: [{ key: 'detail', label: t['operationLog.detail'], onClick: show }],
      width: 90,
    },
    storageKey: 'log-operation-list',
    exportFileName: t['operationLog.export'],
  });
}

/**
 * 系统管理 › 操作日志 (`/system/log/operation`, `system:log:operation`): every admin write,
 * newest first, searchable by operator, type, outcome and days; 详情 shows what was sent and
 * each record before and after. Read-only: the retention job removes old rows.
 */
export function OperationLog() {
  const t = locale;
  const [shown, setShown] = useState<OperationLogRow | null>(null);
  const [store] = useState(() => createOperationLogStore(setShown));

  return (
    <div className={styles.container} data-testid="operation-log">
      <ListPage<OperationLogRow, OperationLogFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['operationLog.title']}
          </Typography.Title>
        }
      />
      <OperationDetailDrawer t={t} row={shown} onClose={() => setShown(null)} />
    </div>
  );
}
