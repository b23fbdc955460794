import { useId, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { LazySuspense, lazyPart } from '../../lazy/lazyPart';
import { storage } from '../../storage';
import styles from './LightTable.module.css';

/** One column of a {@link LightTable}. */
export interface LightTableColumn<T> {
  /** Identifies the column (React key, the column setting's stored key). */
  key: string;
  /** The header: text, or an element (then give `label` for the column setting). */
  title: ReactNode;
  /** The header as plain text where an element does not fit (column setting). Default: `title`. */
  label?: string;
  /** The cell. Default: the row's field named `key`, as text. */
  render?: (row: T, index: number) => ReactNode;
  /** Width in px (the table has `table-layout: fixed`). */
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Stays in view while the table scrolls sideways. */
  fixed?: 'left' | 'right';
  /** Sorting in the browser: the header becomes a button cycling ascending → descending → none. */
  sorter?: (a: T, b: T) => number;
}

export type LightTableSortOrder = 'ascending' | 'descending';

export interface LightTableProps<T> {
  columns: LightTableColumn<T>[];
  data: readonly T[];
  /** The row's key: a field name, or a function of the row. */
  rowKey: keyof T | ((row: T) => string);
  /** The table's accessible name (also `caption`, shown). One of them is needed. */
  'aria-label'?: string;
  /** A visible caption above the table (its accessible name). */
  caption?: ReactNode;
  /** Shows the loading state: the rows dimmed under a spinner, `aria-busy` on the table. */
  loading?: boolean;
  /** What the empty table says (not while loading). Default `暂无数据`. */
  empty?: ReactNode;
  /** Cell borders (Arco's bordered look). Default true. */
  bordered?: boolean;
  /**
   * The width (px) below which the table scrolls sideways in its own box. Default: the sum of
   * the columns' widths.
   */
  minWidth?: number;
  /**
   * The header stays in view while the page scrolls: `true` at the top of the window, a CSS
   * length (`'var(--shell-navbar-height, 48px)'`) or a number of px below a sticky page header.
   */
  stickyHeader?: boolean | number | string;
  /**
   * 列设置: the visitor hides columns (a drawer of checkboxes, loaded on first use). `storageKey`
   * remembers the choice; `fixedKeys` (操作) are never offered and always shown.
   */
  columnSetting?: { storageKey?: string; fixedKeys?: string[] } | false;
  /** Shown left of the 列设置 button. */
  toolbar?: ReactNode;
  /** Initial browser-side sort. */
  defaultSort?: { key: string; order: LightTableSortOrder };
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** Shown in the column setting while one data column is left (its box cannot be unchecked). */
export const LIGHT_TABLE_LAST_COLUMN_HINT = '至少保留一列数据，最后一列不能隐藏';

const ColumnSettingDrawer = lazyPart(
  () => import('../column-setting-table/ColumnSettingDrawer').then((module) => module.default),
  'ColumnSettingDrawer',
);

const storageName = (key: string) => `columnSetting:${key}`;

function readHidden(storageKey: string | undefined): string[] {
  if (!storageKey) return [];
  const stored = storage.get<unknown>(storageName(storageKey));
  return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
}

function cellText(value: unknown): ReactNode {
  return value === null || value === undefined ? '' : String(value);
}

function stickyTop(stickyHeader: LightTableProps<unknown>['stickyHeader']): string | null {
  if (stickyHeader === undefined || stickyHeader === false) return null;
  if (stickyHeader === true) return '0px';
  return typeof stickyHeader === 'number' ? `${stickyHeader}px` : stickyHeader;
}

const NEXT_ORDER: Record<'none' | LightTableSortOrder, LightTableSortOrder | null> = {
  none: 'ascending',
  ascending: 'descending',
  descending: null,
};

/**
 * A plain-element table for public pages, where Arco's Table costs more than it gives: a
 * `<table>` with `<th scope="col">` headers, an accessible name (`aria-label` or `caption`),
 * fixed column widths (no measuring of cells), columns fixed left/right while it scrolls
 * sideways in its own box, a header that can stay in view under the page's header, loading
 * (`aria-busy`) and empty states, browser-side sorting (`aria-sort`, header buttons) and the
 * same 列设置 as `ColumnSettingTable` (same storage, same drawer). Class names are
 * `cotton-light-table*` (stable, for tests and themes).
 *
 * With `stickyHeader` the header is drawn twice: once visible above the rows (hidden from
 * assistive technology, it scrolls sideways in step with the rows) and once inside the
 * table of rows as its `<thead>`, zero height, for screen readers (its sort buttons are the
 * ones in the tab order; the visible ones take the pointer).
 */
export function LightTable<T>({
  columns,
  data,
  rowKey,
  'aria-label': ariaLabel,
  caption,
  loading = false,
  empty = '暂无数据',
  bordered = true,
  minWidth,
  stickyHeader,
  columnSetting = false,
  toolbar,
  defaultSort,
  className,
  style,
  'data-testid': testId,
}: LightTableProps<T>) {
  const storageKey = columnSetting ? columnSetting.storageKey : undefined;
  const fixedKey = columnSetting ? (columnSetting.fixedKeys ?? []).join(',') : '';
  const [hidden, setHidden] = useState<string[]>(() => readHidden(storageKey));
  const [draft, setDraft] = useState<string[] | null>(null);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (draft !== null && !drawerUsed) setDrawerUsed(true);
  const [sort, setSort] = useState<{ key: string; order: LightTableSortOrder } | null>(defaultSort ?? null);

  const fixed = useMemo(() => (fixedKey ? fixedKey.split(',') : []), [fixedKey]);
  const keyed = useMemo(() => columns.filter((column) => !fixed.includes(column.key)), [columns, fixed]);
  const shown = useMemo(() => {
    if (!columnSetting) return columns;
    const visible = keyed.filter((column) => !hidden.includes(column.key));
    // A stored setting may hide every data column of a since-changed table: show them all then.
    const chosen = new Set((visible.length > 0 ? visible : keyed).map((column) => column.key));
    return columns.filter((column) => chosen.has(column.key) || fixed.includes(column.key));
  }, [columnSetting, columns, keyed, hidden, fixed]);

  const rows = useMemo(() => {
    const column = sort && columns.find((c) => c.key === sort.key);
    if (!sort || !column?.sorter) return data;
    const sorter = column.sorter;
    const sign = sort.order === 'ascending' ? 1 : -1;
    return [...data].sort((a, b) => sign * sorter(a, b));
  }, [data, sort, columns]);

  const width = minWidth ?? shown.reduce((sum, column) => sum + (column.width ?? 100), 0);
  const top = stickyTop(stickyHeader);
  const keyOf = (row: T, index: number) =>
    typeof rowKey === 'function' ? rowKey(row) : String(row[rowKey] ?? `#${index}`);

  // Fixed columns' offsets: the sum of the widths of the fixed columns before (after) them.
  const offsets = useMemo(() => {
    const at = new Map<string, number>();
    let left = 0;
    for (const column of shown) {
      if (column.fixed !== 'left') continue;
      at.set(column.key, left);
      left += column.width ?? 100;
    }
    let right = 0;
    for (const column of [...shown].reverse()) {
      if (column.fixed !== 'right') continue;
      at.set(column.key, right);
      right += column.width ?? 100;
    }
    return at;
  }, [shown]);

  const cellClass = (column: LightTableColumn<T>) =>
    [
      column.align === 'right' ? styles.right : column.align === 'center' ? styles.center : '',
      column.fixed ? styles.fixed : '',
      column.fixed === 'left' ? styles['fixed-left'] : column.fixed === 'right' ? styles['fixed-right'] : '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;
  const cellStyle = (column: LightTableColumn<T>): CSSProperties | undefined =>
    column.fixed === 'left'
      ? { left: offsets.get(column.key) }
      : column.fixed === 'right'
        ? { right: offsets.get(column.key) }
        : undefined;

  const colgroup = (
    <colgroup>
      {shown.map((column) => (
        <col key={column.key} style={{ width: column.width ?? 100 }} />
      ))}
    </colgroup>
  );

  // The rows' own header under a visible sticky one: its cells' content visually hidden.
  const headerCells = (interactive: boolean, srOnly = false) =>
    shown.map((column) => {
      const wrap = (content: ReactNode) => (srOnly ? <span className={styles['sr-only']}>{content}</span> : content);
      const order = sort?.key === column.key ? sort.order : 'none';
      const label = column.label ?? (typeof column.title === 'string' ? column.title : column.key);
      return (
        <th
          key={column.key}
          scope="col"
          className={[styles.th, 'cotton-light-table-th', cellClass(column)].filter(Boolean).join(' ')}
          style={cellStyle(column)}
          aria-sort={interactive && column.sorter ? order : undefined}
        >
          {wrap(
            column.sorter ? (
              <button
                type="button"
                className={styles.sorter}
                tabIndex={interactive ? undefined : -1}
                onClick={() => {
                  const next = NEXT_ORDER[order];
                  setSort(next ? { key: column.key, order: next } : null);
                }}
                aria-label={interactive ? `${label}，排序` : undefined}
              >
                {column.title}
                <span className={styles['sort-icon']} data-order={order} aria-hidden="true" />
              </button>
            ) : (
              column.title
            ),
          )}
        </th>
      );
    });

  const headScroller = useRef<HTMLDivElement>(null);
  const captionId = useId();

  const body = (
    <tbody>
      {rows.length === 0 ? (
        <tr className={[styles['empty-row'], 'cotton-light-table-empty-row'].join(' ')}>
          <td colSpan={shown.length} className={styles.empty}>
            {loading ? null : empty}
          </td>
        </tr>
      ) : (
        rows.map((row, index) => (
          <tr key={keyOf(row, index)} className={styles.tr} data-row-key={keyOf(row, index)}>
            {shown.map((column) => (
              <td
                key={column.key}
                className={[styles.td, cellClass(column)].filter(Boolean).join(' ')}
                style={cellStyle(column)}
              >
                {column.render ? column.render(row, index) : cellText(row[column.key as keyof T])}
              </td>
            ))}
          </tr>
        ))
      )}
    </tbody>
  );

  const tableClass = [styles.table, bordered ? styles.bordered : ''].filter(Boolean).join(' ');
  const tableStyle: CSSProperties = { minWidth: width };

  return (
    <div
      className={['cotton-light-table', styles.wrapper, className].filter(Boolean).join(' ')}
      style={top ? ({ ...style, '--cotton-light-table-top': top } as CSSProperties) : style}
      data-testid={testId}
    >
      {columnSetting || toolbar ? (
        <div className={styles.toolbar}>
          <div>{toolbar}</div>
          {columnSetting && (
            <button
              type="button"
              className={styles['setting-button']}
              onClick={() => setDraft(hidden.filter((key) => keyed.some((c) => c.key === key)))}
            >
              <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className={styles.icon}>
                <path d="M18.797 6.732A1 1 0 0 1 19.76 6h8.48a1 1 0 0 1 .964.732l1.285 4.628a1 1 0 0 0 1.213.7l4.651-1.2a1 1 0 0 1 1.116.468l4.24 7.344a1 1 0 0 1-.153 1.2L38.193 23.3a1 1 0 0 0 0 1.402l3.364 3.427a1 1 0 0 1 .153 1.2l-4.24 7.344a1 1 0 0 1-1.116.468l-4.65-1.2a1 1 0 0 0-1.214.7l-1.285 4.628a1 1 0 0 1-.964.732h-8.48a1 1 0 0 1-.963-.732L17.51 36.64a1 1 0 0 0-1.213-.7l-4.65 1.2a1 1 0 0 1-1.116-.468l-4.24-7.344a1 1 0 0 1 .153-1.2L9.809 24.7a1 1 0 0 0 0-1.402l-3.364-3.427a1 1 0 0 1-.153-1.2l4.24-7.344a1 1 0 0 1 1.116-.468l4.65 1.2a1 1 0 0 0 1.214-.7l1.285-4.628Z" />
                <path d="M30 24a6 6 0 1 1-12 0 6 6 0 0 1 12 0Z" />
              </svg>
              列设置
            </button>
          )}
        </div>
      ) : null}
      <div className={styles.frame} aria-busy={loading ? 'true' : 'false'} data-loading={loading || undefined}>
        {top && (
          // The visible header: sticks under the page's header, scrolls sideways with the rows.
          <div
            ref={headScroller}
            className={[styles.head, 'cotton-light-table-head'].join(' ')}
            aria-hidden="true"
            data-testid="light-table-head"
          >
            <table className={tableClass} style={tableStyle}>
              {colgroup}
              <thead>
                <tr>{headerCells(false)}</tr>
              </thead>
            </table>
          </div>
        )}
        <div
          className={[styles.scroller, 'cotton-light-table-scroller'].join(' ')}
          onScroll={
            top
              ? (event) => {
                  if (headScroller.current) headScroller.current.scrollLeft = event.currentTarget.scrollLeft;
                }
              : undefined
          }
        >
          <table
            className={tableClass}
            style={tableStyle}
            aria-label={caption ? undefined : ariaLabel}
            aria-labelledby={caption ? captionId : undefined}
          >
            {caption ? (
              <caption id={captionId} className={styles.caption}>
                {caption}
              </caption>
            ) : null}
            {colgroup}
            <thead className={top ? styles['sr-head'] : undefined}>
              <tr>{headerCells(true, Boolean(top))}</tr>
            </thead>
            {body}
          </table>
        </div>
        {loading && <span className={styles.spinner} role="status" aria-label="加载中" />}
      </div>
      {drawerUsed && columnSetting && (
        <LazySuspense fallback={null}>
          <ColumnSettingDrawer
            visible={draft !== null}
            columns={keyed.map((column) => ({ key: column.key, title: column.title ?? column.key }))}
            draft={draft}
            lastColumnHint={LIGHT_TABLE_LAST_COLUMN_HINT}
            onToggle={(key, checked) =>
              setDraft((current) => {
                const base = current ?? [];
                return checked ? base.filter((k) => k !== key) : [...base, key];
              })
            }
            onOk={() => {
              const next = (draft ?? []).filter((key) => keyed.some((c) => c.key === key));
              setHidden(next);
              if (storageKey) storage.set(storageName(storageKey), next);
              setDraft(null);
            }}
            onCancel={() => setDraft(null)}
          />
        </LazySuspense>
      )}
    </div>
  );
}
