import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { Alert, Button, Input, Message, Modal, Space, Table, TreeSelect, Typography } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconDownload, IconFilter, IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { observer } from 'mobx-react-lite';
import { useSession } from '../session/store';
import { toApiError } from '../request/api-error';
import { request } from '../request/client';
import { LIST_ACTION_LABELS, RowActionButtons, pageAction } from '../list/ListRowActions';
import type { DrawnAction } from '../list/ListRowActions';
import { exportListFile } from '../list/export-file';
import { ImportStore } from '../list/import-store';
import { ListDetailDrawer } from '../list/ListDetail';
import { ListImportButtons, ListImportResultModal } from '../list/ListImport';
import { ListPage, SuperQueryModal } from '../list/ListPage';
import { createListStore } from '../list/store';
import type { ListStore } from '../list/store';
import type { ListCall, ListConfig, ListRowAction } from '../list/types';
import { AdminFormDrawer } from './AdminFormDrawer';
import styles from './AdminListPage.module.css';
import { buildTree, keyAndBelow, parentKeys } from './tree';
import type { TreeNode } from './tree';
import type {
  AdminFormConfig,
  AdminFormField,
  AdminTreeConfig,
  AdminTreeHandle,
  AdminTreePageProps,
  AdminTreeSearchList,
} from './types';

/** The words of the tree page. */
export const ADMIN_TREE_MESSAGES = {
  addRoot: '新增顶级{noun}',
  addChild: '新增下级',
  refresh: '刷新',
  expandAll: '展开全部',
  collapseAll: '折叠全部',
  export: '导出',
  exportSelected: '导出（{count}）',
  empty: '暂无数据',
  loadFailed: '加载失败：{message}',
  deleted: '删除成功',
  search: '查询',
  reset: '重置',
  superQuery: '高级查询',
  batchDelete: '批量删除',
  batchDeleteSelected: '批量删除（{count}）',
  confirmBatchDeleteTitle: '确认删除',
  confirmBatchDelete: '确定删除选中的 {count} 条记录吗？',
} as const;

/** The parent choice's value for "none": a tree select holds no `null`. */
const ROOT = '';

interface TreeChoice {
  key: string;
  title: string;
  disabled?: boolean;
  children?: TreeChoice[];
}

function choicesOf<Row extends object>(
  nodes: readonly TreeNode<Row>[],
  config: AdminTreeConfig<Row>,
  title: keyof Row,
  blocked: ReadonlySet<unknown>,
  choosable: (row: Row) => boolean,
): TreeChoice[] {
  return nodes
    .filter((node) => choosable(node))
    .map((node) => ({
      key: String(node[config.rowKey]),
      title: String(node[title]),
      disabled: blocked.has(node[config.rowKey]),
      children: node.children ? choicesOf(node.children, config, title, blocked, choosable) : undefined,
    }));
}

/** The tree with an expander (an empty `children`) on each row whose children are not loaded yet. */
function withExpanders<Row extends object>(
  nodes: readonly TreeNode<Row>[],
  key: keyof Row,
  closed: (row: Row) => boolean,
): TreeNode<Row>[] {
  return nodes.map((node) =>
    node.children
      ? { ...node, children: withExpanders(node.children, key, closed) }
      : closed(node)
        ? { ...node, children: [] }
        : node,
  );
}

/**
 * The found rows as a generic list: the tree's columns (the `sortable` ones sorted by the
 * server), its row buttons by the same codes, 详情 with the tree's lines, 导出 by its call.
 */
function searchedListConfig<Row extends object>(
  config: AdminTreeConfig<Row>,
  list: AdminTreeSearchList,
  handle: AdminTreeHandle<Row>,
  testId: string,
  withForm: boolean,
  rows: () => readonly Row[],
): ListConfig<Row> {
  const detail = config.detail;
  const addChild: ListRowAction<Row>[] = withForm
    ? [
        {
          key: 'add-child',
          label: ADMIN_TREE_MESSAGES.addChild,
          permission: config.permissions?.add,
          visible: config.canAddUnder,
          onClick: (row) => handle.add(row),
        },
      ]
    : [];
  return {
    rowKey: (list.rowKey ?? config.rowKey) as keyof Row & string,
    columns: config.columns.map((column) => ({ ...column, sortable: list.sortable?.includes(column.dataIndex) })),
    superQueryFields: list.superQueryFields,
    defaultSort: list.defaultSort ?? null,
    calls: {
      list: list.call ?? config.load.call,
      export: config.export?.call,
      delete: config.delete ? { call: config.delete.call, body: config.delete.body } : undefined,
      batchDelete: config.batchDelete,
    },
    permissions: {
      edit: config.permissions?.edit,
      delete: config.permissions?.delete,
      export: config.permissions?.export,
    },
    // The tree's 详情 lines, over the rows found (a parent's name when it is among them).
    detail:
      detail === false
        ? false
        : detail
          ? {
              fields: detail([]).map((column) => ({
                key: column.dataIndex,
                label: column.title,
                render: (record) => {
                  const line = detail(rows()).find((item) => item.dataIndex === column.dataIndex) ?? column;
                  const value = (record as Record<string, unknown>)[column.dataIndex];
                  return line.render ? line.render(value, record, 0) : (value as ReactNode);
                },
              })),
            }
          : {},
    rowActions: {
      testIdPrefix: testId,
      testId: config.testId,
      edit: withForm ? { onClick: (row) => handle.edit(row) } : undefined,
      delete: config.delete?.confirm ? { confirm: config.delete.confirm } : undefined,
      actions: [...addChild, ...(config.actions ?? [])],
      width: config.actionsWidth ?? 220,
    },
    exportFileName: config.export?.fileName,
  };
}

/** The drawer's state: what it adds under, or the row it edits. */
interface FormState<Row, Values> {
  visible: boolean;
  row: Row | null;
  defaults?: Partial<Values>;
  /** The row 新增下级 was pressed on (`null`: at the top). */
  under?: Row | null;
}

/** The tree page (`AdminTreePage`, below). */
function AdminTreePageView<Row extends object, Values extends object>({
  title,
  description,
  testId,
  tree,
  form,
  parent,
  addRootText,
  toolbar,
  children,
}: AdminTreePageProps<Row, Values>) {
  const { permissions } = useSession();
  const allowed = (code: string | undefined) => !code || permissions.includes(code);
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [formState, setFormState] = useState<FormState<Row, Values>>({ visible: false, row: null });
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const [detailRow, setDetailRow] = useState<Row | null>(null);
  // 查询's text as typed, and as searched (`null`: the tree).
  const [searchText, setSearchText] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  // The rows whose children are loaded (a lazy tree).
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const openedRef = useRef(opened);
  openedRef.current = opened;
  // The loader of the current render, for the handle made once.
  const loader = useRef<(expandAll: boolean) => Promise<void>>(() => Promise.resolve());
  // The found rows shown as a generic list (`search.list`): whether they are, for the handle.
  const listedRef = useRef(false);
  const [page] = useState(() => {
    const topValue = parent?.fixed ? parent.fixed.rootValue : ROOT;
    let searchStore: ListStore<Row> | null = null;
    const handle: AdminTreeHandle<Row> = {
      reload: () => (listedRef.current && searchStore ? searchStore.load() : loader.current(false)),
      add: (under) =>
        setFormState({
          visible: true,
          row: null,
          under: under ?? null,
          defaults:
            parent && under
              ? ({ [parent.name]: String(under[config.rowKey]) } as Partial<Values>)
              : parent
                ? ({ [parent.name]: topValue } as Partial<Values>)
                : undefined,
        }),
      edit: (row) => setFormState({ visible: true, row }),
    };
    const config = typeof tree === 'function' ? tree(handle) : tree;
    const list = config.search?.list;
    if (list)
      searchStore = createListStore<Row>(
        searchedListConfig<Row>(config, list, handle, testId, Boolean(form), () => searchStore?.rows ?? []),
      );
    return { handle, config, searchStore };
  });
  const { handle, config, searchStore } = page;
  const [superQueryOpen, setSuperQueryOpen] = useState(false);
  // The found rows as a list: a text searched, or 高级查询 applied.
  const listed = searchStore !== null && (searched !== null || searchStore.superQuery.conditions.length > 0);
  listedRef.current = listed;
  // 导入: a tree has no list store, so an import state of its own; stored rows reload it opened.
  const [importer] = useState(() =>
    config.import ? new ImportStore({ calls: config.import, onStored: () => loader.current(true) }) : null,
  );
  // What the tree shows: the text searched, unless the found rows are a list of their own.
  const treeSearched = config.search?.list ? null : searched;
  const lazy = treeSearched === null ? config.lazy : undefined;
  const nodes = useMemo(() => {
    const built = buildTree(rows, config.rowKey, config.parentKey);
    return lazy
      ? withExpanders(built, config.rowKey, (row) => lazy.has(row) && !opened.has(String(row[config.rowKey])))
      : built;
  }, [rows, config, lazy, opened]);

  const fetchRows = useCallback(
    async (body: unknown): Promise<Row[]> => {
      const answer = await (request.call as (call: unknown, body: unknown) => Promise<unknown>)(config.load.call, body);
      return (config.load.rows as (answer: unknown) => Row[])(answer);
    },
    [config],
  );

  const load = useCallback(
    async (expandAll: boolean) => {
      setLoading(true);
      setError(null);
      try {
        let loaded: Row[];
        if (treeSearched !== null && config.search?.body) loaded = await fetchRows(config.search.body(treeSearched));
        else {
          loaded = await fetchRows(config.load.body ?? {});
          if (config.lazy) {
            // Every level opened, again, in the order opened (a parent before its children).
            const still = new Set<string>();
            for (const key of openedRef.current) {
              const row = loaded.find((item) => String(item[config.rowKey]) === key);
              if (!row) continue;
              still.add(key);
              const below = await fetchRows(config.lazy.body(row));
              loaded = [...loaded.filter((item) => String(item[config.parentKey]) !== key), ...below];
            }
            setOpened(still);
          }
        }
        setRows(loaded);
        // A ticked row another administrator deleted is no longer exported.
        const keys = new Set(loaded.map((row) => String(row[config.rowKey])));
        setSelected((ticked) => ticked.filter((key) => keys.has(key)));
        if (expandAll) setExpanded(parentKeys(buildTree(loaded, config.rowKey, config.parentKey), config.rowKey));
      } catch (failure) {
        const apiError = toApiError(failure);
        if (!apiError.handled) setError(ADMIN_TREE_MESSAGES.loadFailed.replace('{message}', apiError.message));
      } finally {
        setLoading(false);
      }
    },
    [config, fetchRows, treeSearched],
  );
  loader.current = load;

  useEffect(() => {
    void load(true);
  }, [load]);

  /** A lazy tree: the children of the rows just opened, asked for once. */
  async function openRows(keys: string[]) {
    setExpanded(keys);
    if (!lazy) return;
    for (const key of keys) {
      if (openedRef.current.has(key)) continue;
      const row = rows.find((item) => String(item[config.rowKey]) === key);
      if (!row || !lazy.has(row)) continue;
      openedRef.current = new Set([...openedRef.current, key]);
      setOpened(openedRef.current);
      try {
        const below = await fetchRows(lazy.body(row));
        setRows((current) => [...current.filter((item) => String(item[config.parentKey]) !== key), ...below]);
      } catch (failure) {
        const apiError = toApiError(failure);
        if (!apiError.handled) Message.error(apiError.message);
        const left = new Set(openedRef.current);
        left.delete(key);
        openedRef.current = left;
        setOpened(left);
      }
    }
  }

  /** A delete call: 删除成功 and the tree again, or the server's refusal. */
  async function sendDelete(call: ListCall, body: unknown) {
    try {
      await (request.call as (call: unknown, body: unknown) => Promise<unknown>)(call, body);
      Message.success(ADMIN_TREE_MESSAGES.deleted);
      await load(false);
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) Message.error(apiError.message);
    }
  }

  async function remove(row: Row) {
    const remover = config.delete;
    if (!remover) return;
    await sendDelete(remover.call, remover.body ? remover.body(row) : { id: String(row[config.rowKey]) });
  }

  /** 批量删除 of the ticked rows, asked first; the tree reloads (the ticks of rows gone drop). */
  function removeTicked() {
    const remover = config.batchDelete;
    if (!remover || selected.length === 0) return;
    const keys = [...selected];
    Modal.confirm({
      title: ADMIN_TREE_MESSAGES.confirmBatchDeleteTitle,
      content: ADMIN_TREE_MESSAGES.confirmBatchDelete.replace('{count}', String(keys.length)),
      okButtonProps: { status: 'danger' },
      onOk: () => sendDelete(remover.call, remover.body ? remover.body(keys) : { ids: keys.join(',') }),
    });
  }

  async function exportTree() {
    const exporter = config.export;
    if (!exporter) return;
    setExporting(true);
    const selection = exporter.selection;
    const keys = selection
      ? rows.filter((row) => selected.includes(String(row[config.rowKey]))).map((row) => selection(row))
      : selected;
    // What is shown: the rows 查询 found (its filters and order), else the whole tree; ticked rows alone when any.
    const found = treeSearched !== null && config.search?.body ? config.search.body(treeSearched) : undefined;
    const query = typeof found === 'object' && found !== null ? found : {};
    await exportListFile(
      exporter.call,
      { ...query, pageNum: 1, pageSize: 10, ...(keys.length > 0 ? { selections: keys.join(',') } : {}) },
      exporter.fileName,
    );
    setExporting(false);
  }

  const detailSource = useMemo(
    () =>
      config.detail === false
        ? null
        : { rowKey: config.rowKey, columns: config.detail ? config.detail(rows) : config.columns },
    [config, rows],
  );

  const actionsOf = (row: Row): DrawnAction<Row>[] => {
    const drawn: DrawnAction<Row>[] = [];
    if (detailSource)
      drawn.push({ key: 'detail', label: LIST_ACTION_LABELS.detail, onClick: (shown) => setDetailRow(shown) });
    if (form && allowed(config.permissions?.add) && (!config.canAddUnder || config.canAddUnder(row)))
      drawn.push({ key: 'add-child', label: ADMIN_TREE_MESSAGES.addChild, onClick: (shown) => handle.add(shown) });
    if (form && allowed(config.permissions?.edit))
      drawn.push({ key: 'edit', label: LIST_ACTION_LABELS.edit, onClick: (shown) => handle.edit(shown) });
    for (const action of config.actions ?? []) {
      if (!allowed(action.permission) || (action.visible && !action.visible(row))) continue;
      drawn.push(pageAction(action, row));
    }
    if (config.delete && allowed(config.permissions?.delete))
      drawn.push({
        key: 'delete',
        label: LIST_ACTION_LABELS.delete,
        confirm: config.delete.confirm ? config.delete.confirm(row) : LIST_ACTION_LABELS.confirmDelete,
        danger: true,
        onClick: (shown) => remove(shown),
      });
    return drawn;
  };

  const columns: TableColumnProps<Row>[] = [
    ...config.columns.map((column) => ({
      title: column.title,
      dataIndex: column.dataIndex,
      width: column.width ?? 150,
      render: column.render,
    })),
    {
      title: LIST_ACTION_LABELS.column,
      dataIndex: '__actions',
      width: config.actionsWidth ?? 220,
      fixed: 'right' as const,
      render: (_: unknown, row: Row) => (
        <RowActionButtons
          row={row}
          actions={actionsOf(row)}
          testId={(action) => `${testId}-${action}-${config.testId ? config.testId(row) : String(row[config.rowKey])}`}
        />
      ),
    },
  ];
  const width = columns.reduce((sum, column) => sum + Number(column.width ?? 150), 0);

  // The parent choice, first in the form: every row but the edited one and those below it.
  const formWithParent = useMemo((): AdminFormConfig<Row, Values> | undefined => {
    if (!form || !parent) return form;
    const edited = formState.row;
    const titleKey = (config.columns[0]?.dataIndex ?? config.rowKey) as keyof Row;
    const { fixed } = parent;
    let field: AdminFormField<Values, Row>;
    if (fixed) {
      // Fixed where 新增 was pressed: shown, sent, not chosen; an edit keeps it.
      const under = formState.under;
      field = {
        name: parent.name,
        label: parent.label,
        type: 'text',
        only: 'add',
        refusal: parent.refusal,
        render: () => (
          <Typography.Text data-testid={`${testId}-form-parent`}>
            {under ? fixed.describe(under) : parent.rootLabel}
          </Typography.Text>
        ),
      };
    } else {
      const blocked = edited
        ? keyAndBelow(rows, config.rowKey, config.parentKey, edited[config.rowKey])
        : new Set<unknown>();
      const choices = choicesOf(nodes, config, titleKey, blocked, parent.choosable ?? (() => true));
      // A parent outside what the caller sees: its name, not its key.
      const parentKey = edited?.[config.parentKey];
      const outside =
        edited && parentKey !== null && parentKey !== undefined && !rows.some((row) => row[config.rowKey] === parentKey)
          ? (parent.outsideName?.(edited) ?? null)
          : null;
      const treeData = [
        { key: ROOT, title: parent.rootLabel },
        ...(outside !== null ? [{ key: String(parentKey), title: outside }] : []),
        ...choices,
      ];
      field = {
        name: parent.name,
        label: parent.label,
        type: 'select',
        refusal: parent.refusal,
        check: parent.check,
        render: () => <TreeSelect treeData={treeData} data-testid={`${testId}-form-parent`} />,
      };
    }
    return {
      ...form,
      // The row's parent, `''` for none; saved as `null`.
      values: (row) => ({
        ...(form.values ? form.values(row) : row),
        [parent.name]: row[config.parentKey] ?? ROOT,
      }),
      fields: [field, ...form.fields],
    };
  }, [form, parent, formState.row, formState.under, rows, nodes, config, testId]);

  const canAddRoot = Boolean(form) && allowed(config.permissions?.add);
  const canExport = Boolean(config.export) && allowed(config.permissions?.export);
  const canBatchDelete = Boolean(config.batchDelete) && allowed(config.permissions?.delete);

  return (
    <div className={styles.container} data-testid={`${testId}-list`}>
      <Typography.Title heading={5} className={styles.title}>
        {title}
      </Typography.Title>
      {description && <Alert type="info" content={description} className={styles.description} />}
      <Space wrap className={styles.description}>
        {canAddRoot && (
          <Button type="primary" icon={<IconPlus />} data-testid={`${testId}-add-root`} onClick={() => handle.add()}>
            {addRootText ?? ADMIN_TREE_MESSAGES.addRoot.replace('{noun}', form?.noun ?? '')}
          </Button>
        )}
        <Button icon={<IconRefresh />} onClick={() => void handle.reload()}>
          {ADMIN_TREE_MESSAGES.refresh}
        </Button>
        {!listed && (
          <Button onClick={() => setExpanded(parentKeys(nodes, config.rowKey))}>{ADMIN_TREE_MESSAGES.expandAll}</Button>
        )}
        {!listed && <Button onClick={() => setExpanded([])}>{ADMIN_TREE_MESSAGES.collapseAll}</Button>}
        {canExport && !listed && (
          <Button
            icon={<IconDownload />}
            loading={exporting}
            data-testid={`${testId}-export`}
            onClick={() => void exportTree()}
          >
            {selected.length > 0
              ? ADMIN_TREE_MESSAGES.exportSelected.replace('{count}', String(selected.length))
              : ADMIN_TREE_MESSAGES.export}
          </Button>
        )}
        {canBatchDelete && !listed && (
          <Button
            status="danger"
            icon={<IconDelete />}
            disabled={selected.length === 0}
            data-testid={`${testId}-batch-delete`}
            onClick={removeTicked}
          >
            {selected.length > 0
              ? ADMIN_TREE_MESSAGES.batchDeleteSelected.replace('{count}', String(selected.length))
              : ADMIN_TREE_MESSAGES.batchDelete}
          </Button>
        )}
        {importer && allowed(config.permissions?.import) && <ListImportButtons importer={importer} />}
        {toolbar?.(handle)}
      </Space>
      {config.search && (
        <form
          data-testid="list-search-form"
          className={styles.description}
          onSubmit={(event) => {
            event.preventDefault();
            const text = searchText.trim();
            setSearched(text === '' ? null : text);
            // The found rows as a list: this text's filters, with 高级查询 as it stands.
            if (searchStore && config.search?.list) void searchStore.search(config.search.list.filters(text));
          }}
        >
          <Space wrap>
            <Input
              value={searchText}
              onChange={setSearchText}
              placeholder={config.search.placeholder}
              maxLength={64}
              allowClear
              style={{ width: 240 }}
            />
            <Button type="primary" htmlType="submit" icon={<IconSearch />}>
              {ADMIN_TREE_MESSAGES.search}
            </Button>
            <Button
              onClick={() => {
                setSearchText('');
                setSearched(null);
                // Back to the tree: 高级查询 and the list's sort cleared too.
                if (searchStore && listed) void searchStore.reset();
              }}
            >
              {ADMIN_TREE_MESSAGES.reset}
            </Button>
            {searchStore && !listed && (searchStore.config.superQueryFields ?? []).length > 0 && (
              <Button icon={<IconFilter />} onClick={() => setSuperQueryOpen(true)}>
                {ADMIN_TREE_MESSAGES.superQuery}
              </Button>
            )}
          </Space>
        </form>
      )}
      {error && !listed && <Alert type="error" content={error} className={styles.description} />}
      {searchStore && listed && <ListPage store={searchStore} />}
      {searchStore && !listed && (
        <SuperQueryModal store={searchStore} visible={superQueryOpen} onClose={() => setSuperQueryOpen(false)} />
      )}
      {!listed && (
        <Table<Row>
          rowKey={config.rowKey}
          columns={columns}
          data={nodes}
          loading={loading}
          pagination={false}
          scroll={{ x: width }}
          border={false}
          noDataElement={config.empty ?? ADMIN_TREE_MESSAGES.empty}
          expandedRowKeys={expanded}
          // A lazy tree's closed rows carry an empty `children`: an expander all the same.
          expandProps={lazy ? { strictTreeData: false } : undefined}
          onExpandedRowsChange={(keys) => void openRows(keys.map(String))}
          rowSelection={
            canExport || canBatchDelete
              ? {
                  type: 'checkbox',
                  // A parent ticked alone is that row alone, not its subtree.
                  checkStrictly: true,
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(String)),
                }
              : undefined
          }
        />
      )}
      {detailSource && (
        <ListDetailDrawer
          config={detailSource}
          detail={{}}
          row={detailRow}
          onClose={() => setDetailRow(null)}
          afterClose={() => undefined}
        />
      )}
      {formWithParent && (
        <AdminFormDrawer<Row, Values>
          form={formWithParent}
          rowKey={config.rowKey}
          testId={`${testId}-form`}
          visible={formState.visible}
          row={formState.row}
          defaults={formState.defaults}
          onClose={() => setFormState((state) => ({ ...state, visible: false }))}
          onSaved={() => {
            const under = formState.under;
            if (config.lazy && under && !formState.row) {
              // The new row's level opens (asked for again with the others by the reload).
              const key = String(under[config.rowKey]);
              openedRef.current = new Set([...openedRef.current, key]);
              setExpanded((keys) => (keys.includes(key) ? keys : [...keys, key]));
            }
            setFormState((state) => ({ ...state, visible: false }));
            void handle.reload();
          }}
        />
      )}
      {importer && <ListImportResultModal importer={importer} />}
      {children?.(handle)}
    </div>
  );
}

/**
 * A back-office tree page (菜单, 机构, 区域, 栏目) from one declaration: the title, 新增顶级,
 * 刷新, 展开全部 / 折叠全部, the tree table (opened whole at first) with 新增下级, 编辑, the page's
 * actions and 删除 by their codes, and the add / edit drawer of `AdminListPage`, with the parent
 * choice first (a row cannot move under itself or below). A write reloads the tree. With
 * `search.list`, the rows 查询 or 高级查询 find are a generic list (sort, pager, 列设置, 导出).
 */
export const AdminTreePage = observer(AdminTreePageView) as <Row extends object, Values extends object>(
  props: AdminTreePageProps<Row, Values>,
) => ReactElement;
