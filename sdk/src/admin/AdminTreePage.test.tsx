import { Message } from '@arco-design/web-react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../request/api-error';
import { clearSession, setSession } from '../session/store';
import { AdminTreePage } from './AdminTreePage';
import { buildTree, keyAndBelow, parentKeys } from './tree';
import type { AdminFormConfig, AdminTreeConfig } from './types';

const post = vi.hoisted(() => vi.fn());
const download = vi.hoisted(() => vi.fn());
vi.mock('../request/client', () => ({
  request: {
    call: (call: { path: string }, body: unknown) => post(call.path, body),
    download: (call: { path: string }, body: unknown) => download(call.path, body),
  },
}));

interface Area {
  id: string;
  parentId: string | null;
  name: string;
}
interface AreaBody {
  parentId: string | null;
  name: string;
}

const TREE_URL = '/rest/area/tree';
const ADD = '/rest/area/add';
const UPDATE = '/rest/area/update';
const DELETE = '/rest/area/delete';
const AREAS: Area[] = [
  { id: '1', parentId: null, name: '华北' },
  { id: '2', parentId: '1', name: '河北' },
  { id: '3', parentId: '2', name: '石家庄' },
  { id: '4', parentId: null, name: '西北' },
];

const TREE: AdminTreeConfig<Area> = {
  rowKey: 'id',
  parentKey: 'parentId',
  load: { call: { method: 'POST', path: TREE_URL }, rows: (answer: { areas: Area[] }) => answer.areas },
  columns: [{ title: '名称', dataIndex: 'name' }],
  permissions: { add: 'area:add', edit: 'area:edit', delete: 'area:delete' },
  delete: { call: { method: 'POST', path: DELETE }, confirm: (row) => `确定删除「${row.name}」吗？` },
};
const FORM: AdminFormConfig<Area, AreaBody> = {
  noun: '区域',
  fields: [{ name: 'name', label: '名称', type: 'text', required: true }],
  add: { call: { method: 'POST', path: ADD } },
  update: { call: { method: 'POST', path: UPDATE } },
};
const PARENT = { name: 'parentId' as const, label: '上级区域', rootLabel: '无（顶级区域）', refusal: ['下级之下'] };

const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: string) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  download.mockReset();
  post.mockImplementation(async (url: string) => (url === TREE_URL ? { areas: AREAS } : null));
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  vi.spyOn(Message, 'error').mockImplementation((() => () => undefined) as unknown as typeof Message.error);
  setSession({ token: 't', permissions: ['area:add', 'area:edit', 'area:delete'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

function renderTree() {
  render(<AdminTreePage<Area, AreaBody> title="区域管理" testId="area" tree={TREE} form={FORM} parent={PARENT} />);
}

describe('tree helpers', () => {
  it('nests flat rows in their order, finds a subtree and the parents', () => {
    const nodes = buildTree(AREAS, 'id', 'parentId');
    expect(nodes.map((node) => node.name)).toEqual(['华北', '西北']);
    expect(nodes[0]!.children?.[0]?.children?.[0]?.name).toBe('石家庄');
    expect(nodes[1]!.children).toBeUndefined();
    expect([...keyAndBelow(AREAS, 'id', 'parentId', '2')].sort()).toEqual(['2', '3']);
    expect(parentKeys(nodes, 'id')).toEqual(['1', '2']);
  });
});

describe('AdminTreePage', () => {
  it('shows the whole tree opened, with 新增顶级 and the row buttons by code', async () => {
    renderTree();
    expect(await screen.findByText('石家庄')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '区域管理' })).toBeInTheDocument();
    expect(screen.getByTestId('area-add-root')).toHaveTextContent('新增顶级区域');
    expect(screen.getByTestId('area-add-child-2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '折叠全部' }));
    await waitFor(() => expect(screen.queryByText('石家庄')).not.toBeInTheDocument());
  });

  it('hides the writing buttons from a viewer', async () => {
    setSession({ token: 't', permissions: [] });
    renderTree();
    await screen.findByText('石家庄');
    expect(screen.queryByTestId('area-add-root')).not.toBeInTheDocument();
    expect(screen.queryByTestId('area-edit-2')).not.toBeInTheDocument();
    expect(screen.queryByTestId('area-delete-2')).not.toBeInTheDocument();
  });

  it('adds under the row chosen, then reloads', async () => {
    renderTree();
    await screen.findByText('石家庄');
    await user.click(screen.getByTestId('area-add-child-2'));
    const form = within(await screen.findByTestId('area-form'));
    await user.type(form.getByPlaceholderText('请输入名称'), '保定');
    await user.click(screen.getByTestId('area-form-save'));
    await waitFor(() => expect(bodiesOf(ADD)).toEqual([{ parentId: '2', name: '保定' }]));
    await waitFor(() => expect(bodiesOf(TREE_URL)).toHaveLength(2));
  });

  it('adds at the top with no parent', async () => {
    renderTree();
    await screen.findByText('石家庄');
    await user.click(screen.getByTestId('area-add-root'));
    const form = within(await screen.findByTestId('area-form'));
    await user.type(form.getByPlaceholderText('请输入名称'), '东北');
    await user.click(screen.getByTestId('area-form-save'));
    await waitFor(() => expect(bodiesOf(ADD)).toEqual([{ parentId: null, name: '东北' }]));
  });

  it('edits with the parent kept; the row and those below it are not offered as its parent', async () => {
    post.mockImplementation(async (url: string) => {
      if (url === TREE_URL) return { areas: AREAS };
      if (url === UPDATE) throw new ApiError('400', '不能移到它自己或它的下级之下');
      return null;
    });
    renderTree();
    await screen.findByText('石家庄');
    await user.click(screen.getByTestId('area-edit-2'));
    const form = within(await screen.findByTestId('area-form'));
    await user.click(screen.getByTestId('area-form-parent'));
    const popup = document.querySelector<HTMLElement>('.arco-tree-select-popup')!;
    await waitFor(() => expect(within(popup).getByText('石家庄')).toBeInTheDocument());
    expect(within(popup).getByText('石家庄').closest('.arco-tree-node')).toHaveClass('arco-tree-node-disabled');
    expect(within(popup).getByText('西北').closest('.arco-tree-node')).not.toHaveClass('arco-tree-node-disabled');
    await user.click(screen.getByTestId('area-form-save'));
    await waitFor(() => expect(bodiesOf(UPDATE)).toEqual([{ id: '2', parentId: '1', name: '河北' }]));
    const message = await form.findByText('不能移到它自己或它的下级之下');
    expect(message.closest('.arco-form-item')).toHaveTextContent('上级区域');
  });

  it('deletes after confirming and shows a refusal', async () => {
    post.mockImplementation(async (url: string) => {
      if (url === TREE_URL) return { areas: AREAS };
      if (url === DELETE) throw new ApiError('400', '「河北」下还有区域');
      return null;
    });
    renderTree();
    await screen.findByText('石家庄');
    await user.click(screen.getByTestId('area-delete-2'));
    const confirm = await screen.findByText('确定删除「河北」吗？');
    await user.click(
      within(confirm.closest<HTMLElement>('.arco-popconfirm')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(bodiesOf(DELETE)).toEqual([{ id: '2' }]));
    await waitFor(() => expect(Message.error).toHaveBeenCalledWith('「河北」下还有区域'));
  });

  it('deletes the ticked rows together after asking, reloads, and shows a refusal', async () => {
    const BATCH = '/rest/area/deleteMany';
    let refuse = true;
    post.mockImplementation(async (url: string) => {
      if (url === TREE_URL) return { areas: refuse ? AREAS : AREAS.filter((area) => area.id !== '3') };
      if (url === BATCH && refuse) throw new ApiError('400', '「河北」下还有区域');
      return { deleted: 2 };
    });
    render(
      <AdminTreePage<Area, AreaBody>
        title="区域管理"
        testId="area"
        tree={{ ...TREE, batchDelete: { call: { method: 'POST', path: BATCH } } }}
      />,
    );
    await screen.findByText('石家庄');
    const button = screen.getByTestId('area-batch-delete');
    expect(button).toBeDisabled();
    const tick = (name: string) => user.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    await tick('河北');
    await tick('石家庄');
    expect(button).toHaveTextContent('批量删除（2）');
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(Message.error).toHaveBeenCalledWith('「河北」下还有区域'));
    expect(bodiesOf(BATCH)).toEqual([{ ids: '2,3' }]);
    // Deleted: the tree reloads, and a tick on a row gone drops.
    refuse = false;
    await user.click(button);
    const dialogs = await screen.findAllByRole('dialog');
    await user.click(within(dialogs.at(-1)!).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByText('石家庄')).not.toBeInTheDocument());
    expect(Message.success).toHaveBeenCalledWith('删除成功');
    await waitFor(() => expect(button).toHaveTextContent('批量删除（1）'));
  });

  it('hides 批量删除 from one who may not delete', async () => {
    setSession({ token: 't', permissions: ['area:add'] });
    render(
      <AdminTreePage<Area, AreaBody>
        title="区域管理"
        testId="area"
        tree={{ ...TREE, batchDelete: { call: { method: 'POST', path: '/rest/area/deleteMany' } } }}
      />,
    );
    await screen.findByText('石家庄');
    expect(screen.queryByTestId('area-batch-delete')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('lists what 查询 found through the list call it names, a tree answered whole', async () => {
    const PAGE = '/rest/area/page';
    post.mockImplementation(async (url: string, body: { filters?: { keyword?: string } }) => {
      if (url === TREE_URL) return { areas: AREAS };
      if (url === PAGE) {
        const found = AREAS.filter((area) => area.name.includes(body.filters?.keyword ?? ''));
        return { pagination: { result: found, totalCount: found.length, pageNum: 1, pageSize: 10 } };
      }
      return null;
    });
    render(
      <AdminTreePage<Area, AreaBody>
        title="区域管理"
        testId="area"
        tree={{
          ...TREE,
          search: {
            placeholder: '请输入名称',
            list: { call: { method: 'POST', path: PAGE }, filters: (text) => ({ keyword: text }) },
          },
        }}
      />,
    );
    await screen.findByText('石家庄');
    await user.type(screen.getByPlaceholderText('请输入名称'), '北');
    await user.click(within(screen.getByTestId('list-search-form')).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(bodiesOf(PAGE)).toEqual([expect.objectContaining({ filters: { keyword: '北' } })]));
    // A list of the rows found, not the tree: 石家庄 is not among them, and the tree's own call is not asked again.
    await waitFor(() => expect(screen.queryByText('石家庄')).not.toBeInTheDocument());
    expect(screen.getByText('华北')).toBeInTheDocument();
    expect(screen.getByText('西北')).toBeInTheDocument();
    expect(bodiesOf(TREE_URL)).toHaveLength(1);
  });

  it('says when the tree could not be loaded', async () => {
    post.mockRejectedValue(new ApiError('500', '系统繁忙'));
    renderTree();
    expect(await screen.findByText('加载失败：系统繁忙')).toBeInTheDocument();
  });

  it('loads a lazy tree a level at a time, and searches across the levels', async () => {
    post.mockImplementation(async (url: string, body: { parent?: string | null; text?: string }) => {
      if (url !== TREE_URL) return null;
      if (body.text) return { areas: AREAS.filter((area) => area.name.includes(body.text!)) };
      return { areas: AREAS.filter((area) => area.parentId === (body.parent ?? null)) };
    });
    render(
      <AdminTreePage<Area, AreaBody>
        title="区域管理"
        testId="area"
        tree={{
          ...TREE,
          load: { ...TREE.load, body: { parent: null } },
          lazy: { body: (row) => ({ parent: row.id }), has: (row) => row.id !== '3' && row.id !== '4' },
          search: { placeholder: '请输入名称', body: (text) => ({ text }) },
        }}
      />,
    );
    await screen.findByText('华北');
    expect(screen.queryByText('河北')).not.toBeInTheDocument();
    const open = (name: string) =>
      user.click(
        screen.getByText(name).closest('tr')!.querySelector<HTMLElement>('.arco-table-cell-expand-icon button')!,
      );
    await open('华北');
    await screen.findByText('河北');
    await open('河北');
    await screen.findByText('石家庄');
    expect(bodiesOf(TREE_URL)).toEqual([{ parent: null }, { parent: '1' }, { parent: '2' }]);
    // 西北 has nothing below: no expander.
    expect(screen.getByText('西北').closest('tr')!.querySelector('.arco-table-cell-expand-icon button')).toBeNull();

    await user.type(screen.getByPlaceholderText('请输入名称'), '石家');
    await user.click(within(screen.getByTestId('list-search-form')).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText('华北')).not.toBeInTheDocument());
    expect(screen.getByText('石家庄')).toBeInTheDocument();
    expect(bodiesOf(TREE_URL).at(-1)).toEqual({ text: '石家' });
  });

  it('exports what 查询 found, not the whole tree', async () => {
    download.mockResolvedValue(undefined);
    post.mockImplementation(async (url: string, body: { text?: string }) =>
      url === TREE_URL ? { areas: body.text ? AREAS.filter((area) => area.name.includes(body.text!)) : AREAS } : null,
    );
    vi.spyOn(Message, 'loading').mockImplementation((() => () => undefined) as unknown as typeof Message.loading);
    render(
      <AdminTreePage<Area, AreaBody>
        title="区域管理"
        testId="area"
        tree={{
          ...TREE,
          search: { placeholder: '请输入名称', body: (text) => ({ text }) },
          export: { call: { method: 'POST', path: '/rest/area/export' }, fileName: '区域.xlsx' },
        }}
      />,
    );
    await screen.findByText('西北');
    await user.click(screen.getByTestId('area-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]).toEqual(['/rest/area/export', { pageNum: 1, pageSize: 10 }]);

    await user.type(screen.getByPlaceholderText('请输入名称'), '石家');
    await user.click(within(screen.getByTestId('list-search-form')).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText('西北')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('area-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(2));
    expect(download.mock.calls[1]).toEqual(['/rest/area/export', { text: '石家', pageNum: 1, pageSize: 10 }]);
  });

  it('names the edited row’s parent when it is outside the tree, and offers only the rows allowed', async () => {
    post.mockImplementation(async (url: string) => (url === TREE_URL ? { areas: AREAS.slice(2) } : null));
    render(
      <AdminTreePage<Area, AreaBody>
        title="区域管理"
        testId="area"
        tree={TREE}
        form={FORM}
        parent={{ ...PARENT, outsideName: () => '河北', choosable: (row) => row.id !== '4' }}
      />,
    );
    await screen.findByText('石家庄');
    await user.click(screen.getByTestId('area-edit-3'));
    const form = within(await screen.findByTestId('area-form'));
    expect(form.getByTestId('area-form-parent')).toHaveTextContent('河北');
    await user.click(screen.getByTestId('area-form-parent'));
    const popup = document.querySelector<HTMLElement>('.arco-tree-select-popup')!;
    await waitFor(() => expect(within(popup).getByText('无（顶级区域）')).toBeInTheDocument());
    expect(within(popup).queryByText('西北')).not.toBeInTheDocument();
  });
});
