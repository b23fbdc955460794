import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '@cotton/sdk';
import { dictCalls, warehouseCalls } from '@cotton/sdk/calls';
import { resetWhsDicts } from '../../api';
import { detailResult, dictListsResult } from '../../test/fixtures';
import { WarehouseDetail } from './index';

const post = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderDetail(entry = '/warehouse?whsCode=WH001') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <WarehouseDetail />
      <LocationProbe />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetWhsDicts();
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === warehouseCalls.detail) return detailResult();
    if (url === dictCalls.lists) return dictListsResult();
    throw new Error(`unexpected call ${String(url)}`);
  });
});

afterEach(cleanup);

describe('WarehouseDetail', () => {
  it('loads the warehouse named in the URL and titles the page with its name', async () => {
    renderDetail();
    const detail = await screen.findByTestId('warehouse-detail');
    expect(post).toHaveBeenCalledWith(warehouseCalls.detail, { whsCode: 'WH001' });
    expect(post).toHaveBeenCalledWith(dictCalls.lists, {
      dictCategorys: ['WHS_TYPE', 'WHS_BIZ_TYPE', 'FREIGHT_YARD_TYPE'],
    });
    expect(await within(detail).findByRole('heading', { name: '乌鲁木齐棉花监管仓库' })).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: /返回列表/ })).toBeInTheDocument();
  });

  it('renders the four sections', async () => {
    renderDetail();
    const base = await screen.findByTestId('warehouse-section-base');
    const biz = screen.getByTestId('warehouse-section-biz');
    const contact = screen.getByTestId('warehouse-section-contact');
    const fee = screen.getByTestId('warehouse-section-fee');

    expect(base).toHaveTextContent('基本信息');
    expect(base).toHaveTextContent('WH001');
    expect(base).toHaveTextContent('2008-05-20');
    expect(base).toHaveTextContent('830000');
    // specialRailwayLine '1' → 是; an empty note → --.
    expect(within(base).getByText('有无铁路专用线').closest('tr')).toHaveTextContent('是');
    expect(within(base).getByText('备注').closest('tr')).toHaveTextContent('--');

    expect(biz).toHaveTextContent('业务信息');
    // Dictionary codes are shown as their labels.
    expect(biz).toHaveTextContent('棉花交割仓库、监管仓库');
    expect(biz).toHaveTextContent('仓单注册、公证检验、质押监管');
    expect(biz).toHaveTextContent('120,000 吨');
    expect(biz).toHaveTextContent('500 吨/日');
    expect(within(biz).getByText('是否可作业').closest('tr')).toHaveTextContent('是');
    expect(biz).toHaveTextContent('新疆维吾尔自治区 乌鲁木齐市 米东区');
    expect(biz).toHaveTextContent('乌鲁木齐办事处');

    expect(contact).toHaveTextContent('联系信息');
    expect(contact).toHaveTextContent('13900000000');
    expect(within(contact).getByText('传真').closest('tr')).toHaveTextContent('--');

    expect(fee).toHaveTextContent('收费标准');
    expect(fee).toHaveTextContent('12.50 元/吨');
    expect(fee).toHaveTextContent('1,234.50 元/吨');
    expect(fee).toHaveTextContent('0.35 元/吨·天');
    expect(fee).toHaveTextContent('8.00 元/包');
    expect(fee).toHaveTextContent('100.00 元/车');
    expect(within(fee).getByText('公检搬倒费').closest('tr')).toHaveTextContent(/公检搬倒费\s*--/);
  });

  it('shows the red note on fee units under the fees', async () => {
    renderDetail();
    const note = await screen.findByTestId('warehouse-fee-note');
    expect(note).toHaveTextContent(
      '注：出入库费、公检搬倒费、整理费单位为元/吨；仓储费单位为元/吨·天；改包费、缝包费单位为元/包；装车辅助费单位为元/车。',
    );
    const fee = screen.getByTestId('warehouse-section-fee');
    expect(fee.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lists the freight yards', async () => {
    renderDetail();
    const freight = await screen.findByTestId('warehouse-freight-table');
    expect(freight).toHaveTextContent('货场信息');
    for (const header of ['车站', '货场类型', '货场名称', '所属仓库']) {
      expect(within(freight).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(freight).getByText('北站一号货场')).toBeInTheDocument();
    expect(within(freight).getByText('铁路货场')).toBeInTheDocument();
    expect(within(freight).getByText('铁路专用线')).toBeInTheDocument();
    expect(within(freight).getAllByRole('row')).toHaveLength(3);
  });

  it('returns to the list from 返回列表, keeping the filters', async () => {
    renderDetail('/warehouse?warehouseName=棉&whsCode=WH001');
    fireEvent.click(await screen.findByRole('button', { name: /返回列表/ }));
    const url = new URL(`http://x${screen.getByTestId('location').textContent}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ warehouseName: '棉' });
  });

  it('shows the codes when the dictionaries cannot be loaded', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === warehouseCalls.detail) return detailResult();
      throw new ApiError('503', '数据服务暂不可用，请稍后再试');
    });
    renderDetail();
    const biz = await screen.findByTestId('warehouse-section-biz');
    expect(biz).toHaveTextContent('1、4');
  });

  it('shows 未找到该仓库 with the server message for an unknown code', async () => {
    post.mockRejectedValue(new ApiError('404', '仓库不存在：WH999'));
    renderDetail('/warehouse?whsCode=WH999');
    expect(await screen.findByText('未找到该仓库')).toBeInTheDocument();
    expect(screen.getByText('仓库不存在：WH999')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /返回列表/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/warehouse$/));
  });

  it('shows 仓库信息加载失败 with the reason; 重试 loads again', async () => {
    let failing = true;
    post.mockImplementation(async (url: unknown) => {
      if (url === warehouseCalls.detail) {
        // Handled: the request client showed its toast already (none in tests).
        if (failing) throw new ApiError('500', '服务器内部错误，请稍后再试', true);
        return detailResult();
      }
      if (url === dictCalls.lists) return dictListsResult();
      throw new Error(`unexpected call ${String(url)}`);
    });
    renderDetail();
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('仓库信息加载失败');
    expect(panel).toHaveTextContent('服务器内部错误，请稍后再试');
    expect(within(panel).getByRole('button', { name: /返回列表/ })).toBeInTheDocument();
    failing = false;
    fireEvent.click(within(panel).getByRole('button', { name: /重试/ }));
    expect(await screen.findByRole('heading', { name: '乌鲁木齐棉花监管仓库' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows 缺少仓库代码 when the URL names no warehouse', async () => {
    renderDetail('/warehouse');
    expect(await screen.findByText('未找到该仓库')).toBeInTheDocument();
    expect(screen.getByText('缺少仓库代码')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalledWith(warehouseCalls.detail, expect.anything());
  });

  it('offers no 重试 for a refused request, and shows no wire field', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === warehouseCalls.detail)
        throw new ApiError('400', '参数错误：whsCode（仓库代码）长度不能超过 32 个字符', true);
      if (url === dictCalls.lists) return dictListsResult();
      throw new Error(`unexpected call ${String(url)}`);
    });
    renderDetail();
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('仓库代码无效');
    expect(panel).not.toHaveTextContent('whsCode');
    expect(within(panel).queryByRole('button', { name: /重试/ })).toBeNull();
    expect(within(panel).getByRole('button', { name: /返回列表/ })).toBeInTheDocument();
  });
});
