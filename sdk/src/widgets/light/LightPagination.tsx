import type { CSSProperties } from 'react';
import styles from './LightForm.module.css';

export interface LightPaginationProps {
  /** 1-based page number. */
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** The navigation's accessible name. Default `分页`. */
  'aria-label'?: string;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** `'…'` marks a gap. Always the first and last pages, and two either side of the current one. */
export function pageItems(current: number, pages: number): Array<number | '…'> {
  const items: Array<number | '…'> = [];
  const from = Math.max(2, current - 2);
  const to = Math.min(pages - 1, current + 2);
  items.push(1);
  // A gap stands for two pages or more: one page is shown itself.
  if (from === 3) items.push(2);
  else if (from > 3) items.push('…');
  for (let page = from; page <= to; page++) items.push(page);
  if (to === pages - 2) items.push(pages - 1);
  else if (to < pages - 2) items.push('…');
  if (pages > 1) items.push(pages);
  return items;
}

/**
 * Numbered paging with plain buttons (Arco Pagination's look, a fraction of its code): `<nav>`
 * with 上一页, the pages (the current one `aria-current="page"`, gaps as …) and 下一页.
 */
export function LightPagination({
  current,
  pageSize,
  total,
  onChange,
  'aria-label': ariaLabel = '分页',
  className,
  style,
  'data-testid': testId,
}: LightPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const page = Math.min(Math.max(1, current), pages);
  const go = (to: number) => {
    if (to !== page && to >= 1 && to <= pages) onChange(to);
  };
  return (
    <nav
      className={['cotton-light-pagination', styles.pagination, className].filter(Boolean).join(' ')}
      style={style}
      aria-label={ariaLabel}
      data-testid={testId}
    >
      <button
        type="button"
        className={styles['page-item']}
        disabled={page <= 1}
        onClick={() => go(page - 1)}
        aria-label="上一页"
      >
        <span aria-hidden="true">‹</span>
      </button>
      {pageItems(page, pages).map((item, index) =>
        item === '…' ? (
          <span key={`gap-${index}`} className={styles['page-gap']} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={styles['page-item']}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`第 ${item} 页`}
            onClick={() => go(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={styles['page-item']}
        disabled={page >= pages}
        onClick={() => go(page + 1)}
        aria-label="下一页"
      >
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
