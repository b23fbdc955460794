import { Message } from '@arco-design/web-react';
import { request } from '@cotton/sdk';
import type { AdminNoticeRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noticeCalls } from '@cotton/sdk/calls';
import { NoticeList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

function row(overrides: Partial<AdminNoticeRow>): AdminNoticeRow {
  return {
    id: '1',
    title: '春节值班安排',
    type: '1',
    audience: 'roles',
    status: '0',
    publishTime: null,
    authorName: '张伟',
    readCount: 0,
    createTime: '2026-03-18T08:00:00+08:00',
    ...overrides,
  };
}
const ROWS = [row({}), row({ id: '2', title: '系统升级公告', type: '2', audience: 'all', status: '1', readCount: 3 })];
const ALL = [
  'system:notice:list',
  'system:notice:add',
  'system:notice:edit',
  'system:notice:delete',
  'system:notice:publish',
];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

/** Puts text in a field as a paste: the field sees it whole, without a key-by-key wait. */
async function fill(field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === noticeCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
    if (url === noticeCalls.targets)
      return { users: [{ id: '5', name: '刘芳（reviewer）' }], roles: [{ id: '2', name: '注册审核员' }] };
    if (url === noticeCalls.add) return { id: '3' };
    return { updated: 1 };
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ALL });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

// Drawers and confirmations open with Arco's transitions: slower than the default 5 s on a busy machine.
describe('NoticeList', { timeout: 20_000 }, () => {
  it('reads a notice whole in 详情: its text and chosen roles from getNoticeById, times in China time', async () => {
    const detail = {
      ...row({}),
      content: '春节期间交收库值班：\n2 月 10 日至 2 月 17 日每日 9:00—17:00。',
      users: [],
      roles: [{ id: '2', name: '注册审核员' }],
    };
    post.mockImplementation(async (url: unknown) => {
      if (url === noticeCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === noticeCalls.detail) return detail;
      return null;
    });
    render(<NoticeList />);
    await user.click(await screen.findByTestId('notice-detail-1'));
    const shown = await screen.findByTestId('list-detail');
    expect(bodiesOf(noticeCalls.detail)).toEqual([{ id: '1' }]);
    expect(within(shown).getByTestId('list-detail-title')).toHaveTextContent('春节值班安排');
    expect(within(shown).getByTestId('list-detail-status')).toHaveTextContent('草稿');
    expect(within(shown).getByTestId('list-detail-publishTime')).toHaveTextContent('--');
    expect(within(shown).getByTestId('list-detail-createTime')).toHaveTextContent('2026-03-18 08:00:00');
    expect(within(shown).getByTestId('list-detail-content')).toHaveTextContent('2 月 10 日至 2 月 17 日');
    expect(within(shown).getByTestId('list-detail-users')).toHaveTextContent('--');
    expect(within(shown).getByTestId('list-detail-roles')).toHaveTextContent('注册审核员');
  });

  it('publishes a draft after confirming, withdraws a published one; editing only what is not published', async () => {
    render(<NoticeList />);
    await screen.findByText('系统升级公告');
    expect(screen.getByTestId('notice-edit-1')).toBeInTheDocument();
    expect(screen.queryByTestId('notice-edit-2')).toBeNull();
    await user.click(screen.getByTestId('notice-publish-1'));
    const confirm = await screen.findByText(/确定发布吗/);
    await user.click(
      within(confirm.closest<HTMLElement>('.arco-popconfirm')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(bodiesOf(noticeCalls.status)).toEqual([{ id: '1', status: '1' }]));
    await user.click(screen.getByTestId('notice-withdraw-2'));
    const withdraw = await screen.findByText(/确定撤回吗/);
    await user.click(
      within(withdraw.closest<HTMLElement>('.arco-popconfirm')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(bodiesOf(noticeCalls.status)).toContainEqual({ id: '2', status: '2' }));
  });

  // Choosing roles in the dropdown is covered in the browser (tests/e2e/admin-notice.spec.ts).
  it('requires roles when the audience is chosen roles, and writes a draft to everyone', async () => {
    render(<NoticeList />);
    await screen.findByText('系统升级公告');
    await user.click(screen.getByTestId('notice-add'));
    const form = within(await screen.findByTestId('notice-form'));
    await fill(form.getByPlaceholderText('请输入标题'), ' 审核例会 ');
    await user.click(form.getByText('指定角色'));
    await fill(form.getByPlaceholderText('请输入内容'), '周五下午三点');
    await user.click(screen.getByTestId('notice-form-save'));
    expect(await form.findByText('请选择接收角色')).toBeInTheDocument();
    expect(bodiesOf(noticeCalls.add)).toEqual([]);
    await user.click(form.getByText('全部用户'));
    await user.click(screen.getByTestId('notice-form-save'));
    await waitFor(() =>
      expect(bodiesOf(noticeCalls.add)).toEqual([
        { title: '审核例会', type: '1', audience: 'all', content: '周五下午三点' },
      ]),
    );
  });

  it('edits a draft from the whole notice: its text and chosen users fetched first', async () => {
    const detail = {
      ...row({ audience: 'users' }),
      content: '周五下午三点，二楼会议室。',
      users: [{ id: '9', name: '王磊（auditor）' }],
      roles: [],
    };
    post.mockImplementation(async (url: unknown) => {
      if (url === noticeCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === noticeCalls.detail) return detail;
      if (url === noticeCalls.targets) return { users: [{ id: '5', name: '刘芳（reviewer）' }], roles: [] };
      return { updated: 1 };
    });
    render(<NoticeList />);
    await user.click(await screen.findByTestId('notice-edit-1'));
    const form = within(await screen.findByTestId('notice-form'));
    expect(await form.findByDisplayValue('周五下午三点，二楼会议室。')).toBeInTheDocument();
    expect(bodiesOf(noticeCalls.detail)).toEqual([{ id: '1' }]);
    expect(await form.findByText('王磊（auditor）')).toBeInTheDocument();
    await user.click(screen.getByTestId('notice-form-save'));
    await waitFor(() =>
      expect(bodiesOf(noticeCalls.update)).toEqual([
        {
          id: '1',
          title: '春节值班安排',
          type: '1',
          audience: 'users',
          userIds: ['9'],
          content: '周五下午三点，二楼会议室。',
        },
      ]),
    );
  });

  it('asks for a selection before 批量发布, then publishes the selected', async () => {
    vi.spyOn(Message, 'warning').mockImplementation((() => () => undefined) as unknown as typeof Message.warning);
    render(<NoticeList />);
    await screen.findByText('系统升级公告');
    await user.click(screen.getByTestId('notice-publish-selected'));
    expect(Message.warning).toHaveBeenCalledWith('请选择要发布的通知');
    expect(bodiesOf(noticeCalls.publishMany)).toEqual([]);
    const checkboxes = screen.getAllByRole('checkbox');
    await user.click(checkboxes[1]!);
    await user.click(screen.getByTestId('notice-publish-selected'));
    await waitFor(() => expect(bodiesOf(noticeCalls.publishMany)).toEqual([{ ids: '1' }]));
  });
});
