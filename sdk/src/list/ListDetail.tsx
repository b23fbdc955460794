import { isValidElement, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Drawer, Spin } from '@arco-design/web-react';
import { DASH } from '../format';
import { canRetry, toApiError } from '../request/api-error';
import { request } from '../request/client';
import { EllipsisWholeContext } from '../widgets/ellipsis-text/EllipsisText';
import styles from './ListPage.module.css';
import type { ListConfig, ListDetailConfig, ListDetailRecord } from './types';
import { useTabDrawer } from '../workspace/workspace-page';

/** The 详情 drawer's texts. */
export const LIST_DETAIL_MESSAGES = {
  title: '详情',
  loading: '正在加载详情…',
  failed: '详情加载失败',
  retry: '重试',
} as const;

interface DetailLine<Row> {
  key: string;
  label: string;
  render: (record: ListDetailRecord<Row>) => ReactNode;
}

/** A value as a line shows it: `--` for nothing, 是 / 否, lists joined, objects as JSON. */
function shown(value: unknown): ReactNode {
  if (value === null || value === undefined) return DASH;
  if (typeof value === 'string') return value.trim() === '' ? DASH : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (isValidElement(value)) return value;
  if (Array.isArray(value)) {
    if (value.length === 0) return DASH;
    if (value.every((item) => isValidElement(item))) return value as ReactNode;
    return value
      .map((item) => (typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item)))
      .join('、');
  }
  return JSON.stringify(value);
}

/**
 * What 详情 reads of a list: its key and columns. A page without a list store (a tree) hands
 * its own.
 */
export type ListDetailSource<Row> = Pick<ListConfig<Row>, 'rowKey' | 'columns'>;

/** The lines of a row's detail: the columns (bar `omit`), each `fields` entry in its column's place or after. */
export function detailLines<Row extends object>(
  config: ListDetailSource<Row>,
  detail: ListDetailConfig<Row>,
): DetailLine<Row>[] {
  const omitted = new Set(detail.omit ?? []);
  const fields = detail.fields ?? [];
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const lines: DetailLine<Row>[] = [];
  for (const column of config.columns) {
    if (omitted.has(column.dataIndex)) continue;
    const field = byKey.get(column.dataIndex);
    if (field) {
      lines.push(field);
      continue;
    }
    lines.push({
      key: column.dataIndex,
      label: column.title,
      render: (record) => {
        const value = (record as Record<string, unknown>)[column.dataIndex];
        return column.render ? column.render(value, record, 0) : (value as ReactNode);
      },
    });
  }
  const columnKeys = new Set(config.columns.map((column) => column.dataIndex));
  for (const field of fields) if (!columnKeys.has(field.key)) lines.push(field);
  return lines;
}

type Loaded<Row> =
  | { state: 'loading' }
  | { state: 'failed'; message: string; retry: boolean }
  | { state: 'ready'; record: ListDetailRecord<Row> };

/** The record to show: the row itself, or the row with what `load` answers over it. */
function useDetailRecord<Row extends object>(
  config: ListDetailSource<Row>,
  detail: ListDetailConfig<Row>,
  row: Row,
): { loaded: Loaded<Row>; retry: () => void } {
  const load = detail.load;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<Row>>(() =>
    load ? { state: 'loading' } : { state: 'ready', record: row as ListDetailRecord<Row> },
  );
  useEffect(() => {
    if (!load) {
      setLoaded({ state: 'ready', record: row as ListDetailRecord<Row> });
      return;
    }
    let current = true;
    setLoaded({ state: 'loading' });
    const body = load.body ? load.body(row) : { id: String(row[config.rowKey]) };
    request.call(load.call, body as never).then(
      (answer: unknown) => {
        if (!current) return;
        const extra = answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
        setLoaded({ state: 'ready', record: { ...row, ...extra } as ListDetailRecord<Row> });
      },
      (failure: unknown) => {
        if (current) setLoaded({ state: 'failed', message: toApiError(failure).message, retry: canRetry(failure) });
      },
    );
    return () => {
      current = false;
    };
  }, [config, load, row, attempt]);
  return { loaded, retry: () => setAttempt((n) => n + 1) };
}

function DetailBody<Row extends object>({
  config,
  detail,
  row,
}: {
  config: ListDetailSource<Row>;
  detail: ListDetailConfig<Row>;
  row: Row;
}) {
  const { loaded, retry } = useDetailRecord(config, detail, row);
  if (loaded.state === 'loading') {
    return (
      <div className={styles.detailState} data-testid="list-detail-loading">
        <Spin tip={LIST_DETAIL_MESSAGES.loading} />
      </div>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <div className={styles.detailState} role="alert" data-testid="list-detail-failed">
        <strong>{LIST_DETAIL_MESSAGES.failed}</strong>
        <span>{loaded.message}</span>
        {/* A refusal (no such record, no right to it) fails the same way again: no 重试 for it. */}
        {loaded.retry && (
          <Button type="primary" onClick={retry}>
            {LIST_DETAIL_MESSAGES.retry}
          </Button>
        )}
      </div>
    );
  }
  const { record } = loaded;
  return (
    <EllipsisWholeContext.Provider value={true}>
      <dl className={styles.detail} data-testid="list-detail">
        {detailLines(config, detail).map((line) => (
          <div key={line.key} className={styles.detailLine}>
            <dt>{line.label}</dt>
            <dd data-testid={`list-detail-${line.key}`}>{shown(line.render(record))}</dd>
          </div>
        ))}
      </dl>
    </EllipsisWholeContext.Provider>
  );
}

export interface ListDetailDrawerProps<Row extends object> {
  /** The list's config, or a tree page's own key and columns. */
  config: ListDetailSource<Row>;
  detail: ListDetailConfig<Row>;
  /** The row shown; `null`: closed. */
  row: Row | null;
  onClose: () => void;
  /** After the drawer has gone (focus goes back to the button that opened it). */
  afterClose: () => void;
}

/** 详情: a row read-only, every column with its title, in a drawer that Esc closes. */
export function ListDetailDrawer<Row extends object>({
  config,
  detail,
  row,
  onClose,
  afterClose,
}: ListDetailDrawerProps<Row>) {
  // The row stays drawn while the drawer slides out.
  const [shownRow, setShownRow] = useState<Row | null>(row);
  useEffect(() => {
    if (row) setShownRow(row);
  }, [row]);
  // A drawer of the page belongs to its tab (kept open, as left, when switching tabs and back).
  const tabDrawer = useTabDrawer();
  return (
    <Drawer
      {...tabDrawer}
      title={LIST_DETAIL_MESSAGES.title}
      width={560}
      visible={row !== null}
      footer={null}
      onCancel={onClose}
      afterClose={() => {
        setShownRow(null);
        afterClose();
      }}
      autoFocus
      unmountOnExit
    >
      {shownRow && <DetailBody key={String(shownRow[config.rowKey])} config={config} detail={detail} row={shownRow} />}
    </Drawer>
  );
}
