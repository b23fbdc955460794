import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import { receiptCalls } from '@cotton/sdk/calls';
import { inspection, pageResult, receiptItem } from '../../test/fixtures';
import { BatchQuality } from './index';

const post = vi.fn();
const chart = vi.hoisted(() => ({ loaded: 0, draw: vi.fn(), destroy: vi.fn() }));

vi.spyOn(request, 'call').mockImplementation(post);

// The chart module (Chart.js) is replaced: the test checks when it is loaded and what it draws.
vi.mock('./bar-chart', () => {
  chart.loaded += 1;
  return {
    drawBarChart: (...args: unknown[]) => {
      chart.draw(...args);
      return chart.destroy;
    },
  };
});

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/batchQuality', element: <BatchQuality /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  post.mockReset();
  chart.draw.mockReset();
  post.mockImplementation(
    async (
      url: unknown,
      body: { batchCode?: string; stgWareHouseQueryParameters?: { batchOrReceiptNumber: string } },
    ) => {
      if (url === receiptCalls.search) {
        const batch = body.stgWareHouseQueryParameters?.batchOrReceiptNumber ?? '';
        return pageResult([receiptItem({ batchNumber: batch })]);
      }
      if (url === receiptCalls.inspection) return { result: inspection({ batchNumber: body.batchCode }) };
      throw new Error(`unexpected call ${String(url)}`);
    },
  );
});

afterEach(cleanup);

describe('BatchQuality', () => {
  it('shows the summary table from the warehouse and inspection records, and five notes', async () => {
    renderAt('/batchQuality?batchNumber=65079231001');
    await waitFor(() => expect(screen.getByTestId('batch-whs-whsName')).toHaveTextContent('乌鲁木齐棉花监管仓库'));
    expect(screen.getByTestId('breadcrumb')).toHaveTextContent(/首页.*仓单查询.*批次质量/);
    expect(screen.getByRole('tab', { name: '汇总表' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('batch-insp-packetNum')).toHaveTextContent('186');
    expect(screen.getByTestId('batch-insp-tareWeight')).toHaveTextContent('0.412');
    expect(screen.getByTestId('batch-insp-pubWeight')).toHaveTextContent('41.874');
    expect(screen.getByTestId('batch-insp-mainColorGrade')).toHaveTextContent('白棉3级');
    expect(screen.getByTestId('batch-insp-mainLength')).toHaveTextContent('29');
    expect(screen.getByTestId('batch-insp-avgMicronaire')).toHaveTextContent('4.41');
    expect(screen.getByTestId('quality-whiteRate3')).toHaveTextContent('86.6');

    const notes = within(screen.getByTestId('batch-notes')).getAllByRole('listitem');
    expect(notes).toHaveLength(5);
    expect(notes[0]).toHaveTextContent('加工企业');
    expect(notes[0]).toHaveTextContent('公证检验');
    expect(notes[1]).toHaveTextContent('GB 1103.1-2012');
    expect(notes[4]).toHaveTextContent('仅供交易参考');
    // The chart library is not loaded for the summary tab.
    expect(chart.loaded).toBe(0);
  });

  it('shows -- for blanks and 无主体 texts', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === receiptCalls.search)
        return pageResult([receiptItem({ warehouseReceiptNumber: '', moistureRegain: null })]);
      return {
        result: inspection({ inspectCompany: null, mainLength: null, mainMicronaire: null, mainColorGrade: null }),
      };
    });
    renderAt('/batchQuality?batchNumber=65079231001');
    await waitFor(() => expect(screen.getByTestId('batch-whs-whsName')).toHaveTextContent('乌鲁木齐棉花监管仓库'));
    expect(screen.getByTestId('batch-whs-warehouseReceiptNumber')).toHaveTextContent('--');
    expect(screen.getByTestId('batch-whs-moistureRegain')).toHaveTextContent('--');
    expect(screen.getByTestId('batch-insp-inspectCompany')).toHaveTextContent('--');
    expect(screen.getByTestId('batch-insp-mainLength')).toHaveTextContent('无主体长度');
    expect(screen.getByTestId('batch-insp-mainMicronaire')).toHaveTextContent('无主体马克隆值级');
    expect(screen.getByTestId('batch-insp-mainColorGrade')).toHaveTextContent('无主体颜色级');
  });

  it('loads the chart module only when 分布图 opens, and draws the four distributions', async () => {
    renderAt('/batchQuality?batchNumber=65079231001');
    await waitFor(() => expect(screen.getByTestId('batch-whs-whsName')).toHaveTextContent('乌鲁木齐棉花监管仓库'));
    fireEvent.click(screen.getByRole('tab', { name: '分布图' }));
    expect(await screen.findByTestId('batch-charts')).toBeInTheDocument();
    expect(chart.loaded).toBe(1);
    await waitFor(() => expect(chart.draw).toHaveBeenCalledTimes(4));
    const [canvas, color] = chart.draw.mock.calls[0];
    expect(canvas).toBeInstanceOf(HTMLCanvasElement);
    expect(color).toMatchObject({
      labels: ['白棉2级', '白棉3级', '白棉4级'],
      counts: [18, 161, 7],
      valueLabel: '包数',
    });
    expect(chart.draw.mock.calls[1][1]).toMatchObject({ labels: ['27', '28', '29', '30'], counts: [2, 16, 155, 13] });
    expect(screen.getByTestId('batch-chart-micronaire')).toHaveTextContent('马克隆值分布');
    expect(screen.getByTestId('batch-chart-strength')).toHaveTextContent('断裂比强度分布');

    // Back to the summary: the charts are removed.
    fireEvent.click(screen.getByRole('tab', { name: '汇总表' }));
    await waitFor(() => expect(chart.destroy).toHaveBeenCalled());
  });

  it('reloads when batchNumber changes', async () => {
    const router = renderAt('/batchQuality?batchNumber=65079231001');
    await waitFor(() => expect(screen.getByTestId('batch-whs-whsName')).toHaveTextContent('乌鲁木齐棉花监管仓库'));
    await act(() => router.navigate('/batchQuality?batchNumber=65079231002'));
    await waitFor(() => expect(post).toHaveBeenCalledWith(receiptCalls.inspection, { batchCode: '65079231002' }));
    await waitFor(() => expect(screen.getByTestId('batch-whs-batchNumber')).toHaveTextContent('65079231002'));
  });

  it('changes the batch from its search box, refusing a batch that is not 11 digits', async () => {
    const router = renderAt('/batchQuality?batchNumber=65079231001');
    await waitFor(() => expect(screen.getByTestId('batch-whs-whsName')).toHaveTextContent('乌鲁木齐棉花监管仓库'));
    const box = screen.getByTestId('batch-search');
    const input = within(box).getByPlaceholderText('请输入11位批号');
    fireEvent.change(input, { target: { value: '6507' } });
    fireEvent.click(within(box).getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('批号为11位数字')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?batchNumber=65079231001');

    fireEvent.change(input, { target: { value: '65079231003' } });
    fireEvent.click(within(box).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?batchNumber=65079231003'));
    await waitFor(() => expect(post).toHaveBeenCalledWith(receiptCalls.inspection, { batchCode: '65079231003' }));
  });

  it('shows 未找到该批号 with the server message for an unknown batch', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === receiptCalls.search) return pageResult([]);
      throw new ApiError('404', '批号不存在：65000000000');
    });
    renderAt('/batchQuality?batchNumber=65000000000');
    const panel = await screen.findByTestId('batch-not-found');
    expect(panel).toHaveTextContent('未找到该批号');
    expect(panel).toHaveTextContent('批号不存在：65000000000');
  });

  it('asks for a batch when the URL names none, without saying 未找到该批号', async () => {
    renderAt('/batchQuality');
    const prompt = await screen.findByTestId('batch-prompt');
    expect(prompt).toHaveTextContent('请输入批号查询批次质量。');
    expect(prompt).not.toHaveTextContent('未找到');
    expect(screen.queryByTestId('batch-not-found')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('drops a batch number the server would refuse: no request, not echoed, one plain message', async () => {
    const warning = vi.spyOn(Message, 'warning').mockImplementation((() => {}) as never);
    const router = renderAt('/batchQuality?batchNumber=%3Cx%3E');
    expect(await screen.findByTestId('batch-prompt')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByPlaceholderText('请输入11位批号')).toHaveValue('');
    expect(warning).toHaveBeenCalledWith({ id: 'cotton-invalid-url', content: '批号无效，请输入 11 位批号' });
    warning.mockRestore();
  });

  it('offers no 重试 for a refused request and names no wire field', async () => {
    const toast = vi.spyOn(Message, 'error').mockImplementation((() => {}) as never);
    post.mockImplementation(async () => {
      throw new ApiError('400', '参数错误：stgWareHouseQueryParameters.batchOrReceiptNumber（批号/仓单号）格式不正确');
    });
    renderAt('/batchQuality?batchNumber=65079231001');
    const panel = await screen.findByTestId('batch-error');
    expect(panel).toHaveTextContent('批号无效');
    expect(panel).not.toHaveTextContent('stgWareHouseQueryParameters');
    expect(within(panel).queryByRole('button', { name: /重\s*试/ })).toBeNull();
    expect(JSON.stringify(toast.mock.calls)).not.toContain('stgWareHouseQueryParameters');
    toast.mockRestore();
  });
});
