import { Message } from '@arco-design/web-react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@arco-design/web-react';
import { ApiError } from '../request/api-error';
import { clearSession, setSession } from '../session/store';
import { AdminListPage } from './AdminListPage';
import type { AdminFormConfig, AdminPageHandle } from './types';
import type { ListConfig } from '../list/types';

const post = vi.hoisted(() => vi.fn());
vi.mock('../request/client', () => ({
  request: {
    call: (call: { path: string }, body: unknown) => post(call.path, body),
    download: vi.fn(),
    upload: vi.fn(),
  },
}));

interface Row {
  id: string;
  code: string;
  name: string;
  kind: string;
  owner: string;
  sort: number;
  note: string | null;
}

interface Values {
  code: string;
  name: string;
  kind: string;
  owner: string;
  sort?: number;
  note?: string | null;
}

const PAGE = '/rest/demo/page';
const ADD = '/rest/demo/add';
const UPDATE = '/rest/demo/update';
const OWNERS = '/rest/demo/owners';
const DICT = '/rest/dict/getdictlist';
const DUPLICATE = '/rest/common/duplicateCheck';

const ROWS: Row[] = [{ id: '7', code: 'A01', name: '一号库', kind: '2', owner: 'u1', sort: 3, note: null }];

const LIST: ListConfig<Row> = {
  rowKey: 'id',
  columns: [
    { title: '编码', dataIndex: 'code' },
    { title: '名称', dataIndex: 'name' },
  ],
  calls: { list: { method: 'POST', path: PAGE } },
  permissions: { add: 'demo:add', edit: 'demo:edit' },
  rowActions: { testId: (row) => row.code },
};

const FORM: AdminFormConfig<Row, Values> = {
  noun: '仓库',
  fields: [
    {
      name: 'code',
      label: '编码',
      type: 'text',
      required: true,
      maxLength: 8,
      pattern: { match: /^[A-Z]\d{2}$/, message: '编码为一个大写字母加两位数字' },
      unique: { tableName: 'demo', fieldName: 'code' },
      readOnlyOnEdit: true,
    },
    { name: 'name', label: '名称', type: 'text', required: true, maxLength: 20 },
    { name: 'kind', label: '类型', type: 'select', required: true, options: { dict: 'demoKind' }, testId: 'kind' },
    {
      name: 'owner',
      label: '负责人',
      type: 'radio',
      options: {
        call: { method: 'POST', path: OWNERS },
        options: (answer: { id: string; name: string }[]) => answer.map((o) => ({ label: o.name, value: o.id })),
      },
    },
    { name: 'sort', label: '排序', type: 'number', max: 99, initialValue: 0 },
    { name: 'note', label: '备注', type: 'textarea', maxLength: 50 },
  ],
  add: { call: { method: 'POST', path: ADD } },
  update: { call: { method: 'POST', path: UPDATE } },
};

const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: string) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);
let success: ReturnType<typeof vi.fn>;

/**
 * What the fake server answers. The dictionary is always answered the same: the SDK keeps a
 * category's entries for a few seconds across tests, so no test may leave another answer there.
 */
async function served(url: string, body?: { fieldVal?: string }): Promise<unknown> {
  if (url === PAGE) return { pagination: { result: ROWS, totalCount: 1, pageNum: 1, pageSize: 10 } };
  if (url === DICT)
    return {
      dictList: [
        { code: '1', value: '棉花库' },
        { code: '2', value: '棉纱库' },
      ],
    };
  if (url === OWNERS)
    return [
      { id: 'u1', name: '张三' },
      { id: 'u2', name: '李四' },
    ];
  if (url === DUPLICATE)
    return body?.fieldVal === 'B02' ? { valid: false, message: '该编码已被使用，请更换' } : { valid: true };
  return { id: '8' };
}

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(served);
  success = vi.fn();
  vi.spyOn(Message, 'success').mockImplementation(success as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ['demo:add', 'demo:edit'] });
});

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

async function renderPage(props: Partial<Parameters<typeof AdminListPage<Row, object, Values>>[0]> = {}) {
  render(<AdminListPage<Row, object, Values> title="仓库管理" testId="demo" list={LIST} form={FORM} {...props} />);
  await screen.findByText('一号库');
}

/** The messages under the form's fields, in order. */
const errors = () =>
  [...screen.getByTestId('demo-form').querySelectorAll('.arco-form-message')].map((node) => node.textContent);

async function openAdd() {
  await user.click(screen.getByTestId('demo-add'));
  return within(await screen.findByTestId('demo-form'));
}

describe('AdminListPage', () => {
  it('draws the title and 新增 for holders of the add code only', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: '仓库管理' })).toBeInTheDocument();
    expect(screen.getByTestId('demo-list')).toBeInTheDocument();
    expect(screen.getByTestId('demo-add')).toHaveTextContent('新增');
  });

  it('takes the page id its tests name, the buttons keeping the page prefix', async () => {
    await renderPage({ pageTestId: 'demo-log' });
    expect(screen.getByTestId('demo-log')).toHaveTextContent('仓库管理');
    expect(screen.queryByTestId('demo-list')).not.toBeInTheDocument();
    expect(screen.getByTestId('demo-edit-A01')).toBeInTheDocument();
  });

  it('opens the page’s own drawer from 新增 and 编辑, and reloads once it saved', async () => {
    const opened: Array<{ visible: boolean; row: string | null }> = [];
    await renderPage({
      form: undefined,
      addText: '新增仓库',
      drawer: (slot) => {
        opened.push({ visible: slot.visible, row: slot.row?.code ?? null });
        return slot.visible ? (
          <div data-testid="own-drawer">
            <span>{slot.row ? `编辑 ${slot.row.code}` : '新增'}</span>
            <Button onClick={slot.onSaved}>保存</Button>
          </div>
        ) : null;
      },
    });
    expect(screen.getByTestId('demo-add')).toHaveTextContent('新增仓库');
    await user.click(screen.getByTestId('demo-add'));
    expect(within(await screen.findByTestId('own-drawer')).getByText('新增')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('own-drawer')).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByTestId('own-drawer')).not.toBeInTheDocument());
    await waitFor(() => expect(post.mock.calls.filter(([path]) => path === PAGE)).toHaveLength(2));
    await user.click(screen.getByTestId('demo-edit-A01'));
    expect(within(await screen.findByTestId('own-drawer')).getByText('编辑 A01')).toBeInTheDocument();
    expect(opened.at(-1)).toEqual({ visible: true, row: 'A01' });
  });

  it('draws no title or frame when embedded in another page’s drawer, named all the same', async () => {
    await renderPage({ embedded: true, pageTestId: 'demo-items' });
    expect(screen.queryByRole('heading', { name: '仓库管理' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: '仓库管理' })).toBe(screen.getByTestId('demo-items'));
    expect(screen.getByTestId('demo-add')).toBeInTheDocument();
  });

  it('hides 新增 and 编辑 from a user without their codes', async () => {
    setSession({ token: 't', permissions: [] });
    await renderPage();
    expect(screen.queryByTestId('demo-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('demo-edit-A01')).not.toBeInTheDocument();
  });

  it('refuses empty required fields and a malformed code in Chinese, sending nothing', async () => {
    await renderPage();
    const form = await openAdd();
    expect(screen.getByText('新增仓库')).toBeInTheDocument();
    await user.type(form.getByPlaceholderText('请输入名称'), '   ');
    await user.click(screen.getByTestId('demo-form-save'));
    await waitFor(() => expect(errors()).toEqual(['请输入编码', '请输入名称', '请选择类型']));

    await user.type(form.getByPlaceholderText('请输入编码'), 'a1');
    await user.click(screen.getByTestId('demo-form-save'));
    expect(await form.findByText('编码为一个大写字母加两位数字')).toBeInTheDocument();
    expect(bodiesOf(ADD)).toEqual([]);
  });

  it('refuses a number out of its range (a row saved before the limit)', async () => {
    post.mockImplementation(async (url: string) => {
      if (url === PAGE)
        return { pagination: { result: [{ ...ROWS[0], sort: 120 }], totalCount: 1, pageNum: 1, pageSize: 10 } };
      return served(url);
    });
    await renderPage();
    await user.click(screen.getByTestId('demo-edit-A01'));
    const form = within(await screen.findByTestId('demo-form'));
    await user.click(screen.getByTestId('demo-form-save'));
    expect(await form.findByText('排序为 0～99 的整数')).toBeInTheDocument();
    expect(bodiesOf(UPDATE)).toEqual([]);
  });

  it('asks the duplicate check as the unique field is left, with the server message under it', async () => {
    await renderPage();
    const form = await openAdd();
    await user.type(form.getByPlaceholderText('请输入编码'), 'B02');
    await user.click(form.getByPlaceholderText('请输入名称'));
    expect(await form.findByText('该编码已被使用，请更换')).toBeInTheDocument();
    expect(bodiesOf(DUPLICATE)).toEqual([{ tableName: 'demo', fieldName: 'code', fieldVal: 'B02', dataId: null }]);
  });

  // The dictionary's entries (棉纱库) come from /rest/dict/getdictlist, asked once for a few seconds.
  it('offers a dictionary and a call as options, then adds, says 保存成功 and reloads', async () => {
    await renderPage();
    const form = await openAdd();
    expect(await form.findByText('张三')).toBeInTheDocument();
    await user.type(form.getByPlaceholderText('请输入编码'), 'C03');
    await user.type(form.getByPlaceholderText('请输入名称'), ' 三号库 ');
    await user.click(form.getByTestId('kind').querySelector<HTMLElement>('.arco-select-view')!);
    await user.click(await screen.findByText('棉纱库'));
    await user.click(form.getByText('李四'));
    await user.click(screen.getByTestId('demo-form-save'));
    await waitFor(() =>
      expect(bodiesOf(ADD)).toEqual([{ code: 'C03', name: '三号库', kind: '2', owner: 'u2', sort: 0, note: null }]),
    );
    expect(success).toHaveBeenCalledWith('保存成功');
    await waitFor(() => expect(bodiesOf(PAGE)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('demo-form')).not.toBeInTheDocument());
  });

  it('edits with the read-only field fixed and left out of the update, its own value not taken', async () => {
    await renderPage();
    await user.click(screen.getByTestId('demo-edit-A01'));
    const form = within(await screen.findByTestId('demo-form'));
    expect(screen.getByText('编辑仓库')).toBeInTheDocument();
    expect(form.getByPlaceholderText('请输入编码')).toBeDisabled();
    expect(form.getByPlaceholderText('请输入编码')).toHaveValue('A01');
    await user.clear(form.getByPlaceholderText('请输入名称'));
    await user.type(form.getByPlaceholderText('请输入名称'), '一号库（东）');
    await user.click(screen.getByTestId('demo-form-save'));
    await waitFor(() =>
      expect(bodiesOf(UPDATE)).toEqual([
        { id: '7', name: '一号库（东）', kind: '2', owner: 'u1', sort: 3, note: null },
      ]),
    );
    expect(bodiesOf(DUPLICATE)).toEqual([]);
    await waitFor(() => expect(bodiesOf(PAGE)).toHaveLength(2));
  });

  it('says above the fields when the options of a field could not be loaded', async () => {
    post.mockImplementation(async (url: string) => {
      if (url === PAGE) return { pagination: { result: ROWS, totalCount: 1, pageNum: 1, pageSize: 10 } };
      if (url === OWNERS) throw new ApiError('500', '系统繁忙，请稍后再试');
      return served(url);
    });
    await renderPage();
    await openAdd();
    expect(await screen.findByTestId('demo-form-error')).toHaveTextContent(
      '负责人的选项加载失败：系统繁忙，请稍后再试',
    );
  });

  it('puts a refusal naming a field under it, another above the fields', async () => {
    let refusal = new ApiError('400', '名称与其他仓库重复');
    post.mockImplementation(async (url: string) => {
      if (url === PAGE) return { pagination: { result: ROWS, totalCount: 1, pageNum: 1, pageSize: 10 } };
      if (url === UPDATE) throw refusal;
      return served(url);
    });
    await renderPage();
    await user.click(screen.getByTestId('demo-edit-A01'));
    const form = within(await screen.findByTestId('demo-form'));
    await user.click(screen.getByTestId('demo-form-save'));
    const message = await form.findByText('名称与其他仓库重复');
    expect(message.closest('.arco-form-item')).toHaveTextContent('名称');
    expect(form.queryByTestId('demo-form-error')).not.toBeInTheDocument();

    refusal = new ApiError('500', '系统繁忙，请稍后再试');
    await user.click(screen.getByTestId('demo-form-save'));
    expect(await form.findByTestId('demo-form-error')).toHaveTextContent('系统繁忙，请稍后再试');
    expect(success).not.toHaveBeenCalled();
    expect(bodiesOf(PAGE)).toHaveLength(1);
  });

  it('loads the whole record before an edit, and shows a field only while its condition holds', async () => {
    const LOAD = '/rest/demo/get';
    post.mockImplementation(async (url: string) => {
      if (url === PAGE) return { pagination: { result: ROWS, totalCount: 1, pageNum: 1, pageSize: 10 } };
      if (url === LOAD) return { note: '整库盘点中', scope: 'some', targets: ['北库'] };
      return served(url);
    });
    const form: AdminFormConfig<Row, Values & { scope?: string; targets?: string[] }> = {
      noun: '仓库',
      load: { call: { method: 'POST', path: LOAD } },
      fields: [
        { name: 'name', label: '名称', type: 'text', required: true },
        { name: 'note', label: '备注', type: 'textarea' },
        {
          name: 'scope',
          label: '范围',
          type: 'radio',
          options: [
            { label: '全部', value: 'all' },
            { label: '部分', value: 'some' },
          ],
        },
        {
          name: 'targets',
          label: '库区',
          type: 'multiselect',
          required: '请选择库区',
          options: [{ label: '北库', value: '北库' }],
          when: (values) => values.scope === 'some',
        },
      ],
      add: { call: { method: 'POST', path: ADD } },
      update: { call: { method: 'POST', path: UPDATE } },
    };
    render(<AdminListPage<Row, object, Values> title="仓库管理" testId="demo" list={LIST} form={form as never} />);
    await user.click(await screen.findByTestId('demo-edit-A01'));
    const drawer = within(await screen.findByTestId('demo-form'));
    expect(await drawer.findByDisplayValue('整库盘点中')).toBeInTheDocument();
    expect(bodiesOf(LOAD)).toEqual([{ id: '7' }]);
    expect(drawer.getByText('库区')).toBeInTheDocument();
    await user.click(drawer.getByText('全部'));
    await waitFor(() => expect(drawer.queryByText('库区')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('demo-form-save'));
    await waitFor(() =>
      expect(bodiesOf(UPDATE)).toEqual([{ id: '7', name: '一号库', note: '整库盘点中', scope: 'all' }]),
    );
  });

  it('gives the page its handle: its own actions and drawers reload and open the form', async () => {
    const reloadAfter = vi.fn();
    render(
      <AdminListPage<Row, object, Values>
        title="仓库管理"
        testId="demo"
        form={FORM}
        list={(page) => ({
          ...LIST,
          rowActions: {
            ...LIST.rowActions,
            actions: [{ key: 'again', label: '刷新', onClick: () => page.reload().then(reloadAfter) }],
          },
        })}
        toolbar={(page) => <Button onClick={() => page.edit(ROWS[0]!)}>快速编辑</Button>}
      />,
    );
    await screen.findByText('一号库');
    await user.click(screen.getByTestId('demo-again-A01'));
    await waitFor(() => expect(reloadAfter).toHaveBeenCalled());
    expect(bodiesOf(PAGE)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: '快速编辑' }));
    expect(await screen.findByText('编辑仓库')).toBeInTheDocument();
  });

  it('asks for options by the record edited, once with its load, and gives its own control the whole answer', async () => {
    const BIND = '/rest/demo/bindable' as const;
    interface Bindable {
      places: { id: string; name: string; open: boolean }[];
      held: string | null;
    }
    post.mockImplementation(async (url: string, body: { id?: string }) => {
      if (url === BIND)
        return {
          places: [
            { id: 'p1', name: '北库', open: true },
            { id: 'p2', name: '南库', open: false },
          ],
          held: body.id ? 'p1' : null,
        } satisfies Bindable;
      return served(url);
    });
    type Placed = { name?: string; place?: string };
    const bindable = {
      call: { method: 'POST' as const, path: BIND },
      body: (row: Row | null) => (row ? { id: row.id } : {}),
    };
    const form: AdminFormConfig<Row, Placed> = {
      noun: '仓库',
      load: bindable,
      values: (row) => ({ name: row.name, place: (row as Row & Partial<Bindable>).held ?? undefined }),
      fields: [
        { name: 'name', label: '名称', type: 'text', required: true },
        {
          name: 'place',
          label: '库区',
          type: 'select',
          options: {
            ...bindable,
            options: (answer: Bindable) => answer.places.map((p) => ({ label: p.name, value: p.id })),
          },
          // What the options cannot say: which places may be chosen.
          render: ({ answer }) => (
            <ul data-testid="places">
              {((answer as Bindable | undefined)?.places ?? []).map((p) => (
                <li key={p.id}>{p.open ? p.name : `${p.name}（已满）`}</li>
              ))}
            </ul>
          ),
        },
      ],
      add: { call: { method: 'POST', path: ADD } },
      update: { call: { method: 'POST', path: UPDATE } },
    };
    render(<AdminListPage<Row, object, Placed> title="仓库管理" testId="demo" list={LIST} form={form} />);
    await user.click(await screen.findByTestId('demo-edit-A01'));
    const drawer = within(await screen.findByTestId('demo-form'));
    expect(await drawer.findByText('南库（已满）')).toBeInTheDocument();
    // The edit's load and the field's options: one request.
    expect(bodiesOf(BIND)).toEqual([{ id: '7' }]);
    await user.click(screen.getByTestId('demo-form-save'));
    await waitFor(() => expect(bodiesOf(UPDATE)).toEqual([{ id: '7', name: '一号库', place: 'p1' }]));
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await user.click(screen.getByTestId('demo-add'));
    await screen.findByTestId('demo-form');
    await waitFor(() => expect(bodiesOf(BIND)).toEqual([{ id: '7' }, {}]));
  });

  it('fills other fields as the user changes one, and keeps values at dotted paths', async () => {
    interface Kinded {
      kind?: string;
      name?: string;
      [param: `params.${string}`]: number | undefined;
    }
    const form: AdminFormConfig<Row, Kinded> = {
      noun: '仓库',
      fields: [
        {
          name: 'kind',
          label: '类型',
          type: 'select',
          required: true,
          options: [
            { label: '棉花库', value: '1' },
            { label: '棉纱库', value: '2' },
          ],
          testId: 'kind',
          onChange: (value, values) => ({
            ...(values.name ? {} : { name: value === '1' ? '新棉花库' : '新棉纱库' }),
            ...(value === '1' ? { 'params.bales': 100 } : { 'params.tons': 5 }),
          }),
        },
        { name: 'name', label: '名称', type: 'text', required: true },
        { name: 'params.bales', label: '包数', type: 'number', when: (values) => values.kind === '1' },
        { name: 'params.tons', label: '吨数', type: 'number', when: (values) => values.kind === '2' },
      ],
      add: {
        call: { method: 'POST', path: ADD },
        body: (values) => ({
          kind: values.kind,
          name: values.name,
          bales: values['params.bales'],
          tons: values['params.tons'],
        }),
      },
      update: { call: { method: 'POST', path: UPDATE } },
    };
    render(<AdminListPage<Row, object, Kinded> title="仓库管理" testId="demo" list={LIST} form={form} />);
    await screen.findByText('一号库');
    const drawer = await openAdd();
    await user.click(drawer.getByTestId('kind'));
    await user.click(await screen.findByRole('option', { name: '棉纱库' }));
    expect(await drawer.findByDisplayValue('新棉纱库')).toBeInTheDocument();
    expect(drawer.getByText('吨数').closest('.arco-form-item')!.querySelector('input')).toHaveValue('5');
    expect(drawer.queryByText('包数')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('demo-form-save'));
    // Only the field shown is sent.
    await waitFor(() => expect(bodiesOf(ADD)).toEqual([{ kind: '2', name: '新棉纱库', bales: undefined, tons: 5 }]));
  });

  it("waits for what the list needs with its title, then lists with the page's own line under the title", async () => {
    const { rerender } = render(<AdminListPage<Row> title="仓库管理" testId="demo" list={LIST} waiting />);
    expect(screen.getByTestId('demo-list')).toHaveTextContent('仓库管理');
    expect(bodiesOf(PAGE)).toEqual([]);
    const made = vi.fn((_page: AdminPageHandle<Row, object>) => LIST);
    rerender(
      <AdminListPage<Row>
        title="仓库管理"
        testId="demo"
        list={made}
        header={(page) => <span data-testid="own-line">{page.store.config.rowKey}</span>}
      />,
    );
    await screen.findByText('一号库');
    expect(made).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('own-line')).toHaveTextContent('id');
  });

  it("puts the page's panel beside the list, and the panel searches through the store", async () => {
    render(
      <AdminListPage<Row, { code?: string }>
        title="仓库管理"
        testId="demo"
        list={LIST}
        aside={(page) => (
          <aside data-testid="own-panel">
            <Button onClick={() => void page.store.search({ code: 'A01' })}>只看 A01</Button>
          </aside>
        )}
      />,
    );
    await screen.findByText('一号库');
    // The panel and the table side by side: the table is not inside the panel.
    const panel = screen.getByTestId('own-panel');
    const row = screen.getByText('一号库');
    expect(panel.parentElement).toContainElement(row);
    expect(panel).not.toContainElement(row);
    await user.click(within(panel).getByRole('button', { name: '只看 A01' }));
    await waitFor(() => expect(bodiesOf(PAGE).at(-1)).toMatchObject({ filters: { code: 'A01' } }));
  });
});
