import { useState } from 'react';
import { AdminListPage, adminColumns } from '@cotton/sdk';
import type { OperationLogRow } from '@cotton/sdk/contracts';
import { logCalls, logCodes } from '@cotton/sdk/calls';
import { getOperationColumns } from './columns';
import { OperationDetailDrawer } from './detail-drawer';
import { getTimeFields } from './fields';
import type { OperationLogFilters } from './fields';
import locale from './locale/zh-CN';

const t = locale;

/**
 * 系统管理 › 操作日志 (`/system/log/operation`, `system:log:operation`): every admin write,
 * newest first, searchable by operator, type, outcome and days; 导出. Its own 详情 shows what
 * was sent and each record before and after. Read-only: the retention job removes old rows.
 */
export function OperationLog() {
  const [shown, setShown] = useState<OperationLogRow | null>(null);
  return (
    <AdminListPage<OperationLogRow, OperationLogFilters>
      title={t['operationLog.title']}
      testId="operation"
      pageTestId="operation-log"
      list={{
        rowKey: 'id',
        ...adminColumns(getOperationColumns(t), {
          searchFields: getTimeFields(t),
          // 高级查询 has always offered 请求地址 before IP 地址, 耗时 and 时间.
          superQueryOrder: ['loginName', 'realname', 'kind', 'success', 'url'],
        }),
        calls: { list: logCalls.operationPage, export: logCalls.operationExport },
        permissions: { export: logCodes.operationExport },
        // The page's own 详情 shows what was sent and each record before and after.
        detail: false,
        rowActions: { actions: [{ key: 'detail', label: t['operationLog.detail'], onClick: setShown }], width: 90 },
        storageKey: 'log-operation-list',
        exportFileName: t['operationLog.export'],
      }}
    >
      {() => <OperationDetailDrawer t={t} row={shown} onClose={() => setShown(null)} />}
    </AdminListPage>
  );
}
