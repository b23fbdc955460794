import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import { clearSession, setSession } from '@cotton/sdk/host';
import { thirdAccountCalls, userAdminCalls } from '@cotton/sdk/calls';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUserPage, adminUserRow } from '../../test/fixtures';
import { UserList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

const ACCOUNTS = [
  { provider: 'gitea', providerName: '公司 Gitea', externalId: '4711', boundAt: '2026-11-20T00:30:00Z' },
  { provider: 'wecom', providerName: '企业微信', externalId: 'zhangsan', boundAt: '2026-11-21T02:00:00Z' },
];

let accounts: typeof ACCOUNTS;
let toastError: ReturnType<typeof vi.fn>;

const bodiesOf = (url: unknown) => post.mock.calls.filter(([u]) => u === url).map(([, body]) => body);

beforeEach(() => {
  accounts = ACCOUNTS;
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === userAdminCalls.page) return adminUserPage([adminUserRow()], 1);
    if (url === thirdAccountCalls.ofUser) return { accounts };
    if (url === thirdAccountCalls.deleteOfUser) return { deleted: 1 };
    return null;
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  toastError = vi.fn(() => () => undefined);
  vi.spyOn(Message, 'error').mockImplementation(toastError as unknown as typeof Message.error);
  setSession({ token: 't', permissions: ['system:user:list', 'system:user:edit'] });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  vi.mocked(Message.error).mockRestore();
  clearSession();
});

async function openThirdAccounts() {
  render(<UserList />);
  fireEvent.click(await screen.findByTestId('user-third-1'));
  const modal = await screen.findByTestId('user-third-accounts');
  await within(modal).findByText('4711');
  return modal;
}

describe('UserList 第三方账号', () => {
  it('lists the user’s bindings', async () => {
    const modal = await openThirdAccounts();
    expect(bodiesOf(thirdAccountCalls.ofUser)).toEqual([{ id: '1' }]);
    expect(modal).toHaveTextContent('用户：张三（zhangsan）');
    const row = within(modal).getByText('公司 Gitea').closest('tr')!;
    expect(within(row).getByText(/^2026-11-20 \d\d:30:00$/)).toBeInTheDocument();
    expect(within(modal).getByText('企业微信')).toBeInTheDocument();
  });

  it('unbinds after confirming with { id, provider, externalId }, then lists again', async () => {
    const modal = await openThirdAccounts();
    fireEvent.click(within(modal).getByTestId('user-third-unbind-gitea'));
    expect(
      await screen.findByText('确定解除「公司 Gitea」账号 4711 的绑定吗？该用户将不能再用它登录。'),
    ).toBeInTheDocument();
    accounts = ACCOUNTS.slice(1);
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    await waitFor(() =>
      expect(bodiesOf(thirdAccountCalls.deleteOfUser)).toEqual([{ id: '1', provider: 'gitea', externalId: '4711' }]),
    );
    await waitFor(() => expect(within(modal).queryByText('4711')).toBeNull());
    expect(bodiesOf(thirdAccountCalls.ofUser)).toHaveLength(2);
  });

  it('shows the server refusal of an unbind', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === userAdminCalls.page) return adminUserPage([adminUserRow()], 1);
      if (url === thirdAccountCalls.ofUser) return { accounts };
      throw new ApiError('400', '该第三方账号绑定不存在或已解除，请刷新后重试');
    });
    const modal = await openThirdAccounts();
    fireEvent.click(within(modal).getByTestId('user-third-unbind-gitea'));
    await screen.findByText(/确定解除「公司 Gitea」/);
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('该第三方账号绑定不存在或已解除，请刷新后重试'));
  });

  it('lists without 解除绑定 for a user without system:user:edit, and says when there is none', async () => {
    setSession({ token: 't', permissions: ['system:user:list'] });
    const modal = await openThirdAccounts();
    expect(within(modal).queryByTestId('user-third-unbind-gitea')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    await waitFor(() => expect(screen.queryByTestId('user-third-accounts')).toBeNull());

    accounts = [];
    fireEvent.click(screen.getByTestId('user-third-1'));
    expect(await screen.findByText('该用户未绑定第三方账号')).toBeInTheDocument();
    expect(bodiesOf(thirdAccountCalls.ofUser)).toHaveLength(2);
  });
});
