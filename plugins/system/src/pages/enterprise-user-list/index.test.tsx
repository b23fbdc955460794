import { Message } from '@arco-design/web-react';
import { request } from '@cotton/sdk';
import { clearSession, setSession } from '@cotton/sdk/host';
import { enterpriseUserCalls } from '@cotton/sdk/calls';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUserPage, adminUserRow } from '../../test/fixtures';
import { EnterpriseUserList } from './index';

const post = vi.fn();
const download = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);
vi.spyOn(request, 'download').mockImplementation(download);

const ROWS = [
  adminUserRow({ id: '7', loginName: 'admin', realname: '王经理' }),
  adminUserRow({ id: '8', loginName: 'clerk' }),
];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  download.mockReset();
  download.mockResolvedValue(undefined);
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === enterpriseUserCalls.page) return adminUserPage(ROWS, 2);
    if (url === enterpriseUserCalls.bindRoles)
      return {
        roles: [{ id: '30', code: 'enterprise_staff', name: '企业业务员' }],
        boundRoleIds: [],
        orgs: [],
        posts: [],
        boundOrgId: null,
        boundPostIds: [],
      };
    return { id: '9' };
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ['enterprise:user:list', 'enterprise:user:add', 'enterprise:user:edit'] });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

describe('EnterpriseUserList', () => {
  it('lists the enterprise’s own accounts through its own calls, without the centre’s organisations', async () => {
    render(<EnterpriseUserList />);
    await screen.findByText('clerk');
    expect(screen.getByText('本企业用户管理')).toBeInTheDocument();
    expect(bodiesOf(enterpriseUserCalls.page)).toHaveLength(1);
    expect(screen.queryByText('组织机构')).toBeNull();
    expect(screen.queryByText('所属机构')).toBeNull();
    expect(screen.queryByTestId('user-third-8')).toBeNull();
    // No 删除 without its code.
    expect(screen.queryByTestId('user-delete-8')).toBeNull();
    expect(screen.getByTestId('user-password-8')).toBeInTheDocument();
  });

  it('adds a sub-account with a role the centre made grantable; no organisation or post is asked', async () => {
    render(<EnterpriseUserList />);
    await screen.findByText('clerk');
    await user.click(screen.getByTestId('user-add'));
    const form = within(await screen.findByTestId('user-form'));
    expect(form.queryByText('所属机构')).toBeNull();
    expect(form.queryByText('岗位')).toBeNull();
    await user.type(form.getByPlaceholderText('请输入登录名'), 'cashier');
    await user.type(form.getByPlaceholderText('请输入姓名'), '赵出纳');
    await user.type(form.getByPlaceholderText('请输入初始密码'), 'Cash@2026');
    await user.click(form.getByTestId('user-form-roles'));
    const options = await screen.findAllByRole('option');
    // Only the roles the centre marks grantable to enterprises are offered.
    expect(options.map((option) => option.textContent)).toEqual(['企业业务员']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() =>
      expect(bodiesOf(enterpriseUserCalls.add)).toEqual([
        expect.objectContaining({ loginName: 'cashier', realname: '赵出纳', orgId: null, postIds: [] }),
      ]),
    );
    expect(bodiesOf('/rest/user/AddUser')).toEqual([]);
  });

  it('exports the ticked accounts through the enterprise’s own call, with the list’s code alone', async () => {
    render(<EnterpriseUserList />);
    const row = (await screen.findByText('clerk')).closest('tr')!;
    await user.click(row.querySelector<HTMLElement>('.arco-checkbox')!);
    await user.click(screen.getByTestId('list-export'));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [call, body, filename] = download.mock.calls[0] as [unknown, unknown, string];
    expect(call).toBe(enterpriseUserCalls.export);
    expect(body).toMatchObject({ selections: '8' });
    expect(filename).toBe('用户列表.xlsx');
  });
});
