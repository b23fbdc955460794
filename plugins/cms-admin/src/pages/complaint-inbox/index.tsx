import { useState } from 'react';
import { AdminListPage } from '@cotton/sdk';
import type { AdminComplaintRow } from '@cotton/sdk/contracts';
import { complainCalls, complainCodes } from '@cotton/sdk/calls';
import locale from '../../locale/zh-CN';
import { ComplaintDetail } from './complaint-detail';
import { getComplaintColumns, getSearchFields, getSuperQueryFields, type ComplaintFilters } from './fields';

const t = locale;

/**
 * 内容管理 › 投诉建议 (`/cms/complain`): what visitors sent from /service's form — search,
 * sort, page, export — and each one's detail, handled new → 处理中 → 已答复 with a reply.
 */
export function ComplaintInbox() {
  const [shown, setShown] = useState<AdminComplaintRow | null>(null);
  return (
    <AdminListPage<AdminComplaintRow, ComplaintFilters>
      title={t['complaint.title']}
      testId="complaint"
      pageTestId="complaint-inbox"
      list={{
        rowKey: 'id',
        columns: getComplaintColumns(t),
        searchFields: getSearchFields(t),
        superQueryFields: getSuperQueryFields(t),
        calls: { list: complainCalls.page, export: complainCalls.export },
        permissions: { export: complainCodes.list },
        // 查看 shows the whole complaint with its handling: more than a 详情 of the columns.
        detail: false,
        rowActions: { actions: [{ key: 'view', label: t['complaint.view'], onClick: setShown }], width: 90 },
        storageKey: 'cms-complaint-inbox',
        exportFileName: '投诉建议.xlsx',
      }}
    >
      {(page) => (
        <ComplaintDetail
          t={t}
          complaint={shown}
          onClose={() => setShown(null)}
          onHandled={(row) => {
            setShown(row);
            void page.reload();
          }}
        />
      )}
    </AdminListPage>
  );
}
