import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import type { AdminPluginRow, AdminPluginVersions } from '@cotton/sdk/contracts';
import { clearSession, setPluginDevModeService, setSession } from '@cotton/sdk/host';
import type { PluginDevModeService } from '@cotton/sdk';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pluginAdminCalls, pluginDataCalls } from '@cotton/sdk/calls';
import { PluginList } from './index';

const post = vi.fn();
const upload = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);
const download = vi.fn();
vi.spyOn(request, 'download').mockImplementation(download);
vi.spyOn(request, 'upload').mockImplementation(upload);

function row(overrides: Partial<AdminPluginRow>): AdminPluginRow {
  return {
    id: 'partner',
    title: '合作伙伴',
    version: '1.0.0',
    source: 'external',
    enabled: true,
    components: ['PartnerPage'],
    versionCount: 2,
    signer: '合作伙伴公司',
    updateTime: '2026-11-25T08:00:00+08:00',
    ...overrides,
  };
}
const ROWS = [
  row({}),
  row({
    id: 'warehouse',
    title: '仓库查询',
    source: 'bundled',
    versionCount: 1,
    signer: null,
    components: ['WarehouseList'],
  }),
  row({ id: 'legacy', title: '旧插件', enabled: false, versionCount: 1, signer: null }),
];
const VERSIONS: AdminPluginVersions = {
  id: 'partner',
  source: 'external',
  versions: [
    {
      version: '1.1.0',
      sdkVersion: '1.0.0',
      active: false,
      installedAt: '2026-11-25T09:00:00+08:00',
      installedBy: 'admin',
      signer: null,
      fileCount: 2,
      size: 2048,
      components: ['PartnerPage'],
      routes: [],
    },
    {
      version: '1.0.0',
      sdkVersion: '1.0.0',
      active: true,
      installedAt: '2026-11-24T09:00:00+08:00',
      installedBy: 'admin',
      signer: '合作伙伴公司',
      fileCount: 1,
      size: 1024,
      components: ['PartnerPage'],
      routes: [],
    },
  ],
};
const ALL = ['system:plugin:list', 'system:plugin:install', 'system:plugin:manage', 'system:plugin:export'];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  download.mockReset();
  download.mockResolvedValue(undefined);
  upload.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === pluginAdminCalls.page) return { pagination: { result: ROWS, totalCount: 3, pageNum: 1, pageSize: 10 } };
    if (url === pluginAdminCalls.versions) return VERSIONS;
    return { id: 'partner', version: '1.1.0', enabled: true };
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  vi.spyOn(Message, 'error').mockImplementation((() => () => undefined) as unknown as typeof Message.error);
  vi.spyOn(Message, 'warning').mockImplementation((() => () => undefined) as unknown as typeof Message.warning);
  setSession({ token: 't', permissions: ALL });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  vi.mocked(Message.error).mockRestore();
  vi.mocked(Message.warning).mockRestore();
  clearSession();
});

async function renderList() {
  render(<PluginList />);
  await screen.findByText('旧插件');
}

async function confirm() {
  await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
}

function devModeService(overrides: Partial<PluginDevModeService> = {}): PluginDevModeService {
  return {
    isAvailable: () => true,
    getState: () => null,
    switchOn: vi.fn(() => Promise.resolve()),
    switchOff: vi.fn(),
    ...overrides,
  };
}

describe('PluginList dev mode', () => {
  afterEach(() => setPluginDevModeService(devModeService({ isAvailable: () => false })));

  it('is offered only where the host makes it available', async () => {
    setPluginDevModeService(devModeService({ isAvailable: () => false }));
    await renderList();
    expect(screen.queryByTestId('plugin-dev-mode')).toBeNull();
  });

  it('switches on with the address typed, showing why the host refused one', async () => {
    const switchOn = vi.fn((url: string) =>
      url.includes('evil')
        ? Promise.reject(new Error('门户只允许从以下地址加载开发中的插件：http://localhost:*'))
        : Promise.resolve(),
    );
    setPluginDevModeService(devModeService({ switchOn }));
    await renderList();
    await user.click(screen.getByTestId('plugin-dev-mode'));
    const address = await screen.findByTestId('plugin-dev-address');
    expect(address).toHaveValue('http://127.0.0.1:5174');
    await user.clear(address);
    await user.type(address, 'http://evil.example.cn');
    await user.click(screen.getByTestId('plugin-dev-switch-on'));
    expect(await screen.findByTestId('plugin-dev-error')).toHaveTextContent('门户只允许从以下地址加载开发中的插件');
    await user.clear(address);
    await user.type(address, 'http://127.0.0.1:5175');
    await user.click(screen.getByTestId('plugin-dev-switch-on'));
    await waitFor(() => expect(switchOn).toHaveBeenLastCalledWith('http://127.0.0.1:5175'));
  });

  it('when on, names the dev server and switches off', async () => {
    const switchOff = vi.fn();
    setPluginDevModeService(
      devModeService({
        getState: () => ({ url: 'http://127.0.0.1:5174', pluginId: 'partner', status: 'active', message: '' }),
        switchOff,
      }),
    );
    await renderList();
    await user.click(screen.getByTestId('plugin-dev-mode'));
    expect(screen.getByTestId('plugin-dev-mode')).toHaveTextContent('开发模式：http://127.0.0.1:5174');
    await user.click(await screen.findByTestId('plugin-dev-switch-off'));
    expect(switchOff).toHaveBeenCalledTimes(1);
  });
});

describe('PluginList', () => {
  it('lists the plugins with source and status, sorted by id', async () => {
    await renderList();
    expect(bodiesOf(pluginAdminCalls.page)[0]).toEqual({
      filters: {},
      sort: { field: 'id', order: 'asc' },
      pageNum: 1,
      pageSize: 10,
    });
    expect(screen.getByText('内置')).toBeInTheDocument();
    expect(screen.getAllByText('上传')).toHaveLength(2);
    expect(screen.getByText('已停用')).toBeInTheDocument();
    // Only uploaded plugins can be uninstalled.
    expect(screen.getByTestId('plugin-uninstall-partner')).toBeInTheDocument();
    expect(screen.queryByTestId('plugin-uninstall-warehouse')).toBeNull();
  });

  it('uploads an archive, asking to activate it, and reloads the list', async () => {
    upload.mockResolvedValue({ id: 'partner', version: '1.1.0', active: true, enabled: true, signer: '合作伙伴公司' });
    await renderList();
    const file = new File([new Uint8Array([0x1f, 0x8b, 8])], 'partner-1.1.0.tgz', { type: 'application/gzip' });
    fireEvent.change(screen.getByTestId('plugin-upload-input'), { target: { files: [file] } });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const [url, form] = upload.mock.calls[0] as [unknown, FormData];
    expect(url).toBe(pluginAdminCalls.install);
    expect(form.get('activate')).toBe('1');
    expect((form.get('file') as File).name).toBe('partner-1.1.0.tgz');
    await waitFor(() =>
      expect(Message.success).toHaveBeenCalledWith(
        '已安装插件「partner」1.1.0，并已启用该版本（发布者：合作伙伴公司）',
      ),
    );
    await waitFor(() => expect(bodiesOf(pluginAdminCalls.page)).toHaveLength(2));
  });

  it('says what an install did to a disabled plugin: the new version active, the plugin still off', async () => {
    upload.mockResolvedValue({ id: 'legacy', version: '2.0.0', active: true, enabled: false, signer: 'A' });
    await renderList();
    const file = new File([new Uint8Array([0x1f, 0x8b, 8])], 'legacy-2.0.0.tgz', { type: 'application/gzip' });
    fireEvent.change(screen.getByTestId('plugin-upload-input'), { target: { files: [file] } });
    await waitFor(() =>
      expect(Message.success).toHaveBeenCalledWith(
        '已安装插件「legacy」2.0.0，并已设为当前版本；插件处于停用状态，门户不加载它，启用插件后生效（发布者：A）',
      ),
    );
    upload.mockResolvedValue({ id: 'legacy', version: '2.1.0', active: false, enabled: false, signer: null });
    fireEvent.change(screen.getByTestId('plugin-upload-input'), { target: { files: [file] } });
    // Installed unsigned (PLUGIN_SIGNATURES=optional): said as a warning.
    await waitFor(() =>
      expect(Message.warning).toHaveBeenCalledWith(
        expect.objectContaining({
          content:
            '已安装插件「legacy」2.1.0，当前版本不变，可在「版本」中切换到该版本。该安装包未签名（或签名者不在发布者密钥中），列表中标记为未签名',
        }),
      ),
    );
  });

  it('marks an uploaded plugin installed without a trusted signature 未签名, names the signer of the others', async () => {
    await renderList();
    const rowOf = (id: string) => screen.getByText(id, { selector: 'td *' }).closest('tr')!;
    await waitFor(() => expect(within(rowOf('legacy')).getByText('未签名')).toBeTruthy());
    expect(within(rowOf('partner')).getByText('合作伙伴公司')).toBeTruthy();
    expect(within(rowOf('partner')).queryByText('未签名')).toBeNull();
    expect(within(rowOf('warehouse')).queryByText('未签名')).toBeNull();
  });

  it('shows the trusted publisher keys and adds one with its name and the .pub text', async () => {
    const pem =
      '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA3o8ZgxOjOAmZ0x+4LcDtM0Ls0QFfbcmEjPQtb7sXfJ4=\n-----END PUBLIC KEY-----';
    const keys = [
      {
        keyId: '0123456789abcdef0123456789abcdef',
        name: '合作伙伴公司',
        publicKey: pem,
        addedBy: 'admin',
        addedAt: '2026-11-25T09:00:00+08:00',
      },
    ];
    post.mockImplementation(async (url: unknown) => {
      if (url === pluginAdminCalls.page)
        return { pagination: { result: ROWS, totalCount: 3, pageNum: 1, pageSize: 10 } };
      if (url === pluginAdminCalls.publisherKeys) return { keys };
      if (url === pluginAdminCalls.addPublisherKey)
        return { keyId: 'fedcba9876543210fedcba9876543210', name: '第二家' };
      return {};
    });
    await renderList();
    await user.click(screen.getByTestId('plugin-keys'));
    const drawer = await screen.findByTestId('plugin-keys-drawer');
    await waitFor(() => expect(within(drawer).getByText('0123456789abcdef0123456789abcdef')).toBeTruthy());
    expect(within(drawer).getByText('合作伙伴公司')).toBeTruthy();
    await user.type(within(drawer).getByLabelText('名称'), '第二家');
    fireEvent.change(within(drawer).getByLabelText('公钥'), { target: { value: pem } });
    await user.click(within(drawer).getByTestId('plugin-key-add'));
    await waitFor(() =>
      expect(bodiesOf(pluginAdminCalls.addPublisherKey)).toEqual([{ name: '第二家', publicKey: pem }]),
    );
    expect(Message.success).toHaveBeenCalledWith('已添加发布者密钥「第二家」');
    await waitFor(() => expect(bodiesOf(pluginAdminCalls.publisherKeys)).toHaveLength(2));
  });

  it('offers adding and removing keys only to holders of system:plugin:manage', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === pluginAdminCalls.page)
        return { pagination: { result: ROWS, totalCount: 3, pageNum: 1, pageSize: 10 } };
      if (url === pluginAdminCalls.publisherKeys) {
        return {
          keys: [
            {
              keyId: '0123456789abcdef0123456789abcdef',
              name: 'A',
              publicKey: 'x',
              addedBy: null,
              addedAt: '2026-11-25T09:00:00+08:00',
            },
          ],
        };
      }
      return {};
    });
    setSession({ token: 't', permissions: ['system:plugin:list'] });
    await renderList();
    await user.click(screen.getByTestId('plugin-keys'));
    const drawer = await screen.findByTestId('plugin-keys-drawer');
    await waitFor(() => expect(within(drawer).getByText('0123456789abcdef0123456789abcdef')).toBeTruthy());
    expect(within(drawer).queryByTestId('plugin-key-add')).toBeNull();
    expect(within(drawer).queryByTestId('plugin-key-remove-0123456789abcdef0123456789abcdef')).toBeNull();
  });

  it('shows the server’s refusal of an archive', async () => {
    upload.mockRejectedValue(new ApiError('400', '插件「partner」的版本 1.0.0 已安装，请提高版本号后重新构建'));
    await renderList();
    await user.click(screen.getByTestId('plugin-upload-activate'));
    const file = new File(['x'], 'partner-1.0.0.tgz');
    fireEvent.change(screen.getByTestId('plugin-upload-input'), { target: { files: [file] } });
    await waitFor(() =>
      expect(Message.error).toHaveBeenCalledWith(
        expect.objectContaining({ content: '插件「partner」的版本 1.0.0 已安装，请提高版本号后重新构建' }),
      ),
    );
    expect((upload.mock.calls[0] as [string, FormData])[1].get('activate')).toBe('0');
  });

  it('shows the versions and upgrades to a newer one after confirmation', async () => {
    await renderList();
    await user.click(screen.getByTestId('plugin-versions-partner'));
    const drawer = within(await screen.findByTestId('plugin-versions'));
    expect(await drawer.findByText('当前版本')).toBeInTheDocument();
    expect(bodiesOf(pluginAdminCalls.versions)).toEqual([{ id: 'partner' }]);
    await user.click(drawer.getByTestId('plugin-activate-1.1.0'));
    expect(drawer.getByTestId('plugin-activate-1.1.0')).toHaveTextContent('升级到此版本');
    await confirm();
    await waitFor(() => expect(bodiesOf(pluginAdminCalls.activate)).toEqual([{ id: 'partner', version: '1.1.0' }]));
    expect(Message.success).toHaveBeenCalledWith('插件「partner」已切换到版本 1.1.0');
  }, 20_000);

  it('says so when the version switched to belongs to a disabled plugin', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === pluginAdminCalls.page)
        return { pagination: { result: ROWS, totalCount: 3, pageNum: 1, pageSize: 10 } };
      if (url === pluginAdminCalls.versions) return VERSIONS;
      return { id: 'partner', version: '1.1.0', enabled: false };
    });
    await renderList();
    await user.click(screen.getByTestId('plugin-versions-partner'));
    const drawer = within(await screen.findByTestId('plugin-versions'));
    await user.click(await drawer.findByTestId('plugin-activate-1.1.0'));
    await confirm();
    await waitFor(() =>
      expect(Message.success).toHaveBeenCalledWith(
        '插件「partner」已切换到版本 1.1.0；插件处于停用状态，启用插件后生效',
      ),
    );
  }, 20_000);

  it('disables after confirmation, enables at once, and shows why an uninstall is refused', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === pluginAdminCalls.page)
        return { pagination: { result: ROWS, totalCount: 3, pageNum: 1, pageSize: 10 } };
      if (url === pluginAdminCalls.uninstall) {
        throw new ApiError('400', '插件「partner」仍被菜单「合作伙伴」使用，请先在菜单管理中修改或删除这些菜单');
      }
      return { id: 'x', version: '1.0.0', enabled: true };
    });
    await renderList();
    await user.click(screen.getByTestId('plugin-disable-partner'));
    await confirm();
    await waitFor(() => expect(bodiesOf(pluginAdminCalls.disable)).toEqual([{ id: 'partner' }]));
    await user.click(screen.getByTestId('plugin-enable-legacy'));
    await waitFor(() => expect(bodiesOf(pluginAdminCalls.enable)).toEqual([{ id: 'legacy' }]));
    await user.click(screen.getByTestId('plugin-uninstall-partner'));
    await confirm();
    await waitFor(() =>
      expect(Message.error).toHaveBeenCalledWith(
        expect.objectContaining({
          content: '插件「partner」仍被菜单「合作伙伴」使用，请先在菜单管理中修改或删除这些菜单',
        }),
      ),
    );
  });

  it('warns, naming them, of the menus a disabled plugin leaves unusable', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === pluginAdminCalls.page)
        return { pagination: { result: ROWS, totalCount: 3, pageNum: 1, pageSize: 10 } };
      return { id: 'partner', version: '1.0.0', enabled: false, menus: ['合作伙伴', '伙伴报表'] };
    });
    await renderList();
    await user.click(screen.getByTestId('plugin-disable-partner'));
    await confirm();
    await waitFor(() =>
      expect(Message.warning).toHaveBeenCalledWith(
        expect.objectContaining({
          content:
            '已停用插件「partner」。菜单「合作伙伴」「伙伴报表」显示该插件的页面，重新启用前无法打开，可在菜单管理中隐藏或修改这些菜单',
        }),
      ),
    );
    expect(Message.success).not.toHaveBeenCalled();
  });

  it('hides upload and management without their permissions', async () => {
    setSession({ token: 't', permissions: ['system:plugin:list'] });
    await renderList();
    expect(screen.queryByTestId('plugin-upload')).toBeNull();
    expect(screen.queryByTestId('plugin-disable-partner')).toBeNull();
    expect(screen.queryByTestId('plugin-uninstall-partner')).toBeNull();
    expect(screen.getByTestId('plugin-versions-partner')).toBeInTheDocument();
    expect(screen.queryByTestId('list-export')).toBeNull();
  });

  it('exports the selected plugins, named by id, as 插件列表.xlsx', async () => {
    await renderList();
    await user.click(screen.getByText('旧插件').closest('tr')!.querySelector<HTMLElement>('.arco-checkbox')!);
    await user.click(screen.getByTestId('list-export'));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [call, body, filename] = download.mock.calls[0] as [unknown, unknown, string];
    expect(call).toBe(pluginAdminCalls.export);
    expect(body).toMatchObject({ sort: { field: 'id', order: 'asc' }, selections: 'legacy' });
    expect(filename).toBe('插件列表.xlsx');
  });
});

describe('PluginList 插件数据', () => {
  const KEPT = [
    { id: 'partner', installed: true, tables: [{ name: 'visit', label: '拜访记录', rows: 12 }] },
    {
      id: 'qc-records',
      installed: false,
      tables: [
        { name: 'inspection', label: '质检记录', rows: 1234 },
        { name: 'sample', label: '样品', rows: 0 },
      ],
    },
  ];
  let kept = KEPT;
  let purge: (body: { id: string; confirm: string }) => unknown;

  beforeEach(() => {
    kept = KEPT;
    purge = ({ id }) => {
      kept = KEPT.filter((plugin) => plugin.id !== id);
      return { id, tables: 2 };
    };
    post.mockImplementation(async (url: unknown, body: unknown) => {
      if (url === pluginAdminCalls.page)
        return { pagination: { result: ROWS, totalCount: 3, pageNum: 1, pageSize: 10 } };
      if (url === pluginDataCalls.list) return { plugins: kept };
      if (url === pluginDataCalls.purge) return purge(body as { id: string; confirm: string });
      return {};
    });
  });

  /**
   * Opens 清除数据's dialog and waits for Arco's Modal to take the focus to its wrapper (a timer
   * after it opens, for Esc): typing before that loses the characters typed when it fires.
   */
  async function openPurge(drawer: ReturnType<typeof within>, id: string) {
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    await user.click(drawer.getByTestId(`plugin-purge-${id}`));
    await waitFor(() =>
      expect(
        focus.mock.contexts.some((element) => (element as HTMLElement).classList.contains('arco-modal-wrapper')),
      ).toBe(true),
    );
    focus.mockRestore();
    return within(await screen.findByTestId('plugin-purge-dialog'));
  }

  /**
   * Puts `text` into the dialog's confirm box at once. Typed key by key, the characters were
   * sometimes lost on a loaded machine: in jsdom the drawer's focus lock takes the focus back
   * from the dialog opened over it (a flaky test in CI, twice); a real browser is checked end
   * to end (plugin-data.spec.ts).
   */
  function typeConfirm(dialog: ReturnType<typeof within>, text: string) {
    fireEvent.change(dialog.getByTestId('plugin-purge-confirm'), { target: { value: text } });
  }

  async function openData() {
    await renderList();
    await user.click(screen.getByTestId('plugin-data'));
    const drawer = await screen.findByTestId('plugin-data-drawer');
    await within(drawer).findByText('质检记录（inspection）：1,234 条');
    return within(drawer);
  }

  it('lists what each plugin keeps, installed or uninstalled, with its tables’ labels and rows', async () => {
    const drawer = await openData();
    const rowOf = (id: string) => within(drawer.getByText(id, { selector: 'td *' }).closest('tr')!);
    expect(rowOf('partner').getByText('已安装')).toBeTruthy();
    expect(rowOf('partner').getByText('拜访记录（visit）：12 条')).toBeTruthy();
    expect(rowOf('qc-records').getByText('已卸载')).toBeTruthy();
    expect(rowOf('qc-records').getByText('样品（sample）：0 条')).toBeTruthy();
    // An installed plugin's data cannot be cleared: uninstall it first.
    expect(drawer.getByTestId('plugin-purge-partner')).toBeDisabled();
    expect(drawer.getByTestId('plugin-purge-qc-records')).toBeEnabled();
  });

  it('clears an uninstalled plugin’s data once its id is typed, then lists what is left', async () => {
    const drawer = await openData();
    const dialog = await openPurge(drawer, 'qc-records');
    expect(
      dialog.getByText(
        '将永久删除插件「qc-records」的 2 个数据表：质检记录（inspection）：1,234 条；样品（sample）：0 条。删除后无法恢复，并记入操作日志。',
      ),
    ).toBeTruthy();
    const ok = screen.getByTestId('plugin-purge-ok');
    expect(ok).toBeDisabled();
    // Another text is refused here, before any call.
    typeConfirm(dialog, 'qc');
    await user.click(ok);
    expect(await dialog.findByText('请输入插件标识以确认清除数据')).toBeTruthy();
    expect(bodiesOf(pluginDataCalls.purge)).toEqual([]);
    typeConfirm(dialog, 'qc-records');
    await user.click(ok);
    await waitFor(() => expect(bodiesOf(pluginDataCalls.purge)).toEqual([{ id: 'qc-records', confirm: 'qc-records' }]));
    expect(Message.success).toHaveBeenCalledWith('已清除插件「qc-records」的数据（2 个数据表）');
    await waitFor(() => expect(drawer.queryByText('质检记录（inspection）：1,234 条')).toBeNull());
    expect(bodiesOf(pluginDataCalls.list)).toHaveLength(2);
    expect(drawer.getByText('拜访记录（visit）：12 条')).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog', async () => {
    purge = () => {
      throw new ApiError('400', '插件「qc-records」仍已安装：请先卸载插件，再清除它的数据');
    };
    const drawer = await openData();
    const dialog = await openPurge(drawer, 'qc-records');
    typeConfirm(dialog, 'qc-records');
    await user.click(screen.getByTestId('plugin-purge-ok'));
    expect(await screen.findByTestId('plugin-purge-error')).toHaveTextContent(
      '插件「qc-records」仍已安装：请先卸载插件，再清除它的数据',
    );
    expect(Message.success).not.toHaveBeenCalled();
    expect(screen.getByTestId('plugin-purge-dialog')).toBeInTheDocument();
  });

  it('shows the data but offers 清除数据 only to holders of system:plugin:manage', async () => {
    setSession({ token: 't', permissions: ['system:plugin:list'] });
    const drawer = await openData();
    expect(drawer.getByText('拜访记录（visit）：12 条')).toBeTruthy();
    expect(drawer.queryByTestId('plugin-purge-qc-records')).toBeNull();
  });
});
