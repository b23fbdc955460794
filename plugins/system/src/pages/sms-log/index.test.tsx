import { Message } from '@arco-design/web-react';
import { clearSession, setSession } from '@cotton/sdk/host';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMS_BATCH_DELETE_URL, SMS_DELETE_URL, SMS_PAGE_URL } from '../../api';
import { smsPage, smsRow } from '../../test/fixtures';
import { SmsLog } from './index';

const post = vi.hoisted(() => vi.fn());

// Only the transport is faked.
vi.mock('@cotton/sdk', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cotton/sdk')>();
  vi.spyOn(actual.request, 'post').mockImplementation(post);
  return actual;
});

const ROWS = [
  smsRow(),
  smsRow({ id: '2', mobile: '13900139000', status: '2', provider: 'aliyun', content: '短信内容二' }),
  smsRow({ id: '3', mobile: '13700137000', status: '3', provider: 'log-only', content: '短信内容三' }),
];

let toastWarning: ReturnType<typeof vi.fn>;
let toastSuccess: ReturnType<typeof vi.fn>;

function pageBodies() {
  return post.mock.calls.filter(([url]) => url === SMS_PAGE_URL).map(([, body]) => body);
}

function signIn(permissions: string[]) {
  setSession({ token: 't', permissions });
}

async function renderList() {
  render(<SmsLog />);
  const table = screen.getByTestId('sms-table');
  await within(table).findByText('13900139000');
  return table;
}

/** Clicks a page number of the table's pager. */
function goToPage(table: HTMLElement, page: string) {
  const pager = table.querySelector<HTMLElement>('.arco-pagination');
  if (!pager) throw new Error('no pager');
  fireEvent.click(within(pager).getByText(page));
}

/** Clicks 确定 in the open Modal.confirm. */
async function confirmModal() {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('确认删除');
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
  // Let the modal finish closing before the test ends.
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: string) => {
    if (url === SMS_PAGE_URL) return smsPage(ROWS, 45);
    if (url === SMS_DELETE_URL || url === SMS_BATCH_DELETE_URL) return null;
    throw new Error(`unexpected call ${url}`);
  });
  toastWarning = vi.fn(() => () => undefined);
  toastSuccess = vi.fn(() => () => undefined);
  vi.spyOn(Message, 'warning').mockImplementation(toastWarning as unknown as typeof Message.warning);
  vi.spyOn(Message, 'success').mockImplementation(toastSuccess as unknown as typeof Message.success);
  signIn(['system:sms:list', 'system:sms:delete']);
});

afterEach(() => {
  vi.mocked(Message.warning).mockRestore();
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

describe('SmsLog', () => {
  it('loads page 1 of 10 and shows the rows', async () => {
    const table = await renderList();
    expect(pageBodies()).toEqual([{ pageNum: 1, pageSize: 10 }]);
    expect(within(table).getByText('13800138000')).toBeInTheDocument();
    expect(within(table).getAllByText('LOGIN_CODE')).toHaveLength(3);
    expect(within(table).getByText('已发送')).toBeInTheDocument();
    expect(within(table).getByText('发送失败')).toBeInTheDocument();
    expect(within(table).getByText('未发送（未配置短信网关）')).toBeInTheDocument();
    expect(within(table).getByText('aliyun')).toBeInTheDocument();
    expect(within(table).getAllByText(/^2026-11-20 \d\d:15:30$/)).toHaveLength(3);
    // Long content is cut by EllipsisText (25 characters by default).
    expect(within(table).queryByText(ROWS[0].content!)).not.toBeInTheDocument();
    expect(within(table).getByText('共 45 条')).toBeInTheDocument();
  });

  it('pages, changes the page size (back to page 1) and offers 10–200', async () => {
    const table = await renderList();
    goToPage(table, '3');
    await waitFor(() => expect(pageBodies().at(-1)).toEqual({ pageNum: 3, pageSize: 10 }));

    fireEvent.click(within(table).getByText('10 条/页'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '10 条/页',
      '20 条/页',
      '30 条/页',
      '50 条/页',
      '100 条/页',
      '200 条/页',
    ]);
    fireEvent.click(screen.getByText('50 条/页'));
    await waitFor(() => expect(pageBodies().at(-1)).toEqual({ pageNum: 1, pageSize: 50 }));
  });

  it('searches by mobile and resets, each back to page 1', async () => {
    const table = await renderList();
    goToPage(table, '2');
    await waitFor(() => expect(pageBodies().at(-1)).toEqual({ pageNum: 2, pageSize: 10 }));

    const form = screen.getByTestId('sms-search-form');
    fireEvent.change(within(form).getByPlaceholderText('请输入手机号码'), { target: { value: ' 1390 ' } });
    fireEvent.click(within(form).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(pageBodies().at(-1)).toEqual({ mobile: '1390', pageNum: 1, pageSize: 10 }));

    goToPage(table, '2');
    await waitFor(() => expect(pageBodies().at(-1)).toEqual({ mobile: '1390', pageNum: 2, pageSize: 10 }));
    fireEvent.click(within(form).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(pageBodies().at(-1)).toEqual({ pageNum: 1, pageSize: 10 }));
    expect(within(form).getByPlaceholderText('请输入手机号码')).toHaveValue('');
  });

  it('hides delete, batch delete and the selection without system:sms:delete', async () => {
    signIn(['system:sms:list']);
    const table = await renderList();
    expect(screen.queryByTestId('sms-batch-delete')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sms-delete-1')).not.toBeInTheDocument();
    expect(within(table).queryByText('操作')).not.toBeInTheDocument();
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('shows them to holders of system:sms:delete', async () => {
    const table = await renderList();
    expect(screen.getByTestId('sms-batch-delete')).toBeInTheDocument();
    expect(screen.getByTestId('sms-delete-1')).toBeInTheDocument();
    expect(within(table).getByText('操作')).toBeInTheDocument();
    expect(within(table).getAllByRole('checkbox').length).toBeGreaterThan(2);
  });

  it('asks for a selection before a batch delete', async () => {
    await renderList();
    fireEvent.click(screen.getByTestId('sms-batch-delete'));
    expect(toastWarning).toHaveBeenCalledWith('请选择一条记录');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('batch deletes the selection after confirming, then goes to page 1 and clears the selection', async () => {
    const table = await renderList();
    goToPage(table, '2');
    await waitFor(() => expect(pageBodies().at(-1)).toEqual({ pageNum: 2, pageSize: 10 }));
    await within(table).findByText('13900139000');

    const rowCheckboxes = within(table).getAllByRole('checkbox').slice(1);
    fireEvent.click(rowCheckboxes[0]);
    fireEvent.click(rowCheckboxes[1]);
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('sms-batch-delete'));
    await confirmModal();
    await waitFor(() => expect(post).toHaveBeenCalledWith(SMS_BATCH_DELETE_URL, { ids: '1,2' }));
    await waitFor(() => expect(pageBodies().at(-1)).toEqual({ pageNum: 1, pageSize: 10 }));
    expect(toastSuccess).toHaveBeenCalledWith('删除成功');
    await waitFor(() => expect(screen.queryByText(/已选择/)).not.toBeInTheDocument());
    expect(
      within(table)
        .getAllByRole('checkbox')
        .every((box) => !(box as HTMLInputElement).checked),
    ).toBe(true);
  });

  it('deletes one row after confirming and reloads page 1', async () => {
    await renderList();
    expect(pageBodies()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('sms-delete-2'));
    await confirmModal();
    await waitFor(() => expect(post).toHaveBeenCalledWith(SMS_DELETE_URL, { id: '2' }));
    // Already on page 1: loaded again all the same.
    await waitFor(() => expect(pageBodies()).toHaveLength(2));
    expect(pageBodies().at(-1)).toEqual({ pageNum: 1, pageSize: 10 });
  });
});
