import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Drawer, Input, Message, Popconfirm, Space, Table } from '@arco-design/web-react';
import { IconSafe } from '@arco-design/web-react/icon';
import { Authorized, dash, fillText, formatDate, toApiError, useTabDrawer } from '@cotton/sdk';
import type { PublisherKeyRow } from '@cotton/sdk/contracts';
import { pluginAdminCodes } from '@cotton/sdk/calls';
import { addPublisherKey, publisherKeys, removePublisherKey } from '../../../api';
import type { PluginListLocale } from '../locale/zh-CN';

export interface PublisherKeysButtonProps {
  t: PluginListLocale;
}

function showFailure(failure: unknown) {
  const apiError = toApiError(failure);
  if (!apiError.handled) Message.error({ content: apiError.message, duration: 8000, closable: true });
}

/**
 * 发布者密钥 (docs/plugins.md "Signatures"): the Ed25519 public keys whose signatures the
 * install trusts. Everyone on the page sees them; adding and removing one needs
 * `system:plugin:manage` (the server checks, and records it in 操作日志).
 */
export function PublisherKeysButton({ t }: PublisherKeysButtonProps) {
  const [open, setOpen] = useState(false);
  const [keys, setKeys] = useState<PublisherKeyRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [name, setName] = useState('');
  const [pem, setPem] = useState('');
  const [busy, setBusy] = useState(false);
  const tabDrawer = useTabDrawer();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setKeys((await publisherKeys()).keys);
    } catch (failure) {
      showFailure(failure);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  async function add() {
    setBusy(true);
    try {
      const added = await addPublisherKey(name.trim(), pem.trim());
      Message.success(fillText(t['pluginList.keys.added'], { name: added.name }));
      setName('');
      setPem('');
      await load();
    } catch (failure) {
      showFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  async function remove(row: PublisherKeyRow) {
    try {
      await removePublisherKey(row.keyId);
      Message.success(fillText(t['pluginList.keys.removed'], { name: row.name }));
      await load();
    } catch (failure) {
      showFailure(failure);
    }
  }

  const columns = [
    { title: t['pluginList.keys.name'], dataIndex: 'name', width: 140 },
    { title: t['pluginList.keys.keyId'], dataIndex: 'keyId', width: 290 },
    {
      title: t['pluginList.keys.addedBy'],
      dataIndex: 'addedBy',
      width: 90,
      render: (_: unknown, row: PublisherKeyRow) => dash(row.addedBy),
    },
    {
      title: t['pluginList.keys.addedAt'],
      dataIndex: 'addedAt',
      width: 170,
      render: (_: unknown, row: PublisherKeyRow) => formatDate(row.addedAt, 'YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t['pluginList.keys.actions'],
      dataIndex: 'keyId',
      key: 'actions',
      width: 80,
      render: (_: unknown, row: PublisherKeyRow) => (
        <Authorized code={pluginAdminCodes.manage}>
          <Popconfirm title={fillText(t['pluginList.keys.confirmRemove'], { name: row.name })} onOk={() => remove(row)}>
            <Button type="text" status="danger" size="small" data-testid={`plugin-key-remove-${row.keyId}`}>
              {t['pluginList.keys.remove']}
            </Button>
          </Popconfirm>
        </Authorized>
      ),
    },
  ];

  return (
    <>
      <Button icon={<IconSafe />} onClick={() => setOpen(true)} data-testid="plugin-keys">
        {t['pluginList.keys.button']}
      </Button>
      <Drawer
        {...tabDrawer}
        width={860}
        visible={open}
        title={t['pluginList.keys.title']}
        footer={null}
        onCancel={() => setOpen(false)}
        unmountOnExit
      >
        <div data-testid="plugin-keys-drawer">
          <Alert type="info" content={t['pluginList.keys.intro']} style={{ marginBottom: 12 }} />
          <Table<PublisherKeyRow>
            rowKey="keyId"
            loading={loading}
            columns={columns}
            data={keys}
            pagination={false}
            border={false}
            noDataElement={t['pluginList.keys.empty']}
          />
          <Authorized code={pluginAdminCodes.manage}>
            <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
              <Input
                value={name}
                onChange={setName}
                maxLength={32}
                placeholder={t['pluginList.keys.namePlaceholder']}
                aria-label={t['pluginList.keys.name']}
              />
              <Input.TextArea
                value={pem}
                onChange={setPem}
                maxLength={400}
                autoSize={{ minRows: 3, maxRows: 6 }}
                placeholder={t['pluginList.keys.pemPlaceholder']}
                aria-label={t['pluginList.keys.pem']}
              />
              <Button
                type="primary"
                loading={busy}
                disabled={name.trim() === '' || pem.trim() === ''}
                onClick={() => void add()}
                data-testid="plugin-key-add"
              >
                {t['pluginList.keys.add']}
              </Button>
            </Space>
          </Authorized>
        </div>
      </Drawer>
    </>
  );
}
