import { useState } from 'react';
import { AdminListPage, adminColumns } from '@cotton/sdk';
import type { CodeValue, ListConfig } from '@cotton/sdk';
import type { AdminRegisterApplyRow } from '@cotton/sdk/contracts';
import { registerReviewCalls, registerReviewCodes } from '@cotton/sdk/calls';
import { getRegisterReviewColumns } from './columns';
import { ReviewDrawer, type ReviewDrawerTarget } from './components/ReviewDrawer';
import { StatusFilter } from './components/StatusFilter';
import type { RegisterReviewFilters } from './fields';
import { useServiceAreas } from './hooks/useServiceAreas';
import locale from './locale/zh-CN';

const t = locale;

/** Reviewers decide and export; nobody adds, edits, deletes or imports applications here. */
function reviewList(
  areas: readonly CodeValue[],
  open: (row: AdminRegisterApplyRow) => void,
): ListConfig<AdminRegisterApplyRow> {
  return {
    rowKey: 'id',
    ...adminColumns(getRegisterReviewColumns(t, areas), {
      // 查询 has always asked for the name, the code and the office before the type.
      searchOrder: ['traderName', 'uniformCreditCode', 'serviceAreaCode'],
    }),
    calls: { list: registerReviewCalls.page, export: registerReviewCalls.export },
    permissions: { export: registerReviewCodes.export },
    exportFileName: '注册审核.xlsx',
    // 查看 opens the application whole (sections, files, history): more than a 详情 of the columns.
    detail: false,
    rowActions: {
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
  };
}

/**
 * 系统管理 › 注册审核 (`/system/register`, `register:review`): the enterprise registration
 * applications on the generic admin list (getApplyPage), 审核状态 one click away, and a
 * drawer to read an application — every section, its files, the review history — and decide
 * on one that waits: 审核通过, 退回修改 or 驳回. The 所属服务区域 filter's options load first.
 */
export function RegisterReviewList() {
  const areas = useServiceAreas();
  const [target, setTarget] = useState<ReviewDrawerTarget>({ id: null, visible: false, opening: 0 });
  return (
    <AdminListPage<AdminRegisterApplyRow, RegisterReviewFilters>
      title={t['registerReview.title']}
      testId="register-review"
      waiting={!areas}
      list={() =>
        reviewList(areas ?? [], (row) =>
          setTarget((current) => ({ id: row.id, visible: true, opening: current.opening + 1 })),
        )
      }
      header={(page) => <StatusFilter t={t} store={page.store} />}
    >
      {(page) => (
        <ReviewDrawer
          t={t}
          target={target}
          onClose={() => setTarget((current) => ({ ...current, visible: false }))}
          onDecided={() => void page.reload()}
        />
      )}
    </AdminListPage>
  );
}
