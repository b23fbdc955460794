import { Message } from '@arco-design/web-react';
import { request } from '@cotton/sdk';
import type { AdminBankRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bankCalls, fieldCheckCalls } from '@cotton/sdk/calls';
import { BankList } from './index';

const post = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);

const BANKS: AdminBankRow[] = [
  {
    id: '1',
    code: '102',
    name: '中国工商银行',
    sort: 1,
    status: '1',
    accountBank: true,
    createTime: '2026-03-18T00:00:00Z',
  },
  {
    id: '2',
    code: '308',
    name: '招商银行',
    sort: 2,
    status: '2',
    accountBank: false,
    createTime: '2026-03-18T00:00:00Z',
  },
];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === bankCalls.page) return { pagination: { result: BANKS, totalCount: 2, pageNum: 1, pageSize: 10 } };
    if (url === bankCalls.add) return { id: '3' };
    return { updated: 1 };
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ['system:bank:list', 'system:bank:add', 'system:bank:edit'] });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

describe('BankList', () => {
  it('refuses a malformed code before sending', async () => {
    render(<BankList />);
    await user.click(await screen.findByTestId('bank-add'));
    const form = within(await screen.findByTestId('bank-form'));
    await user.click(form.getByPlaceholderText('请输入银行代码'));
    await user.paste('AB');
    await user.click(screen.getByTestId('bank-form-save'));
    expect(await form.findByText('银行代码为 3～12 位数字（支付系统行别代码或行号）')).toBeInTheDocument();
    expect(bodiesOf(bankCalls.add)).toEqual([]);
  });

  // Issue 31: a taken bank name was only found on 保存.
  it('says a name is taken as the field is left, and sends nothing', { timeout: 30_000 }, async () => {
    post.mockImplementation(async (url: unknown, body: { fieldName?: string; fieldVal?: string }) => {
      if (url === bankCalls.page) return { pagination: { result: BANKS, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === fieldCheckCalls.duplicate)
        return body.fieldName === 'name' && body.fieldVal === '招商银行'
          ? { valid: false, message: '该银行名称已被使用，请更换' }
          : { valid: true, message: '' };
      return { updated: 1 };
    });
    render(<BankList />);
    await user.click(await screen.findByTestId('bank-add'));
    const form = within(await screen.findByTestId('bank-form'));
    await user.click(form.getByPlaceholderText('请输入银行代码'));
    await user.paste('402');
    await user.click(form.getByPlaceholderText('请输入银行名称'));
    await user.paste('招商银行');
    await user.tab();
    const message = await form.findByText('该银行名称已被使用，请更换', {}, { timeout: 5000 });
    expect(message.closest('.arco-form-item')).toHaveTextContent('银行名称');
    expect(bodiesOf(fieldCheckCalls.duplicate)).toEqual([
      { tableName: 'banks', fieldName: 'code', fieldVal: '402', dataId: null },
      { tableName: 'banks', fieldName: 'name', fieldVal: '招商银行', dataId: null },
    ]);
    // The free code says nothing.
    expect(form.queryByText('该银行代码已被使用，请更换')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('bank-form-save'));
    await waitFor(() => expect(bodiesOf(fieldCheckCalls.duplicate).length).toBeGreaterThanOrEqual(2));
    expect(form.getByText('该银行名称已被使用，请更换')).toBeInTheDocument();
    expect(bodiesOf(bankCalls.add)).toEqual([]);
  });

  it('adds a settlement bank', async () => {
    render(<BankList />);
    await user.click(await screen.findByTestId('bank-add'));
    const form = within(await screen.findByTestId('bank-form'));
    await user.click(form.getByPlaceholderText('请输入银行代码'));
    await user.paste('402');
    await user.click(form.getByPlaceholderText('请输入银行名称'));
    await user.paste('农村信用社');
    await user.click(form.getByTestId('bank-form-account'));
    await user.click(screen.getByTestId('bank-form-save'));
    await waitFor(() =>
      expect(bodiesOf(bankCalls.add)).toEqual([{ code: '402', name: '农村信用社', status: '1', accountBank: true }]),
    );
  });

  it('edits a bank, its code and name fixed', async () => {
    render(<BankList />);
    await user.click(await screen.findByTestId('bank-edit-308'));
    const form = within(await screen.findByTestId('bank-form'));
    expect(form.getByPlaceholderText('请输入银行代码')).toBeDisabled();
    expect(form.getByPlaceholderText('请输入银行名称')).toBeDisabled();
    await user.click(form.getByText('启用'));
    await user.click(screen.getByTestId('bank-form-save'));
    await waitFor(() =>
      expect(bodiesOf(bankCalls.update)).toEqual([
        { id: '2', name: '招商银行', sort: 2, status: '1', accountBank: false },
      ]),
    );
  });
});
