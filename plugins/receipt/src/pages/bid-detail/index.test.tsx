import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import { receiptCalls } from '@cotton/sdk/calls';
import { inspection, pageResult, receiptItem } from '../../test/fixtures';
import { ReceiptDetail } from './index';

const post = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/bid/detail', element: <ReceiptDetail /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === receiptCalls.search) return pageResult([receiptItem()]);
    if (url === receiptCalls.inspection) return { result: inspection() };
    throw new Error(`unexpected call ${String(url)}`);
  });
});

afterEach(cleanup);

describe('ReceiptDetail', () => {
  it('reads the receipt through the search call and the quality through the inspection call', async () => {
    renderAt('/bid/detail?batchNumber=65079231001');
    await waitFor(() => expect(screen.getByTestId('detail-whsName')).toHaveTextContent('乌鲁木齐棉花监管仓库'));
    expect(post).toHaveBeenCalledWith(receiptCalls.search, {
      stgWareHouseQueryParameters: { batchOrReceiptNumber: '65079231001' },
      pageParameter: { pageNum: 1, pageSize: 10 },
    });
    expect(post).toHaveBeenCalledWith(receiptCalls.inspection, { batchCode: '65079231001' });
    expect(screen.getByTestId('breadcrumb')).toHaveTextContent(/首页.*仓单查询.*仓单详情/);
    expect(within(screen.getByTestId('breadcrumb')).getByText('仓单查询').closest('a')).toHaveAttribute('href', '/bid');

    expect(screen.getByTestId('detail-warehouseReceiptNumber')).toHaveTextContent('WR2023000001');
    expect(screen.getByTestId('detail-machineDate')).toHaveTextContent('2023-10-12');
    expect(screen.getByTestId('detail-storageWs')).toHaveTextContent('A区-03');
    expect(screen.getByTestId('detail-conditionedWeight')).toHaveTextContent('41.874');
    expect(screen.getByTestId('detail-tidyAvg')).toHaveTextContent('82.7');

    await waitFor(() => expect(screen.getByTestId('quality-whiteRate3')).toHaveTextContent('白棉3级86.6'));
    expect(screen.getByTestId('quality-mainColorGrade')).toHaveTextContent('白棉3级');
    expect(screen.getByTestId('quality-spotRate1')).toHaveTextContent('淡点污棉1级0.0');
    expect(screen.getByTestId('quality-yellowRate2')).toHaveTextContent('黄染棉2级0.0');
    expect(screen.getByTestId('quality-lengthRate29')).toHaveTextContent('29mm83.3');
    expect(screen.getByTestId('quality-mainLength')).toHaveTextContent('29mm');
    expect(screen.getByTestId('quality-avgLength')).toHaveTextContent('29.3mm');
    expect(screen.getByTestId('quality-micronaireRateB2')).toHaveTextContent('B287.6');
    expect(screen.getByTestId('quality-mainMicronaire')).toHaveTextContent('B2');
    expect(screen.getByTestId('quality-avgMicronaire')).toHaveTextContent('4.41');
    expect(screen.getByTestId('quality-uniformityRateU3')).toHaveTextContent('U369.4');
    expect(screen.getByTestId('quality-minUniformity')).toHaveTextContent('80.1%');
    expect(screen.getByTestId('quality-strengthRateS2')).toHaveTextContent('S261.8');
    expect(screen.getByTestId('quality-maxStrength')).toHaveTextContent('31.6');
    expect(screen.getByTestId('quality-avgRd')).toHaveTextContent('78.6');
    expect(screen.getByTestId('quality-avgPlusB')).toHaveTextContent('8.2');
    expect(screen.getByTestId('quality-moistureRate')).toHaveTextContent('6.8');
    expect(screen.getByTestId('quality-impurityRate')).toHaveTextContent('2.1');
    expect(screen.getByTestId('detail-batch-quality')).toHaveAttribute('href', '/batchQuality?batchNumber=65079231001');
  });

  it('shows dashes for missing values and 无主体… when a batch has no main grade', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === receiptCalls.search) {
        return pageResult([receiptItem({ storageWs: null, machineDate: null, netWeight: null, tidyAvg: null })]);
      }
      return {
        result: inspection({
          mainColorGrade: null,
          mainLength: null,
          mainMicronaire: null,
          whiteRate3: null,
          avgRd: null,
        }),
      };
    });
    renderAt('/bid/detail?batchNumber=65079231001');
    await waitFor(() => expect(screen.getByTestId('quality-mainColorGrade')).toHaveTextContent('无主体颜色级'));
    expect(screen.getByTestId('quality-mainLength')).toHaveTextContent('无主体长度');
    expect(screen.getByTestId('quality-mainMicronaire')).toHaveTextContent('无主体马克隆值级');
    expect(screen.getByTestId('quality-whiteRate3')).toHaveTextContent('白棉3级--');
    expect(screen.getByTestId('quality-avgRd')).toHaveTextContent('--');
    expect(screen.getByTestId('detail-storageWs')).toHaveTextContent('--');
    expect(screen.getByTestId('detail-machineDate')).toHaveTextContent('--');
    expect(screen.getByTestId('detail-netWeight')).toHaveTextContent('--');
    expect(screen.getByTestId('detail-tidyAvg')).toHaveTextContent('--');
  });

  it('shows 未找到该批号 with the server message for an unknown batch, without a toast', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === receiptCalls.search) return pageResult([]);
      throw new ApiError('404', '批号不存在：65000000000');
    });
    renderAt('/bid/detail?batchNumber=65000000000');
    const panel = await screen.findByTestId('detail-not-found');
    expect(panel).toHaveTextContent('未找到该批号');
    expect(panel).toHaveTextContent('批号不存在：65000000000');
    expect(within(panel).getByRole('button', { name: '返回仓单列表' })).toBeInTheDocument();
    expect(document.querySelector('.arco-message')).toBeNull();
  });

  it('shows a receipt with dashes in the quality table when the batch has no inspection record', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === receiptCalls.search) return pageResult([receiptItem()]);
      throw new ApiError('404', '批号不存在：65079231001');
    });
    renderAt('/bid/detail?batchNumber=65079231001');
    await waitFor(() => expect(screen.getByTestId('detail-whsName')).toHaveTextContent('乌鲁木齐棉花监管仓库'));
    expect(screen.getByTestId('quality-lengthRate29')).toHaveTextContent('29mm--');
  });

  it('asks for a batch when the URL names none', async () => {
    renderAt('/bid/detail');
    expect(await screen.findByTestId('detail-not-found')).toHaveTextContent('请从仓单列表选择一个批号。');
    expect(post).not.toHaveBeenCalled();
  });

  it('asks for no batch the server would refuse, and offers no 重试 for a refusal', async () => {
    renderAt('/bid/detail?batchNumber=%3Cx%3E');
    expect(await screen.findByTestId('detail-not-found')).toHaveTextContent('批号无效');
    expect(post).not.toHaveBeenCalled();
    cleanup();

    const toast = vi.spyOn(Message, 'error').mockImplementation((() => {}) as never);
    post.mockImplementation(async () => {
      throw new ApiError('400', '参数错误：batchCode（批号）长度不能超过 32 个字符');
    });
    renderAt('/bid/detail?batchNumber=65079231001');
    const panel = await screen.findByTestId('detail-error');
    expect(panel).not.toHaveTextContent('batchCode');
    expect(within(panel).queryByRole('button', { name: /重\s*试/ })).toBeNull();
    expect(within(panel).getByRole('button', { name: '返回仓单列表' })).toBeInTheDocument();
    toast.mockRestore();
  });

  it('offers 重试 when the data cannot be loaded', async () => {
    const toast = vi.spyOn(Message, 'error').mockImplementation(() => () => {});
    post.mockImplementation(async () => {
      throw new ApiError('503', '数据服务暂不可用，请稍后再试');
    });
    renderAt('/bid/detail?batchNumber=65079231001');
    const panel = await screen.findByTestId('detail-error');
    expect(panel).toHaveTextContent('数据服务暂不可用，请稍后再试');
    expect(toast).toHaveBeenCalledWith('数据服务暂不可用，请稍后再试');
    toast.mockRestore();
    post.mockImplementation(async (url: unknown) =>
      url === receiptCalls.search ? pageResult([receiptItem()]) : { result: inspection() },
    );
    within(panel)
      .getByRole('button', { name: /重\s*试/ })
      .click();
    await waitFor(() => expect(screen.getByTestId('detail-whsName')).toHaveTextContent('乌鲁木齐棉花监管仓库'));
  });
});
