import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import { financeCalls } from '@cotton/sdk/calls';
import { financialServiceResult, productDetail } from '../../test/fixtures';
import { FinancialService } from './index';

const post = vi.fn();
const messageError = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);
vi.spyOn(Message, 'error').mockImplementation(messageError);

function renderPage(entry = '/financialService') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <FinancialService />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  post.mockReset();
  messageError.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === financeCalls.service) return financialServiceResult();
    if (url === financeCalls.productDetail) return productDetail();
    throw new Error(`unexpected call ${String(url)}`);
  });
});

afterEach(cleanup);

const productRows = () => within(screen.getByTestId('finance-product-table')).getAllByRole('row').slice(1);

describe('FinancialService', () => {
  it('loads the page in one call and shows the four advantages and the overall process', async () => {
    renderPage();
    expect(screen.getByTestId('finance-loading')).toBeInTheDocument();
    const advantages = await screen.findAllByTestId('finance-advantage');
    expect(post).toHaveBeenCalledWith(financeCalls.service, {});
    expect(advantages.map((a) => a.querySelector('h4')?.textContent)).toEqual([
      '利率优惠',
      '放款高效',
      '手续便捷',
      '风险可控',
    ]);
    expect(advantages[0]).toHaveTextContent('年化利率 3.6% 起');
    expect(advantages.map((a) => a.querySelector('[data-icon]')?.getAttribute('data-icon'))).toEqual([
      'rate',
      'speed',
      'convenience',
      'risk',
    ]);

    const process = screen.getByTestId('finance-process-diagram');
    expect(process).toHaveAttribute('aria-label', '仓单融资业务流程');
    const steps = within(process).getAllByTestId('process-step');
    expect(steps).toHaveLength(7);
    expect(steps[0]).toHaveTextContent('1开户注册');
    expect(steps[6]).toHaveTextContent('7还款解押');
  });

  it('shows the product table with its columns, 最高80%, 6个月 and rates with two decimals and %', async () => {
    renderPage();
    await screen.findAllByTestId('finance-advantage');
    const table = screen.getByTestId('finance-product-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['产品名称', '贷款银行', '贷款比例', '期限', '年化利率', '操作']);
    const rows = productRows();
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => within(row).getAllByRole('cell')[4].textContent)).toEqual([
      '3.85%',
      '3.60%',
      '3.60%',
      '3.85%',
    ]);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual([
      '中国农业发展银行',
      '中国农业银行',
      '中国银行',
      '中国建设银行',
    ]);
    for (const row of rows) {
      const cells = within(row).getAllByRole('cell');
      expect(cells[2]).toHaveTextContent(/^最高80%$/);
      expect(cells[3]).toHaveTextContent(/^6个月$/);
      expect(within(row).getByRole('button', { name: '查看详情' })).toBeInTheDocument();
    }
  });

  it('shows a mode intro on hover', async () => {
    renderPage();
    const mode = await screen.findByTestId('finance-mode-prepayment');
    expect(within(mode).getByRole('heading', { name: '预付款融资' })).toBeInTheDocument();
    expect(mode).toHaveTextContent('共 5 个环节');
    expect(screen.queryByText('买方交纳保证金，由银行向卖方支付其余货款。')).not.toBeInTheDocument();

    fireEvent.mouseEnter(within(mode).getByTestId('finance-mode-card'));
    const intro = await screen.findByTestId('finance-mode-intro');
    expect(intro).toHaveTextContent('买方交纳保证金，由银行向卖方支付其余货款。');
    await waitFor(() => expect(intro).toBeVisible());
  });

  it('opens a mode process modal with its steps, and closes it', async () => {
    renderPage();
    const mode = await screen.findByTestId('finance-mode-receipt-pledge');
    expect(screen.queryByTestId('finance-mode-modal')).not.toBeInTheDocument();

    fireEvent.click(within(mode).getByRole('button', { name: '查看流程' }));
    const modal = await screen.findByTestId('finance-mode-modal');
    const dialog = modal.closest('[role="dialog"]') as HTMLElement;
    expect(within(dialog).getByText('仓单质押融资流程')).toBeInTheDocument();
    const steps = within(modal).getAllByTestId('process-step');
    expect(steps.map((s) => s.querySelector('span:nth-child(2)')?.textContent)).toEqual([
      '仓单注册',
      '融资申请',
      '银行放款',
      '还款解押',
    ]);

    fireEvent.click(screen.getByTestId('finance-mode-modal-close'));
    await waitFor(() => expect(screen.queryByTestId('finance-mode-modal')).not.toBeInTheDocument());

    // Another mode opens with its own steps.
    fireEvent.click(within(screen.getByTestId('finance-mode-prepayment')).getByRole('button', { name: '查看流程' }));
    const second = await screen.findByTestId('finance-mode-modal');
    await waitFor(() => expect(within(second).getAllByTestId('process-step')).toHaveLength(5));
    expect(screen.getByText('预付款融资流程')).toBeInTheDocument();
  });

  it('opens a product detail drawer loaded by id', async () => {
    renderPage();
    await screen.findAllByTestId('finance-advantage');
    fireEvent.click(within(productRows()[2]).getByRole('button', { name: '查看详情' }));
    const detail = await screen.findByTestId('finance-product-detail');
    expect(post).toHaveBeenCalledWith(financeCalls.productDetail, { id: 13 });
    expect(screen.getByText('棉花预付款融资 · 产品详情')).toBeInTheDocument();
    for (const text of [
      '中国银行',
      '预付款融资',
      '最高80%',
      '6个月',
      '3.60%',
      '在交易中心采购棉花的纺织企业',
      '交纳不低于货款 20% 的保证金',
      '交易中心成交合同',
    ]) {
      expect(detail).toHaveTextContent(text);
    }
    for (const title of ['产品简介', '适用对象', '担保方式', '还款方式', '申请条件', '申请材料']) {
      expect(within(detail).getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });

  it('shows the server message when a product detail fails, and retries only what may succeed', async () => {
    renderPage();
    await screen.findAllByTestId('finance-advantage');
    post.mockImplementation(async (url: unknown) => {
      if (url === financeCalls.productDetail) throw new ApiError('404', '融资产品不存在：11');
      return financialServiceResult();
    });
    fireEvent.click(within(productRows()[0]).getByRole('button', { name: '查看详情' }));
    const drawer = await screen.findByTestId('finance-product-drawer');
    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('融资产品不存在：11');
    expect(messageError).toHaveBeenCalledWith('融资产品不存在：11');
    // No such product: trying again cannot succeed, so no 重试.
    expect(within(alert).queryByRole('button', { name: '重试' })).toBeNull();

    // A product whose detail the server could not give just now: 重试 loads it.
    post.mockImplementation(async (url: unknown) => {
      if (url === financeCalls.productDetail) throw new ApiError('503', '数据服务暂不可用，请稍后再试');
      return financialServiceResult();
    });
    fireEvent.click(within(productRows()[1]).getByRole('button', { name: '查看详情' }));
    await waitFor(() => expect(within(drawer).getByRole('alert')).toHaveTextContent('数据服务暂不可用'));
    post.mockImplementation(async (url: unknown) =>
      url === financeCalls.productDetail
        ? productDetail({ id: 12, productName: '棉花仓单质押贷款' })
        : financialServiceResult(),
    );
    fireEvent.click(within(within(drawer).getByRole('alert')).getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('finance-product-detail')).toBeInTheDocument();
  });

  it('lists the offices and banks in the contact table', async () => {
    renderPage();
    const table = await screen.findByTestId('finance-contact-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['类别', '单位名称', '联系人', '联系电话', '地址']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('交易中心办事处乌鲁木齐办事处王建国0991-4567890');
    expect(rows[1]).toHaveTextContent('合作银行中国银行新疆维吾尔自治区分行李娜0991-2345678');
  });

  it('shows empty states for empty lists', async () => {
    post.mockImplementation(async () => ({ advantages: [], modes: [], products: [], contacts: [] }));
    renderPage();
    expect(await screen.findByText('暂无融资模式')).toBeInTheDocument();
    expect(screen.getByText('暂无融资产品')).toBeInTheDocument();
    expect(screen.getByText('暂无联系方式')).toBeInTheDocument();
  });

  it('shows the failure with the server message (toast too) and reloads on 重试', async () => {
    post.mockRejectedValueOnce(new ApiError('503', '数据服务暂不可用，请稍后再试'));
    renderPage();
    const error = await screen.findByTestId('finance-error');
    expect(error).toHaveTextContent('金融服务信息加载失败');
    expect(error).toHaveTextContent('数据服务暂不可用，请稍后再试');
    expect(messageError).toHaveBeenCalledWith('数据服务暂不可用，请稍后再试');

    fireEvent.click(within(error).getByRole('button', { name: '重试' }));
    expect(await screen.findAllByTestId('finance-advantage')).toHaveLength(4);
    expect(screen.queryByTestId('finance-error')).not.toBeInTheDocument();
  });

  it('scrolls to the section named by the hash once loaded', async () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    try {
      renderPage('/financialService#finance-products');
      await screen.findAllByTestId('finance-advantage');
      await act(async () => {});
      expect(scrolled).toEqual(['finance-products']);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});

describe('FinancialService product drawer', () => {
  it('closes, and loads the detail again when opened again', async () => {
    renderPage();
    await screen.findAllByTestId('finance-advantage');
    fireEvent.click(within(productRows()[2]).getByRole('button', { name: '查看详情' }));
    await screen.findByTestId('finance-product-detail');
    const detailCalls = () => post.mock.calls.filter(([url]) => url === financeCalls.productDetail).length;
    expect(detailCalls()).toBe(1);

    const drawer = screen.getByTestId('finance-product-drawer').closest('.arco-drawer') as HTMLElement;
    fireEvent.click(drawer.querySelector('.arco-drawer-close-icon') as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('finance-product-detail')).not.toBeInTheDocument());
    expect(detailCalls()).toBe(1);

    fireEvent.click(within(productRows()[2]).getByRole('button', { name: '查看详情' }));
    await screen.findByTestId('finance-product-detail');
    expect(detailCalls()).toBe(2);
  });

  it('closes on Esc even when focus stayed on the page', async () => {
    renderPage();
    await screen.findAllByTestId('finance-advantage');
    const open = within(productRows()[2]).getByRole('button', { name: '查看详情' });
    fireEvent.click(open);
    await screen.findByTestId('finance-product-detail');
    open.focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('finance-product-detail')).not.toBeInTheDocument());
  });
});
