import { Message } from '@arco-design/web-react';
import { request } from '@cotton/sdk';
import type { AdminComplaintRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { complainCalls } from '@cotton/sdk/calls';
import { ComplaintInbox } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

const CONTENT = '<img src=x onerror="alert(1)"><b>仓库</b>收费不清楚\n请公示。';
const ROW: AdminComplaintRow = {
  id: '5',
  name: '李文博',
  phone: '13912345678',
  email: null,
  complaintType: 'COMPLAINT',
  content: CONTENT,
  status: 'NEW',
  reply: null,
  handlerName: null,
  handleTime: null,
  createTime: '2026-03-18T00:00:00.000Z',
};

const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown, body: { status?: string; reply?: string }) => {
    if (url === complainCalls.page) return { pagination: { result: [ROW], totalCount: 1, pageNum: 1, pageSize: 10 } };
    if (url === complainCalls.handle) return { ...ROW, status: body.status, reply: body.reply, handlerName: '周编辑' };
    return null;
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ['cms:complain:list', 'cms:complain:handle'] });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

describe('ComplaintInbox', () => {
  // The first render loads Arco's table and drawer: more than the default 5 s on a busy machine.
  it('shows the sender’s words as text, never as markup, and answers with a reply', { timeout: 30_000 }, async () => {
    render(<ComplaintInbox />);
    await user.click(await screen.findByTestId('complaint-view-5', {}, { timeout: 10_000 }));
    const detail = await screen.findByTestId('complaint-detail');
    expect(within(detail).getByTestId('complaint-content').textContent).toBe(CONTENT);
    expect(detail.querySelector('img, b')).toBeNull();

    // No reply before handling starts: 开始处理 would not save it.
    expect(within(detail).getByTestId('complaint-reply')).toBeDisabled();
    expect(within(detail).getByTestId('complaint-answer')).toBeDisabled();
    await user.click(within(detail).getByTestId('complaint-start'));
    await waitFor(() => expect(within(detail).getByTestId('complaint-reply')).toBeEnabled());
    await user.click(within(detail).getByTestId('complaint-answer'));
    expect(await within(detail).findByText('请输入答复内容')).toBeInTheDocument();
    await user.type(within(detail).getByTestId('complaint-reply'), '已公示');
    await user.click(within(detail).getByTestId('complaint-answer'));
    await waitFor(() =>
      expect(bodiesOf(complainCalls.handle)).toEqual([
        { id: '5', status: 'HANDLING', reply: null },
        { id: '5', status: 'ANSWERED', reply: '已公示' },
      ]),
    );
    expect(await within(detail).findByText('已答复')).toBeInTheDocument();
  });
});
