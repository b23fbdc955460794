import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Message, Modal, Space, Table, Tag, Tooltip } from '@arco-design/web-react';
import { IconStorage } from '@arco-design/web-react/icon';
import { Authorized, fillText, formatNumber, toApiError, useTabDrawer } from '@cotton/sdk';
import type { PluginDataTables } from '@cotton/sdk/contracts';
import { pluginAdminCodes } from '@cotton/sdk/calls';
import { pluginDataList, purgePluginData } from '../../../api';
import type { PluginListLocale } from '../locale/zh-CN';

export interface PluginDataButtonProps {
  t: PluginListLocale;
}

/** 质检记录（inspection）：3 条, for each table of a plugin. */
function tableLines(t: PluginListLocale, plugin: PluginDataTables): string[] {
  return plugin.tables.map((table) =>
    fillText(t['pluginList.data.table'], { label: table.label, name: table.name, rows: formatNumber(table.rows, 0) }),
  );
}

interface PurgeDialogProps {
  t: PluginListLocale;
  /** The plugin whose data is to go; null: closed. */
  plugin: PluginDataTables | null;
  onCancel: () => void;
  onPurged: () => void;
}

/**
 * 清除数据's confirmation: the tables that go, and the plugin's id typed again (the server
 * checks it too). What the server refuses (the plugin installed again meanwhile, nothing
 * left to clear) is shown in the dialog.
 */
function PurgeDialog({ t, plugin, onCancel, onPurged }: PurgeDialogProps) {
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const id = plugin?.id ?? '';

  useEffect(() => {
    setTyped('');
    setMismatch(false);
    setRefusal('');
  }, [id]);

  async function purge() {
    if (typed.trim() !== id) {
      setMismatch(true);
      return;
    }
    setBusy(true);
    setRefusal('');
    try {
      const purged = await purgePluginData(id, typed.trim());
      Message.success(fillText(t['pluginList.purge.done'], { id, count: purged.tables }));
      onPurged();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) setRefusal(apiError.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={fillText(t['pluginList.purge.title'], { id })}
      visible={plugin !== null}
      onCancel={onCancel}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={onCancel} disabled={busy}>
            {t['pluginList.purge.cancel']}
          </Button>
          <Button
            type="primary"
            status="danger"
            loading={busy}
            disabled={typed.trim() === ''}
            onClick={() => void purge()}
            data-testid="plugin-purge-ok"
          >
            {t['pluginList.purge.ok']}
          </Button>
        </Space>
      }
    >
      <div data-testid="plugin-purge-dialog">
        {plugin && (
          <Alert
            type="warning"
            style={{ marginBottom: 16 }}
            content={fillText(t['pluginList.purge.warning'], {
              id,
              count: plugin.tables.length,
              tables: tableLines(t, plugin).join('；'),
            })}
          />
        )}
        {refusal && (
          <Alert type="error" content={refusal} style={{ marginBottom: 16 }} data-testid="plugin-purge-error" />
        )}
        <Form layout="vertical">
          <Form.Item
            label={fillText(t['pluginList.purge.confirmLabel'], { id })}
            required
            validateStatus={mismatch ? 'error' : undefined}
            help={mismatch ? t['pluginList.purge.mismatch'] : undefined}
          >
            <Input
              value={typed}
              maxLength={64}
              onChange={(value) => {
                setTyped(value);
                setMismatch(false);
              }}
              onPressEnter={() => void purge()}
              placeholder={id}
              data-testid="plugin-purge-confirm"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

/**
 * 插件数据 (docs/plugins.md "Plugin data"): every plugin that keeps rows of its declared
 * entities, installed or uninstalled (uninstalling keeps them), with each table's rows; for an
 * uninstalled one, 清除数据 (`system:plugin:manage`, confirmed by typing the plugin's id; the
 * server refuses it while the plugin is installed and records it in 操作日志).
 */
export function PluginDataButton({ t }: PluginDataButtonProps) {
  const [open, setOpen] = useState(false);
  const [plugins, setPlugins] = useState<PluginDataTables[]>([]);
  const [loading, setLoading] = useState(false);
  const [purging, setPurging] = useState<PluginDataTables | null>(null);
  const tabDrawer = useTabDrawer();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setPlugins((await pluginDataList()).plugins);
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) Message.error({ content: apiError.message, duration: 8000, closable: true });
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const columns = [
    { title: t['pluginList.data.plugin'], dataIndex: 'id', width: 160 },
    {
      title: t['pluginList.data.state'],
      dataIndex: 'installed',
      width: 90,
      render: (_: unknown, row: PluginDataTables) =>
        row.installed ? (
          <Tag color="green">{t['pluginList.data.installed']}</Tag>
        ) : (
          <Tag color="gray">{t['pluginList.data.uninstalled']}</Tag>
        ),
    },
    {
      title: t['pluginList.data.tables'],
      dataIndex: 'tables',
      render: (_: unknown, row: PluginDataTables) => (
        <Space direction="vertical" size={2}>
          {tableLines(t, row).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </Space>
      ),
    },
    {
      title: t['pluginList.data.actions'],
      dataIndex: 'id',
      key: 'actions',
      width: 100,
      render: (_: unknown, row: PluginDataTables) => (
        <Authorized code={pluginAdminCodes.manage}>
          {row.installed ? (
            <Tooltip content={t['pluginList.purge.installedHint']}>
              <Button type="text" status="danger" size="small" disabled data-testid={`plugin-purge-${row.id}`}>
                {t['pluginList.purge.button']}
              </Button>
            </Tooltip>
          ) : (
            <Button
              type="text"
              status="danger"
              size="small"
              onClick={() => setPurging(row)}
              data-testid={`plugin-purge-${row.id}`}
            >
              {t['pluginList.purge.button']}
            </Button>
          )}
        </Authorized>
      ),
    },
  ];

  return (
    <>
      <Button icon={<IconStorage />} onClick={() => setOpen(true)} data-testid="plugin-data">
        {t['pluginList.data.button']}
      </Button>
      <Drawer
        {...tabDrawer}
        width={760}
        visible={open}
        title={t['pluginList.data.title']}
        footer={null}
        onCancel={() => setOpen(false)}
        unmountOnExit
      >
        <div data-testid="plugin-data-drawer">
          <Alert type="info" content={t['pluginList.data.intro']} style={{ marginBottom: 12 }} />
          <Table<PluginDataTables>
            rowKey="id"
            loading={loading}
            columns={columns}
            data={plugins}
            pagination={false}
            border={false}
            noDataElement={t['pluginList.data.empty']}
          />
        </div>
        <PurgeDialog
          t={t}
          plugin={purging}
          onCancel={() => setPurging(null)}
          onPurged={() => {
            setPurging(null);
            void load();
          }}
        />
      </Drawer>
    </>
  );
}
