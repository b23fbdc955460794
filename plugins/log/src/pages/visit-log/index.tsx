import { AdminListPage, adminColumns } from '@cotton/sdk';
import type { VisitLogRow } from '@cotton/sdk/contracts';
import { logCalls, logCodes } from '@cotton/sdk/calls';
import { getVisitColumns } from './columns';
import { getTimeFields } from './fields';
import type { VisitLogFilters } from './fields';
import locale from './locale/zh-CN';

const t = locale;

/**
 * 系统管理 › 访问日志 (`/system/log/visit`, `system:log:visit`): each back-office page a user
 * opened (what the shell reports through /rest/menu/addMenuView), newest first; 详情 and 导出.
 */
export function VisitLog() {
  return (
    <AdminListPage<VisitLogRow, VisitLogFilters>
      title={t['visitLog.title']}
      testId="visit"
      pageTestId="visit-log"
      list={{
        rowKey: 'id',
        ...adminColumns(getVisitColumns(t), { searchFields: getTimeFields(t) }),
        calls: { list: logCalls.visitPage, export: logCalls.visitExport },
        permissions: { export: logCodes.visitExport },
        storageKey: 'log-visit-list',
        exportFileName: t['visitLog.export'],
      }}
    />
  );
}
