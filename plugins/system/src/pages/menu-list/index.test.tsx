import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import type { MenuAdminNode, MenuTree } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { fieldCheckCalls, menuAdminCalls } from '@cotton/sdk/calls';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MenuList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

function node(overrides: Partial<MenuAdminNode>): MenuAdminNode {
  return {
    id: '1',
    parentId: null,
    type: 'menu',
    name: '系统管理',
    code: null,
    path: '/system',
    componentPath: null,
    icon: 'setting',
    sort: 1,
    hidden: false,
    keepAlive: true,
    openMode: 'page',
    url: null,
    children: [],
    ...overrides,
  };
}

const TREE: MenuTree = {
  tree: [
    node({
      children: [
        node({
          id: '2',
          parentId: '1',
          name: '用户管理',
          code: 'system:user:list',
          path: '/system/user',
          componentPath: 'system/UserList',
          icon: 'user',
          children: [
            node({
              id: '3',
              parentId: '2',
              type: 'button',
              name: '新增用户',
              code: 'system:user:add',
              path: null,
              icon: null,
            }),
          ],
        }),
      ],
    }),
  ],
  components: ['system/MenuList', 'system/SmsLog', 'system/UserList'],
  icons: [
    { name: 'setting', svgPath: 'M1 1h22v22H1z' },
    { name: 'user', svgPath: 'M12 2a5 5 0 110 10 5 5 0 010-10z' },
  ],
  iframeOrigins: ['https://bi.example.com'],
};

const ALL = ['system:menu:list', 'system:menu:edit', 'system:menu:delete'];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === menuAdminCalls.tree) return TREE;
    if (url === menuAdminCalls.save) return { id: '9' };
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

async function renderList() {
  render(<MenuList />);
  await screen.findByText('新增用户');
}

describe('MenuList', () => {
  it('shows the whole tree expanded, with paths, components and codes', async () => {
    await renderList();
    const table = within(screen.getByTestId('menu-list'));
    expect(table.getByText('系统管理')).toBeInTheDocument();
    expect(table.getByText('/system/user')).toBeInTheDocument();
    expect(table.getByText('system/UserList')).toBeInTheDocument();
    expect(table.getByText('system:user:add')).toBeInTheDocument();
    expect(table.getAllByText('按钮')).toHaveLength(1);
  });

  it('adds a top-level menu: a bad path is refused in the browser, a good one sent with its component', async () => {
    await renderList();
    await user.click(screen.getByTestId('menu-add-root'));
    const form = within(await screen.findByTestId('menu-form'));
    await user.type(form.getByPlaceholderText('请输入名称'), '业务查询');
    await user.type(form.getByPlaceholderText('/system/user'), 'business');
    await user.click(screen.getByTestId('menu-form-save'));
    expect(
      await form.findByText('路由地址以 / 开头，由 1～3 段字母、数字、_ 或 - 组成，如 /system/user'),
    ).toBeInTheDocument();
    expect(bodiesOf(menuAdminCalls.save)).toEqual([]);

    await user.clear(form.getByPlaceholderText('/system/user'));
    await user.type(form.getByPlaceholderText('/system/user'), '/business');
    await user.click(screen.getByTestId('menu-form-component'));
    await user.click(await screen.findByRole('option', { name: 'system/SmsLog' }));
    await user.click(screen.getByTestId('menu-form-save'));
    await waitFor(() =>
      expect(bodiesOf(menuAdminCalls.save)).toEqual([
        {
          parentId: null,
          type: 'menu',
          name: '业务查询',
          code: null,
          path: '/business',
          componentPath: 'system/SmsLog',
          icon: null,
          sort: 1,
          hidden: false,
          openMode: 'page',
          url: null,
          keepAlive: true,
        },
      ]),
    );
    await waitFor(() => expect(bodiesOf(menuAdminCalls.tree)).toHaveLength(2));
  });

  it('the icon picker draws each icon beside its name', async () => {
    await renderList();
    await user.click(screen.getByTestId('menu-add-root'));
    await screen.findByTestId('menu-form');
    await user.click(screen.getByTestId('menu-form-icon'));
    const option = await screen.findByRole('option', { name: 'user' });
    expect(within(option).getByTestId('menu-icon-user').querySelector('path')).toHaveAttribute(
      'd',
      'M12 2a5 5 0 110 10 5 5 0 010-10z',
    );
  });

  it('an iframe menu takes an allowed origin only, checked in the browser as the server does; 缓存 off is sent', async () => {
    await renderList();
    await user.click(screen.getByTestId('menu-add-root'));
    const form = within(await screen.findByTestId('menu-form'));
    await user.type(form.getByPlaceholderText('请输入名称'), '经营报表');
    await user.type(form.getByPlaceholderText('/system/user'), '/bi');
    await user.click(form.getByText('内嵌页面'));
    expect(form.queryByTestId('menu-form-component')).toBeNull();
    expect(form.getByText('只能内嵌以下来源的页面：https://bi.example.com')).toBeInTheDocument();
    await user.type(form.getByTestId('menu-form-url'), 'https://evil.example.net/x');
    await user.click(screen.getByTestId('menu-form-save'));
    expect(
      await form.findByText('链接地址的来源 https://evil.example.net 不在允许内嵌的来源之内（https://bi.example.com）'),
    ).toBeInTheDocument();
    expect(bodiesOf(menuAdminCalls.save)).toEqual([]);

    await user.clear(form.getByTestId('menu-form-url'));
    await user.type(form.getByTestId('menu-form-url'), 'https://bi.example.com/report');
    await user.click(form.getByTestId('menu-form-keep-alive'));
    await user.click(screen.getByTestId('menu-form-save'));
    await waitFor(() =>
      expect(bodiesOf(menuAdminCalls.save)).toEqual([
        expect.objectContaining({
          path: '/bi',
          componentPath: null,
          openMode: 'iframe',
          url: 'https://bi.example.com/report',
          keepAlive: false,
        }),
      ]),
    );
  });

  it('an external link needs a web address; it has no component and no 缓存', async () => {
    await renderList();
    await user.click(screen.getByTestId('menu-add-root'));
    const form = within(await screen.findByTestId('menu-form'));
    await user.type(form.getByPlaceholderText('请输入名称'), '帮助文档');
    await user.type(form.getByPlaceholderText('/system/user'), '/help');
    await user.click(form.getByText('外部链接'));
    expect(form.queryByTestId('menu-form-keep-alive')).toBeNull();
    await user.type(form.getByTestId('menu-form-url'), 'javascript:alert(1)');
    await user.click(screen.getByTestId('menu-form-save'));
    expect(await form.findByText('链接地址须为 http:// 或 https:// 开头的完整网址')).toBeInTheDocument();
    await user.clear(form.getByTestId('menu-form-url'));
    await user.type(form.getByTestId('menu-form-url'), 'https://docs.example.org/');
    await user.click(screen.getByTestId('menu-form-save'));
    await waitFor(() =>
      expect(bodiesOf(menuAdminCalls.save)).toEqual([
        expect.objectContaining({
          openMode: 'link',
          url: 'https://docs.example.org/',
          componentPath: null,
          keepAlive: true,
        }),
      ]),
    );
  });

  it('adds a button under a menu: it needs a code, and has no path', async () => {
    await renderList();
    await user.click(screen.getByTestId('menu-add-child-2'));
    const form = within(await screen.findByTestId('menu-form'));
    await user.click(form.getByText('按钮'));
    expect(form.queryByPlaceholderText('/system/user')).toBeNull();
    await user.type(form.getByPlaceholderText('请输入名称'), '导出用户');
    await user.click(screen.getByTestId('menu-form-save'));
    expect(await form.findByText('按钮须填写权限编码')).toBeInTheDocument();
    await user.type(form.getByPlaceholderText('system:user:add'), 'system:user:export');
    await user.click(screen.getByTestId('menu-form-save'));
    await waitFor(() =>
      expect(bodiesOf(menuAdminCalls.save)).toEqual([
        expect.objectContaining({
          parentId: '2',
          type: 'button',
          name: '导出用户',
          code: 'system:user:export',
          path: null,
          componentPath: null,
        }),
      ]),
    );
  });

  // Issue 31: a taken 权限编码 was only found on 保存.
  it(
    'says a permission code is taken as the field is left, naming its holder, and sends nothing',
    { timeout: 30_000 },
    async () => {
      post.mockImplementation(async (url: unknown, body: { fieldName?: string; fieldVal?: string }) => {
        if (url === menuAdminCalls.tree) return TREE;
        if (url === fieldCheckCalls.duplicate)
          return body.fieldName === 'code' && body.fieldVal === 'system:user:add'
            ? { valid: false, message: '权限编码 system:user:add 已被「新增用户」使用' }
            : { valid: true, message: '' };
        return { id: '9' };
      });
      await renderList();
      await user.click(screen.getByTestId('menu-add-child-2'));
      const form = within(await screen.findByTestId('menu-form'));
      await user.click(form.getByText('按钮'));
      await user.type(form.getByPlaceholderText('请输入名称'), '再增用户');
      await user.click(form.getByPlaceholderText('system:user:add'));
      await user.paste('system:user:add');
      await user.tab();
      const message = await form.findByText('权限编码 system:user:add 已被「新增用户」使用', {}, { timeout: 5000 });
      expect(message.closest('.arco-form-item')).toHaveTextContent('权限编码');
      expect(bodiesOf(fieldCheckCalls.duplicate)).toEqual([
        { tableName: 'sys_permissions', fieldName: 'code', fieldVal: 'system:user:add', dataId: null },
      ]);
      await user.click(screen.getByTestId('menu-form-save'));
      await waitFor(() => expect(bodiesOf(fieldCheckCalls.duplicate).length).toBeGreaterThanOrEqual(1));
      expect(bodiesOf(menuAdminCalls.save)).toEqual([]);
    },
  );

  it('edits a menu with its values; a button gets no 新增下级 and needs a menu above it', async () => {
    await renderList();
    expect(screen.queryByTestId('menu-add-child-3')).toBeNull();
    await user.click(screen.getByTestId('menu-edit-2'));
    const form = within(await screen.findByTestId('menu-form'));
    await waitFor(() => expect(form.getByPlaceholderText('/system/user')).toHaveValue('/system/user'));
    expect(form.getByTestId('menu-form-parent')).toHaveTextContent('系统管理');
    // A node with children keeps its 类型.
    expect(form.getByRole('radio', { name: '按钮' })).toBeDisabled();
    await user.click(screen.getByTestId('menu-form-save'));
    await waitFor(() =>
      expect(bodiesOf(menuAdminCalls.save)).toEqual([
        expect.objectContaining({
          id: '2',
          parentId: '1',
          type: 'menu',
          name: '用户管理',
          code: 'system:user:list',
          componentPath: 'system/UserList',
          icon: 'user',
        }),
      ]),
    );

    await user.click(screen.getByTestId('menu-add-root'));
    const added = within(await screen.findByTestId('menu-form'));
    await user.click(added.getByText('按钮'));
    await user.type(added.getByPlaceholderText('请输入名称'), '孤立按钮');
    await user.type(added.getByPlaceholderText('system:user:add'), 'system:x:y');
    await user.click(screen.getByTestId('menu-form-save'));
    expect(await added.findByText('按钮须放在某个菜单之下')).toBeInTheDocument();
    expect(bodiesOf(menuAdminCalls.save)).toHaveLength(1);
  });

  it('moves a node up or down among its siblings (not past the first or last), then reloads', async () => {
    const two: MenuTree = {
      ...TREE,
      tree: [TREE.tree[0]!, node({ id: '4', name: '日志管理', path: '/log', icon: null })],
    };
    post.mockImplementation(async (url: unknown) => {
      if (url === menuAdminCalls.tree) return two;
      if (url === menuAdminCalls.move) return { updated: 2 };
      return null;
    });
    await renderList();
    expect(screen.queryByTestId('menu-up-1')).toBeNull();
    expect(screen.queryByTestId('menu-down-4')).toBeNull();
    // 用户管理 is alone under 系统管理.
    expect(screen.queryByTestId('menu-up-2')).toBeNull();
    await user.click(screen.getByTestId('menu-up-4'));
    await waitFor(() => expect(bodiesOf(menuAdminCalls.move)).toEqual([{ id: '4', direction: 'up' }]));
    await waitFor(() => expect(bodiesOf(menuAdminCalls.tree)).toHaveLength(2));
    await user.click(screen.getByTestId('menu-down-1'));
    await waitFor(() => expect(bodiesOf(menuAdminCalls.move).at(-1)).toEqual({ id: '1', direction: 'down' }));
  });

  it('shows the server refusal under the field it names', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === menuAdminCalls.tree) return TREE;
      if (url === menuAdminCalls.save) throw new ApiError('400', '路由地址 /system/user 已被菜单「用户管理」使用');
      return null;
    });
    await renderList();
    await user.click(screen.getByTestId('menu-add-root'));
    const form = within(await screen.findByTestId('menu-form'));
    await user.type(form.getByPlaceholderText('请输入名称'), '重复');
    await user.type(form.getByPlaceholderText('/system/user'), '/system/user');
    await user.click(screen.getByTestId('menu-form-save'));
    expect(await form.findByText('路由地址 /system/user 已被菜单「用户管理」使用')).toBeInTheDocument();
  });

  it('deletes after confirming and says why the server refused', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === menuAdminCalls.tree) return TREE;
      if (url === menuAdminCalls.delete) throw new ApiError('400', '请先删除「系统管理」的下级菜单或按钮');
      return null;
    });
    await renderList();
    await user.click(screen.getByTestId('menu-delete-1'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodiesOf(menuAdminCalls.delete)).toEqual([{ id: '1' }]));
    await waitFor(() => expect(Message.error).toHaveBeenCalledWith('请先删除「系统管理」的下级菜单或按钮'));
  });

  it('exports the whole tree with 导出 (with its code), then only the ticked nodes', async () => {
    const download = vi.spyOn(request, 'download').mockResolvedValue(undefined);
    vi.spyOn(Message, 'loading').mockImplementation((() => () => undefined) as unknown as typeof Message.loading);
    setSession({ token: 't', permissions: [...ALL, 'system:menu:export'] });
    await renderList();
    await user.click(screen.getByTestId('menu-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]?.slice(0, 3)).toEqual([
      menuAdminCalls.export,
      { pageNum: 1, pageSize: 10 },
      '菜单列表.xlsx',
    ]);
    // A parent ticked with a button below it: the two rows alone, not the subtree between.
    for (const name of ['系统管理', '新增用户']) {
      await user.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    }
    expect(screen.getByTestId('menu-export')).toHaveTextContent('导出（2）');
    await user.click(screen.getByTestId('menu-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(2));
    expect(download.mock.calls[1]?.[1]).toEqual({ pageNum: 1, pageSize: 10, selections: '1,3' });
    download.mockRestore();
    vi.mocked(Message.loading).mockRestore();
  });

  it('with tick boxes drawn, 上移 still moves the node (not ticking it) and the tick stays after the reload', async () => {
    const download = vi.spyOn(request, 'download').mockResolvedValue(undefined);
    vi.spyOn(Message, 'loading').mockImplementation((() => () => undefined) as unknown as typeof Message.loading);
    const two: MenuTree = {
      ...TREE,
      tree: [TREE.tree[0]!, node({ id: '4', name: '日志管理', path: '/log', icon: null })],
    };
    post.mockImplementation(async (url: unknown) => {
      if (url === menuAdminCalls.tree) return two;
      if (url === menuAdminCalls.move) return { updated: 2 };
      return null;
    });
    setSession({ token: 't', permissions: [...ALL, 'system:menu:export'] });
    await renderList();
    const row = () => screen.getByText('日志管理').closest('tr')!;
    await user.click(within(row()).getByRole('checkbox'));
    await user.click(screen.getByTestId('menu-up-4'));
    await waitFor(() => expect(bodiesOf(menuAdminCalls.move)).toEqual([{ id: '4', direction: 'up' }]));
    await waitFor(() => expect(bodiesOf(menuAdminCalls.tree)).toHaveLength(2));
    expect(within(row()).getByRole('checkbox')).toBeChecked();
    await user.click(screen.getByTestId('menu-down-1'));
    await waitFor(() => expect(bodiesOf(menuAdminCalls.move).at(-1)).toEqual({ id: '1', direction: 'down' }));
    expect(screen.getByTestId('menu-export')).toHaveTextContent('导出（1）');
    await user.click(screen.getByTestId('menu-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]?.[1]).toEqual({ pageNum: 1, pageSize: 10, selections: '4' });
    download.mockRestore();
    vi.mocked(Message.loading).mockRestore();
  });

  it('has no 导出 and no tick boxes without its code', async () => {
    await renderList();
    expect(screen.queryByTestId('menu-export')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });

  it('shows no add, edit or delete without their permissions', async () => {
    setSession({ token: 't', permissions: ['system:menu:list'] });
    await renderList();
    expect(screen.queryByTestId('menu-add-root')).toBeNull();
    expect(screen.queryByTestId('menu-edit-2')).toBeNull();
    expect(screen.queryByTestId('menu-delete-2')).toBeNull();
  });
});
