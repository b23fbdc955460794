import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@cotton/sdk';
import { dictCalls, regionCalls, warehouseCalls } from '@cotton/sdk/calls';
import { resetWhsDicts } from '../../api';
import { resetProvinces } from '../../api/provinces';
import { detailResult, dictListsResult, pageResult, whsRow } from '../../test/fixtures';
import { WarehouseList } from './index';

const post = vi.fn();

// Only the transport is faked: every SDK caller (this page, its province list) goes through
// `request.call`.
vi.spyOn(request, 'call').mockImplementation(post);

const ROWS = [
  whsRow(),
  whsRow({
    whsId: '2',
    warehouseCode: 'WH002',
    warehouseName: '郑州棉花交割仓库',
    regionProviceName: '河南省',
    cottonExamineMoveFee: 6,
  }),
];

/**
 * WAREHOUSE_AREA_TYPE as 数据字典 holds it after a rename and an addition (the same answer for
 * every test: the SDK keeps a fetched list a few seconds).
 */
const AREA_TYPES = [
  { code: '1', value: '新疆（含兵团）' },
  { code: '2', value: '内地' },
  { code: '3', value: '进口棉保税区' },
];

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/warehouse',
        element: (
          <>
            <WarehouseList />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function pageBodies() {
  return post.mock.calls.filter(([url]) => url === warehouseCalls.page).map(([, body]) => body);
}

beforeEach(() => {
  resetWhsDicts();
  resetProvinces();
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === warehouseCalls.page) return pageResult(ROWS, 23);
    if (url === warehouseCalls.detail) return detailResult();
    if (url === dictCalls.lists) return dictListsResult();
    if (url === dictCalls.list) return { dictList: AREA_TYPES };
    if (url === regionCalls.children) return { regions: [] };
    throw new Error(`unexpected call ${String(url)}`);
  });
});

afterEach(cleanup);

describe('WarehouseList', () => {
  it('loads page 1 of 10 unfiltered and shows the rows', async () => {
    renderAt('/warehouse');
    const table = screen.getByTestId('warehouse-table');
    expect(await within(table).findByText('郑州棉花交割仓库')).toBeInTheDocument();
    expect(pageBodies()).toEqual([{ searchParam: {}, pageParameter: { pageNum: 1, pageSize: 10 } }]);
    expect(within(table).getAllByText('1,234.50')).toHaveLength(2);
    // The second row's handling fee (6) is formatted; the first row's (0) shows --.
    expect(within(table).getByText('6.00')).toBeInTheDocument();
    expect(screen.getByTestId('warehouse-search-form')).toBeInTheDocument();
  });

  it('filters by provinces ticked in the light province list, shown by name from the URL', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === warehouseCalls.page) return pageResult(ROWS, 23);
      if (url === dictCalls.lists) return dictListsResult();
      if (url === regionCalls.children)
        return {
          regions: [
            { code: '650000', value: '新疆维吾尔自治区', level: 1, isLeaf: false },
            { code: '410000', value: '河南省', level: 1, isLeaf: false },
            { code: '370000', value: '山东省', level: 1, isLeaf: false },
          ],
        };
      throw new Error(`unexpected call ${String(url)}`);
    });
    renderAt('/warehouse?regionProviceCode=410000');
    await screen.findByText('郑州棉花交割仓库');
    const form = screen.getByTestId('warehouse-search-form');
    // No Arco Cascader (and none of the Table and Form chunks it brought): plain elements.
    expect(form.querySelector('.arco-cascader')).toBeNull();
    const provinces = within(form).getByRole('button', { name: '所在省份' });
    await waitFor(() => expect(provinces).toHaveTextContent('河南省'));

    fireEvent.click(provinces);
    fireEvent.click(within(form).getByRole('checkbox', { name: '山东省' }));
    fireEvent.click(within(form).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(pageBodies().at(-1)).toEqual({
        searchParam: { regionProviceCode: '410000,370000' },
        pageParameter: { pageNum: 1, pageSize: 10 },
      }),
    );
  });

  it('offers the area types of 数据字典 (WAREHOUSE_AREA_TYPE), renamed and added ones included', async () => {
    renderAt('/warehouse');
    const select = within(screen.getByTestId('warehouse-search-form')).getByLabelText('区域类型');
    await waitFor(() =>
      expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
        '请选择区域类型',
        '新疆（含兵团）',
        '内地',
        '进口棉保税区',
      ]),
    );
  });

  it('sends the filters in searchParam and keeps them in the URL', async () => {
    const router = renderAt('/warehouse?pageNum=3');
    await screen.findByText('郑州棉花交割仓库');
    expect(pageBodies().at(-1)).toEqual({ searchParam: {}, pageParameter: { pageNum: 3, pageSize: 10 } });

    const form = screen.getByTestId('warehouse-search-form');
    fireEvent.change(within(form).getByPlaceholderText('请输入仓库名称'), { target: { value: ' 郑州 ' } });

    // 区域类型: pick 内地 (once the dictionary's options are there).
    await within(form).findByRole('option', { name: '内地' });
    fireEvent.change(within(form).getByLabelText('区域类型'), { target: { value: '2' } });
    expect(within(form).getByLabelText('区域类型')).toHaveDisplayValue('内地');

    const before = router.state.historyAction;
    fireEvent.click(within(form).getByRole('button', { name: /查\s*询/ }));

    await waitFor(() =>
      expect(pageBodies().at(-1)).toEqual({
        searchParam: { warehouseName: '郑州', warehouseAreaType: '2' },
        pageParameter: { pageNum: 1, pageSize: 10 },
      }),
    );
    // Searching returns to page 1 (the default, so it leaves the URL) and pushes an entry.
    const location = new URL(`http://x${screen.getByTestId('location').textContent}`);
    expect(Object.fromEntries(location.searchParams)).toEqual({ warehouseName: '郑州', warehouseAreaType: '2' });
    expect(before).toBe('POP');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('sends comma-joined province codes from the URL', async () => {
    renderAt('/warehouse?regionProviceCode=650000,410000&warehouseAreaType=1');
    await screen.findByText('郑州棉花交割仓库');
    expect(pageBodies()).toEqual([
      {
        searchParam: { regionProviceCode: '650000,410000', warehouseAreaType: '1' },
        pageParameter: { pageNum: 1, pageSize: 10 },
      },
    ]);
  });

  it('resets the filters and the page', async () => {
    renderAt('/warehouse?warehouseName=郑州&pageNum=2');
    await screen.findByText('郑州棉花交割仓库');
    const form = screen.getByTestId('warehouse-search-form');
    expect(within(form).getByPlaceholderText('请输入仓库名称')).toHaveValue('郑州');

    fireEvent.click(within(form).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() =>
      expect(pageBodies().at(-1)).toEqual({ searchParam: {}, pageParameter: { pageNum: 1, pageSize: 10 } }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/warehouse$/);
    expect(within(form).getByPlaceholderText('请输入仓库名称')).toHaveValue('');
  });

  it('shows 暂无数据 when nothing matches', async () => {
    post.mockImplementation(async (url: unknown) =>
      url === warehouseCalls.page ? pageResult([], 0) : { regions: [] },
    );
    renderAt('/warehouse?warehouseName=没有');
    expect(await within(screen.getByTestId('warehouse-table')).findByText('暂无数据')).toBeInTheDocument();
  });

  it('opens the detail in a new history entry; back returns to the list with its filters and page', async () => {
    const router = renderAt('/warehouse?warehouseName=棉&pageNum=2');
    await screen.findByText('郑州棉花交割仓库');

    fireEvent.click(screen.getByTestId('warehouse-detail-link-WH002'));
    expect(await screen.findByTestId('warehouse-detail')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('PUSH');
    const url = new URL(`http://x${screen.getByTestId('location').textContent}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ warehouseName: '棉', pageNum: '2', whsCode: 'WH002' });
    await waitFor(() => expect(post).toHaveBeenCalledWith(warehouseCalls.detail, { whsCode: 'WH002' }));

    await act(() => router.navigate(-1));
    expect(await screen.findByTestId('warehouse-table')).toBeInTheDocument();
    expect(screen.queryByTestId('warehouse-detail')).not.toBeInTheDocument();
    const back = new URL(`http://x${screen.getByTestId('location').textContent}`);
    expect(Object.fromEntries(back.searchParams)).toEqual({ warehouseName: '棉', pageNum: '2' });
    await waitFor(() =>
      expect(pageBodies().at(-1)).toEqual({
        searchParam: { warehouseName: '棉' },
        pageParameter: { pageNum: 2, pageSize: 10 },
      }),
    );
  });

  it('moves a page past the end to the last page, replacing the history entry', async () => {
    const router = renderAt('/warehouse?pageNum=9');
    await waitFor(() =>
      expect(pageBodies().at(-1)).toEqual({ searchParam: {}, pageParameter: { pageNum: 3, pageSize: 10 } }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/warehouse?pageNum=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('pages with the footer pager', async () => {
    renderAt('/warehouse');
    await screen.findByText('郑州棉花交割仓库');
    expect(screen.getByText(/共 23 条/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() =>
      expect(pageBodies().at(-1)).toEqual({ searchParam: {}, pageParameter: { pageNum: 2, pageSize: 10 } }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/warehouse?pageNum=2');
  });

  it('drops filters the server would refuse: defaults, a clean URL and one plain message, never the wire names', async () => {
    const warning = vi.spyOn(Message, 'warning').mockImplementation((() => {}) as never);
    const router = renderAt('/warehouse?warehouseAreaType=9&pageNum=abc&regionProviceCode=x&warehouseName=%E9%83%91');
    await waitFor(() => expect(pageBodies()).toHaveLength(1));
    expect(pageBodies()[0]).toEqual({
      searchParam: { warehouseName: '郑' },
      pageParameter: { pageNum: 1, pageSize: 10 },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?warehouseName=%E9%83%91'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(warning).toHaveBeenCalledWith({ id: 'cotton-invalid-url', content: '筛选条件无效，已恢复默认' });
    // The bad value is not echoed into the form.
    expect(screen.queryByText('9')).toBeNull();
    warning.mockRestore();
  });

  it('tells a refusal of the server in the page’s words', async () => {
    const error = vi.spyOn(Message, 'error').mockImplementation((() => {}) as never);
    const { ApiError } = await import('@cotton/sdk');
    post.mockImplementation(async (url: unknown) => {
      if (url === warehouseCalls.page)
        throw new ApiError('400', '参数错误：searchParam.warehouseName（仓库名称）长度不能超过 100 个字符');
      return { regions: [] };
    });
    renderAt('/warehouse');
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(JSON.stringify(error.mock.calls)).not.toContain('searchParam');
    expect(error).toHaveBeenCalledWith({ id: 'cotton-bad-request', content: '筛选条件无效，已恢复默认' });
    error.mockRestore();
  });

  it('never hides 操作 nor lets every data column go', async () => {
    renderAt('/warehouse');
    await screen.findByText('郑州棉花交割仓库');
    fireEvent.click(screen.getByRole('button', { name: /列设置/ }));
    const drawer = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('.arco-drawer');
      if (!element) throw new Error('drawer not open');
      return element;
    });
    expect(within(drawer).queryByText('操作')).toBeNull();
    expect(within(drawer).getAllByRole('checkbox')).toHaveLength(10);
  });
});
