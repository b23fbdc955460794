import { Tag, Tooltip } from '@arco-design/web-react';
import { EllipsisText } from '@cotton/sdk';
import type { AdminColumn } from '@cotton/sdk';
import type { AdminPluginRow } from '@cotton/sdk/contracts';
import { enabledOptions, sourceOptions } from './fields';
import type { PluginListLocale } from './locale/zh-CN';

/** 签名: the trusted publisher's name, 未签名 (orange) for an uploaded version without one, — for a bundled plugin. */
export function signerTag(t: PluginListLocale, source: AdminPluginRow['source'], signer: string | null) {
  if (signer) return <Tag color="green">{signer}</Tag>;
  if (source === 'bundled') return '—';
  return (
    <Tooltip content={t['pluginList.signer.unsignedHint']}>
      <Tag color="orange" data-testid="plugin-unsigned">
        {t['pluginList.signer.unsigned']}
      </Tag>
    </Tooltip>
  );
}

/**
 * The columns, with 查询 (标识, 来源, 状态) and 高级查询 (标识, 版本, 来源, 状态, 更新时间). 来源 (an
 * uncoloured tag for 内置) and 状态 (`enabled` is a boolean, its options `1` / `0`) draw their own
 * tags. Sortable: 插件标识, 当前版本, 更新时间 (the server's allow-list for getPluginPage).
 */
export function getPluginColumns(t: PluginListLocale): AdminColumn<AdminPluginRow>[] {
  return [
    { title: t['pluginList.fields.id'], dataIndex: 'id', sortable: true, width: 140, search: 'text', query: 'text' },
    { title: t['pluginList.fields.title'], dataIndex: 'title', width: 140 },
    { title: t['pluginList.fields.version'], dataIndex: 'version', sortable: true, width: 110, query: 'text' },
    {
      title: t['pluginList.fields.source'],
      dataIndex: 'source',
      width: 80,
      options: sourceOptions(t),
      search: 'select',
      query: 'code',
      render: (_, row) =>
        row.source === 'bundled' ? (
          <Tag>{t['pluginList.source.bundled']}</Tag>
        ) : (
          <Tag color="arcoblue">{t['pluginList.source.external']}</Tag>
        ),
    },
    {
      title: t['pluginList.fields.enabled'],
      dataIndex: 'enabled',
      width: 90,
      options: enabledOptions(t),
      search: 'select',
      query: 'code',
      render: (_, row) =>
        row.enabled ? (
          <Tag color="green">{t['pluginList.status.enabled']}</Tag>
        ) : (
          <Tag color="gray">{t['pluginList.status.disabled']}</Tag>
        ),
    },
    {
      title: t['pluginList.fields.components'],
      dataIndex: 'components',
      width: 200,
      render: (_, row) => <EllipsisText text={row.components.join('、') || '—'} />,
    },
    {
      title: t['pluginList.fields.signer'],
      dataIndex: 'signer',
      width: 120,
      render: (_, row) => signerTag(t, row.source, row.signer),
    },
    { title: t['pluginList.fields.versionCount'], dataIndex: 'versionCount', width: 80 },
    {
      title: t['pluginList.fields.updateTime'],
      dataIndex: 'updateTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
  ];
}
