import { useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { Button, Table } from '@arco-design/web-react';
import type { TableColumnProps, TableProps } from '@arco-design/web-react';
import { IconSettings } from '@arco-design/web-react/icon';
import { LazySuspense, lazyPart } from '../../lazy/lazyPart';
import { storage } from '../../storage';
import styles from './ColumnSettingTable.module.css';

export interface ColumnSettingTableProps<T> extends TableProps<T> {
  /** Each column needs a `key` or a `dataIndex`: it identifies the column in the setting. */
  columns: TableColumnProps<T>[];
  /** Remembers the hidden columns in local storage under this name. */
  storageKey?: string;
  /** Shown left of the 列设置 button, e.g. 新增 or 导出 buttons. */
  toolbar?: ReactNode;
  /** Hears the hidden columns' keys: once at mount (the stored setting) and on each 确定. */
  onHiddenChange?: (hidden: string[]) => void;
  /**
   * Keys of columns that are not data (操作): always shown and not offered in the setting, so
   * hiding columns can never leave a table of actions only.
   */
  fixedKeys?: string[];
  /**
   * A header that stays in view while the page scrolls (spec: "fixed header"): `true`
   * sticks it to the top of the window, a CSS length (`'48px'`, `'var(--x)'`) or a number of
   * pixels below a sticky page header. The body still scrolls sideways, in step with it.
   */
  stickyHeader?: boolean | number | string;
}

/** Shown in the drawer while one data column is left (its box cannot be unchecked). */
export const LAST_COLUMN_HINT = '至少保留一列数据，最后一列不能隐藏';

/** The 列设置 drawer: its own chunk, loaded on the first click of 列设置. */
const ColumnSettingDrawer = lazyPart(
  () => import('./ColumnSettingDrawer').then((module) => module.default),
  'ColumnSettingDrawer',
);

const storageName = (key: string) => `columnSetting:${key}`;

function columnKey<T>(column: TableColumnProps<T>, index: number): string {
  const key = column.key ?? column.dataIndex;
  return key === undefined || key === null ? `#${index}` : String(key);
}

function readHidden(storageKey: string | undefined): string[] {
  if (!storageKey) return [];
  const stored = storage.get<unknown>(storageName(storageKey));
  return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
}

/**
 * An Arco Table whose top-level columns the user can hide: 列设置 opens a drawer of
 * checkboxes; 确定 applies, 取消 (or closing) discards. The last visible data column cannot be
 * unchecked (the drawer says so); `fixedKeys` (操作) are always shown. All Table props pass
 * through; `stickyHeader` keeps the header in view.
 */
export function ColumnSettingTable<T>({
  columns,
  storageKey,
  toolbar,
  onHiddenChange,
  fixedKeys,
  stickyHeader,
  ...tableProps
}: ColumnSettingTableProps<T>) {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(storageKey));
  const hear = useRef(onHiddenChange);
  hear.current = onHiddenChange;
  useEffect(() => {
    hear.current?.(hidden);
  }, [hidden]);
  const [draft, setDraft] = useState<string[] | null>(null);
  // The drawer is built on first use (most visitors never open it), then kept so that it
  // closes with its animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (draft !== null && !drawerUsed) setDrawerUsed(true);

  const fixedKey = (fixedKeys ?? []).join(',');
  const { all, keyed } = useMemo(() => {
    const fixed = fixedKey ? fixedKey.split(',') : [];
    const every = columns.map((column, index) => ({ column, key: columnKey(column, index) }));
    return { all: every, keyed: every.filter(({ key }) => !fixed.includes(key)) };
  }, [columns, fixedKey]);

  const visibleColumns = useMemo(() => {
    const shown = keyed.filter(({ key }) => !hidden.includes(key));
    // A stored setting may hide every data column of a since-changed table: show them all then.
    const chosen = new Set((shown.length > 0 ? shown : keyed).map(({ key }) => key));
    return all.filter(({ key }) => chosen.has(key) || !keyed.some((c) => c.key === key)).map(({ column }) => column);
  }, [all, keyed, hidden]);

  const drawerColumns = useMemo(() => keyed.map(({ column, key }) => ({ key, title: column.title ?? key })), [keyed]);

  const toggle = (key: string, checked: boolean) => {
    setDraft((current) => {
      const base = current ?? [];
      return checked ? base.filter((k) => k !== key) : [...base, key];
    });
  };

  const apply = () => {
    const next = (draft ?? []).filter((key) => keyed.some((c) => c.key === key));
    setHidden(next);
    if (storageKey) storage.set(storageName(storageKey), next);
    setDraft(null);
  };

  const sticky =
    stickyHeader === undefined || stickyHeader === false
      ? null
      : stickyHeader === true
        ? '0px'
        : typeof stickyHeader === 'number'
          ? `${stickyHeader}px`
          : stickyHeader;

  return (
    <div className="cotton-column-setting-table">
      <div
        className="cotton-column-setting-table-toolbar"
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12 }}
      >
        <div>{toolbar}</div>
        <Button
          icon={<IconSettings />}
          onClick={() => setDraft(hidden.filter((key) => keyed.some((c) => c.key === key)))}
        >
          列设置
        </Button>
      </div>
      <Table<T>
        {...tableProps}
        {...(sticky ? { scroll: { ...tableProps.scroll, y: true } } : {})}
        className={[tableProps.className, sticky ? styles.sticky : ''].filter(Boolean).join(' ') || undefined}
        style={sticky ? ({ ...tableProps.style, '--cotton-sticky-top': sticky } as CSSProperties) : tableProps.style}
        columns={visibleColumns}
      />
      {drawerUsed && (
        <LazySuspense fallback={null}>
          <ColumnSettingDrawer
            visible={draft !== null}
            columns={drawerColumns}
            draft={draft}
            lastColumnHint={LAST_COLUMN_HINT}
            onToggle={toggle}
            onOk={apply}
            onCancel={() => setDraft(null)}
          />
        </LazySuspense>
      )}
    </div>
  );
}
