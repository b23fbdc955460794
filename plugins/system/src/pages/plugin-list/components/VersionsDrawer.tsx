import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Drawer, Message, Popconfirm, Table, Tag } from '@arco-design/web-react';
import { Authorized, dash, fillText, formatDate, toApiError, useTabDrawer } from '@cotton/sdk';
import { compareVersions } from '@cotton/sdk/validators';
import type { AdminPluginVersionRow, AdminPluginVersions } from '@cotton/sdk/contracts';
import { pluginAdminCodes } from '@cotton/sdk/calls';
import { activatePluginVersion, pluginVersions } from '../../../api';
import { signerTag } from '../columns';
import { formatSize } from '../fields';
import type { PluginListLocale } from '../locale/zh-CN';

export interface VersionsDrawerProps {
  t: PluginListLocale;
  /** The plugin shown; null: closed. */
  pluginId: string | null;
  onClose: () => void;
  /** After a switch of version: the list reloads. */
  onChanged: () => void;
}

/** 版本: every installed version of a plugin; 升级 / 回滚 makes another one the active version. */
export function VersionsDrawer({ t, pluginId, onClose, onChanged }: VersionsDrawerProps) {
  const [data, setData] = useState<AdminPluginVersions | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (id: string) => {
    setLoading(true);
    try {
      setData(await pluginVersions(id));
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) Message.error(apiError.message);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    setData(null);
    if (pluginId) void load(pluginId);
  }, [pluginId, load]);

  async function activate(row: AdminPluginVersionRow) {
    if (!pluginId) return;
    try {
      const changed = await activatePluginVersion(pluginId, row.version);
      const done = changed.enabled ? 'pluginList.drawer.switched' : 'pluginList.drawer.switchedDisabled';
      Message.success(fillText(t[done], { id: pluginId, version: row.version }));
      onChanged();
      await load(pluginId);
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) Message.error({ content: apiError.message, duration: 8000, closable: true });
    }
  }

  const active = data?.versions.find((row) => row.active)?.version ?? '';
  const columns = [
    { title: t['pluginList.drawer.version'], dataIndex: 'version', width: 110 },
    { title: t['pluginList.drawer.sdkVersion'], dataIndex: 'sdkVersion', width: 80 },
    {
      title: t['pluginList.drawer.installedAt'],
      dataIndex: 'installedAt',
      width: 170,
      render: (_: unknown, row: AdminPluginVersionRow) => formatDate(row.installedAt, 'YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t['pluginList.drawer.installedBy'],
      dataIndex: 'installedBy',
      width: 100,
      render: (_: unknown, row: AdminPluginVersionRow) => dash(row.installedBy),
    },
    {
      title: t['pluginList.drawer.signer'],
      dataIndex: 'signer',
      width: 110,
      render: (_: unknown, row: AdminPluginVersionRow) => signerTag(t, data?.source ?? 'external', row.signer),
    },
    { title: t['pluginList.drawer.files'], dataIndex: 'fileCount', width: 60 },
    {
      title: t['pluginList.drawer.size'],
      dataIndex: 'size',
      width: 90,
      render: (_: unknown, row: AdminPluginVersionRow) => (row.size > 0 ? formatSize(row.size) : '—'),
    },
    {
      title: t['pluginList.drawer.state'],
      dataIndex: 'active',
      width: 150,
      render: (_: unknown, row: AdminPluginVersionRow) =>
        row.active ? (
          <Tag color="green">{t['pluginList.drawer.active']}</Tag>
        ) : (
          <Authorized code={pluginAdminCodes.manage}>
            <Popconfirm
              title={fillText(t['pluginList.drawer.confirm'], { id: pluginId ?? '', version: row.version })}
              onOk={() => activate(row)}
            >
              <Button type="text" size="small" data-testid={`plugin-activate-${row.version}`}>
                {compareVersions(row.version, active) > 0
                  ? t['pluginList.drawer.upgrade']
                  : t['pluginList.drawer.rollback']}
              </Button>
            </Popconfirm>
          </Authorized>
        ),
    },
  ];

  // A drawer of the page belongs to its tab (kept open, as left, when switching tabs and back).
  const tabDrawer = useTabDrawer();
  return (
    <Drawer
      {...tabDrawer}
      width={920}
      visible={pluginId !== null}
      title={fillText(t['pluginList.drawer.title'], { id: pluginId ?? '' })}
      footer={null}
      onCancel={onClose}
      unmountOnExit
    >
      <div data-testid="plugin-versions">
        {data?.source === 'bundled' && <Alert type="info" content={t['pluginList.drawer.bundledHint']} />}
        <Table<AdminPluginVersionRow>
          rowKey="version"
          loading={loading}
          columns={columns}
          data={data?.versions ?? []}
          pagination={false}
          border={false}
        />
      </div>
    </Drawer>
  );
}
