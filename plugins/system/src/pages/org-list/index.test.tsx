import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import type { AdminOrgRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { fieldCheckCalls, orgAdminCalls } from '@cotton/sdk/calls';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrgList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

const NAMES: Record<string, string> = { '1': '全国棉花交易市场', '3': '仓储监管部' };
const org = (id: string, parentId: string | null, code: string, name: string, userCount = 0): AdminOrgRow => ({
  id,
  parentId,
  parentName: parentId === null ? null : (NAMES[parentId] ?? null),
  code,
  name,
  sort: Number(id),
  userCount,
  createTime: '2026-03-18T08:00:00+08:00',
});
const ORGS = [
  org('1', null, 'CNCE', '全国棉花交易市场'),
  org('2', '1', 'TRADE', '交易部', 3),
  org('3', '1', 'WAREHOUSE', '仓储监管部'),
  org('4', '3', 'WH-XJ', '新疆监管处', 2),
];
const ALL = ['system:org:list', 'system:org:add', 'system:org:edit', 'system:org:delete'];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === orgAdminCalls.tree) return { orgs: ORGS };
    return null;
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  vi.spyOn(Message, 'error').mockImplementation((() => () => undefined) as unknown as typeof Message.error);
  setSession({ token: 't', permissions: ALL });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  vi.mocked(Message.error).mockRestore();
  clearSession();
});

describe('OrgList', () => {
  it('shows the tree expanded, with each organisation’s users', async () => {
    render(<OrgList />);
    expect(await screen.findByText('新疆监管处')).toBeInTheDocument();
    const row = screen.getByText('交易部').closest('tr')!;
    expect(row).toHaveTextContent('TRADE');
    expect(row).toHaveTextContent('3');
  });

  it('adds an organisation under the one chosen', async () => {
    render(<OrgList />);
    await screen.findByText('新疆监管处');
    await user.click(screen.getByTestId('org-add-child-WAREHOUSE'));
    const form = within(await screen.findByTestId('org-form'));
    await user.type(form.getByPlaceholderText('请输入机构编码'), 'WH-HB');
    await user.type(form.getByPlaceholderText('请输入机构名称'), '河北监管处');
    await user.click(screen.getByTestId('org-form-save'));
    await waitFor(() =>
      expect(bodiesOf(orgAdminCalls.add)).toEqual([{ parentId: '3', code: 'WH-HB', name: '河北监管处', sort: 0 }]),
    );
    await waitFor(() => expect(bodiesOf(orgAdminCalls.tree)).toHaveLength(2));
  });

  // Issue 31: a sibling's name was only found on 保存.
  it(
    'says a name is taken among the parent’s children as the field is left, and sends nothing',
    { timeout: 30_000 },
    async () => {
      post.mockImplementation(
        async (url: unknown, body: { fieldName?: string; fieldVal?: string; withinVal?: string }) => {
          if (url === orgAdminCalls.tree) return { orgs: ORGS };
          if (url === fieldCheckCalls.duplicate)
            return body.fieldName === 'name' && body.fieldVal === '新疆监管处' && body.withinVal === '3'
              ? { valid: false, message: '同一上级机构下已有同名机构，请更换名称' }
              : { valid: true, message: '' };
          return null;
        },
      );
      render(<OrgList />);
      await screen.findByText('新疆监管处');
      await user.click(screen.getByTestId('org-add-child-WAREHOUSE'));
      const form = within(await screen.findByTestId('org-form'));
      await user.click(form.getByPlaceholderText('请输入机构名称'));
      await user.paste('新疆监管处');
      await user.tab();
      const message = await form.findByText('同一上级机构下已有同名机构，请更换名称', {}, { timeout: 5000 });
      expect(message.closest('.arco-form-item')).toHaveTextContent('机构名称');
      expect(bodiesOf(fieldCheckCalls.duplicate)).toEqual([
        { tableName: 'sys_orgs', fieldName: 'name', fieldVal: '新疆监管处', dataId: null, withinVal: '3' },
      ]);
      await user.click(screen.getByTestId('org-form-save'));
      await waitFor(() => expect(bodiesOf(fieldCheckCalls.duplicate).length).toBeGreaterThanOrEqual(1));
      expect(bodiesOf(orgAdminCalls.add)).toEqual([]);
    },
  );

  it('asks about an edited name among its own parent’s children, itself aside', { timeout: 30_000 }, async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === orgAdminCalls.tree) return { orgs: ORGS };
      if (url === fieldCheckCalls.duplicate) return { valid: true, message: '' };
      return null;
    });
    render(<OrgList />);
    await screen.findByText('新疆监管处');
    await user.click(screen.getByTestId('org-edit-TRADE'));
    const form = within(await screen.findByTestId('org-form'));
    await user.click(form.getByPlaceholderText('请输入机构名称'));
    await user.paste('二');
    await user.tab();
    await waitFor(() =>
      expect(bodiesOf(fieldCheckCalls.duplicate)).toContainEqual({
        tableName: 'sys_orgs',
        fieldName: 'name',
        fieldVal: '交易部二',
        dataId: '2',
        withinVal: '1',
      }),
    );
  });

  it('edits with the parent kept, and shows a refused move under 上级机构', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === orgAdminCalls.tree) return { orgs: ORGS };
      if (url === orgAdminCalls.update) throw new ApiError('400', '不能把机构移到它自己或它的下级机构之下');
      return null;
    });
    render(<OrgList />);
    await screen.findByText('新疆监管处');
    await user.click(screen.getByTestId('org-edit-WAREHOUSE'));
    const form = within(await screen.findByTestId('org-form'));
    expect(form.getByPlaceholderText('请输入机构编码')).toHaveValue('WAREHOUSE');
    await user.click(screen.getByTestId('org-form-save'));
    await waitFor(() =>
      expect(bodiesOf(orgAdminCalls.update)).toEqual([
        { id: '3', parentId: '1', code: 'WAREHOUSE', name: '仓储监管部', sort: 3 },
      ]),
    );
    const message = await form.findByText('不能把机构移到它自己或它的下级机构之下');
    expect(message.closest('.arco-form-item')).toHaveTextContent('上级机构');
  });

  it('names a parent outside the caller’s scope, in the edit form and 详情, and keeps it on 保存', async () => {
    // 本机构及下级机构 on 仓储监管部: its parent is not in the tree.
    post.mockImplementation(async (url: unknown) => {
      if (url === orgAdminCalls.tree) return { orgs: ORGS.slice(2) };
      return null;
    });
    render(<OrgList />);
    await screen.findByText('新疆监管处');
    await user.click(screen.getByTestId('org-edit-WAREHOUSE'));
    const form = within(await screen.findByTestId('org-form'));
    await waitFor(() => expect(form.getByPlaceholderText('请输入机构编码')).toHaveValue('WAREHOUSE'));
    const parent = form.getByTestId('org-form-parent');
    expect(parent).toHaveTextContent('全国棉花交易市场');
    expect(parent).not.toHaveTextContent(/^1$/);
    await user.click(screen.getByTestId('org-form-save'));
    await waitFor(() =>
      expect(bodiesOf(orgAdminCalls.update)).toEqual([
        { id: '3', parentId: '1', code: 'WAREHOUSE', name: '仓储监管部', sort: 3 },
      ]),
    );
    await user.click(screen.getByTestId('org-detail-WAREHOUSE'));
    const detail = within(await screen.findByTestId('list-detail'));
    expect(detail.getByTestId('list-detail-parentId')).toHaveTextContent('全国棉花交易市场');
  });

  it('shows why the server refused a delete', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === orgAdminCalls.tree) return { orgs: ORGS };
      if (url === orgAdminCalls.delete)
        throw new ApiError('400', '机构「交易部」下还有 3 名用户，请先在用户管理中调整他们的所属机构');
      return null;
    });
    render(<OrgList />);
    await screen.findByText('新疆监管处');
    await user.click(screen.getByTestId('org-delete-TRADE'));
    const confirm = await screen.findByText('确定删除机构「交易部」吗？');
    await user.click(
      within(confirm.closest<HTMLElement>('.arco-popconfirm')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(bodiesOf(orgAdminCalls.delete)).toEqual([{ id: '2' }]));
    await waitFor(() =>
      expect(Message.error).toHaveBeenCalledWith('机构「交易部」下还有 3 名用户，请先在用户管理中调整他们的所属机构'),
    );
  });

  // Issue 31: the tree had no 查询, 高级查询, sort, 列设置 nor 批量删除.
  it('lists the organisations 查询 finds by name or code: sorted on the server, 批量删除 of the ticked ones', async () => {
    const found = [ORGS[3]!, ORGS[2]!];
    post.mockImplementation(async (url: unknown) => {
      if (url === orgAdminCalls.tree) return { orgs: ORGS };
      if (url === orgAdminCalls.page) return { pagination: { result: found, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === orgAdminCalls.deleteMany)
        throw new ApiError('400', '机构「新疆监管处」下还有 2 名用户，请先在用户管理中调整他们的所属机构');
      return null;
    });
    render(<OrgList />);
    await screen.findByText('新疆监管处');
    await user.type(screen.getByPlaceholderText('请输入机构名称或编码'), '监管');
    await user.click(within(screen.getByTestId('list-search-form')).getByRole('button', { name: /^查\s*询$/ }));

    // The organisations found, as a list with its pager: 交易部 (not found) is gone.
    await waitFor(() => expect(screen.queryByText('交易部')).toBeNull());
    expect(bodiesOf(orgAdminCalls.page)).toEqual([
      { filters: { keyword: '监管' }, sort: { field: 'sort', order: 'asc' }, pageNum: 1, pageSize: 10 },
    ]);
    expect(screen.getByTestId('list-pager')).toHaveTextContent('共 2 条');
    const sorters = [...document.querySelectorAll<HTMLElement>('.arco-table-cell-with-sorter')];
    expect(sorters.map((cell) => cell.textContent)).toEqual(['机构名称', '机构编码', '排序', '直属用户数', '创建时间']);
    fireEvent.click(sorters[3]!);
    await waitFor(() =>
      expect(bodiesOf(orgAdminCalls.page).at(-1)).toMatchObject({ sort: { field: 'userCount', order: 'asc' } }),
    );

    // 批量删除 of the ticked ones, asked first; the server's refusal shown.
    await user.click(within(screen.getByText('新疆监管处').closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodiesOf(orgAdminCalls.deleteMany)).toEqual([{ ids: '4' }]));
    await waitFor(() =>
      expect(Message.error).toHaveBeenCalledWith(
        '机构「新疆监管处」下还有 2 名用户，请先在用户管理中调整他们的所属机构',
      ),
    );

    // 重置: the tree again.
    await user.click(within(screen.getByTestId('list-search-form')).getByRole('button', { name: /重\s*置/ }));
    await screen.findByText('交易部');
    expect(screen.queryByTestId('list-pager')).toBeNull();
  });

  it('deletes the ticked organisations of the tree together, asked first', async () => {
    render(<OrgList />);
    await screen.findByText('新疆监管处');
    for (const name of ['交易部', '新疆监管处']) {
      await user.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    }
    await user.click(screen.getByTestId('org-batch-delete'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('确定删除选中的 2 条记录吗？')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodiesOf(orgAdminCalls.deleteMany)).toEqual([{ ids: '2,4' }]));
    await waitFor(() => expect(bodiesOf(orgAdminCalls.tree)).toHaveLength(2));
    expect(Message.success).toHaveBeenCalledWith('删除成功');
  });

  it('imports a file with 导入 (with its code): each refused row is listed, and the tree reloads', async () => {
    const upload = vi.spyOn(request, 'upload').mockResolvedValue({
      stored: 1,
      refused: [{ row: 3, reasons: ['上级机构「NOPE」不存在'] }],
    });
    vi.spyOn(Message, 'loading').mockImplementation((() => () => undefined) as unknown as typeof Message.loading);
    setSession({ token: 't', permissions: [...ALL, 'system:org:import'] });
    render(<OrgList />);
    await screen.findByText('新疆监管处');
    expect(screen.getByTestId('list-import-template')).toBeInTheDocument();
    const file = new File(['xlsx'], '机构.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(screen.getByTestId('list-import-file'), file);
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]?.[0]).toBe(orgAdminCalls.import);
    const result = await screen.findByTestId('list-import-result');
    expect(result).toHaveTextContent('成功导入 1 条，1 行未导入');
    expect(result).toHaveTextContent('上级机构「NOPE」不存在');
    await waitFor(() => expect(bodiesOf(orgAdminCalls.tree)).toHaveLength(2));
    upload.mockRestore();
    vi.mocked(Message.loading).mockRestore();
  });

  it('has no 导入 without its code', async () => {
    render(<OrgList />);
    await screen.findByText('新疆监管处');
    expect(screen.queryByTestId('list-import')).not.toBeInTheDocument();
  });

  it('exports the whole tree with 导出 (with its code), then only the ticked organisations', async () => {
    const download = vi.spyOn(request, 'download').mockResolvedValue(undefined);
    vi.spyOn(Message, 'loading').mockImplementation((() => () => undefined) as unknown as typeof Message.loading);
    setSession({ token: 't', permissions: [...ALL, 'system:org:export'] });
    render(<OrgList />);
    await screen.findByText('新疆监管处');
    await user.click(screen.getByTestId('org-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]?.slice(0, 3)).toEqual([
      orgAdminCalls.export,
      { pageNum: 1, pageSize: 10 },
      '机构列表.xlsx',
    ]);
    for (const name of ['交易部', '新疆监管处']) {
      await user.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    }
    expect(screen.getByTestId('org-export')).toHaveTextContent('导出（2）');
    await user.click(screen.getByTestId('org-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(2));
    expect(download.mock.calls[1]?.[1]).toEqual({ pageNum: 1, pageSize: 10, selections: '2,4' });
    download.mockRestore();
    vi.mocked(Message.loading).mockRestore();
  });

  it('has no 导出 without its code', async () => {
    render(<OrgList />);
    await screen.findByText('新疆监管处');
    expect(screen.queryByTestId('org-export')).not.toBeInTheDocument();
  });

  it('shows an organisation read-only in 详情: its parent with code, path and level', async () => {
    render(<OrgList />);
    await screen.findByText('新疆监管处');
    await user.click(screen.getByTestId('org-detail-WH-XJ'));
    const detail = within(await screen.findByTestId('list-detail'));
    expect(detail.getByTestId('list-detail-parentId')).toHaveTextContent('仓储监管部（WAREHOUSE）');
    expect(detail.getByTestId('list-detail-path')).toHaveTextContent('全国棉花交易市场 / 仓储监管部 / 新疆监管处');
    expect(detail.getByTestId('list-detail-level')).toHaveTextContent('3');
    expect(detail.getByTestId('list-detail-userCount')).toHaveTextContent('2');
    expect(detail.getByTestId('list-detail-createTime')).toHaveTextContent('2026-03-18 08:00:00');
    expect(screen.queryByTestId('org-form')).not.toBeInTheDocument();
  });
});
