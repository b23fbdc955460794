import { Message } from '@arco-design/web-react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@arco-design/web-react';
import { ApiError } from '../request/api-error';
import { clearSession, setSession } from '../session/store';
import { ListPage } from './ListPage';
import { createListStore } from './store';
import type { ListConfig } from './types';

const post = vi.hoisted(() => vi.fn());
const upload = vi.hoisted(() => vi.fn());
vi.mock('../request/client', () => ({
  request: {
    call: (call: { path: string }, body: unknown) => post(call.path, body),
    download: vi.fn(),
    upload: (call: { path: string }, form: FormData) => upload(call.path, form),
  },
}));

interface Row {
  id: string;
  name: string;
  status: string;
  createTime: string;
}

const LIST_URL = '/rest/demo/page';
const BATCH_URL = '/rest/demo/deleteBatch';

const ROWS: Row[] = [
  { id: '1', name: '一号仓', status: '1', createTime: '2026-11-01' },
  { id: '2', name: '二号仓', status: '2', createTime: '2026-11-02' },
  { id: '3', name: '三号仓', status: '1', createTime: '2026-11-03' },
];

const CONFIG: ListConfig<Row> = {
  rowKey: 'id',
  columns: [
    { title: '名称', dataIndex: 'name', sortable: true, width: 200 },
    { title: '状态', dataIndex: 'status', render: (_, row) => (row.status === '1' ? '正常' : '冻结') },
    { title: '创建时间', dataIndex: 'createTime', sortable: true },
  ],
  searchFields: [
    { name: 'name', label: '名称', kind: 'text' },
    {
      name: 'status',
      label: '状态',
      kind: 'select',
      options: [
        { label: '正常', value: '1' },
        { label: '冻结', value: '2' },
      ],
    },
  ],
  superQueryFields: [
    { name: 'name', label: '名称', type: 'text' },
    { name: 'amount', label: '数量', type: 'number' },
  ],
  calls: { list: { method: 'POST', path: LIST_URL }, batchDelete: { call: { method: 'POST', path: BATCH_URL } } },
  permissions: { add: 'demo:add', edit: 'demo:edit', delete: 'demo:delete' },
  rowActions: { testIdPrefix: 'demo', edit: { onClick: () => undefined } },
};

const user = userEvent.setup({ pointerEventsCheck: 0 });
const listBodies = () => post.mock.calls.filter(([url]) => url === LIST_URL).map(([, body]) => body);
const lastBody = () => listBodies().at(-1) as Record<string, unknown>;

/** The texts of the options of the select popup opened last. */
async function openOptions(): Promise<string[]> {
  await screen.findAllByRole('option');
  const popups = document.querySelectorAll<HTMLElement>('.arco-select-popup');
  const last = popups[popups.length - 1];
  return within(last)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
}

let warning: ReturnType<typeof vi.fn>;

async function renderPage(config: ListConfig<Row> = CONFIG) {
  const store = createListStore<Row, { name?: string; status?: string }>(config);
  render(
    <ListPage
      store={store}
      toolbar={
        <Button type="primary" data-testid="add">
          新增
        </Button>
      }
    />,
  );
  await screen.findByText('二号仓');
  return store;
}

function pager() {
  const element = document.querySelector<HTMLElement>('.arco-pagination');
  if (!element) throw new Error('no pager');
  return element;
}

function rowCheckboxes() {
  return Array.from(document.querySelectorAll<HTMLInputElement>('.arco-table-body input[type="checkbox"]'));
}

beforeEach(() => {
  post.mockReset();
  upload.mockReset();
  post.mockImplementation(async (url: string) =>
    url === LIST_URL ? { pagination: { result: ROWS, totalCount: 45, pageNum: 1, pageSize: 10 } } : null,
  );
  warning = vi.fn();
  vi.spyOn(Message, 'warning').mockImplementation(warning as unknown as typeof Message.warning);
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ['demo:add', 'demo:edit', 'demo:delete'] });
});

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

describe('ListPage', () => {
  it('loads page 1 and shows the rows, the actions and 共 N 条', async () => {
    await renderPage();
    expect(listBodies()).toEqual([
      { filters: {}, sort: { field: 'createTime', order: 'desc' }, pageNum: 1, pageSize: 10 },
    ]);
    expect(screen.getByText('一号仓')).toBeInTheDocument();
    expect(screen.getAllByText('正常')).not.toHaveLength(0);
    expect(screen.getByTestId('demo-edit-2')).toBeInTheDocument();
    expect(screen.getByText('共 45 条')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /列设置/ })).toBeInTheDocument();
  });

  it('never offers 操作 in 列设置: hiding columns leaves at least one data column', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: /列设置/ }));
    const drawer = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('.arco-drawer');
      if (!element) throw new Error('drawer not open');
      return element;
    });
    expect(within(drawer).getAllByRole('checkbox').length).toBeGreaterThan(0);
    expect(within(drawer).queryByText('操作')).toBeNull();
  });

  it('searches from page 1 and resets the form', async () => {
    await renderPage();
    fireEvent.click(within(pager()).getByText('3'));
    await waitFor(() => expect(lastBody()).toMatchObject({ pageNum: 3 }));

    const form = screen.getByTestId('list-search-form');
    await user.type(within(form).getByPlaceholderText('请输入名称'), ' 二号 ');
    await user.click(within(form).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastBody()).toMatchObject({ filters: { name: '二号' }, pageNum: 1 }));

    await user.click(within(form).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lastBody()).toMatchObject({ filters: {}, pageNum: 1 }));
    expect(within(form).getByPlaceholderText('请输入名称')).toHaveValue('');
  });

  it('offers page sizes 10–200 and goes back to page 1 on a new size', async () => {
    await renderPage();
    fireEvent.click(within(pager()).getByText('2'));
    await waitFor(() => expect(lastBody()).toMatchObject({ pageNum: 2 }));
    fireEvent.click(within(pager()).getByText('10 条/页'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '10 条/页',
      '20 条/页',
      '30 条/页',
      '50 条/页',
      '100 条/页',
      '200 条/页',
    ]);
    fireEvent.click(screen.getByText('200 条/页'));
    await waitFor(() => expect(lastBody()).toMatchObject({ pageNum: 1, pageSize: 200 }));
  });

  it('sorts on the server by a sortable column', async () => {
    await renderPage();
    const sorters = document.querySelectorAll<HTMLElement>('.arco-table-cell-with-sorter');
    expect(sorters).toHaveLength(2);
    fireEvent.click(sorters[0]);
    await waitFor(() => expect(lastBody()).toMatchObject({ sort: { field: 'name', order: 'asc' } }));
    fireEvent.click(sorters[0]);
    await waitFor(() => expect(lastBody()).toMatchObject({ sort: { field: 'name', order: 'desc' } }));
  });

  it('asks for a selection before a batch delete', async () => {
    await renderPage();
    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(warning).toHaveBeenCalledWith('请选择一条记录');
    expect(post.mock.calls.some(([url]) => url === BATCH_URL)).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('batch deletes after confirming: page 1, selection cleared', async () => {
    await renderPage();
    fireEvent.click(within(pager()).getByText('2'));
    await waitFor(() => expect(lastBody()).toMatchObject({ pageNum: 2 }));
    await screen.findByText('二号仓');
    fireEvent.click(rowCheckboxes()[0]);
    fireEvent.click(rowCheckboxes()[2]);
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定删除选中的 2 条记录吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(BATCH_URL, { ids: '1,3' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ pageNum: 1 }));
    await waitFor(() => expect(screen.queryByText(/已选择/)).not.toBeInTheDocument());
    expect(rowCheckboxes().every((box) => !box.checked)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('hides batch delete and the selection without the delete permission', async () => {
    setSession({ token: 't', permissions: [] });
    await renderPage();
    expect(screen.queryByRole('button', { name: /批量删除/ })).not.toBeInTheDocument();
    expect(rowCheckboxes()).toHaveLength(0);
  });

  it('sends the super query rows with their match type', async () => {
    await renderPage();
    await user.click(screen.getByRole('button', { name: /高级查询/ }));
    const panel = await screen.findByTestId('list-super-query');
    // The first field (名称, text) with its first operator (等于); the text operators only.
    await user.click(within(panel).getAllByRole('combobox')[1]);
    const operators = await openOptions();
    expect(operators).toEqual(['等于', '不等于', '包含', '在…之中', '为空', '不为空']);
    await user.click(screen.getAllByRole('option', { name: '包含' }).at(-1)!);
    await user.type(within(panel).getByPlaceholderText('请输入'), '仓');

    await user.click(within(panel).getByRole('button', { name: /添加条件/ }));
    const rows = within(panel).getAllByTestId('super-query-row');
    expect(rows).toHaveLength(2);
    await user.click(within(rows[1]).getAllByRole('combobox')[0]);
    await user.click(await screen.findByRole('option', { name: '数量' }));
    await user.click(within(rows[1]).getAllByRole('combobox')[1]);
    const numberOperators = await openOptions();
    expect(numberOperators).toEqual([
      '等于',
      '不等于',
      '大于',
      '大于等于',
      '小于',
      '小于等于',
      '在…之中',
      '为空',
      '不为空',
    ]);
    await user.click(screen.getAllByRole('option', { name: '为空' }).at(-1)!);

    await user.click(within(panel).getByText('任一满足'));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({
        pageNum: 1,
        superQueryMatchType: 'or',
        superQueryParams: [
          { field: 'name', rule: 'like', value: '仓' },
          { field: 'amount', rule: 'empty' },
        ],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('switches the row height with the density', async () => {
    await renderPage();
    const firstRow = () => document.querySelector<HTMLElement>('.arco-table-body tr.arco-table-tr');
    expect(firstRow()?.style.height).toBe('54px');
    await user.click(screen.getByText('中等'));
    await waitFor(() => expect(firstRow()?.style.height).toBe('46px'));
    await user.click(screen.getByText('紧凑'));
    await waitFor(() => expect(firstRow()?.style.height).toBe('38px'));
  });

  it('keeps the pager and 共 0 条 when nothing matches', async () => {
    post.mockImplementation(async (url: string) =>
      url === LIST_URL ? { pagination: { result: [], totalCount: 0, pageNum: 1, pageSize: 10 } } : null,
    );
    const store = createListStore<Row, Record<string, never>>(CONFIG);
    render(<ListPage store={store} />);
    await waitFor(() => expect(listBodies()).toHaveLength(1));
    expect(await screen.findByText('共 0 条')).toBeInTheDocument();
    expect(pager()).toBeInTheDocument();
  });

  describe('in a browser west of China', () => {
    // Node reads its zone from TZ, also when it changes (no Node types in the SDK's tests).
    const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
    const zone = env.TZ;
    beforeEach(() => {
      // 20:00 on 20 November in New York is 09:00 on 21 November in China.
      env.TZ = 'America/New_York';
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T01:00:00Z'));
    });
    afterEach(() => {
      vi.useRealTimers();
      if (zone === undefined) delete env.TZ;
      else env.TZ = zone;
    });

    it("picks China's today for a day filter and sends that day", async () => {
      expect(new Date().getDate()).toBe(20);
      const store = createListStore<Row, { timeFrom?: string }>({
        ...CONFIG,
        searchFields: [{ name: 'timeFrom', label: '开始日期', kind: 'date' }],
      });
      render(<ListPage store={store} />);
      await screen.findByText('二号仓');
      await user.click(screen.getByPlaceholderText('请选择开始日期'));
      const popup = await waitFor(() => {
        const element = document.querySelector<HTMLElement>('.arco-picker-container');
        if (!element) throw new Error('no picker');
        return element;
      });
      // The marked day is China's, not the browser's.
      expect(popup.querySelector('[data-china-today]')?.textContent).toBe('21');
      await user.click(within(popup).getByText('今天'));
      expect(screen.getByPlaceholderText('请选择开始日期')).toHaveValue('2026-11-21');
      await user.click(screen.getByRole('button', { name: '查询' }));
      await waitFor(() => expect(lastBody().filters).toEqual({ timeFrom: '2026-11-21' }));
    });
  });

  describe('import', () => {
    const IMPORTING: ListConfig<Row> = {
      ...CONFIG,
      calls: {
        ...CONFIG.calls,
        import: {
          call: { method: 'POST', path: '/rest/demo/import' },
          template: { method: 'POST', path: '/rest/demo/template' },
        },
      },
      permissions: { ...CONFIG.permissions, import: 'demo:import' },
    };
    const chooseFile = (file: File) =>
      fireEvent.change(screen.getByTestId('list-import-file'), { target: { files: [file] } });

    it('is offered only with the import permission', async () => {
      await renderPage(IMPORTING);
      expect(screen.queryByTestId('list-import')).not.toBeInTheDocument();
      expect(screen.queryByTestId('list-import-template')).not.toBeInTheDocument();
    });

    it('sends the chosen .xlsx and shows each refused row with its reasons', async () => {
      setSession({ token: 't', permissions: ['demo:import'] });
      upload.mockResolvedValue({
        stored: 3,
        refused: [
          { row: 4, reasons: ['请输入姓名', '请输入初始密码'] },
          { row: 7, reasons: ['该登录名已被使用，请更换'] },
        ],
      });
      await renderPage(IMPORTING);
      expect(screen.getByTestId('list-import-template')).toHaveTextContent('下载模板');
      chooseFile(new File(['x'], '用户.xlsx'));
      const result = await screen.findByTestId('list-import-result');
      expect(result).toHaveTextContent('成功导入 3 条，2 行未导入');
      const rows = within(result).getAllByRole('row').slice(1);
      expect(rows.map((row) => row.textContent)).toEqual(['4请输入姓名；请输入初始密码', '7该登录名已被使用，请更换']);
      await user.click(screen.getByRole('button', { name: '知道了' }));
      await waitFor(() => expect(screen.queryByTestId('list-import-result')).not.toBeInTheDocument());
    });

    it('refuses another kind of file, or one over 2 MB, before sending it', async () => {
      setSession({ token: 't', permissions: ['demo:import'] });
      const error = vi.fn();
      vi.spyOn(Message, 'error').mockImplementation(error as unknown as typeof Message.error);
      await renderPage(IMPORTING);
      chooseFile(new File(['a,b'], '用户.csv'));
      expect(error).toHaveBeenLastCalledWith('请选择 .xlsx 格式的 Excel 文件');
      const big = new File(['x'], '用户.xlsx');
      Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 + 1 });
      chooseFile(big);
      expect(error).toHaveBeenLastCalledWith('文件不能超过 2 MB');
      expect(upload).not.toHaveBeenCalled();
    });
  });
  describe('row actions and 详情', () => {
    interface Warehouse extends Row {
      remark: string | null;
    }
    const DETAIL_URL = '/rest/demo/detail';
    const DELETE_URL = '/rest/demo/delete';
    const WAREHOUSES: Warehouse[] = ROWS.map((row) => ({ ...row, remark: row.id === '1' ? '靠近铁路专用线' : null }));
    const edit = vi.fn();
    const grant = vi.fn();
    const freeze = vi.fn(async () => undefined);

    const DETAILED: ListConfig<Warehouse> = {
      rowKey: 'id',
      columns: [...(CONFIG.columns as ListConfig<Warehouse>['columns']), { title: '备注', dataIndex: 'remark' }],
      calls: {
        list: { method: 'POST', path: LIST_URL },
        delete: { call: { method: 'POST', path: DELETE_URL } },
      },
      permissions: { edit: 'demo:edit', delete: 'demo:delete' },
      storageKey: 'demo-detail',
      rowActions: {
        testIdPrefix: 'warehouse',
        testId: (row) => `w${row.id}`,
        edit: { onClick: edit },
        delete: { confirm: (row) => `确定删除仓库「${row.name}」吗？` },
        actions: [
          { key: 'grant', label: '授权', permission: 'demo:grant', onClick: grant },
          {
            key: 'freeze',
            label: (row) => (row.status === '2' ? '解冻' : '冻结'),
            status: (row) => (row.status === '2' ? 'success' : 'warning'),
            visible: (row) => row.id !== '3',
            confirm: (row) => `确定${row.status === '2' ? '解冻' : '冻结'}「${row.name}」吗？`,
            onClick: freeze,
          },
        ],
      },
    };

    async function renderWarehouses(config: ListConfig<Warehouse> = DETAILED) {
      post.mockImplementation(async (url: string) =>
        url === LIST_URL ? { pagination: { result: WAREHOUSES, totalCount: 3, pageNum: 1, pageSize: 10 } } : null,
      );
      render(<ListPage store={createListStore<Warehouse, Record<string, never>>(config)} />);
      await screen.findByText('二号仓');
    }

    const drawer = () =>
      waitFor(() => {
        const element = document.querySelector<HTMLElement>('.arco-drawer');
        if (!element) throw new Error('drawer not open');
        return element;
      });

    beforeEach(() => {
      edit.mockReset();
      grant.mockReset();
      freeze.mockClear();
      localStorage.clear();
    });

    it('shows every column of a row in 详情, hidden ones too, as the cells draw them', async () => {
      await renderWarehouses();
      // 备注 and 创建时间 hidden by 列设置: the table leaves them out, 详情 does not.
      await user.click(screen.getByRole('button', { name: /列设置/ }));
      const settings = await drawer();
      await user.click(within(settings).getByText('备注'));
      await user.click(within(settings).getByText('创建时间'));
      await user.click(within(settings).getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(screen.queryByRole('columnheader', { name: '备注' })).toBeNull());
      expect(screen.queryByRole('columnheader', { name: '创建时间' })).toBeNull();

      await user.click(screen.getByTestId('warehouse-detail-w2'));
      const detail = await screen.findByTestId('list-detail');
      expect(detail.closest('.arco-drawer')?.querySelector('.arco-drawer-header')).toHaveTextContent('详情');
      const lines = within(detail)
        .getAllByRole('term')
        .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);
      expect(lines).toEqual(['名称=二号仓', '状态=冻结', '创建时间=2026-11-02', '备注=--']);
      expect(post.mock.calls.some(([url]) => url === DETAIL_URL)).toBe(false);
    });

    it('closes 详情 with Esc and gives the focus back to its button', async () => {
      await renderWarehouses();
      const opener = screen.getByTestId('warehouse-detail-w1');
      await user.click(opener);
      expect(await screen.findByTestId('list-detail-remark')).toHaveTextContent('靠近铁路专用线');
      const wrapper = (await drawer()).closest<HTMLElement>('.arco-drawer-wrapper');
      await waitFor(() => expect(wrapper?.contains(document.activeElement)).toBe(true));
      // Arco's drawer reads the key's code, which user-event leaves out.
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', keyCode: 27 });
      await waitFor(() => expect(screen.queryByTestId('list-detail')).toBeNull());
      await waitFor(() => expect(opener).toHaveFocus());
    });

    it('loads the whole record first; a failure says why and 重试 loads it again', async () => {
      let attempts = 0;
      await renderWarehouses({
        ...DETAILED,
        calls: { ...DETAILED.calls, detail: undefined } as ListConfig<Warehouse>['calls'],
        detail: {
          omit: ['createTime'],
          load: { call: { method: 'POST', path: DETAIL_URL }, body: (row) => ({ warehouseId: row.id }) },
          fields: [
            { key: 'status', label: '仓库状态', render: (record) => (record.status === '1' ? '营业' : '停业') },
            { key: 'capacity', label: '库容（吨）', render: (record) => record.capacity as number },
          ],
        },
      });
      post.mockImplementation(async (url: string) => {
        if (url !== DETAIL_URL) return null;
        attempts += 1;
        if (attempts === 1) throw new ApiError('NETWORK', '网络异常，请检查网络后重试');
        return { capacity: 12000, remark: '新疆棉专库' };
      });
      await user.click(screen.getByTestId('warehouse-detail-w1'));
      const failed = await screen.findByTestId('list-detail-failed');
      expect(failed).toHaveTextContent('详情加载失败');
      expect(failed).toHaveTextContent('网络异常，请检查网络后重试');
      expect(post).toHaveBeenCalledWith(DETAIL_URL, { warehouseId: '1' });

      await user.click(within(failed).getByRole('button', { name: /重\s*试/ }));
      const detail = await screen.findByTestId('list-detail');
      const lines = within(detail)
        .getAllByRole('term')
        .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);
      expect(lines).toEqual(['名称=一号仓', '仓库状态=营业', '备注=新疆棉专库', '库容（吨）=12000']);
    });

    it('offers no 重试 when the server refused the record', async () => {
      await renderWarehouses({ ...DETAILED, detail: { load: { call: { method: 'POST', path: DETAIL_URL } } } });
      post.mockImplementation(async (url: string) => {
        if (url === DETAIL_URL) throw new ApiError('404', '记录不存在或已被删除');
        return null;
      });
      await user.click(screen.getByTestId('warehouse-detail-w2'));
      const failed = await screen.findByTestId('list-detail-failed');
      expect(failed).toHaveTextContent('记录不存在或已被删除');
      expect(post).toHaveBeenCalledWith(DETAIL_URL, { id: '2' });
      expect(within(failed).queryByRole('button')).toBeNull();
    });

    it('shows 编辑 and 删除 only to holders of their codes', async () => {
      setSession({ token: 't', permissions: [] });
      await renderWarehouses();
      expect(screen.getByTestId('warehouse-detail-w1')).toHaveTextContent('详情');
      expect(screen.queryByTestId('warehouse-edit-w1')).toBeNull();
      expect(screen.queryByTestId('warehouse-delete-w1')).toBeNull();
      expect(screen.queryByTestId('warehouse-grant-w1')).toBeNull();
    });

    it('edits and deletes a row after confirming', async () => {
      await renderWarehouses();
      await user.click(screen.getByTestId('warehouse-edit-w2'));
      expect(edit).toHaveBeenCalledWith(WAREHOUSES[1]);

      await user.click(screen.getByTestId('warehouse-delete-w2'));
      const confirm = await screen.findByText('确定删除仓库「二号仓」吗？');
      const popup = confirm.closest<HTMLElement>('.arco-popconfirm') ?? document.body;
      await user.click(within(popup).getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(post).toHaveBeenCalledWith(DELETE_URL, { id: '2' }));
    });

    it("draws the page's own actions by code, per row, with their confirmation", async () => {
      setSession({ token: 't', permissions: ['demo:grant'] });
      await renderWarehouses();
      await user.click(screen.getByTestId('warehouse-grant-w1'));
      expect(grant).toHaveBeenCalledWith(WAREHOUSES[0]);
      expect(screen.getByTestId('warehouse-freeze-w1')).toHaveTextContent('冻结');
      expect(screen.getByTestId('warehouse-freeze-w2')).toHaveTextContent('解冻');
      expect(screen.queryByTestId('warehouse-freeze-w3')).toBeNull();

      await user.click(screen.getByTestId('warehouse-freeze-w2'));
      const confirm = await screen.findByText('确定解冻「二号仓」吗？');
      expect(freeze).not.toHaveBeenCalled();
      const popup = confirm.closest<HTMLElement>('.arco-popconfirm') ?? document.body;
      await user.click(within(popup).getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(freeze).toHaveBeenCalledWith(WAREHOUSES[1]));
    });

    it("keeps a plugin's own rowActions (built before the config drew them) after the config's buttons", async () => {
      post.mockImplementation(async (url: string) =>
        url === LIST_URL ? { pagination: { result: WAREHOUSES, totalCount: 3, pageNum: 1, pageSize: 10 } } : null,
      );
      render(
        <ListPage
          store={createListStore<Warehouse, Record<string, never>>({
            ...DETAILED,
            detail: false,
            rowActions: undefined,
          })}
          rowActions={(row) => <Button data-testid={`old-${row.id}`}>查看</Button>}
        />,
      );
      await screen.findByText('二号仓');
      const cell = screen.getByTestId('old-2').closest('[data-list-column="__actions"]');
      expect(cell?.textContent?.replace(/\s/g, '')).toBe('删除查看');
    });

    it('has no 操作 column without 详情 and without any action the user may take', async () => {
      setSession({ token: 't', permissions: [] });
      await renderWarehouses({ ...DETAILED, detail: false, rowActions: { edit: { onClick: edit } } });
      expect(screen.queryByRole('columnheader', { name: '操作' })).toBeNull();
      expect(screen.queryByText('详情')).toBeNull();
    });
  });
});
