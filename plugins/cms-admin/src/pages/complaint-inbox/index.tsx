import { useState } from 'react';
import { AdminListPage, adminColumns } from '@cotton/sdk';
import type { AdminComplaintRow } from '@cotton/sdk/contracts';
import { complainCalls, complainCodes } from '@cotton/sdk/calls';
import locale from '../../locale/zh-CN';
import { ComplaintDetail } from './complaint-detail';
import { getComplaintColumns, type ComplaintFilters } from './fields';

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
        ...adminColumns(getComplaintColumns(t), {
          // 处理时间 has no column; 高级查询 has always offered 处理状态 before 内容.
          superQueryFields: [{ name: 'handleTime', label: t['complaint.handleTime'], type: 'date' }],
          superQueryOrder: ['name', 'phone', 'complaintType', 'status'],
        }),
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
