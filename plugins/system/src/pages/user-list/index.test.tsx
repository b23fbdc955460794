import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import { clearSession, setSession } from '@cotton/sdk/host';
import { fieldCheckCalls, userAdminCalls } from '@cotton/sdk/calls';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUserPage, adminUserRow } from '../../test/fixtures';
import { UserList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

const ROWS = [
  adminUserRow(),
  adminUserRow({ id: '2', loginName: 'lisi', realname: '李四', phone: null, email: null, status: '2', roleNames: '' }),
];

const ROLES = {
  roles: [
    { id: '10', code: 'admin', name: '系统管理员' },
    { id: '11', code: 'trader', name: '交易员' },
  ],
  boundRoleIds: ['10'],
  orgs: [
    { id: '1', parentId: null, code: 'CNCE', name: '全国棉花交易市场', selectable: true },
    { id: '3', parentId: '1', code: 'WAREHOUSE', name: '仓储监管部', selectable: true },
    { id: '4', parentId: '3', code: 'WH-XJ', name: '新疆监管处', selectable: true },
    { id: '5', parentId: '1', code: 'IT', name: '信息技术部', selectable: true },
  ],
  posts: [
    { id: '20', code: 'OPS', name: '系统运维', disabled: false },
    { id: '21', code: 'CLERK', name: '综合文员', disabled: false },
  ],
  boundOrgId: '5',
  boundPostIds: ['20'],
};

const ALL = ['system:user:list', 'system:user:add', 'system:user:edit', 'system:user:delete'];
const user = userEvent.setup({ pointerEventsCheck: 0 });

const pageBodies = () => post.mock.calls.filter(([url]) => url === userAdminCalls.page).map(([, body]) => body);

async function renderList() {
  render(<UserList />);
  await screen.findByText('lisi');
}

/** The texts of the options of the select popup opened last. */
async function openOptions(): Promise<string[]> {
  await screen.findAllByRole('option');
  const popups = document.querySelectorAll<HTMLElement>('.arco-select-popup');
  return within(popups[popups.length - 1])
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

function drawer() {
  return within(screen.getByTestId('user-form'));
}

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown, body: unknown) => {
    if (url === userAdminCalls.page) return adminUserPage(ROWS, 12);
    if (url === userAdminCalls.bindRoles) return ROLES;
    if (url === userAdminCalls.freeze)
      return { updated: (body as { ids: string }).ids.split(',').length, unchanged: 0 };
    return null;
  });
  vi.spyOn(Message, 'info').mockImplementation((() => () => undefined) as unknown as typeof Message.info);
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  vi.spyOn(Message, 'warning').mockImplementation((() => () => undefined) as unknown as typeof Message.warning);
  setSession({ token: 't', permissions: ALL });
});

afterEach(() => {
  vi.mocked(Message.info).mockRestore();
  vi.mocked(Message.success).mockRestore();
  vi.mocked(Message.warning).mockRestore();
  clearSession();
});

describe('UserList', () => {
  it('loads page 1 and shows the users with their status', async () => {
    await renderList();
    expect(pageBodies()).toEqual([
      { filters: {}, sort: { field: 'createTime', order: 'desc' }, pageNum: 1, pageSize: 10 },
    ]);
    for (const title of ['登录名', '姓名', '手机号码', '邮箱', '所属企业', '角色', '状态', '创建时间']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('zhangsan')).toBeInTheDocument();
    expect(screen.getByText('张三')).toBeInTheDocument();
    expect(screen.getByText('13800138000')).toBeInTheDocument();
    expect(screen.getAllByText('新疆棉花交易有限公司')).toHaveLength(2);
    const table = document.querySelector<HTMLElement>('.arco-table-body')!;
    expect(Array.from(table.querySelectorAll('.arco-tag')).map((tag) => tag.textContent)).toEqual(['正常', '冻结']);
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
    expect(screen.getByTestId('user-freeze-1')).toHaveTextContent('冻结');
    expect(screen.getByTestId('user-freeze-2')).toHaveTextContent('解冻');
  });

  it('searches by login name and mobile from the search form', async () => {
    await renderList();
    const form = within(screen.getByTestId('list-search-form'));
    await user.type(form.getByPlaceholderText('请输入登录名'), 'zhang');
    await user.type(form.getByPlaceholderText('请输入手机号码'), '1380');
    await user.click(form.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(pageBodies().at(-1)).toMatchObject({ filters: { loginName: 'zhang', phone: '1380' }, pageNum: 1 }),
    );
  });

  it('super-queries on the user fields', async () => {
    await renderList();
    await user.click(screen.getByRole('button', { name: /高级查询/ }));
    const panel = within(await screen.findByTestId('list-super-query'));
    await user.click(panel.getAllByRole('combobox')[0]);
    expect(await openOptions()).toEqual(['登录名', '姓名', '手机号码', '状态', '创建时间']);
    await user.click(screen.getAllByRole('option', { name: '状态' }).at(-1)!);
    await user.click(panel.getAllByRole('combobox')[1]);
    expect(await openOptions()).toEqual(['等于', '不等于', '在…之中', '为空', '不为空']);
    await user.click(screen.getAllByRole('option', { name: '等于' }).at(-1)!);
    await user.click(panel.getAllByRole('combobox')[2]);
    await user.click(screen.getAllByRole('option', { name: '冻结' }).at(-1)!);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(pageBodies().at(-1)).toMatchObject({
        pageNum: 1,
        superQueryMatchType: 'and',
        superQueryParams: [{ field: 'status', rule: 'eq', value: '2' }],
      }),
    );
  });

  it('hides the buttons the user may not use', async () => {
    setSession({ token: 't', permissions: ['system:user:list'] });
    await renderList();
    expect(screen.queryByTestId('user-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-edit-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-delete-1')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /批量删除/ })).not.toBeInTheDocument();
  });

  it('checks the add form before sending anything', async () => {
    await renderList();
    await user.click(screen.getByTestId('user-add'));
    await screen.findByTestId('user-form');
    await waitFor(() => expect(post).toHaveBeenCalledWith(userAdminCalls.bindRoles, {}));

    await user.click(screen.getByTestId('user-form-save'));
    expect(await drawer().findByText('请输入登录名')).toBeInTheDocument();
    expect(drawer().getByText('请输入姓名')).toBeInTheDocument();
    expect(drawer().getByText('请输入初始密码')).toBeInTheDocument();

    await user.type(drawer().getByPlaceholderText('请输入登录名'), 'zhang san');
    await user.type(drawer().getByPlaceholderText('请输入姓名'), '张三');
    await user.type(drawer().getByPlaceholderText('请输入手机号码'), '12345');
    await user.type(drawer().getByPlaceholderText('请输入邮箱'), 'zhang@');
    await user.type(drawer().getByPlaceholderText('请输入初始密码'), 'abcdefgh');
    await user.click(screen.getByTestId('user-form-save'));
    expect(await drawer().findByText('登录名为 2～32 位字母、数字或 _ . @ -')).toBeInTheDocument();
    expect(drawer().getByText('请输入正确格式的手机号码')).toBeInTheDocument();
    expect(drawer().getByText('请输入正确格式的邮箱')).toBeInTheDocument();
    expect(drawer().getByText('密码长度为8-20位，且须包含字母和数字')).toBeInTheDocument();
    expect(post.mock.calls.some(([url]) => url === userAdminCalls.add)).toBe(false);
  });

  // Issue 31: a taken login name was only found on 保存.
  it('checks the login name with the server as the field is left; editing does not', { timeout: 40_000 }, async () => {
    post.mockImplementation(async (url: unknown, body: { fieldVal?: string }) => {
      if (url === userAdminCalls.page) return adminUserPage(ROWS, 12);
      if (url === userAdminCalls.bindRoles) return ROLES;
      if (url === fieldCheckCalls.duplicate)
        return body.fieldVal === 'lisi'
          ? { valid: false, message: '该登录名已被使用，请更换' }
          : { valid: true, message: '' };
      return null;
    });
    const checks = () => post.mock.calls.filter(([url]) => url === fieldCheckCalls.duplicate).map(([, body]) => body);
    await renderList();
    await user.click(screen.getByTestId('user-add'));
    await screen.findByTestId('user-form');
    await user.type(drawer().getByPlaceholderText('请输入登录名'), 'lisi');
    await user.tab();
    const message = await drawer().findByText('该登录名已被使用，请更换', {}, { timeout: 5000 });
    expect(message.closest('.arco-form-item')).toHaveTextContent('登录名');
    expect(checks()).toEqual([{ tableName: 'sys_users', fieldName: 'loginName', fieldVal: 'lisi', dataId: null }]);
    await user.clear(drawer().getByPlaceholderText('请输入登录名'));
    await user.type(drawer().getByPlaceholderText('请输入登录名'), 'wangwu');
    await user.tab();
    await waitFor(() => expect(drawer().queryByText('该登录名已被使用，请更换')).not.toBeInTheDocument());
    expect(checks().at(-1)).toMatchObject({ fieldVal: 'wangwu' });
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));

    // Editing: the login name is the user's own, fixed, and not asked about.
    post.mockClear();
    await user.click(screen.getByTestId('user-edit-2'));
    await screen.findByTestId('user-form');
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(post.mock.calls.some(([url]) => url === userAdminCalls.update)).toBe(true));
    expect(checks()).toEqual([]);
  });

  it('adds a user, and shows the server refusal at the form', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === userAdminCalls.page) return adminUserPage(ROWS, 12);
      if (url === userAdminCalls.bindRoles) return ROLES;
      if (url === userAdminCalls.add) throw new ApiError('400', '登录名已存在：wangwu');
      return null;
    });
    await renderList();
    await user.click(screen.getByTestId('user-add'));
    await screen.findByTestId('user-form');
    await user.type(drawer().getByPlaceholderText('请输入登录名'), 'wangwu');
    await user.type(drawer().getByPlaceholderText('请输入姓名'), ' 王五 ');
    await user.type(drawer().getByPlaceholderText('请输入手机号码'), '13900139000');
    await user.type(drawer().getByPlaceholderText('请输入初始密码'), 'abc12345');
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(userAdminCalls.add, {
        loginName: 'wangwu',
        realname: '王五',
        phone: '13900139000',
        email: null,
        password: 'abc12345',
        roleIds: [],
        orgId: null,
        postIds: [],
      }),
    );
    // Under the field it names.
    const message = await drawer().findByText('登录名已存在：wangwu');
    expect(message.closest('.arco-form-item')).toHaveTextContent('登录名');
  });

  it('shows a refusal that names no field above the form', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === userAdminCalls.page) return adminUserPage(ROWS, 12);
      if (url === userAdminCalls.bindRoles) return ROLES;
      if (url === userAdminCalls.update) throw new ApiError('403', '没有权限访问该功能');
      return null;
    });
    await renderList();
    await user.click(screen.getByTestId('user-edit-1'));
    await screen.findByTestId('user-form');
    await user.click(screen.getByTestId('user-form-save'));
    expect(await screen.findByTestId('user-form-error')).toHaveTextContent('没有权限访问该功能');
  });

  it('edits a user with the roles held, without the login name or a password', async () => {
    await renderList();
    await user.click(screen.getByTestId('user-edit-1'));
    await screen.findByTestId('user-form');
    await waitFor(() => expect(post).toHaveBeenCalledWith(userAdminCalls.bindRoles, { id: '1' }));
    expect(drawer().getByPlaceholderText('请输入登录名')).toBeDisabled();
    expect(drawer().queryByPlaceholderText('请输入初始密码')).not.toBeInTheDocument();
    await drawer().findByText('系统管理员');
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(userAdminCalls.update, {
        id: '1',
        realname: '张三',
        phone: '13800138000',
        email: 'zhangsan@example.com',
        roleIds: ['10'],
        orgId: '5',
        postIds: ['20'],
      }),
    );
    await waitFor(() => expect(pageBodies()).toHaveLength(2));
  });

  it('lists an organisation with those below it from the tree beside the list; 重置 lists everyone', async () => {
    await renderList();
    const tree = await screen.findByTestId('user-org-tree');
    await user.click(within(tree).getByText('仓储监管部'));
    await waitFor(() => expect(pageBodies().at(-1)).toMatchObject({ filters: { orgId: '3' }, pageNum: 1 }));
    // The search form keeps the organisation.
    const form = within(screen.getByTestId('list-search-form'));
    await user.type(form.getByPlaceholderText('请输入登录名'), 'li');
    await user.click(form.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(pageBodies().at(-1)).toMatchObject({ filters: { loginName: 'li', orgId: '3' } }));
    await user.click(form.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(pageBodies().at(-1)).toMatchObject({ filters: {} }));
    expect(within(tree).getByText('仓储监管部').closest('.arco-tree-node')).not.toHaveClass('arco-tree-node-selected');
  });

  it('puts a new user in an organisation with posts', async () => {
    await renderList();
    await user.click(screen.getByTestId('user-add'));
    await screen.findByTestId('user-form');
    await user.type(drawer().getByPlaceholderText('请输入登录名'), 'wangwu');
    await user.type(drawer().getByPlaceholderText('请输入姓名'), '王五');
    await user.type(drawer().getByPlaceholderText('请输入初始密码'), 'Wangwu@2026');
    await user.click(screen.getByTestId('user-form-org'));
    await user.click(await screen.findByText('新疆监管处', { selector: '.arco-tree-select-popup *' }));
    await user.click(drawer().getByText('请选择岗位'));
    await user.click((await screen.findAllByText('综合文员')).at(-1)!);
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        userAdminCalls.add,
        expect.objectContaining({ loginName: 'wangwu', orgId: '4', postIds: ['21'] }),
      ),
    );
  });

  it('freezes a user after confirming: { ids, status: "2" }, then reloads', async () => {
    await renderList();
    await user.click(screen.getByTestId('user-freeze-1'));
    const confirm = await screen.findByText(/确定冻结用户「张三」吗/);
    const popup = confirm.closest<HTMLElement>('.arco-popconfirm')!;
    await user.click(within(popup).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(userAdminCalls.freeze, { ids: '1', status: '2' }));
    await waitFor(() => expect(pageBodies()).toHaveLength(2));
  });

  it('says so when the user was frozen meanwhile, and reloads to show it', async () => {
    const answers = post.getMockImplementation()!;
    post.mockImplementation(async (url: unknown, body: unknown) =>
      url === userAdminCalls.freeze ? { updated: 0, unchanged: 1 } : answers(url, body),
    );
    await renderList();
    await user.click(screen.getByTestId('user-freeze-1'));
    const confirm = await screen.findByText(/确定冻结用户「张三」吗/);
    await user.click(
      within(confirm.closest<HTMLElement>('.arco-popconfirm')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(Message.info).toHaveBeenCalledWith('该用户已是冻结状态'));
    expect(Message.success).not.toHaveBeenCalled();
    await waitFor(() => expect(pageBodies()).toHaveLength(2));
  });

  it('unfreezes a frozen user with status "1"', async () => {
    await renderList();
    await user.click(screen.getByTestId('user-freeze-2'));
    const confirm = await screen.findByText(/确定解冻用户「李四」吗/);
    await user.click(
      within(confirm.closest<HTMLElement>('.arco-popconfirm')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(post).toHaveBeenCalledWith(userAdminCalls.freeze, { ids: '2', status: '1' }));
  });

  it('resets a password after checking it and its confirmation', async () => {
    await renderList();
    await user.click(screen.getByTestId('user-password-1'));
    const modal = within(await screen.findByTestId('reset-password'));
    expect(modal.getByText('用户：张三（zhangsan）')).toBeInTheDocument();
    const [password, confirm] = document.querySelectorAll<HTMLInputElement>('[data-testid="reset-password"] input');
    await user.type(password, 'abcdefgh');
    await user.type(confirm, 'abcdefgx');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    expect(await modal.findByText('密码长度为8-20位，且须包含字母和数字')).toBeInTheDocument();
    expect(modal.getByText('两次输入的新密码不一致')).toBeInTheDocument();
    expect(post.mock.calls.some(([url]) => url === userAdminCalls.password)).toBe(false);

    await user.clear(password);
    await user.type(password, 'abc12345');
    await user.clear(confirm);
    await user.type(confirm, 'abc12345');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(userAdminCalls.password, { id: '1', password: 'abc12345' }));
    await waitFor(() => expect(screen.queryByTestId('reset-password')).not.toBeInTheDocument());
  });

  it('deletes a user after confirming with { ids }', async () => {
    await renderList();
    await user.click(screen.getByTestId('user-delete-2'));
    const confirm = await screen.findByText(/确定删除用户「李四」吗/);
    fireEvent.click(within(confirm.closest<HTMLElement>('.arco-popconfirm')!).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(userAdminCalls.delete, { ids: '2' }));
    await waitFor(() => expect(pageBodies()).toHaveLength(2));
  });

  it('freezes the selected users at once after a confirmation; with none selected it asks for one', async () => {
    const warning = vi.mocked(Message.warning);
    await renderList();
    await user.click(screen.getByTestId('user-batch-freeze'));
    expect(warning).toHaveBeenCalledWith('请选择一条记录');
    expect(post.mock.calls.some(([url]) => url === userAdminCalls.freeze)).toBe(false);

    const boxes = document.querySelectorAll<HTMLElement>('.arco-table-body .arco-checkbox input');
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[1]);
    await user.click(screen.getByTestId('user-batch-freeze'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定冻结选中的 2 个用户吗？冻结后这些用户将被强制下线。');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(userAdminCalls.freeze, { ids: '1,2', status: '2' }));
    await waitFor(() => expect(pageBodies()).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(Message.success).toHaveBeenCalledWith('冻结成功');
  });

  it('a batch with some users already in the status says how many changed', async () => {
    const answers = post.getMockImplementation()!;
    post.mockImplementation(async (url: unknown, body: unknown) =>
      url === userAdminCalls.freeze ? { updated: 1, unchanged: 1 } : answers(url, body),
    );
    await renderList();
    const boxes = document.querySelectorAll<HTMLElement>('.arco-table-body .arco-checkbox input');
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[1]);
    await user.click(screen.getByTestId('user-batch-freeze'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(Message.success).toHaveBeenCalledWith('已冻结 1 个用户，另有 1 个用户原已是冻结状态'));
    await waitFor(() => expect(pageBodies()).toHaveLength(2));
  });
});
