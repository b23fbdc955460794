import { useState } from 'react';
import { Button, Typography } from '@arco-design/web-react';
import { ListPage, createListStore } from '@cotton/sdk';
import type { OperationLogRow } from '@cotton/sdk/contracts';
import { logCalls, logCodes } from '@cotton/sdk/calls';
import { getOperationColumns } from './columns';
import { OperationDetailDrawer } from './detail-drawer';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { OperationLogFilters } from './fields';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

function createOperationLogStore() {
  const t = locale;
  return createListStore<OperationLogRow, OperationLogFilters>({
    rowKey: 'id',
    columns: getOperationColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: { list: logCalls.operationPage, export: logCalls.operationExport },
    permissions: { export: logCodes.operationExport },
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
  const [store] = useState(createOperationLogStore);
  const [shown, setShown] = useState<OperationLogRow | null>(null);

  return (
    <div className={styles.container} data-testid="operation-log">
      <ListPage<OperationLogRow, OperationLogFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['operationLog.title']}
          </Typography.Title>
        }
        rowActionsWidth={90}
        rowActions={(row) => (
          <Button type="text" size="small" data-testid={`operation-detail-${row.id}`} onClick={() => setShown(row)}>
            {t['operationLog.detail']}
          </Button>
        )}
      />
      <OperationDetailDrawer t={t} row={shown} onClose={() => setShown(null)} />
    </div>
  );
}
