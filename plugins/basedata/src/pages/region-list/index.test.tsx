import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import type { AdminRegionRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldCheckCalls, regionAdminCalls } from '@cotton/sdk/calls';
import { RegionList } from './index';

const post = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);

const region = (id: string, code: string, parentCode: string, name: string, level: number, childCount: number) =>
  ({ id, code, parentCode, name, level, sort: 0, status: '1', childCount }) satisfies AdminRegionRow;
const LEVELS: Record<string, AdminRegionRow[]> = {
  '100000': [
    region('31', '650000', '100000', '新疆维吾尔自治区', 1, 1),
    region('32', '540000', '100000', '西藏自治区', 1, 0),
  ],
  '650000': [region('41', '650100', '650000', '乌鲁木齐市', 2, 1)],
  '650100': [region('51', '650102', '650100', '天山区', 3, 0)],
};
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);
const page = (result: AdminRegionRow[]) => ({
  pagination: { result, totalCount: result.length, pageNum: 1, pageSize: 200 },
});

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown, body: { filters?: { parentCode?: string; name?: string } }) => {
    if (url === regionAdminCalls.page) {
      if (body.filters?.name) return page([LEVELS['650100']![0]!]);
      return page(LEVELS[body.filters?.parentCode ?? ''] ?? []);
    }
    if (url === regionAdminCalls.add) throw new ApiError('400', '该区域代码已被使用，请更换');
    return { updated: 1 };
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ['system:region:list', 'system:region:add', 'system:region:edit'] });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

/** The expander of a row of the tree table. */
const expander = (name: string) =>
  screen.getByText(name).closest('tr')!.querySelector<HTMLElement>('.arco-table-cell-expand-icon button')!;

describe('RegionList', () => {
  it('shows the provinces and loads a level as it opens, once', async () => {
    render(<RegionList />);
    await screen.findByText('新疆维吾尔自治区');
    expect(bodiesOf(regionAdminCalls.page)).toEqual([expect.objectContaining({ filters: { parentCode: '100000' } })]);
    expect(screen.queryByText('乌鲁木齐市')).toBeNull();
    // A region without children has nothing to open.
    expect(
      screen.getByText('西藏自治区').closest('tr')!.querySelector('.arco-table-cell-expand-icon button'),
    ).toBeNull();
    await user.click(expander('新疆维吾尔自治区'));
    await screen.findByText('乌鲁木齐市');
    expect(bodiesOf(regionAdminCalls.page).at(-1)).toMatchObject({ filters: { parentCode: '650000' } });
    await user.click(expander('新疆维吾尔自治区'));
    await user.click(expander('新疆维吾尔自治区'));
    await screen.findByText('乌鲁木齐市');
    expect(bodiesOf(regionAdminCalls.page)).toHaveLength(2);
  });

  it('adds under the row chosen; a refused code is shown under the code', async () => {
    render(<RegionList />);
    await screen.findByText('新疆维吾尔自治区');
    await user.click(screen.getByTestId('region-add-child-650000'));
    const form = within(await screen.findByTestId('region-form'));
    expect(form.getByTestId('region-form-parent')).toHaveTextContent('新疆维吾尔自治区（650000）');
    await user.click(form.getByPlaceholderText('请输入区域代码'));
    await user.paste('650100');
    await user.click(form.getByPlaceholderText('请输入区域名称'));
    await user.paste('乌鲁木齐市');
    await user.click(screen.getByTestId('region-form-save'));
    await waitFor(() =>
      expect(bodiesOf(regionAdminCalls.add)).toEqual([
        { parentCode: '650000', code: '650100', name: '乌鲁木齐市', sort: 0 },
      ]),
    );
    const message = await form.findByText('该区域代码已被使用，请更换');
    expect(message.closest('.arco-form-item')).toHaveTextContent('区域代码');
  });

  // Issue 31: a sibling's name was only found on 保存.
  it(
    'says a name is taken under the same parent as the field is left; an edit asks under its own',
    { timeout: 30_000 },
    async () => {
      post.mockImplementation(
        async (
          url: unknown,
          body: { filters?: { parentCode?: string }; fieldName?: string; fieldVal?: string; withinVal?: string },
        ) => {
          if (url === regionAdminCalls.page) return page(LEVELS[body.filters?.parentCode ?? ''] ?? []);
          if (url === fieldCheckCalls.duplicate)
            return body.fieldName === 'name' && body.fieldVal === '乌鲁木齐市' && body.withinVal === '650000'
              ? { valid: false, message: '同一上级区域下已有同名区域，请更换' }
              : { valid: true, message: '' };
          return { updated: 1 };
        },
      );
      render(<RegionList />);
      await screen.findByText('新疆维吾尔自治区');
      await user.click(screen.getByTestId('region-add-child-650000'));
      let form = within(await screen.findByTestId('region-form'));
      await user.click(form.getByPlaceholderText('请输入区域名称'));
      await user.paste('乌鲁木齐市');
      await user.tab();
      const message = await form.findByText('同一上级区域下已有同名区域，请更换', {}, { timeout: 5000 });
      expect(message.closest('.arco-form-item')).toHaveTextContent('区域名称');
      expect(bodiesOf(fieldCheckCalls.duplicate)).toEqual([
        { tableName: 'regions', fieldName: 'name', fieldVal: '乌鲁木齐市', dataId: null, withinVal: '650000' },
      ]);
      await user.click(screen.getByTestId('region-form-save'));
      await waitFor(() => expect(bodiesOf(fieldCheckCalls.duplicate).length).toBeGreaterThanOrEqual(1));
      expect(bodiesOf(regionAdminCalls.add)).toEqual([]);
      await user.click(screen.getByText('取消'));

      // An edit shows no parent choice: its name is compared under the parent it has.
      await user.click(expander('新疆维吾尔自治区'));
      await screen.findByText('乌鲁木齐市');
      await user.click(screen.getByTestId('region-edit-650100'));
      form = within(await screen.findByTestId('region-form'));
      await waitFor(() => expect(form.getByPlaceholderText('请输入区域名称')).toHaveValue('乌鲁木齐市'));
      await user.click(form.getByPlaceholderText('请输入区域名称'));
      await user.paste('二');
      await user.tab();
      await waitFor(() =>
        expect(bodiesOf(fieldCheckCalls.duplicate)).toContainEqual({
          tableName: 'regions',
          fieldName: 'name',
          fieldVal: '乌鲁木齐市二',
          dataId: '650100',
          withinVal: '650000',
        }),
      );
    },
  );

  it('adds a province at the top; 区县级 gets no 新增下级; an edit sends the name and order only', async () => {
    post.mockImplementation(async (url: unknown, body: { filters?: { parentCode?: string } }) =>
      url === regionAdminCalls.page ? page(LEVELS[body.filters?.parentCode ?? ''] ?? []) : { updated: 1 },
    );
    render(<RegionList />);
    await screen.findByText('新疆维吾尔自治区');
    await user.click(screen.getByTestId('region-add-root'));
    let form = within(await screen.findByTestId('region-form'));
    expect(form.getByTestId('region-form-parent')).toHaveTextContent('全国（100000）');
    await user.type(form.getByPlaceholderText('请输入区域代码'), '710000');
    await user.type(form.getByPlaceholderText('请输入区域名称'), '台湾省');
    await user.click(screen.getByTestId('region-form-save'));
    await waitFor(() =>
      expect(bodiesOf(regionAdminCalls.add)).toEqual([
        { parentCode: '100000', code: '710000', name: '台湾省', sort: 0 },
      ]),
    );

    await user.click(expander('新疆维吾尔自治区'));
    await screen.findByText('乌鲁木齐市');
    await user.click(expander('乌鲁木齐市'));
    await screen.findByText('天山区');
    expect(screen.queryByTestId('region-add-child-650102')).toBeNull();
    await user.click(screen.getByTestId('region-edit-650102'));
    form = within(await screen.findByTestId('region-form'));
    await waitFor(() => expect(form.getByPlaceholderText('请输入区域代码')).toHaveValue('650102'));
    expect(form.getByPlaceholderText('请输入区域代码')).toBeDisabled();
    await user.click(screen.getByTestId('region-form-save'));
    await waitFor(() =>
      expect(bodiesOf(regionAdminCalls.update)).toEqual([{ code: '650102', name: '天山区', sort: 0 }]),
    );
    // The reload asks again for every level opened.
    await waitFor(() =>
      expect(bodiesOf(regionAdminCalls.page).slice(-3)).toEqual([
        expect.objectContaining({ filters: { parentCode: '100000' } }),
        expect.objectContaining({ filters: { parentCode: '650000' } }),
        expect.objectContaining({ filters: { parentCode: '650100' } }),
      ]),
    );
  });

  it('searches every level by name, and 重置 goes back to the tree', async () => {
    render(<RegionList />);
    await screen.findByText('新疆维吾尔自治区');
    await user.type(screen.getByPlaceholderText('请输入区域名称或代码'), '天山');
    await user.click(within(screen.getByTestId('list-search-form')).getByRole('button', { name: /^查\s*询$/ }));
    await screen.findByText('天山区');
    expect(bodiesOf(regionAdminCalls.page).at(-1)).toMatchObject({ filters: { name: '天山' } });
    expect(screen.queryByText('新疆维吾尔自治区')).toBeNull();
    await user.click(within(screen.getByTestId('list-search-form')).getByRole('button', { name: /重\s*置/ }));
    await screen.findByText('新疆维吾尔自治区');
    expect(screen.queryByText('天山区')).toBeNull();
  });

  // Issue 31: the tree had lost the generic list's 高级查询 and column sort.
  it('lists the regions 高级查询 finds across levels: sorted by a column, 导出 what the list shows', async () => {
    const counties = [
      { ...LEVELS['650100']![0]!, sort: 2 },
      { ...region('52', '650103', '650100', '沙依巴克区', 3, 0), sort: 1 },
    ];
    post.mockImplementation(
      async (url: unknown, body: { filters?: { parentCode?: string }; superQueryParams?: unknown[] }) => {
        if (url !== regionAdminCalls.page) return { updated: 1 };
        if (body.superQueryParams) return { pagination: { result: counties, totalCount: 2, pageNum: 1, pageSize: 10 } };
        return page(LEVELS[body.filters?.parentCode ?? ''] ?? []);
      },
    );
    const download = vi.spyOn(request, 'download').mockResolvedValue(undefined);
    vi.spyOn(Message, 'loading').mockImplementation((() => () => undefined) as unknown as typeof Message.loading);
    render(<RegionList />);
    await screen.findByText('新疆维吾尔自治区');

    // 高级查询: 级别 等于 区县级 (the server's allow-list names 级别).
    await user.click(within(screen.getByTestId('list-search-form')).getByRole('button', { name: /高级查询/ }));
    const panel = await screen.findByTestId('list-super-query');
    await user.click(within(panel).getByRole('combobox', { name: '字段' }));
    await user.click((await screen.findAllByRole('option', { name: '级别' })).at(-1)!);
    await user.click(within(panel).getByRole('combobox', { name: '值' }));
    await user.click((await screen.findAllByRole('option', { name: '区县级' })).at(-1)!);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /查\s*询/ }));

    // The counties of every province, as a list with its pager; the tree is gone.
    await screen.findByText('沙依巴克区');
    expect(bodiesOf(regionAdminCalls.page).at(-1)).toEqual({
      filters: {},
      sort: { field: 'sort', order: 'asc' },
      pageNum: 1,
      pageSize: 10,
      superQueryParams: [{ field: 'level', rule: 'eq', value: '3' }],
      superQueryMatchType: 'and',
    });
    expect(screen.queryByText('新疆维吾尔自治区')).toBeNull();
    expect(screen.getByTestId('list-pager')).toHaveTextContent('共 2 条');

    // 区域代码's header sorts on the server; 下级区域 (no sort on the server) has no sorter.
    const sorters = [...document.querySelectorAll<HTMLElement>('.arco-table-cell-with-sorter')];
    expect(sorters.map((cell) => cell.textContent)).toEqual(['区域名称', '区域代码', '级别', '排序']);
    fireEvent.click(sorters[1]!);
    await waitFor(() =>
      expect(bodiesOf(regionAdminCalls.page).at(-1)).toMatchObject({ sort: { field: 'code', order: 'asc' } }),
    );

    // 详情 and 编辑 as in the tree, by the region's code.
    expect(screen.getByTestId('region-detail-650103')).toBeInTheDocument();
    expect(screen.getByTestId('region-edit-650103')).toBeInTheDocument();

    // 导出: the query, 高级查询 and the sort shown, the ticked row by its record id.
    await user.click(within(screen.getByText('沙依巴克区').closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByTestId('list-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]?.slice(0, 3)).toEqual([
      regionAdminCalls.export,
      {
        filters: {},
        sort: { field: 'code', order: 'asc' },
        pageNum: 1,
        pageSize: 10,
        superQueryParams: [{ field: 'level', rule: 'eq', value: '3' }],
        superQueryMatchType: 'and',
        selections: '52',
      },
      '区域.xlsx',
    ]);

    // 重置: the tree again, 高级查询 cleared.
    await user.click(within(screen.getByTestId('list-search-form')).getByRole('button', { name: /重\s*置/ }));
    await screen.findByText('新疆维吾尔自治区');
    expect(screen.queryByText('沙依巴克区')).toBeNull();
    expect(screen.queryByTestId('list-pager')).toBeNull();
    download.mockRestore();
    vi.mocked(Message.loading).mockRestore();
  });

  it('disables a region with its switch, and shows it read-only in 详情', async () => {
    render(<RegionList />);
    await user.click(await screen.findByTestId('region-status-650000'));
    await waitFor(() => expect(bodiesOf(regionAdminCalls.status)).toEqual([{ code: '650000', status: '2' }]));
    await user.click(screen.getByTestId('region-detail-650000'));
    const detail = within(await screen.findByTestId('list-detail'));
    expect(detail.getByTestId('list-detail-parentCode')).toHaveTextContent('全国（100000）');
    expect(detail.getByTestId('list-detail-level')).toHaveTextContent('省级');
    expect(detail.getByTestId('list-detail-status')).toHaveTextContent('启用');
  });

  it('exports every region with 导出, then the ticked ones by their record ids', async () => {
    const download = vi.spyOn(request, 'download').mockResolvedValue(undefined);
    vi.spyOn(Message, 'loading').mockImplementation((() => () => undefined) as unknown as typeof Message.loading);
    render(<RegionList />);
    await screen.findByText('新疆维吾尔自治区');
    await user.click(screen.getByTestId('region-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]?.slice(0, 3)).toEqual([
      regionAdminCalls.export,
      { pageNum: 1, pageSize: 10 },
      '区域.xlsx',
    ]);
    await user.click(within(screen.getByText('西藏自治区').closest('tr')!).getByRole('checkbox'));
    expect(screen.getByTestId('region-export')).toHaveTextContent('导出（1）');
    await user.click(screen.getByTestId('region-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(2));
    expect(download.mock.calls[1]?.[1]).toEqual({ pageNum: 1, pageSize: 10, selections: '32' });
    download.mockRestore();
    vi.mocked(Message.loading).mockRestore();
  });
});
