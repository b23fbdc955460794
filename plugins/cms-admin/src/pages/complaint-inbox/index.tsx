import { useState } from 'react';
import { Typography } from '@arco-design/web-react';
import { ListPage, createListStore } from '@cotton/sdk';
import type { AdminComplaintRow } from '@cotton/sdk/contracts';
import { complainCalls, complainCodes } from '@cotton/sdk/calls';
import locale from '../../locale/zh-CN';
import { ComplaintDetail } from './complaint-detail';
import { getComplaintColumns, getSearchFields, getSuperQueryFields, type ComplaintFilters } from './fields';
import styles from './style/index.module.css';

function createComplaintStore(view: (row: AdminComplaintRow) => void) {
  const t = locale;
  return createListStore<AdminComplaintRow, ComplaintFilters>({
    rowKey: 'id',
    columns: getComplaintColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: { list: complainCalls.page, export: complainCalls.export },
    permissions: { export: complainCodes.list },
    // 查看 shows the whole complaint with its handling: more than a 详情 of the columns.
    detail: false,
    rowActions: {
      testIdPrefix: 'complaint',
      actions: [{ key: 'view', label: t['complaint.view'], onClick: view }],
      width: 90,
    },
    storageKey: 'cms-complaint-inbox',
    exportFileName: '投诉建议.xlsx',
  });
}

/**
 * 内容管理 › 投诉建议 (`/cms/complain`): what visitors sent from /service's form — search,
 * sort, page, export — and each one's detail, handled new → 处理中 → 已答复 with a reply.
 */
export function ComplaintInbox() {
  const t = locale;
  const [shown, setShown] = useState<AdminComplaintRow | null>(null);
  const [store] = useState(() => createComplaintStore(setShown));

  return (
    <div className={styles.container} data-testid="complaint-inbox">
      <ListPage<AdminComplaintRow, ComplaintFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['complaint.title']}
          </Typography.Title>
        }
      />
      <ComplaintDetail
        t={t}
        complaint={shown}
        onClose={() => setShown(null)}
        onHandled={(row) => {
          setShown(row);
          void store.load();
        }}
      />
    </div>
  );
}
