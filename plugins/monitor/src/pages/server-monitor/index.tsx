import {
  Alert,
  Badge,
  Button,
  Card,
  Descriptions,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import type { ServerProcess } from '@cotton/sdk/contracts';
import { formatDate, useQuery } from '@cotton/sdk';
import { useEffect, useRef } from 'react';
import { getServerInfo } from '../../api';
import { formatBytes, formatDuration } from './format';
import t from './locale/zh-CN';
import styles from './style/index.module.css';

/** How often the figures are read again while the page is in view. */
export const REFRESH_MS = 5_000;

const time = (iso: string | null) => (iso ? formatDate(iso, 'YYYY-MM-DD HH:mm:ss') : '—');

function indexText(process: ServerProcess): string {
  const index = process.searchIndex;
  if (!index || index.rows === null) return index?.building ? t.indexBuilding : t.indexNone;
  let built = `${index.rows} ${t.indexRows}，${t.indexVersion} ${index.version ?? '—'}，${t.indexBuiltAt} ${time(index.builtAt)}`;
  if (index.rebuilds !== undefined && index.updates !== undefined) {
    built += `；${t.indexRebuilds} ${index.rebuilds} ${t.indexTimes}，${t.indexUpdates} ${index.updates} ${t.indexTimes}`;
    if (index.updatedAt) built += `，${t.indexUpdatedAt} ${time(index.updatedAt)}`;
  }
  return index.building ? `${built}（${t.indexBuilding}）` : built;
}

const columns: TableColumnProps<ServerProcess>[] = [
  {
    title: t.process,
    width: 160,
    render: (_, row) => (
      <Space size={4} wrap={false}>
        <span>{row.role}</span>
        {row.current ? <Tag size="small">{t.current}</Tag> : null}
      </Space>
    ),
  },
  { title: t.hostname, dataIndex: 'host' },
  { title: t.pid, dataIndex: 'pid' },
  {
    title: t.status,
    render: (_, row) => (row.lost ? <Badge status="error" text={t.lost} /> : <Badge status="success" text={t.alive} />),
  },
  { title: t.uptime, render: (_, row) => formatDuration(row.uptimeSeconds) },
  { title: t.rss, render: (_, row) => formatBytes(row.rssBytes) },
  { title: t.heap, render: (_, row) => `${formatBytes(row.heapUsedBytes)} / ${formatBytes(row.heapTotalBytes)}` },
  {
    title: t.eventLoop,
    render: (_, row) => (row.eventLoopDelayMs === null ? '—' : `${row.eventLoopDelayMs.toFixed(1)} ms`),
  },
  { title: t.nodeVersion, dataIndex: 'nodeVersion' },
  // The one column of sentences: it wraps, at words.
  { title: t.index, width: 280, render: (_, row) => <span className={styles.sentence}>{indexText(row)}</span> },
  { title: t.beat, render: (_, row) => time(row.beatAt) },
];

/** Each heading and figure on one line (the index's sentence wraps, at words). */
const oneLineColumns: TableColumnProps<ServerProcess>[] = columns.map((column) => ({
  ...column,
  title: <span className={styles.oneLine}>{column.title as string}</span>,
  render:
    column.title === t.index
      ? column.render
      : (value: unknown, row: ServerProcess, index: number) => (
          <span className={styles.oneLine}>
            {column.render ? column.render(value, row, index) : String(value ?? '')}
          </span>
        ),
}));

/**
 * 系统管理 › 系统监控 (`/system/monitor`, `system:monitor:view`): the host, every server process
 * (from the heartbeats they write: a request reaches one process only), the database and each
 * process's receipt search index. Read again every few seconds while the page is in view (not in
 * a background tab of the workspace, nor of the browser).
 */
export function ServerMonitor() {
  const page = useRef<HTMLDivElement>(null);
  // Silent: a failing refresh every few seconds is told once, on the page, not in a toast each time.
  const { data, loading, error, reload } = useQuery(() => getServerInfo(), [], { silent: true });

  useEffect(() => {
    const timer = window.setInterval(() => {
      const shown = document.visibilityState === 'visible' && !page.current?.closest('[hidden]');
      if (shown) reload();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [reload]);

  const database = data?.database;
  const host = data?.host;
  return (
    <div className={styles.page} ref={page} data-testid="server-monitor">
      <Typography.Title heading={5} className={styles.title}>
        {t.title}
      </Typography.Title>
      <div className={styles.toolbar}>
        <Button onClick={reload} loading={loading} data-testid="monitor-refresh">
          {t.refresh}
        </Button>
        <span>{t.autoRefresh}</span>
        {data ? (
          <span>
            {t.readAt}：{time(data.readAt)}
          </span>
        ) : null}
      </div>
      {error && !error.handled ? <Alert type="error" content={error.message} data-testid="monitor-error" /> : null}
      <div className={styles.cards}>
        <Card title={t.host} data-testid="monitor-host">
          {host ? (
            <Descriptions
              column={1}
              data={[
                { label: t.hostname, value: host.hostname },
                { label: t.platform, value: host.platform },
                { label: t.cpus, value: host.cpus },
                { label: t.load, value: host.loadAverage.join(' / ') },
                {
                  label: t.memory,
                  value: `${formatBytes(host.totalMemoryBytes - host.freeMemoryBytes)} / ${formatBytes(host.totalMemoryBytes)}`,
                },
              ]}
            />
          ) : null}
        </Card>
        <Card title={t.database} data-testid="monitor-database">
          {database ? (
            <Descriptions
              column={1}
              data={[
                { label: t.driver, value: database.driver === 'postgres' ? 'PostgreSQL' : 'PGlite（嵌入式）' },
                {
                  label: t.status,
                  value:
                    database.status === 'up' ? (
                      <Badge status="success" text={t.statusUp} />
                    ) : (
                      <Badge status="error" text={`${t.statusDown}：${database.error ?? ''}`} />
                    ),
                },
                { label: t.version, value: database.version ?? '—' },
                { label: t.size, value: formatBytes(database.sizeBytes) },
                { label: t.connections, value: database.connections ?? '—' },
                { label: t.latency, value: database.latencyMs === null ? '—' : `${database.latencyMs} ms` },
              ]}
            />
          ) : null}
        </Card>
      </div>
      <Card title={t.processes}>
        <Table
          rowKey={(row) => `${row.host}:${row.pid}:${row.startedAt}`}
          columns={oneLineColumns}
          data={data?.processes ?? []}
          pagination={false}
          loading={loading && !data}
          noDataElement={database?.status === 'down' ? t.noProcesses : undefined}
          scroll={{ x: 1400 }}
          data-testid="monitor-processes"
        />
      </Card>
    </div>
  );
}
