import { IconArrowDown, IconArrowUp } from '@arco-design/web-react/icon';
import type { SortField, SortOrder } from '@cotton/sdk/contracts';
import type { ReceiptLocale } from '../../locale/zh-CN';
import styles from './style/index.module.css';

export const SORT_TABS: SortField[] = ['batchNumber', 'warehouseReceiptNumber', 'length'];

export interface SortTabsProps {
  t: ReceiptLocale;
  value: { field: SortField; order: SortOrder } | null;
  onChange: (value: { field: SortField; order: SortOrder }) => void;
}

/** The next sort when a tab is clicked: a new field starts ascending; the active one flips. */
export function nextSort(current: SortTabsProps['value'], field: SortField): { field: SortField; order: SortOrder } {
  if (current?.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: 'asc' };
}

/** Sort tabs 批号 / 仓单号 / 长度; the active one shows its direction with an arrow. */
export function SortTabs({ t, value, onChange }: SortTabsProps) {
  return (
    <div className={styles['sort-tabs']} role="group" data-testid="bid-sort">
      {SORT_TABS.map((field) => {
        const active = value?.field === field;
        const order = active ? value.order : null;
        return (
          <button
            type="button"
            key={field}
            className={active ? `${styles['sort-tab']} ${styles['sort-tab-active']}` : styles['sort-tab']}
            aria-pressed={active}
            data-order={order ?? undefined}
            data-testid={`sort-${field}`}
            title={order ? t[order === 'asc' ? 'bid.sort.asc' : 'bid.sort.desc'] : undefined}
            onClick={() => onChange(nextSort(value, field))}
          >
            {t[`bid.sort.${field}`]}
            <span className={styles['sort-arrows']} aria-hidden="true">
              <IconArrowUp className={order === 'asc' ? styles['arrow-on'] : styles['arrow-off']} />
              <IconArrowDown className={order === 'desc' ? styles['arrow-on'] : styles['arrow-off']} />
            </span>
          </button>
        );
      })}
    </div>
  );
}
