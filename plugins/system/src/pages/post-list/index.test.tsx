import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import type { AdminPostRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { postAdminCalls } from '@cotton/sdk/calls';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);
const download = vi.fn();
vi.spyOn(request, 'download').mockImplementation(download);

function row(overrides: Partial<AdminPostRow>): AdminPostRow {
  return {
    id: '1',
    code: 'OPS',
    name: '系统运维',
    sort: 6,
    status: '1',
    description: '平台运行与账号管理',
    userCount: 1,
    createTime: '2026-03-18T08:00:00+08:00',
    ...overrides,
  };
}
const ROWS = [row({}), row({ id: '2', code: 'CLERK', name: '综合文员', status: '2', userCount: 0, description: null })];
const ALL = ['system:post:list', 'system:post:add', 'system:post:edit', 'system:post:delete', 'system:post:export'];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  download.mockReset();
  download.mockResolvedValue(undefined);
  post.mockImplementation(async (url: unknown) => {
    if (url === postAdminCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
    return null;
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ALL });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

async function renderList() {
  render(<PostList />);
  await screen.findByText('综合文员');
}

describe('PostList', () => {
  it('lists the posts with their status and holders', async () => {
    await renderList();
    expect(bodiesOf(postAdminCalls.page)[0]).toEqual({
      filters: {},
      sort: { field: 'createTime', order: 'desc' },
      pageNum: 1,
      pageSize: 10,
    });
    expect(screen.getByText('停用')).toBeInTheDocument();
    expect(screen.getByText('平台运行与账号管理')).toBeInTheDocument();
  });

  it('adds a post after checking the code; a taken code is shown under the code', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === postAdminCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === postAdminCalls.add) throw new ApiError('400', '该岗位编码已被使用，请更换');
      return null;
    });
    await renderList();
    await user.click(screen.getByTestId('post-add'));
    const form = within(await screen.findByTestId('post-form'));
    await user.type(form.getByPlaceholderText('请输入岗位编码'), '9x');
    await user.click(screen.getByTestId('post-form-save'));
    expect(await form.findByText('岗位编码为 2～32 位字母、数字、_ 或 -，以字母开头')).toBeInTheDocument();
    expect(bodiesOf(postAdminCalls.add)).toEqual([]);

    await user.clear(form.getByPlaceholderText('请输入岗位编码'));
    await user.type(form.getByPlaceholderText('请输入岗位编码'), 'ops');
    await user.type(form.getByPlaceholderText('请输入岗位名称'), ' 稽核员 ');
    await user.click(screen.getByTestId('post-form-save'));
    await waitFor(() =>
      expect(bodiesOf(postAdminCalls.add)).toEqual([
        { code: 'ops', name: '稽核员', sort: 0, status: '1', description: null },
      ]),
    );
    const message = await form.findByText('该岗位编码已被使用，请更换');
    expect(message.closest('.arco-form-item')).toHaveTextContent('岗位编码');
  });

  it('disables a post from the edit form, the code fixed', async () => {
    await renderList();
    await user.click(screen.getByTestId('post-edit-OPS'));
    const form = within(await screen.findByTestId('post-form'));
    expect(form.getByPlaceholderText('请输入岗位编码')).toBeDisabled();
    await user.click(form.getByText('停用'));
    await user.click(screen.getByTestId('post-form-save'));
    await waitFor(() =>
      expect(bodiesOf(postAdminCalls.update)).toEqual([
        { id: '1', name: '系统运维', sort: 6, status: '2', description: '平台运行与账号管理' },
      ]),
    );
    await waitFor(() => expect(bodiesOf(postAdminCalls.page)).toHaveLength(2));
  });

  it('deletes after confirming, with { ids }', async () => {
    await renderList();
    await user.click(screen.getByTestId('post-delete-CLERK'));
    const confirm = await screen.findByText('确定删除岗位「综合文员」吗？');
    await user.click(
      within(confirm.closest<HTMLElement>('.arco-popconfirm')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(bodiesOf(postAdminCalls.delete)).toEqual([{ ids: '2' }]));
  });

  it('hides the buttons of permissions not held', async () => {
    setSession({ token: 't', permissions: ['system:post:list'] });
    await renderList();
    expect(screen.queryByTestId('post-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('post-edit-OPS')).not.toBeInTheDocument();
    expect(screen.queryByTestId('post-delete-OPS')).not.toBeInTheDocument();
    expect(screen.queryByTestId('list-export')).not.toBeInTheDocument();
  });

  it('exports the query as it stands, or the selected posts, as 岗位列表.xlsx', async () => {
    await renderList();
    await user.click(screen.getByText('综合文员').closest('tr')!.querySelector<HTMLElement>('.arco-checkbox')!);
    await user.click(screen.getByTestId('list-export'));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [call, body, filename] = download.mock.calls[0] as [unknown, unknown, string];
    expect(call).toBe(postAdminCalls.export);
    expect(body).toMatchObject({ sort: { field: 'createTime', order: 'desc' }, selections: '2' });
    expect(filename).toBe('岗位列表.xlsx');
  });
});
