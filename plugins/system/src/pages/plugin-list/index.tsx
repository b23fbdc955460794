import { useState } from 'react';
import { Message, Space } from '@arco-design/web-react';
import { AdminListPage, Authorized, adminColumns, fillText, toApiError } from '@cotton/sdk';
import type { AdminPageHandle, ListConfig } from '@cotton/sdk';
import type { AdminPluginRow } from '@cotton/sdk/contracts';
import { pluginAdminCalls, pluginAdminCodes } from '@cotton/sdk/calls';
import { setPluginEnabled, uninstallPlugin } from '../../api';
import { getPluginColumns } from './columns';
import { DevModeButton } from './components/DevModeButton';
import { PluginDataButton } from './components/PluginDataButton';
import { PublisherKeysButton } from './components/PublisherKeysButton';
import { UploadButton } from './components/UploadButton';
import { VersionsDrawer } from './components/VersionsDrawer';
import type { PluginFilters } from './fields';
import locale from './locale/zh-CN';

const t = locale;

interface PluginActions {
  /** 版本: the versions drawer. */
  versions: (row: AdminPluginRow) => void;
  enable: (row: AdminPluginRow) => Promise<void>;
  disable: (row: AdminPluginRow) => Promise<void>;
  uninstall: (row: AdminPluginRow) => Promise<void>;
}

function pluginList(actions: PluginActions): ListConfig<AdminPluginRow> {
  const manage = pluginAdminCodes.manage;
  return {
    rowKey: 'id',
    ...adminColumns(getPluginColumns(t)),
    calls: { list: pluginAdminCalls.page, export: pluginAdminCalls.export },
    permissions: { export: pluginAdminCodes.export },
    exportFileName: '插件列表.xlsx',
    rowActions: {
      actions: [
        { key: 'versions', label: t['pluginList.versions'], onClick: actions.versions },
        {
          key: 'disable',
          label: t['pluginList.disable'],
          permission: manage,
          visible: (row) => row.enabled,
          status: 'warning',
          confirm: (row) => fillText(t['pluginList.confirm.disable'], { id: row.id }),
          onClick: actions.disable,
        },
        {
          key: 'enable',
          label: t['pluginList.enable'],
          permission: manage,
          visible: (row) => !row.enabled,
          onClick: actions.enable,
        },
        {
          key: 'uninstall',
          label: t['pluginList.uninstall'],
          permission: manage,
          visible: (row) => row.source === 'external',
          danger: true,
          confirm: (row) => fillText(t['pluginList.confirm.uninstall'], { id: row.id }),
          onClick: actions.uninstall,
        },
      ],
      width: 200,
    },
    defaultSort: { field: 'id', order: 'asc' },
    storageKey: 'system-plugin-list',
  };
}

/** Runs a write, then `done` tells what it did and the list reloads; a refusal shows the server's message. */
async function run<T>(
  page: AdminPageHandle<AdminPluginRow, PluginFilters>,
  action: () => Promise<T>,
  done: (result: T) => void,
) {
  try {
    done(await action());
    void page.reload();
  } catch (failure) {
    const apiError = toApiError(failure);
    if (!apiError.handled) Message.error({ content: apiError.message, duration: 8000, closable: true });
  }
}

/** 停用 is never refused for its menus (the emergency switch); the menus it leaves unusable are named. */
function disabled(id: string, menus: string[]) {
  if (menus.length === 0) {
    Message.success(fillText(t['pluginList.disabled'], { id }));
    return;
  }
  const names = menus.map((name) => `「${name}」`).join('');
  Message.warning({
    content: fillText(t['pluginList.disabled.menus'], { id, menus: names }),
    duration: 10000,
    closable: true,
  });
}

/**
 * 系统管理 › 插件管理 (`/system/plugin`, `system:plugin:list`): the generic admin list over
 * /rest/plugin/getPluginPage with 上传插件 (`system:plugin:install`), 版本 (the versions
 * drawer: upgrade and roll back), 启用 / 停用 and 卸载 (`system:plugin:manage`), 发布者密钥, and
 * 插件数据 (what plugins keep, installed or not; 清除数据 of an uninstalled one). The server
 * refuses what is not allowed and says why; the page shows its message.
 */
export function PluginList() {
  const [shown, setShown] = useState<string | null>(null);
  return (
    <AdminListPage<AdminPluginRow, PluginFilters>
      title={t['pluginList.title']}
      testId="plugin"
      list={(page) =>
        pluginList({
          versions: (row) => setShown(row.id),
          enable: (row) =>
            run(
              page,
              () => setPluginEnabled(row.id, true),
              () => Message.success(fillText(t['pluginList.enabled'], { id: row.id })),
            ),
          disable: (row) =>
            run(
              page,
              () => setPluginEnabled(row.id, false),
              (changed) => disabled(row.id, changed.menus ?? []),
            ),
          uninstall: (row) =>
            run(
              page,
              () => uninstallPlugin(row.id),
              () => Message.success(fillText(t['pluginList.uninstalled'], { id: row.id })),
            ),
        })
      }
      toolbar={(page) => (
        <Space>
          <Authorized code={pluginAdminCodes.install}>
            <Space>
              <UploadButton t={t} onInstalled={() => void page.reload()} />
              <DevModeButton t={t} />
            </Space>
          </Authorized>
          <PublisherKeysButton t={t} />
          <PluginDataButton t={t} />
        </Space>
      )}
    >
      {(page) => (
        <VersionsDrawer t={t} pluginId={shown} onClose={() => setShown(null)} onChanged={() => void page.reload()} />
      )}
    </AdminListPage>
  );
}
