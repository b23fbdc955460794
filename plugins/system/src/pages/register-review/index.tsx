import { useState } from 'react';
import { Spin, Typography } from '@arco-design/web-react';
import { ListPage, createListStore } from '@cotton/sdk';
import type { AdminRegisterApplyRow } from '@cotton/sdk/contracts';
import type { CodeValue } from '@cotton/sdk';
import { registerReviewCalls, registerReviewCodes } from '@cotton/sdk/calls';
import { getRegisterReviewColumns } from './columns';
import { ReviewDrawer, type ReviewDrawerTarget } from './components/ReviewDrawer';
import { StatusFilter } from './components/StatusFilter';
import { getSearchFields } from './fields';
import type { RegisterReviewFilters } from './fields';
import { useServiceAreas } from './hooks/useServiceAreas';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

function createRegisterReviewStore(areas: readonly CodeValue[], open: (row: AdminRegisterApplyRow) => void) {
  const t = locale;
  // Reviewers decide and export; nobody adds, edits, deletes or imports applications here.
  return createListStore<AdminRegisterApplyRow, RegisterReviewFilters>({
    rowKey: 'id',
    columns: getRegisterReviewColumns(t),
    searchFields: getSearchFields(t, areas),
    calls: { list: registerReviewCalls.page, export: registerReviewCalls.export },
    permissions: { export: registerReviewCodes.export },
    exportFileName: '注册审核.xlsx',
    // 查看 opens the application whole (sections, files, history): more than a 详情 of the columns.
    detail: false,
    rowActions: {
      testIdPrefix: 'register-review',
      actions: [
        { key: 'view', label: t['registerReview.view'], onClick: open },
        {
          key: 'audit',
          label: t['registerReview.review'],
          permission: registerReviewCodes.review,
          visible: (row) => row.status === '0',
          status: 'warning',
          onClick: open,
        },
      ],
      width: 130,
    },
    // Newest submissions first (the default sort, `createTime` descending); no status chosen: all of them.
    storageKey: 'system-register-review-list',
  });
}

/**
 * 系统管理 › 注册审核 (`/system/register`, `register:review`): the enterprise registration
 * applications on the generic admin list (getApplyPage), 审核状态 one click away, and a
 * drawer to read an application — every section, its files, the review history — and decide
 * on one that waits: 审核通过, 退回修改 or 驳回.
 */
export function RegisterReviewList() {
  const areas = useServiceAreas();
  const t = locale;
  if (!areas) {
    return (
      <div className={styles.container} data-testid="register-review-list">
        <Typography.Title heading={5} className={styles.title}>
          {t['registerReview.title']}
        </Typography.Title>
        <div className={styles.loading}>
          <Spin />
        </div>
      </div>
    );
  }
  return <RegisterReviewScreen areas={areas} />;
}

function RegisterReviewScreen({ areas }: { areas: readonly CodeValue[] }) {
  const t = locale;
  const [target, setTarget] = useState<ReviewDrawerTarget>({ id: null, visible: false, opening: 0 });
  const [store] = useState(() =>
    createRegisterReviewStore(areas, (row) =>
      setTarget((current) => ({ id: row.id, visible: true, opening: current.opening + 1 })),
    ),
  );

  return (
    <div className={styles.container} data-testid="register-review-list">
      <div data-testid="register-review-table">
        <ListPage<AdminRegisterApplyRow, RegisterReviewFilters>
          store={store}
          header={
            <>
              <Typography.Title heading={5} className={styles.title}>
                {t['registerReview.title']}
              </Typography.Title>
              <StatusFilter t={t} store={store} />
            </>
          }
        />
      </div>
      <ReviewDrawer
        t={t}
        target={target}
        onClose={() => setTarget((current) => ({ ...current, visible: false }))}
        onDecided={() => void store.load()}
      />
    </div>
  );
}
