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
  fieldLabels: {},
  changes: [
    {
      action: 'post.update',
      entity: 'post',
      entityId: '3',
      before: { name: '业务主管', status: '1', sort: 2 },
      after: { name: '<b>仓储主管</b>', status: '1', sort: 2 },
      kindName: null,
      title: null,
      valueLabels: {},
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
    expect(within(drawer).getByTestId('operation-params').textContent).toContain('******');
  });

  it('puts everything in words: declared field names, coded values, the record’s kind and title, no JSON', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === logCalls.operationPage)
        return { pagination: { result: [ROW], totalCount: 1, pageNum: 1, pageSize: 10 } };
      if (url === logCalls.operationDetail)
        return {
          ...DETAIL,
          // 站点设置 saved: the route's body declares these names.
          params:
            '{"displayName":"棉花交易中心","servicePhone":"400-009-6618","hotlines":[{"label":"客服","phone":"400"}]}',
          fieldLabels: { displayName: '显示名称', servicePhone: '客服电话', hotlines: '服务热线', label: '热线名称' },
          changes: [
            {
              action: 'cms.content.publish',
              entity: 'cms_content',
              entityId: '39',
              before: { id: 39, title: '春季交收', contentType: 'PICTURE', status: '0' },
              after: { id: 39, title: '春季交收', contentType: 'PICTURE', status: '1' },
              kindName: '轮播图',
              title: '春季交收',
              valueLabels: { status: { '0': '草稿', '1': '已发布' }, contentType: { PICTURE: '轮播图' } },
            },
            {
              action: 'task.update',
              entity: 'task',
              entityId: '2',
              before: { jobType: 'overview-statistics', status: '1', displayName: 'x' },
              after: { jobType: 'overview-statistics', status: '2', displayName: 'y' },
              kindName: null,
              title: null,
              valueLabels: { status: { '1': '运行中', '2': '已暂停' }, jobType: { 'overview-statistics': '首页统计' } },
            },
          ],
        };
      return null;
    });
    render(<OperationLog />);
    await user.click(await screen.findByTestId('operation-detail-7'));
    const drawer = await screen.findByTestId('operation-detail');
    await waitFor(() => expect(within(drawer).getAllByTestId('operation-change')).toHaveLength(2));
    const [banner, task] = within(drawer).getAllByTestId('operation-change');
    expect(within(banner!).getByText('轮播图「春季交收」')).toBeInTheDocument();
    const statusRow = within(banner!).getByText('状态').closest('tr')!;
    expect(within(statusRow).getByText('草稿')).toBeInTheDocument();
    expect(within(statusRow).getByText('已发布')).toBeInTheDocument();
    expect(within(task!).getAllByText('首页统计')).toHaveLength(2);
    expect(within(task!).getByText('已暂停')).toBeInTheDocument();
    expect(within(task!).getByText('显示名称')).toBeInTheDocument();
    const params = within(drawer).getByTestId('operation-params');
    expect(params).toHaveTextContent('显示名称');
    expect(params).toHaveTextContent('客服电话400-009-6618');
    expect(params).toHaveTextContent('热线名称：客服');
    // No wire name, code or JSON reaches the reader.
    for (const raw of ['displayName', 'servicePhone', 'overview-statistics', 'PICTURE', '{', '文章']) {
      expect(drawer).not.toHaveTextContent(raw);
    }
    // Every row names its field (字段 is only the column's heading).
    expect([...drawer.querySelectorAll('td')].map((cell) => cell.textContent)).not.toContain('字段');
  });
});
