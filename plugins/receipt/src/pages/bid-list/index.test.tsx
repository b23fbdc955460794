import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '@cotton/sdk';
import { dictCalls, receiptCalls, regionCalls } from '@cotton/sdk/calls';
import { resetReceiptDicts } from '../../api';
import { dictListsResult, pageResult, receiptItem } from '../../test/fixtures';
import { ReceiptList } from './index';

const post = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);

const ITEMS = [
  receiptItem(),
  receiptItem({
    batchNumber: '65079231002',
    warehouseReceiptNumber: 'WR2023000002',
    colorGradeCode: null,
    colorGradeName: null,
    principalPartRank: '-- --',
    macron: null,
    macronGrade: null,
    strengthScale: null,
  }),
];

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/bid',
        element: (
          <>
            <ReceiptList />
            <LocationProbe />
          </>
        ),
      },
      { path: '/bid/detail', element: <LocationProbe /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function searchBodies() {
  return post.mock.calls.filter(([url]) => url === receiptCalls.search).map(([, body]) => body);
}

function lastQuery() {
  return searchBodies().at(-1)?.stgWareHouseQueryParameters;
}

function urlParams() {
  return Object.fromEntries(new URL(`http://x${screen.getByTestId('location').textContent}`).searchParams);
}

let total = 2;

beforeEach(() => {
  resetReceiptDicts();
  total = 2;
  post.mockReset();
  post.mockImplementation(async (url: unknown, body: { fieldName?: string; fieldValue?: string }) => {
    if (url === receiptCalls.search) return pageResult(ITEMS, total);
    if (url === dictCalls.lists) return dictListsResult();
    if (url === regionCalls.children) return { regions: [] };
    if (url === receiptCalls.suggestions) {
      return { result: body.fieldName === 'whsName' ? ['乌鲁木齐棉花监管仓库', '乌苏棉花仓库'] : ['昌吉棉业'] };
    }
    throw new Error(`unexpected call ${String(url)}`);
  });
});

afterEach(cleanup);

describe('ReceiptList', () => {
  it('loads page 1 of 10 with an empty query and shows the breadcrumb, count and cards', async () => {
    renderAt('/bid');
    const card = await screen.findByTestId('receipt-card-65079231001');
    expect(searchBodies()).toEqual([{ stgWareHouseQueryParameters: {}, pageParameter: { pageNum: 1, pageSize: 10 } }]);
    expect(screen.getByTestId('breadcrumb')).toHaveTextContent(/首页.*仓单查询/);
    expect(screen.getByTestId('bid-total')).toHaveTextContent('共 2 条');

    expect(within(card).getByTestId('receipt-batch')).toHaveTextContent('65079231001');
    expect(card).toHaveTextContent('仓单号：WR2023000001');
    expect(within(card).getByTestId('receipt-colorGrade')).toHaveTextContent('白棉3级');
    expect(within(card).getByTestId('receipt-length')).toHaveTextContent('29mm');
    expect(within(card).getByTestId('receipt-macron')).toHaveTextContent('4.32（B2）');
    expect(within(card).getByTestId('receipt-strength')).toHaveTextContent('29.4 cN/tex');
    expect(within(card).getByTestId('receipt-uniformity')).toHaveTextContent('82.7%');
    expect(within(card).getByTestId('receipt-conditionedWeight')).toHaveTextContent('41.874 吨');
    expect(card).toHaveTextContent('新疆昌吉棉业有限公司');
    expect(card).toHaveTextContent('乌鲁木齐棉花监管仓库');
    expect(within(card).getByTestId('receipt-batch-quality')).toHaveAttribute(
      'href',
      '/batchQuality?batchNumber=65079231001',
    );

    // No main grade: the texts say so; missing numbers are dashes.
    const second = screen.getByTestId('receipt-card-65079231002');
    expect(within(second).getByTestId('receipt-colorGrade')).toHaveTextContent('无主体颜色级');
    expect(within(second).getByTestId('receipt-length')).toHaveTextContent('无主体长度');
    expect(within(second).getByTestId('receipt-macron')).toHaveTextContent('--');
    expect(within(second).getByTestId('receipt-strength')).toHaveTextContent('--');

    // One page only: the end of the list is marked, no pager.
    expect(screen.getByTestId('bid-no-more')).toHaveTextContent('没有更多数据了');
    expect(screen.queryByTestId('bid-pagination')).not.toBeInTheDocument();
  });

  it('marks the results busy from the click on a filter until its answer is in', async () => {
    renderAt('/bid');
    await screen.findByTestId('receipt-card-65079231001');
    await screen.findByTestId('filter-colorGrade-31');
    const results = screen.getByTestId('bid-results');
    expect(results).toHaveAttribute('aria-busy', 'false');
    let answer!: (value: unknown) => void;
    post.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));

    fireEvent.click(screen.getByTestId('filter-colorGrade-31'));
    // The cards still shown are the previous answer's: busy until the new one is in.
    expect(results).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(lastQuery()).toEqual({ colorGrade: ['31'] }));
    await act(async () => answer(pageResult(ITEMS.slice(0, 1), 1)));
    expect(results).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByTestId('receipt-card-65079231002')).not.toBeInTheDocument();
  });

  it('toggles tags of a group (multi-select), 不限 clears the group, and keeps them in the URL', async () => {
    renderAt('/bid?pageNum=2');
    await screen.findByTestId('receipt-card-65079231001');

    fireEvent.click(await screen.findByTestId('filter-colorGrade-41'));
    await waitFor(() => expect(lastQuery()).toEqual({ colorGrade: ['41'] }));
    // Changing a filter goes back to page 1.
    expect(searchBodies().at(-1).pageParameter).toEqual({ pageNum: 1, pageSize: 10 });

    fireEvent.click(screen.getByTestId('filter-colorGrade-31'));
    await waitFor(() => expect(lastQuery()).toEqual({ colorGrade: ['31', '41'] }));
    expect(urlParams()).toEqual({ colorGrade: '31,41' });
    expect(screen.getByTestId('filter-colorGrade-31')).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByTestId('filter-productYear-2024'));
    fireEvent.click(await screen.findByText('长绒棉'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ colorGrade: ['31', '41'], productYear: ['2024'], stockName: ['2'] }),
    );

    // Clicking a chosen tag again drops it.
    fireEvent.click(screen.getByTestId('filter-colorGrade-41'));
    await waitFor(() => expect(lastQuery()).toEqual({ colorGrade: ['31'], productYear: ['2024'], stockName: ['2'] }));

    fireEvent.click(screen.getByTestId('filter-colorGrade-all'));
    await waitFor(() => expect(lastQuery()).toEqual({ productYear: ['2024'], stockName: ['2'] }));
    expect(urlParams()).toEqual({ productYear: '2024', stockName: '2' });
  });

  it('takes every tag row from 数据字典: renamed, added and left-out items show as the dictionary says', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === receiptCalls.search) return pageResult(ITEMS, total);
      if (url !== dictCalls.lists) throw new Error(`unexpected call ${String(url)}`);
      const { dictLists } = dictListsResult();
      return {
        dictLists: {
          ...dictLists,
          PRODUCT_YEAR: [...dictLists.PRODUCT_YEAR, { code: '2026', value: '2026' }],
          COLOR_GRADE: [{ code: '11', value: '白棉一级' }, ...dictLists.COLOR_GRADE.slice(1)],
          MICRONAIRE_GRADE: dictLists.MICRONAIRE_GRADE.filter((item) => item.code !== 'C2'),
          LENGTH_GRADE: [{ code: '25', value: '25毫米' }],
        },
      };
    });
    renderAt('/bid');
    const colors = await screen.findByTestId('filter-colorGrade');
    expect(within(colors).getAllByRole('button')[0]).toHaveTextContent('白棉一级');
    expect(screen.getByTestId('filter-productYear')).toHaveTextContent('不限2020202120222023202420252026');
    fireEvent.click(screen.getByTestId('filter-toggle'));
    expect(screen.getByTestId('filter-macronGrade')).toHaveTextContent('不限C1B1AB2');
    expect(screen.getByTestId('filter-lengthGrade')).toHaveTextContent('不限25毫米');
  });

  it('offers every stock filter option (spec §3), the dictionary names and the 13 colour grades', async () => {
    renderAt('/bid');
    await screen.findByTestId('receipt-card-65079231001');
    await screen.findByTestId('filter-colorGrade');
    const colors = within(screen.getByTestId('filter-colorGrade'))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(colors).toEqual([
      '白棉1级',
      '白棉2级',
      '白棉3级',
      '白棉4级',
      '白棉5级',
      '淡点污棉1级',
      '淡点污棉2级',
      '淡点污棉3级',
      '淡黄染棉1级',
      '淡黄染棉2级',
      '淡黄染棉3级',
      '黄染棉1级',
      '黄染棉2级',
    ]);
    expect(screen.getByTestId('filter-productYear')).toHaveTextContent('不限202020212022202320242025');
    await waitFor(() => expect(screen.getByTestId('filter-origin')).toHaveTextContent('北疆南疆'));
    expect(screen.getByTestId('filter-whsPickMode')).toHaveTextContent('手摘棉机采棉');
    // Folded rows appear on 展开更多 and go away on 收起.
    expect(screen.queryByTestId('filter-macronGrade')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('filter-toggle'));
    expect(screen.getByTestId('filter-toggle')).toHaveTextContent('收起');
    expect(screen.getByTestId('filter-macronGrade')).toHaveTextContent('C1B1AB2C2');
    expect(screen.getByTestId('filter-lengthGrade')).toHaveTextContent('25mm26mm27mm28mm29mm30mm31mm32mm');
    expect(screen.getByTestId('filter-indicators')).toHaveTextContent('断裂比强度24–34');
    expect(screen.getByTestId('filter-indicators')).toHaveTextContent('长度整齐度77–100');
    expect(screen.getByTestId('filter-indicators')).toHaveTextContent('平均含杂0–5');
    expect(screen.getByTestId('filter-indicators')).toHaveTextContent('平均回潮0–10');
    expect(screen.getByTestId('filter-indicators')).toHaveTextContent('Rd60–90');
    expect(screen.getByTestId('filter-indicators')).toHaveTextContent('+b4–14');
    expect(screen.getByTestId('filter-place')).toHaveTextContent('存储仓库');
    fireEvent.click(screen.getByTestId('filter-toggle'));
    expect(screen.queryByTestId('filter-macronGrade')).not.toBeInTheDocument();
    expect(screen.getByTestId('filter-toggle')).toHaveTextContent('展开更多');
  });

  it('applies a slider range from its inputs as min/max, and the full span as no filter', async () => {
    renderAt('/bid');
    await screen.findByTestId('receipt-card-65079231001');
    fireEvent.click(screen.getByTestId('filter-toggle'));

    const strength = screen.getByTestId('range-strength');
    const min = within(strength).getByLabelText('断裂比强度最小值');
    fireEvent.focus(min);
    fireEvent.change(min, { target: { value: '28' } });
    fireEvent.blur(min);
    await waitFor(() => expect(lastQuery()).toEqual({ strengthMin: 28, strengthMax: 34 }));
    expect(urlParams()).toEqual({ strength: '28,34' });

    const max = within(strength).getByLabelText('断裂比强度最大值');
    fireEvent.focus(max);
    fireEvent.change(max, { target: { value: '31.5' } });
    fireEvent.blur(max);
    await waitFor(() => expect(lastQuery()).toEqual({ strengthMin: 28, strengthMax: 31.5 }));

    // Back to the slider's full span: no filter, and the key leaves the URL.
    fireEvent.focus(min);
    fireEvent.change(min, { target: { value: '24' } });
    fireEvent.change(max, { target: { value: '34' } });
    fireEvent.blur(max);
    await waitFor(() => expect(lastQuery()).toEqual({}));
    expect(urlParams()).toEqual({});
  });

  it('sends ranges from the URL and opens the folded rows when one is set', async () => {
    renderAt('/bid?rd=70,80&plusB=6,9.5&uniformity=80,100&macronGrade=A,B2');
    await screen.findByTestId('receipt-card-65079231001');
    expect(lastQuery()).toEqual({
      macronGrade: ['A', 'B2'],
      uniformityMin: 80,
      uniformityMax: 100,
      rdMin: 70,
      rdMax: 80,
      plusBMin: 6,
      plusBMax: 9.5,
    });
    expect(screen.getByTestId('bid-filter-panel')).toHaveAttribute('data-expanded', 'true');
    expect(within(screen.getByTestId('range-rd')).getByLabelText('Rd最小值')).toHaveValue('70.0');
  });

  it('sends the storage places from the URL as a list of codes', async () => {
    renderAt('/bid?storagePlace=652300,654000');
    await screen.findByTestId('receipt-card-65079231001');
    expect(lastQuery()).toEqual({ storagePlace: ['652300', '654000'] });
    expect(screen.getByTestId('filter-storagePlace')).toHaveTextContent('存放地点');
  });

  it('refuses a search text the server would refuse, saying why, and does not search', async () => {
    renderAt('/bid');
    await screen.findByTestId('receipt-card-65079231001');
    const calls = searchBodies().length;
    const search = screen.getByTestId('bid-search');
    fireEvent.change(within(search).getByPlaceholderText('请输入批号或仓单号'), { target: { value: '650' } });
    fireEvent.click(within(search).getByRole('button', { name: /搜\s*索/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '请输入完整的批号或仓单号，或其前 4 位以上（字母和数字）',
    );
    expect(searchBodies()).toHaveLength(calls);
    expect(urlParams()).toEqual({});
  });

  it('drops empty fields: blank text and reversed or broken ranges are not sent', async () => {
    renderAt('/bid?text=%20%20&strength=30,25&moisture=abc&colorGrade=,');
    await screen.findByTestId('receipt-card-65079231001');
    expect(lastQuery()).toEqual({});
  });

  it('searches the text (trimmed) and clears every condition with 清空条件 but keeps the sort', async () => {
    renderAt('/bid?colorGrade=31&sort=length.desc&pageNum=3');
    await screen.findByTestId('receipt-card-65079231001');
    const search = screen.getByTestId('bid-search');
    fireEvent.change(within(search).getByPlaceholderText('请输入批号或仓单号'), { target: { value: ' 6507923 ' } });
    fireEvent.click(within(search).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        batchOrReceiptNumber: '6507923',
        colorGrade: ['31'],
        sortColumns: [{ field: 'length', order: 'desc' }],
      }),
    );
    expect(searchBodies().at(-1).pageParameter.pageNum).toBe(1);

    fireEvent.click(screen.getByTestId('filter-clear'));
    await waitFor(() => expect(lastQuery()).toEqual({ sortColumns: [{ field: 'length', order: 'desc' }] }));
    expect(urlParams()).toEqual({ sort: 'length.desc' });
    expect(within(search).getByPlaceholderText('请输入批号或仓单号')).toHaveValue('');
    expect(screen.getByTestId('filter-clear')).toBeDisabled();
  });

  it('sort tabs: a new field sorts ascending, clicking it again toggles the direction with its arrow', async () => {
    renderAt('/bid');
    await screen.findByTestId('receipt-card-65079231001');
    const length = screen.getByTestId('sort-length');
    expect(length).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(length);
    await waitFor(() => expect(lastQuery()).toEqual({ sortColumns: [{ field: 'length', order: 'asc' }] }));
    expect(length).toHaveAttribute('data-order', 'asc');
    expect(length).toHaveAttribute('title', '升序');

    fireEvent.click(length);
    await waitFor(() => expect(lastQuery()).toEqual({ sortColumns: [{ field: 'length', order: 'desc' }] }));
    expect(length).toHaveAttribute('data-order', 'desc');
    expect(urlParams()).toEqual({ sort: 'length.desc' });

    fireEvent.click(screen.getByTestId('sort-warehouseReceiptNumber'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ sortColumns: [{ field: 'warehouseReceiptNumber', order: 'asc' }] }),
    );
    expect(length).toHaveAttribute('aria-pressed', 'false');
    expect(length).not.toHaveAttribute('data-order');
  });

  it('pages by 10 and says 没有更多数据了 only on the last page', async () => {
    total = 23;
    renderAt('/bid');
    await screen.findByTestId('receipt-card-65079231001');
    expect(screen.getByTestId('bid-total')).toHaveTextContent('共 23 条');
    expect(screen.queryByTestId('bid-no-more')).not.toBeInTheDocument();

    fireEvent.click(within(screen.getByTestId('bid-pagination')).getByText('3'));
    await waitFor(() => expect(searchBodies().at(-1).pageParameter).toEqual({ pageNum: 3, pageSize: 10 }));
    expect(urlParams()).toEqual({ pageNum: '3' });
    expect(await screen.findByTestId('bid-no-more')).toHaveTextContent('没有更多数据了');
  });

  it('shows an empty state when nothing matches', async () => {
    post.mockImplementation(async (url: unknown) =>
      url === receiptCalls.search ? pageResult([], 0) : dictListsResult(),
    );
    renderAt('/bid?colorGrade=24');
    expect(await screen.findByText('没有符合条件的仓单')).toBeInTheDocument();
    expect(screen.getByTestId('bid-total')).toHaveTextContent('共 0 条');
    expect(screen.queryByTestId('bid-no-more')).not.toBeInTheDocument();
  });

  it('says when the filter dictionaries fail, offers no guessed options, and fills them in on 重试', async () => {
    let dictAnswers = 0;
    post.mockImplementation(async (url: unknown) => {
      if (url === receiptCalls.search) return pageResult(ITEMS, total);
      if (url === dictCalls.lists) {
        dictAnswers += 1;
        if (dictAnswers === 1) throw new ApiError('503', '数据服务暂不可用，请稍后再试');
        return dictListsResult();
      }
      throw new Error(`unexpected call ${String(url)}`);
    });
    renderAt('/bid');
    const alert = await screen.findByTestId('filter-dicts-error');
    expect(alert).toHaveTextContent('筛选项加载失败：数据服务暂不可用，请稍后再试');
    // Every tag row is a dictionary's: none is guessed.
    expect(screen.queryByTestId('filter-stockName')).not.toBeInTheDocument();
    expect(screen.queryByTestId('filter-origin')).not.toBeInTheDocument();
    expect(screen.queryByTestId('filter-productYear')).not.toBeInTheDocument();
    expect(screen.queryByTestId('filter-colorGrade')).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('filter-dicts-retry'));
    await waitFor(() => expect(screen.getByTestId('filter-stockName')).toHaveTextContent('不限细绒棉长绒棉'));
    expect(screen.queryByTestId('filter-dicts-error')).not.toBeInTheDocument();
  });

  it('opens the detail of a card', async () => {
    renderAt('/bid');
    const card = await screen.findByTestId('receipt-card-65079231002');
    const detail = within(card).getByTestId('receipt-detail');
    // A link (the visitor may open it in a new tab; the portal renders it ahead).
    expect(detail).toHaveAttribute('href', '/bid/detail?batchNumber=65079231002');
    fireEvent.click(detail);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/bid/detail?batchNumber=65079231002'),
    );
  });

  it('suggests warehouse names 300 ms after typing and filters by the chosen one', async () => {
    try {
      renderAt('/bid');
      await screen.findByTestId('receipt-card-65079231001');
      fireEvent.click(screen.getByTestId('filter-toggle'));
      const select = await screen.findByTestId('filter-whsName');
      const input = within(select).getByRole('combobox').querySelector('input') ?? within(select).getByRole('textbox');
      fireEvent.click(within(select).getByRole('combobox'));
      // The clock moves only when told from here, however slow the machine (with real time
      // flowing into it, a loaded machine passed the 300 ms before the first check).
      vi.useFakeTimers();
      fireEvent.change(input, { target: { value: '乌' } });
      fireEvent.change(input, { target: { value: '乌鲁' } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(250);
      });
      expect(post.mock.calls.filter(([url]) => url === receiptCalls.suggestions)).toHaveLength(0);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
      const suggestions = post.mock.calls.filter(([url]) => url === receiptCalls.suggestions);
      expect(suggestions).toEqual([[receiptCalls.suggestions, { fieldName: 'whsName', fieldValue: '乌鲁' }]]);
      vi.useRealTimers();
      fireEvent.click(await screen.findByText('乌苏棉花仓库'));
      await waitFor(() => expect(lastQuery()).toEqual({ whsName: '乌苏棉花仓库' }));
      expect(urlParams()).toEqual({ whsName: '乌苏棉花仓库' });
    } finally {
      vi.useRealTimers();
    }
  });
});
