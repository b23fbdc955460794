import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import type { AdminRoleRow, GrantNode } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { roleAdminCalls } from '@cotton/sdk/calls';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoleList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);
const download = vi.fn();
vi.spyOn(request, 'download').mockImplementation(download);

function role(overrides: Partial<AdminRoleRow>): AdminRoleRow {
  return {
    id: '1',
    code: 'sysadmin',
    name: '系统管理员',
    description: '管理系统的全部功能',
    userCount: 1,
    holdsAll: false,
    enterpriseGrantable: false,
    createTime: '2026-03-18T08:00:00+08:00',
    ...overrides,
  };
}
const ROWS = [role({}), role({ id: '2', code: 'reviewer', name: '注册审核员', description: null, userCount: 0 })];

const node = (
  id: string,
  name: string,
  code: string | null,
  children: GrantNode[] = [],
  type: 'menu' | 'button' = 'menu',
) => ({
  id,
  type,
  name,
  code,
  children,
});
const TREE: GrantNode[] = [
  node('5', '系统管理', null, [
    node('6', '用户管理', 'system:user:list', [
      node('7', '新增用户', 'system:user:add', [], 'button'),
      node('8', '删除用户', 'system:user:delete', [], 'button'),
    ]),
    node('9', '短信日志', 'system:sms:list'),
  ]),
];

const ALL = [
  'system:role:list',
  'system:role:add',
  'system:role:edit',
  'system:role:delete',
  'system:role:grant',
  'system:role:export',
];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

async function renderList() {
  render(<RoleList />);
  await screen.findByText('注册审核员');
}

beforeEach(() => {
  post.mockReset();
  download.mockReset();
  download.mockResolvedValue(undefined);
  post.mockImplementation(async (url: unknown) => {
    if (url === roleAdminCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
    if (url === roleAdminCalls.permissions) return { tree: TREE, grantedIds: ['9'], apps: [], holdsAll: false };
    return null;
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  vi.spyOn(Message, 'error').mockImplementation((() => () => undefined) as unknown as typeof Message.error);
  setSession({ token: 't', permissions: ALL });
});

afterEach(() => {
  // Not restoreAllMocks: the transport's spy (set once at the top of this file) must stay.
  vi.mocked(Message.success).mockRestore();
  vi.mocked(Message.error).mockRestore();
  clearSession();
});

describe('RoleList', () => {
  it('lists the roles newest first with their user counts', async () => {
    await renderList();
    expect(bodiesOf(roleAdminCalls.page)).toEqual([
      { filters: {}, sort: { field: 'createTime', order: 'desc' }, pageNum: 1, pageSize: 10 },
    ]);
    for (const title of ['角色编码', '角色名称', '描述', '用户数', '创建时间']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('管理系统的全部功能')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
  });

  it('adds a role: the code is checked in the browser first, then sent with the trimmed name', async () => {
    await renderList();
    await user.click(screen.getByTestId('role-add'));
    const form = within(await screen.findByTestId('role-form'));
    await user.type(form.getByPlaceholderText('请输入角色编码'), '1bad');
    await user.click(screen.getByTestId('role-form-save'));
    expect(await form.findByText('角色编码为 2～32 位字母、数字、_ 或 -，以字母开头')).toBeInTheDocument();
    expect(bodiesOf(roleAdminCalls.add)).toEqual([]);

    await user.clear(form.getByPlaceholderText('请输入角色编码'));
    await user.type(form.getByPlaceholderText('请输入角色编码'), 'auditor');
    await user.type(form.getByPlaceholderText('请输入角色名称'), '  审计员 ');
    // Marked grantable: enterprise administrators may give it to their accounts.
    await user.click(form.getByTestId('role-form-enterprise-grantable'));
    await user.click(screen.getByTestId('role-form-save'));
    await waitFor(() =>
      expect(bodiesOf(roleAdminCalls.add)).toEqual([
        { code: 'auditor', name: '审计员', description: null, enterpriseGrantable: true },
      ]),
    );
    await waitFor(() => expect(bodiesOf(roleAdminCalls.page)).toHaveLength(2));
  });

  it('shows the server refusal of a taken code under the code', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === roleAdminCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === roleAdminCalls.add) throw new ApiError('400', '该角色编码已被使用，请更换');
      return null;
    });
    await renderList();
    await user.click(screen.getByTestId('role-add'));
    const form = within(await screen.findByTestId('role-form'));
    await user.type(form.getByPlaceholderText('请输入角色编码'), 'sysadmin');
    await user.type(form.getByPlaceholderText('请输入角色名称'), '另一个');
    await user.click(screen.getByTestId('role-form-save'));
    expect(await form.findByText('该角色编码已被使用，请更换')).toBeInTheDocument();
  });

  it('grants on the tree: a button brings its menu, 保存 sends the coded ids', async () => {
    await renderList();
    await user.click(screen.getByTestId('role-grant-reviewer'));
    const drawer = within(await screen.findByTestId('grant-drawer'));
    await drawer.findByText('新增用户');
    expect(bodiesOf(roleAdminCalls.permissions)).toEqual([{ id: '2' }]);
    const checkbox = (name: string) =>
      drawer.getByText(name).closest('.arco-tree-node')!.querySelector<HTMLElement>('.arco-checkbox')!;
    // 短信日志 is held: checked; 系统管理 shows part of it.
    expect(checkbox('短信日志')).toHaveClass('arco-checkbox-checked');
    expect(checkbox('系统管理')).toHaveClass('arco-checkbox-indeterminate');

    await user.click(checkbox('新增用户'));
    expect(checkbox('新增用户')).toHaveClass('arco-checkbox-checked');
    expect(checkbox('用户管理')).toHaveClass('arco-checkbox-checked');
    expect(checkbox('删除用户')).not.toHaveClass('arco-checkbox-checked');
    await user.click(screen.getByTestId('grant-save'));
    await waitFor(() =>
      expect(bodiesOf(roleAdminCalls.savePermissions)).toEqual([{ id: '2', permissionIds: ['6', '7', '9'] }]),
    );
  });

  it('shows a role holding every code whole and read-only: nothing to tick, nothing to save', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === roleAdminCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === roleAdminCalls.permissions)
        return { tree: TREE, grantedIds: ['6', '7', '9'], apps: [], holdsAll: true };
      return null;
    });
    await renderList();
    await user.click(screen.getByTestId('role-grant-sysadmin'));
    const drawer = within(await screen.findByTestId('grant-drawer'));
    expect(await drawer.findByTestId('grant-holds-all')).toHaveTextContent('包括以后新增的菜单与按钮');
    expect(screen.getByTestId('grant-save')).toBeDisabled();
    expect(drawer.getByTestId('grant-clear')).toBeDisabled();
  });

  it('groups the tree by app: a menu in two apps is checked in both, 未归属应用 holds the rest', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === roleAdminCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === roleAdminCalls.permissions)
        return {
          tree: TREE,
          grantedIds: [],
          holdsAll: false,
          apps: [
            { appCode: 'WMS', appName: '仓储监管', menus: ['system:user:list'] },
            { appCode: 'ADMIN', appName: '后台管理', menus: ['system:user:list'] },
            { appCode: 'TRADE', appName: '交易系统', menus: [] },
          ],
        };
      return null;
    });
    await renderList();
    await user.click(screen.getByTestId('role-grant-reviewer'));
    const drawer = within(await screen.findByTestId('grant-drawer'));
    await drawer.findByText('仓储监管');
    // No node for an app grouping nothing; 短信日志 (in no app) under 未归属应用 with its open group.
    expect(drawer.queryByText('交易系统')).toBeNull();
    expect(drawer.getByTestId('grant-node-unassigned')).toHaveTextContent('未归属应用');
    expect(drawer.getAllByText('新增用户')).toHaveLength(2);
    const checkboxOf = (testId: string) =>
      drawer.getByTestId(testId).closest('.arco-tree-node')!.querySelector<HTMLElement>('.arco-checkbox')!;
    const userMenus = () =>
      drawer.getAllByTestId('grant-node-system:user:list').map((title) => title.closest('.arco-tree-node')!);
    expect(userMenus()).toHaveLength(2);

    // 新增用户 under 仓储监管: its menu is checked there and under 后台管理; each app half.
    const [addInWms] = drawer.getAllByTestId('grant-node-system:user:add');
    await user.click(addInWms.closest('.arco-tree-node')!.querySelector<HTMLElement>('.arco-checkbox')!);
    for (const menu of userMenus()) expect(menu.querySelector('.arco-checkbox')).toHaveClass('arco-checkbox-checked');
    expect(checkboxOf('grant-node-app:WMS')).toHaveClass('arco-checkbox-indeterminate');
    expect(checkboxOf('grant-node-app:ADMIN')).toHaveClass('arco-checkbox-indeterminate');
    expect(checkboxOf('grant-node-unassigned')).not.toHaveClass('arco-checkbox-checked');

    // Checking the app checks all it groups (not 短信日志).
    await user.click(checkboxOf('grant-node-app:ADMIN'));
    expect(checkboxOf('grant-node-app:WMS')).toHaveClass('arco-checkbox-checked');
    await user.click(screen.getByTestId('grant-save'));
    await waitFor(() =>
      expect(bodiesOf(roleAdminCalls.savePermissions)).toEqual([{ id: '2', permissionIds: ['6', '7', '8'] }]),
    );
  });

  it('keeps the grant drawer open with the server refusal', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === roleAdminCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === roleAdminCalls.permissions) return { tree: TREE, grantedIds: [], apps: [] };
      if (url === roleAdminCalls.savePermissions)
        throw new ApiError('403', '您本人没有「删除用户」权限，不能授予或收回');
      return null;
    });
    await renderList();
    await user.click(screen.getByTestId('role-grant-reviewer'));
    const drawer = within(await screen.findByTestId('grant-drawer'));
    await drawer.findByText('删除用户');
    await user.click(drawer.getByTestId('grant-check-all'));
    await user.click(screen.getByTestId('grant-save'));
    expect(await drawer.findByText('您本人没有「删除用户」权限，不能授予或收回')).toBeInTheDocument();
  });

  it('deletes a role after confirming, and shows why the server refused', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === roleAdminCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === roleAdminCalls.delete)
        throw new ApiError('400', '角色「系统管理员」仍有用户在使用，请先在用户管理中解除后再删除');
      return null;
    });
    await renderList();
    await user.click(screen.getByTestId('role-delete-sysadmin'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodiesOf(roleAdminCalls.delete)).toEqual([{ ids: '1' }]));
    await waitFor(() =>
      expect(Message.error).toHaveBeenCalledWith('角色「系统管理员」仍有用户在使用，请先在用户管理中解除后再删除'),
    );
  });

  it('hides the buttons of permissions the user does not hold', async () => {
    setSession({ token: 't', permissions: ['system:role:list'] });
    await renderList();
    expect(screen.queryByTestId('role-add')).toBeNull();
    expect(screen.queryByTestId('role-grant-reviewer')).toBeNull();
    expect(screen.queryByTestId('role-delete-reviewer')).toBeNull();
    expect(screen.queryByTestId('list-export')).toBeNull();
  });

  it('exports the selected roles with the columns shown as 角色列表.xlsx', async () => {
    await renderList();
    await user.click(screen.getByText('注册审核员').closest('tr')!.querySelector<HTMLElement>('.arco-checkbox')!);
    await user.click(screen.getByTestId('list-export'));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [call, body, filename] = download.mock.calls[0] as [unknown, unknown, string];
    expect(call).toBe(roleAdminCalls.export);
    expect(body).toMatchObject({ selections: '2' });
    expect(filename).toBe('角色列表.xlsx');
  });
});
