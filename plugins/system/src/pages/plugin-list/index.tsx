import { useState } from 'react';
import { Button, Message, Popconfirm, Space, Typography } from '@arco-design/web-react';
import { Authorized, createListStore, fillText, ListPage, toApiError } from '@cotton/sdk';
import type { AdminPluginRow } from '@cotton/sdk/contracts';
import { pluginAdminCalls, pluginAdminCodes } from '@cotton/sdk/calls';
import { setPluginEnabled, uninstallPlugin } from '../../api';
import { getPluginColumns } from './columns';
import { DevModeButton } from './components/DevModeButton';
import { UploadButton } from './components/UploadButton';
import { VersionsDrawer } from './components/VersionsDrawer';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { PluginFilters } from './fields';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

function createPluginStore() {
  const t = locale;
  return createListStore<AdminPluginRow, PluginFilters>({
    rowKey: 'id',
    columns: getPluginColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: { list: pluginAdminCalls.page, export: pluginAdminCalls.export },
    permissions: { export: pluginAdminCodes.export },
    exportFileName: '插件列表.xlsx',
    defaultSort: { field: 'id', order: 'asc' },
    storageKey: 'system-plugin-list',
  });
}

/**
 * 系统管理 › 插件管理 (`/system/plugin`, `system:plugin:list`): the generic admin list over
 * /rest/plugin/getPluginPage with 上传插件 (`system:plugin:install`), 版本 (the versions
 * drawer: upgrade and roll back), 启用 / 停用 and 卸载 (`system:plugin:manage`). The server
 * refuses what is not allowed and says why; the page shows its message.
 */
export function PluginList() {
  const t = locale;
  const [store] = useState(createPluginStore);
  const [shown, setShown] = useState<string | null>(null);

  /** Runs a write, then `done` tells what it did; a refusal shows the server's message. */
  async function run<T>(action: () => Promise<T>, done: (result: T) => void) {
    try {
      done(await action());
      void store.load();
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

  const rowActions = (row: AdminPluginRow) => (
    <Space size={4}>
      <Button type="text" size="small" data-testid={`plugin-versions-${row.id}`} onClick={() => setShown(row.id)}>
        {t['pluginList.versions']}
      </Button>
      <Authorized code={pluginAdminCodes.manage}>
        {row.enabled ? (
          <Popconfirm
            title={fillText(t['pluginList.confirm.disable'], { id: row.id })}
            onOk={() =>
              run(
                () => setPluginEnabled(row.id, false),
                (changed) => disabled(row.id, changed.menus ?? []),
              )
            }
          >
            <Button type="text" size="small" status="warning" data-testid={`plugin-disable-${row.id}`}>
              {t['pluginList.disable']}
            </Button>
          </Popconfirm>
        ) : (
          <Button
            type="text"
            size="small"
            data-testid={`plugin-enable-${row.id}`}
            onClick={() =>
              run(
                () => setPluginEnabled(row.id, true),
                () => Message.success(fillText(t['pluginList.enabled'], { id: row.id })),
              )
            }
          >
            {t['pluginList.enable']}
          </Button>
        )}
        {row.source === 'external' && (
          <Popconfirm
            title={fillText(t['pluginList.confirm.uninstall'], { id: row.id })}
            okButtonProps={{ status: 'danger' }}
            onOk={() =>
              run(
                () => uninstallPlugin(row.id),
                () => Message.success(fillText(t['pluginList.uninstalled'], { id: row.id })),
              )
            }
          >
            <Button type="text" size="small" status="danger" data-testid={`plugin-uninstall-${row.id}`}>
              {t['pluginList.uninstall']}
            </Button>
          </Popconfirm>
        )}
      </Authorized>
    </Space>
  );

  return (
    <div className={styles.container} data-testid="plugin-list">
      <ListPage<AdminPluginRow, PluginFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['pluginList.title']}
          </Typography.Title>
        }
        toolbar={
          <Authorized code={pluginAdminCodes.install}>
            <Space>
              <UploadButton t={t} onInstalled={() => void store.load()} />
              <DevModeButton t={t} />
            </Space>
          </Authorized>
        }
        rowActions={rowActions}
        rowActionsWidth={200}
      />
      <VersionsDrawer t={t} pluginId={shown} onClose={() => setShown(null)} onChanged={() => void store.load()} />
    </div>
  );
}
