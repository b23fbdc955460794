import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import type { AdminAppRow, AppFormOptions } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appAdminCalls } from '@cotton/sdk/calls';
import { AppList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);
const download = vi.fn();
vi.spyOn(request, 'download').mockImplementation(download);

function app(overrides: Partial<AdminAppRow>): AdminAppRow {
  return {
    appCode: 'WMS',
    appName: '仓储监管',
    visitUrl: '/project/display',
    icon: 'dashboard',
    menus: [],
    sort: 1,
    ...overrides,
  };
}
const ROWS = [
  app({}),
  app({
    appCode: 'TRADE',
    appName: '交易系统',
    visitUrl: 'https://trade.example.cn',
    icon: 'trade',
    menus: [
      { code: 'system:user:list', name: '用户管理' },
      { code: 'gone:menu', name: null },
    ],
    sort: 2,
  }),
];
const OPTIONS: AppFormOptions = {
  menus: [
    { code: 'system:user:list', name: '用户管理', fullName: '系统管理 / 用户管理' },
    { code: 'system:role:list', name: '角色管理', fullName: '系统管理 / 角色管理' },
  ],
  icons: ['dashboard', 'setting', 'trade'],
};

const ALL = ['system:app:list', 'system:app:add', 'system:app:edit', 'system:app:delete', 'system:app:export'];
const URL_MESSAGE = '访问地址应为以 / 开头的本站路径，或以 http://、https:// 开头的网址';
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

function answering(overrides = new Map<unknown, () => unknown>()) {
  post.mockImplementation(async (url: unknown) => {
    const override = overrides.get(url);
    if (override) return override();
    if (url === appAdminCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
    if (url === appAdminCalls.options) return OPTIONS;
    return null;
  });
}

async function renderList() {
  render(<AppList />);
  await screen.findByText('交易系统');
}

beforeEach(() => {
  post.mockReset();
  answering();
  download.mockReset();
  download.mockResolvedValue(undefined);
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

describe('AppList', () => {
  it('lists the apps in switcher order with the menus each groups', async () => {
    await renderList();
    expect(bodiesOf(appAdminCalls.page)).toEqual([
      { filters: {}, sort: { field: 'sort', order: 'asc' }, pageNum: 1, pageSize: 10 },
    ]);
    for (const title of ['应用编码', '应用名称', '访问地址', '图标', '包含菜单', '排序']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('https://trade.example.cn')).toBeInTheDocument();
    expect(screen.getByText('用户管理')).toBeInTheDocument();
    expect(screen.getByText('gone:menu（菜单已不存在）')).toBeInTheDocument();
    expect(screen.getByText('未包含菜单（所有登录用户可见）')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
  });

  it('adds an app: code and address are checked in the browser first, then sent with the menus chosen', async () => {
    await renderList();
    await user.click(screen.getByTestId('app-add'));
    const form = within(await screen.findByTestId('app-form'));
    await waitFor(() => expect(bodiesOf(appAdminCalls.options)).toEqual([{}]));
    await user.type(form.getByPlaceholderText('请输入应用编码'), '1bad');
    await user.type(form.getByPlaceholderText('请输入应用名称'), '  质量检验 ');
    await user.type(form.getByPlaceholderText('/project/display 或 https://…'), 'javascript:alert(1)');
    await user.click(screen.getByTestId('app-form-save'));
    expect(await form.findByText('应用编码为 2～32 位字母、数字或 _，以字母开头')).toBeInTheDocument();
    expect(form.getByText(URL_MESSAGE)).toBeInTheDocument();
    expect(bodiesOf(appAdminCalls.add)).toEqual([]);

    await user.clear(form.getByPlaceholderText('请输入应用编码'));
    await user.type(form.getByPlaceholderText('请输入应用编码'), 'QUALITY');
    await user.clear(form.getByPlaceholderText('/project/display 或 https://…'));
    await user.type(form.getByPlaceholderText('/project/display 或 https://…'), ' https://quality.example.cn ');
    await user.click(within(screen.getByTestId('app-form-menus')).getByRole('textbox'));
    await user.click(await screen.findByText('系统管理 / 角色管理'));
    await user.click(screen.getByTestId('app-form-save'));
    await waitFor(() =>
      expect(bodiesOf(appAdminCalls.add)).toEqual([
        {
          appCode: 'QUALITY',
          appName: '质量检验',
          visitUrl: 'https://quality.example.cn',
          icon: null,
          menus: ['system:role:list'],
          sort: 0,
        },
      ]),
    );
    await waitFor(() => expect(bodiesOf(appAdminCalls.page)).toHaveLength(2));
  });

  it('shows the server refusal under the field it names', async () => {
    answering(
      new Map([
        [
          appAdminCalls.add,
          () => {
            throw new ApiError('400', '该应用编码已被使用，请更换');
          },
        ],
      ]),
    );
    await renderList();
    await user.click(screen.getByTestId('app-add'));
    const form = within(await screen.findByTestId('app-form'));
    await user.type(form.getByPlaceholderText('请输入应用编码'), 'wms');
    await user.type(form.getByPlaceholderText('请输入应用名称'), '另一个');
    await user.type(form.getByPlaceholderText('/project/display 或 https://…'), '/project/display');
    await user.click(screen.getByTestId('app-form-save'));
    expect(await form.findByText('该应用编码已被使用，请更换')).toBeInTheDocument();
    expect(screen.queryByTestId('app-form-error')).toBeNull();
  });

  it('edits an app with its menus, the code fixed; a menu gone is named by the server', async () => {
    answering(
      new Map([
        [
          appAdminCalls.update,
          () => {
            throw new ApiError('400', '所选菜单 gone:menu 不存在或没有权限编码，请刷新后重新选择');
          },
        ],
      ]),
    );
    await renderList();
    await user.click(screen.getByTestId('app-edit-TRADE'));
    const form = within(await screen.findByTestId('app-form'));
    expect(form.getByPlaceholderText('请输入应用编码')).toBeDisabled();
    expect(form.getByPlaceholderText('请输入应用编码')).toHaveValue('TRADE');
    await waitFor(() => expect(form.getByText('系统管理 / 用户管理')).toBeInTheDocument());
    await user.clear(form.getByPlaceholderText('请输入应用名称'));
    await user.type(form.getByPlaceholderText('请输入应用名称'), '交易中心');
    await user.click(screen.getByTestId('app-form-save'));
    await waitFor(() =>
      expect(bodiesOf(appAdminCalls.update)).toEqual([
        {
          appCode: 'TRADE',
          appName: '交易中心',
          visitUrl: 'https://trade.example.cn',
          icon: 'trade',
          menus: ['system:user:list', 'gone:menu'],
          sort: 2,
        },
      ]),
    );
    expect(await form.findByText('所选菜单 gone:menu 不存在或没有权限编码，请刷新后重新选择')).toBeInTheDocument();
  });

  it('deletes an app after confirming, by its code', async () => {
    await renderList();
    await user.click(screen.getByTestId('app-delete-TRADE'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodiesOf(appAdminCalls.delete)).toEqual([{ ids: 'TRADE' }]));
  });

  it('hides the buttons of permissions the user does not hold', async () => {
    setSession({ token: 't', permissions: ['system:app:list'] });
    await renderList();
    expect(screen.queryByTestId('app-add')).toBeNull();
    expect(screen.queryByTestId('app-edit-WMS')).toBeNull();
    expect(screen.queryByTestId('app-delete-WMS')).toBeNull();
    expect(screen.queryByTestId('list-export')).toBeNull();
  });

  it('exports the selected apps, named by code, as 应用列表.xlsx', async () => {
    await renderList();
    const row = screen.getByText('交易系统').closest('tr')!;
    await user.click(row.querySelector<HTMLElement>('.arco-checkbox')!);
    await user.click(screen.getByTestId('list-export'));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [call, body, filename] = download.mock.calls[0] as [unknown, unknown, string];
    expect(call).toBe(appAdminCalls.export);
    expect(body).toMatchObject({ sort: { field: 'sort', order: 'asc' }, selections: 'TRADE' });
    expect(filename).toBe('应用列表.xlsx');
  });
});
