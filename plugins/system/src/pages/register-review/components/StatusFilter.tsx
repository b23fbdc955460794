import { Radio } from '@arco-design/web-react';
import { observer } from 'mobx-react-lite';
import type { AdminRegisterApplyRow, RegisterApplyStatus } from '@cotton/sdk/contracts';
import type { ListStore } from '@cotton/sdk';
import { statusOptions, type RegisterReviewFilters } from '../fields';
import type { RegisterReviewLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

const ALL = 'all';

export interface StatusFilterProps {
  t: RegisterReviewLocale;
  store: ListStore<AdminRegisterApplyRow, RegisterReviewFilters>;
}

/**
 * 审核状态 above the search form: 全部 (the default) or one status, 待审核 first, in one
 * click. It keeps what the search form last searched; the form's 重置 brings it back to 全部.
 */
export const StatusFilter = observer(function StatusFilter({ t, store }: StatusFilterProps) {
  const current = store.filters.status ?? ALL;
  return (
    <div className={styles.statusFilter}>
      <span>{t['registerReview.statusFilter']}</span>
      <Radio.Group
        type="button"
        value={current}
        aria-label={t['registerReview.statusFilter']}
        data-testid="register-review-status"
        onChange={(value: string) =>
          void store.search({
            ...store.filters,
            status: value === ALL ? undefined : (value as RegisterApplyStatus),
          })
        }
        options={[{ label: t['registerReview.status.all'], value: ALL }, ...statusOptions(t)]}
      />
    </div>
  );
});
