import { request } from '@cotton/sdk';
import type { OperationLogDetail, OperationLogRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logCalls } from '@cotton/sdk/calls';
import { OperationLog } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

const ROW: OperationLogRow = {
  id: '7',
  loginName: 'admin',
  realname: '系统管理员',
  action: '岗位管理 · 编辑岗位',
  method: 'POST',
  url: '/rest/postService/updPost',
  kind: 'update',
  success: true,
  message: null,
  ip: '10.0.0.8',
  durationMs: 42,
  createTime: '2026-03-18T08:00:00+08:00',
};
const DETAIL: OperationLogDetail = {
  row: ROW,
  params: '{"id":"3","name":"<b>仓储主管</b>","password":"******"}',
  userAgent: 'Mozilla/5.0',
  changes: [
    {
      action: 'post.update',
      entity: 'post',
      entityId: '3',
      before: { name: '业务主管', status: '1', sort: 2 },
      after: { name: '<b>仓储主管</b>', status: '1', sort: 2 },
    },
  ],
};
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === logCalls.operationPage)
      return { pagination: { result: [ROW], totalCount: 1, pageNum: 1, pageSize: 10 } };
    if (url === logCalls.operationDetail) return DETAIL;
    return null;
  });
  setSession({ token: 't', permissions: ['system:log:operation'] });
});

afterEach(() => {
  clearSession();
});

describe('OperationLog', () => {
  it('lists the operations, newest first, with the action in words', async () => {
    render(<OperationLog />);
    expect(await screen.findByText('岗位管理 · 编辑岗位')).toBeInTheDocument();
    expect(screen.getByText('修改')).toBeInTheDocument();
    expect(screen.getByText('成功')).toBeInTheDocument();
    expect(bodiesOf(logCalls.operationPage)[0]).toMatchObject({ sort: { field: 'createTime', order: 'desc' } });
    // Export only for holders of its code.
    expect(screen.queryByRole('button', { name: /导出/ })).not.toBeInTheDocument();
  });

  it('shows the detail: what was sent and each field before and after, as text', async () => {
    render(<OperationLog />);
    await user.click(await screen.findByTestId('operation-detail-7'));
    const drawer = await screen.findByTestId('operation-detail');
    expect(bodiesOf(logCalls.operationDetail)).toEqual([{ id: '7' }]);
    await waitFor(() => expect(within(drawer).getByTestId('operation-change')).toBeInTheDocument());
    const change = within(drawer).getByTestId('operation-change');
    expect(within(change).getByText('岗位 #3')).toBeInTheDocument();
    const nameRow = within(change).getByText('名称').closest('tr')!;
    expect(within(nameRow).getByText('业务主管')).toBeInTheDocument();
    // Markup in a value is shown as the characters it is, never rendered.
    expect(within(nameRow).getByText('<b>仓储主管</b>')).toBeInTheDocument();
    expect(nameRow.querySelector('b')).toBeNull();
    expect(within(drawer).getByTestId('operation-params').textContent).toContain('"password":"******"');
  });
});
