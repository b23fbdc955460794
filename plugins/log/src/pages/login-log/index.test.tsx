import { request } from '@cotton/sdk';
import type { LoginLogRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logCalls } from '@cotton/sdk/calls';
import { LoginLog } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

const ROWS: LoginLogRow[] = [
  {
    id: '2',
    method: 'form',
    account: 'CNCE/nobody',
    loginName: null,
    success: false,
    reason: '账号不存在',
    ip: '10.0.0.9',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    createTime: '2026-03-18T00:05:00Z',
  },
  {
    id: '1',
    method: 'phone',
    account: '13800000001',
    loginName: 'admin',
    success: true,
    reason: null,
    ip: '10.0.0.8',
    userAgent: null,
    createTime: '2026-03-18T08:00:00+08:00',
  },
];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) =>
    url === logCalls.loginPage ? { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } } : null,
  );
  setSession({ token: 't', permissions: ['system:log:login', 'system:log:login:export'] });
});

afterEach(() => {
  clearSession();
});

describe('LoginLog', () => {
  it('shows each login with its way, outcome and reason in words', async () => {
    render(<LoginLog />);
    expect(await screen.findByText('账号不存在')).toBeInTheDocument();
    expect(screen.getByText('账号密码')).toBeInTheDocument();
    expect(screen.getByText('手机验证码')).toBeInTheDocument();
    expect(screen.getByText('失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导出/ })).toBeInTheDocument();
  });

  it('shows the times in China time, whatever the zone, under a title that says so', async () => {
    render(<LoginLog />);
    await screen.findByText('账号不存在');
    // 00:05 UTC and 08:00 +08:00 are 08:05 and 08:00 in China.
    expect(screen.getByText('2026-03-18 08:05:00')).toBeInTheDocument();
    expect(screen.getByText('2026-03-18 08:00:00')).toBeInTheDocument();
    expect(screen.getAllByText('时间（北京时间）').length).toBeGreaterThan(0);
  });

  it('searches by the account tried', async () => {
    render(<LoginLog />);
    await screen.findByText('账号不存在');
    await user.click(screen.getByPlaceholderText('请输入登录账号'));
    await user.paste('nobody');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodiesOf(logCalls.loginPage).at(-1)).toMatchObject({ filters: { account: 'nobody' }, pageNum: 1 }),
    );
  });
});
