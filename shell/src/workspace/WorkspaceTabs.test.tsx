import { storage } from '@cotton/sdk';
import { clearSession, setPortalConfig, setSession } from '@cotton/sdk/host';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from '@arco-design/web-react';
import { FormDrawer, ListDetailDrawer } from '@cotton/sdk';
import { useEffect, useState } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStateFrom, setAuthState } from '../auth/auth-store';
import { centerMenu, displayMenu, initData, menuNode, smsMenu, systemMenu, testUser } from '../auth/fixtures';
import { AdminLayout } from '../layouts/AdminLayout/AdminLayout';
import { portalConfig } from '../test-support';
import { WORKSPACE_TABS_KEY, clearSavedTabs } from './saved-tabs';
import { WorkspaceTabs } from './WorkspaceTabs';
import type { WorkspaceTab } from './workspace-store';

const mounts = vi.fn<(name: string) => void>();

/** A page with state of its own (an input) that shows the location it sees. */
function Page({ name }: { name: string }) {
  const { search } = useLocation();
  useEffect(() => mounts(name), [name]);
  return (
    <section>
      <h1>{name}</h1>
      <input aria-label={`${name}输入`} />
      <output data-testid={`${name}-search`}>{search}</output>
    </section>
  );
}

/** A page with an add drawer (the SDK's FormDrawer) holding one field. */
function DrawerPage() {
  const [open, setOpen] = useState(false);
  return (
    <section>
      <h1>岗位内容</h1>
      <button type="button" onClick={() => setOpen(true)}>
        新增
      </button>
      <FormDrawer
        testId="post-form"
        title="新增岗位"
        visible={open}
        saving={false}
        error={null}
        saveText="保存"
        cancelText="取消"
        onClose={() => setOpen(false)}
        onSave={() => setOpen(false)}
      >
        <input aria-label="岗位名称" />
      </FormDrawer>
    </section>
  );
}

/** A page with a 详情 drawer (the SDK's ListDetailDrawer). */
function DetailPage() {
  const [row, setRow] = useState<{ id: string; name: string } | null>(null);
  return (
    <section>
      <h1>角色内容</h1>
      <button type="button" onClick={() => setRow({ id: '1', name: '审核员' })}>
        详情
      </button>
      <ListDetailDrawer
        config={{ rowKey: 'id', columns: [{ title: '角色名称', dataIndex: 'name' }] }}
        detail={{}}
        row={row}
        onClose={() => setRow(null)}
        afterClose={() => undefined}
      />
    </section>
  );
}

function renderLayout(path = '/project/display') {
  const router = createMemoryRouter(
    [
      {
        element: <AdminLayout />,
        children: [
          { path: '/project/display', element: <Page name="工作台内容" /> },
          { path: '/system/sms', element: <Page name="短信日志内容" /> },
          { path: '/account/center', element: <Page name="个人中心内容" /> },
          { path: '/system/post', element: <DrawerPage /> },
          { path: '/system/role', element: <DetailPage /> },
          { path: '/system/forbidden', element: <h1>没有权限</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const bar = () => screen.getByTestId('workspace-tabs');
const tab = (name: string) => within(bar()).getByRole('tab', { name: new RegExp(`^${name}`) });
const tabNames = () =>
  within(bar())
    .queryAllByRole('tab')
    .map((element) => element.getAttribute('title'));

async function go(router: ReturnType<typeof renderLayout>, to: string) {
  await act(async () => {
    await router.navigate(to);
  });
}

beforeEach(() => {
  mounts.mockClear();
  // The last test's layout, unmounted only after afterEach, may have saved its tabs again.
  clearSavedTabs();
  setPortalConfig(portalConfig());
  setSession({ token: 'tok', user: testUser, siteDisplayName: '棉花交易门户' });
  setAuthState(
    authStateFrom(
      initData(['dashboard:view', 'system:sms:list', 'system:post:list', 'system:role:list'], {
        menu: [
          { ...displayMenu, icon: 'dashboard' },
          centerMenu,
          {
            ...systemMenu,
            children: [
              smsMenu,
              menuNode('岗位管理', '/system/post', 'system/PostList', ['system:post:list']),
              menuNode('角色管理', '/system/role', 'system/RoleList', ['system:role:list']),
            ],
          },
        ],
      }),
    ),
  );
});

afterEach(() => {
  Modal.destroyAll();
  clearSession();
  clearSavedTabs();
  setAuthState(null);
  vi.restoreAllMocks();
});

describe('the back office workspace', () => {
  it('opens each menu page as a tab; the home tab is fixed', async () => {
    const router = renderLayout();
    expect(tabNames()).toEqual(['工作台']);
    expect(tab('工作台')).toHaveAttribute('aria-selected', 'true');
    expect(within(tab('工作台')).queryByRole('button')).toBeNull();
    await go(router, '/system/sms');
    expect(tabNames()).toEqual(['工作台', '短信日志']);
    expect(tab('短信日志')).toHaveAttribute('aria-selected', 'true');
    expect(tab('工作台')).toHaveAttribute('aria-selected', 'false');
  });

  it('keeps a page mounted, with its input and its own location, while another tab shows', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderLayout('/system/sms?mobile=138');
    await user.type(screen.getByLabelText('短信日志内容输入'), '半填的表单');
    await user.click(tab('工作台'));
    expect(router.state.location.pathname).toBe('/project/display');
    // Hidden, not gone: it still sees its own query, not the home page's.
    expect(screen.getByLabelText('短信日志内容输入')).not.toBeVisible();
    expect(screen.getByTestId('短信日志内容-search')).toHaveTextContent('?mobile=138');
    await user.click(tab('短信日志'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/system/sms?mobile=138');
    expect(screen.getByLabelText('短信日志内容输入')).toBeVisible();
    expect(screen.getByLabelText('短信日志内容输入')).toHaveValue('半填的表单');
    expect(mounts.mock.calls.map(([name]) => name)).toEqual(['短信日志内容', '工作台内容']);
  });

  it('a half-filled drawer stays with its tab, and closing the tab asks first', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderLayout('/system/post');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const field = await screen.findByLabelText('岗位名称');
    // Inside its tab's pane (below the tab bar), not over the whole window.
    const pane = screen.getAllByTestId('workspace-pane').find((element) => element.dataset.path === '/system/post')!;
    expect(within(pane).getByTestId('workspace-pane-drawers')).toContainElement(field);
    await user.type(field, '半填');

    await user.click(tab('工作台'));
    expect(router.state.location.pathname).toBe('/project/display');
    expect(field).not.toBeVisible();
    await user.click(tab('岗位管理'));
    expect(field).toBeVisible();
    expect(field).toHaveValue('半填');

    // × asks; 取消 keeps the tab and the drawer as they were.
    await user.click(within(tab('岗位管理')).getByRole('button', { name: '关闭岗位管理' }));
    expect(await screen.findByText('确认关闭？')).toBeInTheDocument();
    expect(screen.getByText('未保存的内容将丢失')).toBeInTheDocument();
    // The latest confirm (a cancelled one may linger in the document while it fades out).
    const confirm = () => within([...document.querySelectorAll<HTMLElement>('.arco-modal')].at(-1)!);
    await user.click(confirm().getByRole('button', { name: '取消' }));
    expect(tabNames()).toEqual(['工作台', '岗位管理']);
    expect(field).toHaveValue('半填');
    // 关闭: gone.
    await user.click(within(tab('岗位管理')).getByRole('button', { name: '关闭岗位管理' }));
    await waitFor(() => expect(confirm().getByRole('button', { name: '关闭' })).toBeVisible());
    await user.click(confirm().getByRole('button', { name: '关闭' }));
    expect(tabNames()).toEqual(['工作台']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/display'));
  });

  it('closing or reloading the browser tab asks while a tab holds unsaved input, and only then', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const router = renderLayout('/system/post');
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('button', { name: '新增' }));
    await user.type(await screen.findByLabelText('岗位名称'), '半填');
    expect(unload()).toBe(true);
    // Another tab shown: the input is still there, still unsaved.
    await go(router, '/system/sms');
    expect(unload()).toBe(true);
    await go(router, '/system/post');
    await user.click(screen.getByTestId('post-form-save'));
    expect(unload()).toBe(false);
  });

  it('an open 详情 drawer stays with its tab', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderLayout('/system/role');
    await user.click(screen.getByRole('button', { name: '详情' }));
    const detail = await screen.findByTestId('list-detail');
    const pane = screen.getAllByTestId('workspace-pane').find((element) => element.dataset.path === '/system/role')!;
    expect(within(pane).getByTestId('workspace-pane-drawers')).toContainElement(detail);
    await user.click(tab('工作台'));
    expect(router.state.location.pathname).toBe('/project/display');
    expect(detail).not.toBeVisible();
    await user.click(tab('角色管理'));
    expect(detail).toBeVisible();
    expect(detail).toHaveTextContent('审核员');
  });

  it('a drawer closed (saved or cancelled) leaves nothing to ask about', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    // The question of the test before, still fading out, is not this test's.
    await waitFor(() => expect(screen.queryByText('确认关闭？')).toBeNull());
    renderLayout('/system/post');
    await user.click(screen.getByRole('button', { name: '新增' }));
    await user.type(await screen.findByLabelText('岗位名称'), '半填');
    await user.click(screen.getByTestId('post-form-save'));
    await user.click(within(tab('岗位管理')).getByRole('button', { name: '关闭岗位管理' }));
    expect(tabNames()).toEqual(['工作台']);
    expect(screen.queryByText('确认关闭？')).toBeNull();
  });

  it('an open tab chosen from the side menu comes back with its query', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderLayout('/project/display?page=2');
    await go(router, '/system/sms');
    await user.click(within(screen.getByTestId('admin-menu')).getByText('工作台'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(router.state.location.pathname).toBe('/project/display');
  });

  it('× and a middle click close a tab; closing the active one shows its neighbour', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderLayout();
    await go(router, '/system/sms');
    await go(router, '/account/center');
    await go(router, '/system/sms');
    await user.click(within(tab('短信日志')).getByRole('button', { name: '关闭短信日志' }));
    expect(tabNames()).toEqual(['工作台', '个人中心']);
    expect(router.state.location.pathname).toBe('/account/center');
    expect(screen.queryByText('短信日志内容')).toBeNull();
    fireEvent.mouseDown(tab('个人中心'), { button: 1 });
    fireEvent(tab('个人中心'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(tabNames()).toEqual(['工作台']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/display'));
  });

  it('the context menu: 关闭其他, 关闭右侧 and 刷新 (the page mounts again)', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderLayout();
    await go(router, '/system/sms');
    await go(router, '/account/center');
    fireEvent.contextMenu(tab('短信日志'));
    await user.click(await screen.findByRole('menuitem', { name: '关闭右侧' }));
    expect(tabNames()).toEqual(['工作台', '短信日志']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/sms'));

    await user.type(screen.getByLabelText('短信日志内容输入'), 'abc');
    mounts.mockClear();
    await user.click(screen.getByTestId('workspace-tabs-more'));
    await user.click(await screen.findByRole('menuitem', { name: '刷新' }));
    await waitFor(() => expect(mounts).toHaveBeenCalledWith('短信日志内容'));
    expect(screen.getByLabelText('短信日志内容输入')).toHaveValue('');

    await go(router, '/account/center');
    fireEvent.contextMenu(tab('工作台'));
    const menus = await screen.findAllByRole('menuitem', { name: '关闭其他' });
    await user.click(menus[menus.length - 1]);
    expect(tabNames()).toEqual(['工作台']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/display'));
  });

  it('a page of the layout that is no tab (403) shows alone, the tabs kept', async () => {
    const router = renderLayout('/system/sms');
    await go(router, '/system/forbidden');
    expect(screen.getByRole('heading', { name: '没有权限' })).toBeVisible();
    expect(screen.getByLabelText('短信日志内容输入')).not.toBeVisible();
    expect(within(bar()).queryAllByRole('tab', { selected: true })).toEqual([]);
  });

  it('saves the open tabs for the user and restores the pages the menu still has', async () => {
    const router = renderLayout();
    await go(router, '/system/sms?mobile=138');
    expect(storage.get(WORKSPACE_TABS_KEY)).toEqual({
      owner: testUser.uid,
      urls: ['/project/display', '/system/sms?mobile=138'],
      uses: [0, 1],
    });
  });

  it('brings the tabs back after a reload in the order they were shown, not the order of use', async () => {
    const router = renderLayout();
    await go(router, '/account/center');
    await go(router, '/system/sms');
    // 个人中心 used last: shown second still.
    await go(router, '/account/center');
    expect(tabNames(), 'before the reload').toEqual(['工作台', '个人中心', '短信日志']);
    cleanup();
    renderLayout('/project/display');
    expect(tabNames(), 'after the reload').toEqual(['工作台', '个人中心', '短信日志']);
  });

  it('restores saved tabs of the same user only, for pages still in the menu', () => {
    storage.set(WORKSPACE_TABS_KEY, { owner: testUser.uid, urls: ['/gone', '/account/center', '/system/sms?x=1'] });
    renderLayout();
    expect(tabNames()).toEqual(['工作台', '个人中心', '短信日志']);
    // Not shown yet: restored tabs mount when first opened.
    expect(screen.queryByText('短信日志内容')).toBeNull();
  });

  it('ignores another user’s saved tabs', () => {
    storage.set(WORKSPACE_TABS_KEY, { owner: 'someone-else', urls: ['/system/sms'] });
    renderLayout();
    expect(tabNames()).toEqual(['工作台']);
  });
});

describe('WorkspaceTabs', () => {
  const tabs: WorkspaceTab[] = [
    { path: '/home', title: '首页', url: '/home', fixed: true, version: 0 },
    { path: '/a', title: '甲', url: '/a', fixed: false, version: 0 },
    { path: '/b', title: '乙', url: '/b', fixed: false, version: 0 },
  ];

  function renderBar(activePath: string | null = '/a') {
    const api = {
      tabs,
      activePath,
      select: vi.fn(),
      close: vi.fn(),
      closeOthers: vi.fn(),
      closeRight: vi.fn(),
      refresh: vi.fn(),
    };
    render(<WorkspaceTabs {...api} />);
    return api;
  }

  it('selects with a click or the keyboard, closes with Delete, and disables what does not apply', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const api = renderBar();
    await user.click(screen.getByRole('tab', { name: /^乙/ }));
    expect(api.select).toHaveBeenCalledWith('/b');
    const active = screen.getByRole('tab', { name: /^甲/ });
    expect(active).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(active, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: /^乙/ })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('tab', { name: /^乙/ }), { key: 'Enter' });
    expect(api.select).toHaveBeenLastCalledWith('/b');
    fireEvent.keyDown(screen.getByRole('tab', { name: /^乙/ }), { key: 'Delete' });
    expect(api.close).toHaveBeenCalledWith('/b');
    fireEvent.keyDown(screen.getByRole('tab', { name: /^首页/ }), { key: 'Delete' });
    expect(api.close).toHaveBeenCalledTimes(1);

    fireEvent.contextMenu(screen.getByRole('tab', { name: /^首页/ }));
    expect(await screen.findByRole('menuitem', { name: '关闭' })).toHaveClass('arco-dropdown-menu-disabled');
    await user.click(screen.getByRole('menuitem', { name: '关闭右侧' }));
    expect(api.closeRight).toHaveBeenCalledWith('/home');
  });

  it('a middle click on the fixed tab does nothing', () => {
    const api = renderBar();
    fireEvent(screen.getByRole('tab', { name: /^首页/ }), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(api.close).not.toHaveBeenCalled();
  });
});
