import { useState } from 'react';
import { Button, Typography } from '@arco-design/web-react';
import { ListPage, createListStore } from '@cotton/sdk';
import type { AdminComplaintRow } from '@cotton/sdk/contracts';
import { complainCalls, complainCodes } from '@cotton/sdk/calls';
import locale from '../../locale/zh-CN';
import { ComplaintDetail } from './complaint-detail';
import { getComplaintColumns, getSearchFields, getSuperQueryFields, type ComplaintFilters } from './fields';
import styles from './style/index.module.css';

function createComplaintStore() {
  const t = locale;
  return createListStore<AdminComplaintRow, ComplaintFilters>({
    rowKey: 'id',
    columns: getComplaintColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: { list: complainCalls.page, export: complainCalls.export },
    permissions: { export: complainCodes.list },
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
  const [store] = useState(createComplaintStore);
  const [shown, setShown] = useState<AdminComplaintRow | null>(null);

  return (
    <div className={styles.container} data-testid="complaint-inbox">
      <ListPage<AdminComplaintRow, ComplaintFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['complaint.title']}
          </Typography.Title>
        }
        rowActions={(row) => (
          <Button type="text" size="small" data-testid={`complaint-view-${row.id}`} onClick={() => setShown(row)}>
            {t['complaint.view']}
          </Button>
        )}
        rowActionsWidth={90}
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
