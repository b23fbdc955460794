import { Message } from '@arco-design/web-react';
import { clearSession, setSession } from '@cotton/sdk/host';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@cotton/sdk';
import { smsCalls } from '@cotton/sdk/calls';
import { smsPage, smsRow } from '../../test/fixtures';
import { SmsLog } from './index';

const post = vi.fn();
const download = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);
vi.spyOn(request, 'download').mockImplementation(download);

const ROWS = [
  smsRow(),
  smsRow({ id: '2', mobile: '13900139000', status: '2', provider: 'aliyun', content: '短信内容二' }),
  smsRow({ id: '3', mobile: '13700137000', status: '3', provider: 'log-only', content: '短信内容三' }),
];
const FIRST_PAGE = { filters: {}, sort: { field: 'createTime', order: 'desc' }, pageNum: 1, pageSize: 10 };
const user = userEvent.setup({ pointerEventsCheck: 0 });

function pageBodies() {
  return post.mock.calls.filter(([url]) => url === smsCalls.page).map(([, body]) => body);
}

function signIn(permissions: string[]) {
  setSession({ token: 't', permissions });
}

async function renderList() {
  render(<SmsLog />);
  await screen.findByText('13900139000');
  return screen.getByTestId('sms-log');
}

/** Clicks a page number of the table's pager. */
function goToPage(list: HTMLElement, page: string) {
  const pager = list.querySelector<HTMLElement>('.arco-pagination');
  if (!pager) throw new Error('no pager');
  fireEvent.click(within(pager).getByText(page));
}

beforeEach(() => {
  post.mockReset();
  download.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === smsCalls.page) return smsPage(ROWS, 45);
    if (url === smsCalls.delete || url === smsCalls.deleteMany) return null;
    throw new Error(`unexpected call ${String(url)}`);
  });
  download.mockResolvedValue(undefined);
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  signIn(['system:sms:list', 'system:sms:delete']);
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

describe('SmsLog', () => {
  it('loads page 1 of 10, newest first, and shows the rows', async () => {
    const list = await renderList();
    expect(pageBodies()).toEqual([FIRST_PAGE]);
    expect(within(list).getByText('13800138000')).toBeInTheDocument();
    expect(within(list).getAllByText('LOGIN_CODE')).toHaveLength(3);
    expect(within(list).getAllByText('已发送').length).toBeGreaterThan(0);
    expect(within(list).getAllByText('发送失败').length).toBeGreaterThan(0);
    // The channel in words, never its wire code.
    expect(within(list).getAllByText('其他通道').length).toBeGreaterThan(0);
    expect(within(list).getByText('未接入短信网关（仅记录日志）')).toBeInTheDocument();
    expect(list).not.toHaveTextContent('log-only');
    expect(within(list).getAllByText(/^2026-11-20 \d\d:15:30$/)).toHaveLength(3);
    // Long content is cut by EllipsisText (25 characters by default).
    expect(within(list).queryByText(ROWS[0].content)).not.toBeInTheDocument();
    expect(within(list).getByText(/共\s*45\s*条/)).toBeInTheDocument();
  });

  it('searches by mobile from page 1, pages, and resets', async () => {
    const list = await renderList();
    goToPage(list, '3');
    await waitFor(() => expect(pageBodies().at(-1)).toMatchObject({ pageNum: 3, pageSize: 10 }));

    const form = within(screen.getByTestId('list-search-form'));
    await user.type(form.getByPlaceholderText('请输入手机号码'), '1390');
    await user.click(form.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(pageBodies().at(-1)).toMatchObject({ filters: { mobile: '1390' }, pageNum: 1 }));

    await user.click(form.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(pageBodies().at(-1)).toEqual(FIRST_PAGE));
  });

  it('sorts on the server by a column header', async () => {
    const list = await renderList();
    await user.click(within(list).getByText('手机号码', { selector: 'th *' }));
    await waitFor(() =>
      expect(pageBodies().at(-1)).toMatchObject({ sort: { field: 'mobile', order: 'asc' }, pageNum: 1 }),
    );
  });

  it('exports the query as 短信日志.xlsx', async () => {
    await renderList();
    await user.click(screen.getByTestId('list-export'));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [url, body, filename] = download.mock.calls[0] as [unknown, unknown, string];
    expect(url).toBe(smsCalls.export);
    expect(body).toMatchObject({ sort: { field: 'createTime', order: 'desc' } });
    expect(filename).toBe('短信日志.xlsx');
  });

  it('hides delete and batch delete without system:sms:delete; 详情 stays', async () => {
    signIn(['system:sms:list']);
    await renderList();
    expect(screen.queryByTestId('sms-delete-1')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /批量删除/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('sms-detail-1')).toHaveTextContent('详情');
    expect(screen.getByTestId('list-export')).toBeInTheDocument();
  });

  it('shows a message whole in 详情, with its channel, status and China time as the list does', async () => {
    await renderList();
    await user.click(screen.getByTestId('sms-detail-1'));
    const detail = await screen.findByTestId('list-detail');
    // The list cuts the content at 25 characters; 详情 shows all of it.
    expect(within(detail).getByTestId('list-detail-content')).toHaveTextContent(ROWS[0].content);
    expect(within(detail).getByTestId('list-detail-status')).toHaveTextContent('已发送');
    expect(within(detail).getByTestId('list-detail-createTime')).toHaveTextContent(/^2026-11-20 \d\d:15:30$/);
  });

  it('deletes one row after confirming and reloads page 1', async () => {
    await renderList();
    await user.click(screen.getByTestId('sms-delete-2'));
    const confirm = await screen.findByText('确定删除发送给 13900139000 的这条短信日志吗？');
    await user.click(
      within(confirm.closest<HTMLElement>('.arco-popconfirm')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(post).toHaveBeenCalledWith(smsCalls.delete, { id: '2' }));
    await waitFor(() => expect(pageBodies()).toHaveLength(2));
    expect(pageBodies().at(-1)).toEqual(FIRST_PAGE);
  });

  it('batch deletes the selection after confirming, comma-joined', async () => {
    const list = await renderList();
    const rowCheckboxes = within(list).getAllByRole('checkbox').slice(1);
    await user.click(rowCheckboxes[0]);
    await user.click(rowCheckboxes[1]);
    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(smsCalls.deleteMany, { ids: '1,2' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
