import { ApiError, request } from '@cotton/sdk';
import { clearSession, setSession } from '@cotton/sdk/host';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { iconAdminCalls } from '@cotton/sdk/calls';
import { iconList } from '../../test/fixtures';
import { IconList } from './index';

const post = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => (url === iconAdminCalls.list ? iconList() : { name: 'x' }));
});
afterEach(() => {
  clearSession();
});

describe('IconList', () => {
  it('draws each icon with its name and where it is used; no buttons without the permissions', async () => {
    setSession({ token: 't', permissions: ['system:icon:list'] });
    render(<IconList />);
    const dashboard = await screen.findByTestId('icon-dashboard');
    expect(dashboard.querySelector('path')).toHaveAttribute('d', 'M3 3h8v8H3z');
    expect(dashboard).toHaveTextContent('菜单：工作台；应用：仓储监管');
    expect(screen.getByTestId('icon-star')).toHaveTextContent('未使用');
    expect(screen.queryByTestId('icon-add')).toBeNull();
    expect(screen.queryByTestId('icon-delete-star')).toBeNull();
  });

  it('shows why the icons could not be read, not 暂无图标, and reads them again on 重试', async () => {
    setSession({ token: 't', permissions: ['system:icon:list'] });
    let fail = true;
    post.mockImplementation(async () => {
      if (fail) throw new ApiError('504', '服务暂时不可用，请稍后重试');
      return iconList();
    });
    render(<IconList />);
    expect(await screen.findByText('图标加载失败')).toBeInTheDocument();
    expect(screen.getAllByText('服务暂时不可用，请稍后重试').length).toBeGreaterThan(0);
    expect(screen.queryByText('暂无图标')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByTestId('icon-retry'));
    expect(await screen.findByTestId('icon-dashboard')).toBeInTheDocument();
  });

  it('adds an icon of the catalogue', async () => {
    setSession({ token: 't', permissions: ['system:icon:list', 'system:icon:add'] });
    render(<IconList />);
    fireEvent.click(await screen.findByTestId('icon-add'));
    fireEvent.click(await screen.findByTestId('icon-pick-home'));
    await waitFor(() => expect(post).toHaveBeenCalledWith(iconAdminCalls.add, { name: 'home' }));
    expect(await screen.findByText('图标已添加')).toBeInTheDocument();
  });

  it('shows the server’s refusal to delete an icon in use', async () => {
    setSession({ token: 't', permissions: ['system:icon:list', 'system:icon:delete'] });
    const refusal = '图标「dashboard」仍被菜单「工作台」使用，请先在菜单管理或应用管理中更换图标';
    post.mockImplementation(async (url: unknown) => {
      if (url === iconAdminCalls.delete) throw new ApiError('504', refusal);
      return iconList();
    });
    render(<IconList />);
    fireEvent.click(await screen.findByTestId('icon-delete-dashboard'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(iconAdminCalls.delete, { name: 'dashboard' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
