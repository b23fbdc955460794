import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactElement, ReactNode, RefObject } from 'react';
import {
  Badge,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Pagination,
  Radio,
  Select,
  Space,
} from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconDownload, IconFilter, IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { observer } from 'mobx-react-lite';
import type { ListPageSize, SuperQueryRule } from '../contracts/list';
import { useSession } from '../session/store';
import { ColumnSettingTable } from '../widgets/column-setting-table/ColumnSettingTable';
import { ChinaDatePicker } from './ChinaDatePicker';
import { ListDetailDrawer } from './ListDetail';
import { ListImportButtons, ListImportResultModal } from './ListImport';
import styles from './ListPage.module.css';
import { LIST_ACTION_LABELS, RowActionButtons, hasRowActions, rowActionsOf } from './ListRowActions';
import { LIST_PAGE_SIZE_OPTIONS } from './store';
import type { ListStore } from './store';
import { SUPER_QUERY_RULES_BY_TYPE, SUPER_QUERY_RULE_LABELS } from './super-query';
import type { ListDensity, ListSearchField, ListSuperQueryField, SuperQueryCondition } from './types';

/** The 操作 column's key: the column setting never hides it. */
const ACTION_COLUMN_KEYS = ['__actions'];

/** Row heights of the densities (px). */
export const LIST_ROW_HEIGHTS: Readonly<Record<ListDensity, number>> = { default: 54, middle: 46, small: 38 };

const DENSITY_LABELS: Record<ListDensity, string> = { default: '默认', middle: '中等', small: '紧凑' };

/** The widest a data column grows to show its values whole; longer ones end in an ellipsis. */
const MAX_FITTED_WIDTH = 360;

/** The cell marker: each value in a span naming its column, measured by `useFittedWidths`. */
const CELL_ATTRIBUTE = 'data-list-column';

/**
 * Widths (px) the columns need so that no value is cut: a cell whose one-line value overflows
 * it widens its column by that much. A column only grows (its given width is the least), data
 * columns up to {@link MAX_FITTED_WIDTH} (then an ellipsis), the 操作 column to its buttons.
 * Measured again when the rows, the density or the shown columns change, and when the list is
 * resized (first shown in a workspace tab that was hidden).
 */
function useFittedWidths(box: RefObject<HTMLDivElement | null>, deps: readonly unknown[]) {
  const [fitted, setFitted] = useState<Readonly<Record<string, number>>>({});
  useLayoutEffect(() => {
    const root = box.current;
    if (!root) return;
    measure(root);
    // A list first laid out in a hidden workspace tab is measured when it is shown.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure(root));
    observer.observe(root);
    return () => observer.disconnect();
    // The caller names what changes the cells.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  function measure(root: HTMLElement) {
    const needed: Record<string, number> = {};
    for (const cell of root.querySelectorAll<HTMLElement>(`.arco-table-body [${CELL_ATTRIBUTE}]`)) {
      const key = cell.getAttribute(CELL_ATTRIBUTE) ?? '';
      const wrapper = cell.closest<HTMLElement>('.arco-table-cell');
      const td = cell.closest<HTMLElement>('td');
      if (!wrapper || !td) continue;
      // What the one-line value overflows its cell by (0 when it fits, or is not laid out).
      const overflow = wrapper.scrollWidth - wrapper.clientWidth;
      if (overflow <= 0) continue;
      const width = Math.ceil(td.getBoundingClientRect().width + overflow) + 1;
      const capped = key === ACTION_COLUMN_KEYS[0] ? width : Math.min(width, MAX_FITTED_WIDTH);
      needed[key] = Math.max(needed[key] ?? 0, capped);
    }
    setFitted((current) => {
      const next = { ...current };
      let changed = false;
      for (const [key, width] of Object.entries(needed)) {
        if ((next[key] ?? 0) < width) {
          next[key] = width;
          changed = true;
        }
      }
      return changed ? next : current;
    });
  }
  return fitted;
}

/** The props of `<ListPage>`. */
export interface ListPageProps<Row extends object, Filters extends object> {
  /** The list's state (`createListStore`). */
  store: ListStore<Row, Filters>;
  /** Buttons left of the built-in ones (新增 …). */
  toolbar?: ReactNode;
  /**
   * More content of a row's 操作 cell, after the buttons the config draws.
   * @deprecated Declare 编辑 and the page's actions in the config's `rowActions`, so that the
   * list draws them by their codes; kept for plugins built before it.
   */
  rowActions?: (row: Row) => ReactNode;
  /** @deprecated The config's `rowActions.width`. */
  rowActionsWidth?: number;
  /** Height of the scrolled body under the fixed header (default 560). */
  scrollY?: number | string;
  /** Above the search form, e.g. the page's title. */
  header?: ReactNode;
}

/** The control of a search field (a direct child of its Form.Item, which gives it value and onChange). */
function searchControl(field: ListSearchField) {
  switch (field.kind) {
    case 'select':
      return (
        <Select
          allowClear
          placeholder={field.placeholder ?? `请选择${field.label}`}
          options={field.options ?? []}
          style={{ width: 200 }}
        />
      );
    case 'date':
      return <ChinaDatePicker placeholder={field.placeholder ?? `请选择${field.label}`} style={{ width: 200 }} />;
    default:
      return <Input allowClear placeholder={field.placeholder ?? `请输入${field.label}`} style={{ width: 200 }} />;
  }
}

function ListSearchForm<Row extends object, Filters extends object>({ store }: { store: ListStore<Row, Filters> }) {
  const [form] = Form.useForm();
  const fields = store.config.searchFields ?? [];
  if (fields.length === 0) return null;
  return (
    <div data-testid="list-search-form" style={{ marginBottom: 16 }}>
      <Form
        form={form}
        layout="inline"
        initialValues={store.filters}
        onSubmit={(values) => void store.search(values as Partial<Filters>)}
        style={{ rowGap: 16 }}
      >
        {fields.map((field) => (
          <Form.Item key={field.name} label={field.label} field={field.name}>
            {searchControl(field)}
          </Form.Item>
        ))}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<IconSearch />}>
              查询
            </Button>
            <Button
              icon={<IconRefresh />}
              onClick={() => {
                form.resetFields();
                void store.reset();
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
}

function ConditionValue({
  field,
  condition,
  onChange,
}: {
  field: ListSuperQueryField | undefined;
  condition: SuperQueryCondition;
  onChange: (value: SuperQueryCondition['value']) => void;
}) {
  const style = { width: 220 };
  if (condition.rule === 'empty' || condition.rule === 'not_empty') {
    return <Input disabled placeholder="无需填写" style={style} />;
  }
  if (field?.type === 'code') {
    const multiple = condition.rule === 'in';
    return (
      <Select
        aria-label="值"
        allowClear
        mode={multiple ? 'multiple' : undefined}
        placeholder="请选择"
        options={field.options ?? []}
        value={condition.value ?? undefined}
        onChange={(value: string | string[] | undefined) => onChange(value ?? null)}
        style={style}
      />
    );
  }
  if (field?.type === 'number' && condition.rule !== 'in') {
    return (
      <InputNumber
        aria-label="值"
        placeholder="请输入数值"
        value={typeof condition.value === 'number' ? condition.value : undefined}
        onChange={(value) => onChange(typeof value === 'number' ? value : null)}
        style={style}
      />
    );
  }
  if (field?.type === 'date') {
    return (
      <ChinaDatePicker
        aria-label="值"
        placeholder="请选择日期"
        value={typeof condition.value === 'string' ? condition.value : undefined}
        onChange={(value) => onChange(value || null)}
        style={style}
      />
    );
  }
  return (
    <Input
      aria-label="值"
      placeholder={condition.rule === 'in' ? '多个值以逗号分隔' : '请输入'}
      value={typeof condition.value === 'string' ? condition.value : ''}
      onChange={(value: string) => onChange(value)}
      style={style}
    />
  );
}

function emptyCondition(fields: ListSuperQueryField[]): SuperQueryCondition {
  const first = fields[0];
  return { field: first?.name ?? '', rule: first ? SUPER_QUERY_RULES_BY_TYPE[first.type][0] : 'eq', value: null };
}

/** 高级查询's dialog over a list's store: 查询 applies the conditions, 重置 clears them (the tree page's found rows too). */
export function SuperQueryModal<Row extends object, Filters extends object>({
  store,
  visible,
  onClose,
}: {
  store: ListStore<Row, Filters>;
  visible: boolean;
  onClose: () => void;
}) {
  const fields = store.config.superQueryFields ?? [];
  const [conditions, setConditions] = useState<SuperQueryCondition[]>([]);
  const [matchType, setMatchType] = useState<'and' | 'or'>('and');

  useEffect(() => {
    if (!visible) return;
    const current = store.superQuery.conditions;
    setConditions(current.length > 0 ? current.map((c) => ({ ...c })) : [emptyCondition(fields)]);
    setMatchType(store.superQuery.matchType);
    // Only when it opens: the draft is the query as applied.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible]);

  const update = (index: number, next: Partial<SuperQueryCondition>) =>
    setConditions((list) => list.map((c, i) => (i === index ? { ...c, ...next } : c)));

  return (
    <Modal
      title="高级查询"
      visible={visible}
      onCancel={onClose}
      style={{ width: 760 }}
      unmountOnExit
      footer={
        <Space>
          <Button
            onClick={() => {
              onClose();
              void store.setSuperQuery({ conditions: [], matchType: 'and' });
            }}
          >
            重置
          </Button>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            onClick={() => {
              onClose();
              void store.setSuperQuery({ conditions, matchType });
            }}
          >
            查询
          </Button>
        </Space>
      }
    >
      <div data-testid="list-super-query">
        <Space style={{ marginBottom: 12 }}>
          <span>匹配方式</span>
          <Radio.Group type="button" value={matchType} onChange={(value: 'and' | 'or') => setMatchType(value)}>
            <Radio value="and">全部满足</Radio>
            <Radio value="or">任一满足</Radio>
          </Radio.Group>
        </Space>
        {conditions.map((condition, index) => {
          const field = fields.find((f) => f.name === condition.field);
          const rules: readonly SuperQueryRule[] = field ? SUPER_QUERY_RULES_BY_TYPE[field.type] : [];
          return (
            <div key={index} data-testid="super-query-row" style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
              <Select
                aria-label="字段"
                placeholder="选择字段"
                value={condition.field || undefined}
                options={fields.map((f) => ({ label: f.label, value: f.name }))}
                onChange={(name: string) => {
                  const next = fields.find((f) => f.name === name);
                  update(index, {
                    field: name,
                    rule: next ? SUPER_QUERY_RULES_BY_TYPE[next.type][0] : 'eq',
                    value: null,
                  });
                }}
                style={{ width: 160 }}
              />
              <Select
                aria-label="条件"
                placeholder="选择条件"
                value={condition.rule}
                options={rules.map((rule) => ({ label: SUPER_QUERY_RULE_LABELS[rule], value: rule }))}
                onChange={(rule: SuperQueryRule) => update(index, { rule, value: null })}
                style={{ width: 130 }}
              />
              <ConditionValue field={field} condition={condition} onChange={(value) => update(index, { value })} />
              <Button
                aria-label="删除条件"
                icon={<IconDelete />}
                onClick={() => setConditions((list) => list.filter((_, i) => i !== index))}
              />
            </div>
          );
        })}
        <Button
          type="dashed"
          long
          icon={<IconPlus />}
          onClick={() => setConditions((list) => [...list, emptyCondition(fields)])}
        >
          添加条件
        </Button>
      </div>
    </Modal>
  );
}

function ListPageView<Row extends object, Filters extends object>({
  store,
  toolbar,
  rowActions: extraActions,
  rowActionsWidth,
  scrollY = 560,
  header,
}: ListPageProps<Row, Filters>) {
  const { config } = store;
  const { permissions } = useSession();
  const allowed = (code: string | undefined) => !code || permissions.includes(code);
  const [superQueryOpen, setSuperQueryOpen] = useState(false);
  const [detailRow, setDetailRow] = useState<Row | null>(null);
  // The 详情 button pressed: focus goes back to it when the drawer closes.
  const detailOpener = useRef<HTMLElement | null>(null);
  const detail = config.detail === false ? null : (config.detail ?? {});
  const withActions = hasRowActions(store, allowed) || Boolean(extraActions);
  const actionTestId = (action: string, row: Row) =>
    `${config.rowActions?.testIdPrefix ?? 'list'}-${action}-${config.rowActions?.testId ? config.rowActions.testId(row) : store.keyOf(row)}`;
  const openDetail = detail
    ? (row: Row, opener: HTMLElement) => {
        detailOpener.current = opener;
        setDetailRow(row);
      }
    : null;

  // A store already asking (a tree page's 查询 that shows this list) is not asked twice.
  useEffect(() => {
    if (!store.loading) void store.load();
  }, [store]);

  const canDelete = Boolean(config.calls.batchDelete) && allowed(config.permissions?.delete);
  const canExport = Boolean(config.calls.export) && allowed(config.permissions?.export);
  const canImport = Boolean(config.calls.import) && allowed(config.permissions?.import);
  const superQueryFields = config.superQueryFields ?? [];
  const superQueryCount = store.superQuery.conditions.length;
  const sort = store.sort;

  const box = useRef<HTMLDivElement>(null);
  const fitted = useFittedWidths(box, [store.rows, store.density, store.hiddenColumns]);
  const columnWidth = (key: string, given: number | undefined) => Math.max(given ?? 150, fitted[key] ?? 0);
  const actionsWidth = columnWidth(ACTION_COLUMN_KEYS[0], config.rowActions?.width ?? rowActionsWidth ?? 200);

  const columns = useMemo(() => {
    const result: TableColumnProps<Row>[] = config.columns.map((column) => ({
      title: column.title,
      dataIndex: column.dataIndex,
      width: Math.max(column.width ?? 150, fitted[column.dataIndex] ?? 0),
      render: (value: unknown, row: Row, index: number) => (
        <span {...{ [CELL_ATTRIBUTE]: column.dataIndex }}>
          {column.render ? column.render(value, row, index) : (value as ReactNode)}
        </span>
      ),
      sorter: column.sortable ? true : undefined,
      sortOrder:
        column.sortable && sort?.field === column.dataIndex ? (sort.order === 'asc' ? 'ascend' : 'descend') : undefined,
    }));
    if (withActions) {
      result.push({
        title: LIST_ACTION_LABELS.column,
        dataIndex: ACTION_COLUMN_KEYS[0],
        width: actionsWidth,
        fixed: 'right',
        render: (_: unknown, row: Row) => (
          <span className={styles.actions} {...{ [CELL_ATTRIBUTE]: ACTION_COLUMN_KEYS[0] }}>
            <RowActionButtons
              row={row}
              actions={rowActionsOf(store, row, allowed, openDetail)}
              testId={(action) => actionTestId(action, row)}
            />
            {extraActions?.(row)}
          </span>
        ),
      });
    }
    return result;
    // The actions read the permissions, which change with them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config.columns, withActions, extraActions, permissions, actionsWidth, sort, fitted]);

  const width = config.columns.reduce(
    (sum, column) => sum + columnWidth(column.dataIndex, column.width),
    withActions ? actionsWidth : 0,
  );

  const onBatchDelete = () => {
    if (store.selection.length === 0) {
      void store.batchDelete();
      return;
    }
    Modal.confirm({
      title: '确认删除',
      content: `确定删除选中的 ${store.selection.length} 条记录吗？`,
      okButtonProps: { status: 'danger' },
      onOk: () => store.batchDelete(),
    });
  };

  const bar = (
    <Space wrap data-testid="list-toolbar">
      {toolbar}
      {canExport && (
        <Button
          icon={<IconDownload />}
          loading={store.exporting}
          onClick={() => void store.exportFile()}
          data-testid="list-export"
        >
          导出
        </Button>
      )}
      {canImport && store.importer && <ListImportButtons importer={store.importer} />}
      {canDelete && (
        <Button status="danger" icon={<IconDelete />} onClick={onBatchDelete}>
          批量删除
        </Button>
      )}
      {superQueryFields.length > 0 && (
        <Badge count={superQueryCount} dot={false}>
          <Button icon={<IconFilter />} onClick={() => setSuperQueryOpen(true)}>
            高级查询
          </Button>
        </Badge>
      )}
      <Radio.Group
        type="button"
        size="small"
        aria-label="密度"
        value={store.density}
        onChange={(value: ListDensity) => store.setDensity(value)}
      >
        {(Object.keys(DENSITY_LABELS) as ListDensity[]).map((density) => (
          <Radio key={density} value={density}>
            {DENSITY_LABELS[density]}
          </Radio>
        ))}
      </Radio.Group>
      {store.selection.length > 0 && <span>{`已选择 ${store.selection.length} 项`}</span>}
    </Space>
  );

  const rowHeight = LIST_ROW_HEIGHTS[store.density];

  return (
    <div
      className={['cotton-list-page', styles.list, store.density === 'small' ? styles.compact : ''].join(' ')}
      data-testid="list-page"
      ref={box}
    >
      {header}
      <ListSearchForm store={store} />
      <ColumnSettingTable<Row>
        storageKey={config.storageKey}
        onHiddenChange={store.setHiddenColumns}
        // 操作 is never a choice: hiding columns always leaves at least one data column.
        fixedKeys={ACTION_COLUMN_KEYS}
        toolbar={bar}
        rowKey={config.rowKey}
        columns={columns}
        data={store.rows}
        loading={store.loading}
        size={store.density}
        border={{ wrapper: true, cell: true }}
        scroll={{ x: width, y: scrollY }}
        onRow={() => ({ style: { height: rowHeight } })}
        rowSelection={
          canDelete || canExport
            ? {
                type: 'checkbox',
                selectedRowKeys: store.selection,
                onChange: (keys) => store.setSelection(keys as Array<string | number>),
              }
            : undefined
        }
        onChange={(_pagination, sorter, _filters, extra) => {
          if (extra.action !== 'sort') return;
          const first = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = first?.field === undefined ? '' : String(first.field);
          void store.setSort(
            field && first?.direction ? { field, order: first.direction === 'ascend' ? 'asc' : 'desc' } : null,
          );
        }}
        // The pager is the list's own, below: Arco's goes away with the last row, and 共 0 条
        // is an answer too.
        pagination={false}
      />
      <div className={styles.pager} data-testid="list-pager">
        <Pagination
          current={store.pageNum}
          pageSize={store.pageSize}
          total={store.total}
          size={store.density === 'middle' ? 'default' : store.density}
          sizeCanChange
          sizeOptions={[...LIST_PAGE_SIZE_OPTIONS]}
          showTotal={(total: number) => `共 ${total} 条`}
          onChange={(page: number, size: number) => {
            if (size !== store.pageSize) void store.setPageSize(size as ListPageSize);
            else void store.setPage(page);
          }}
        />
      </div>
      {canImport && store.importer && <ListImportResultModal importer={store.importer} />}
      {superQueryFields.length > 0 && (
        <SuperQueryModal store={store} visible={superQueryOpen} onClose={() => setSuperQueryOpen(false)} />
      )}
      {detail && (
        <ListDetailDrawer
          config={config}
          detail={detail}
          row={detailRow}
          onClose={() => setDetailRow(null)}
          afterClose={() => {
            if (detailOpener.current?.isConnected) detailOpener.current.focus();
            detailOpener.current = null;
          }}
        />
      )}
    </div>
  );
}

/**
 * The admin list screen of a `ListStore`: search form (查询 / 重置), toolbar (your buttons,
 * 导出, 导入 / 下载模板 with the import's result, 批量删除, 高级查询, density, 列设置), the table (selection, server-side sort, fixed
 * header, the 操作 column: 详情, 编辑, the page's actions, 删除 by the config's calls and codes),
 * the 详情 drawer and the pager (10–200 rows, 共 N 条). Loads page 1 on mount.
 */
export const ListPage = observer(ListPageView) as <Row extends object, Filters extends object>(
  props: ListPageProps<Row, Filters>,
) => ReactElement;
