import { Tag } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { TaskRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import type { TaskListLocale } from './locale/zh-CN';

export const TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';

/** Sortable: 任务名称, 任务类型, 下次执行, 创建时间 (the server's allow-list for getTaskPage). */
export function getTaskColumns(t: TaskListLocale): ListColumn<TaskRow>[] {
  return [
    { title: t['taskList.fields.name'], dataIndex: 'name', sortable: true, width: 160 },
    {
      title: t['taskList.fields.jobType'],
      dataIndex: 'jobType',
      sortable: true,
      width: 170,
      render: (_, row) => row.jobTypeTitle ?? `${row.jobType}${t['taskList.jobTypeGone']}`,
    },
    {
      title: t['taskList.fields.cron'],
      dataIndex: 'cron',
      width: 150,
      render: (_, row) => <code>{row.cron}</code>,
    },
    {
      title: t['taskList.fields.status'],
      dataIndex: 'status',
      width: 90,
      render: (_, row) =>
        row.status === '1' ? (
          <Tag color="green">{t['taskList.status.running']}</Tag>
        ) : (
          <Tag color="gray">{t['taskList.status.paused']}</Tag>
        ),
    },
    {
      title: t['taskList.fields.nextRunTime'],
      dataIndex: 'nextRunTime',
      sortable: true,
      width: 180,
      render: (_, row) => (row.nextRunTime ? formatDate(row.nextRunTime, TIME_PATTERN) : dash(null)),
    },
    {
      title: t['taskList.fields.lastResult'],
      dataIndex: 'lastResult',
      width: 200,
      render: (_, row) => (
        <span data-testid={`task-last-${row.name}`}>
          {row.pendingRuns > 0 && <Tag color="arcoblue">{t['taskList.result.pending']}</Tag>}
          {row.lastResult === 'success' && <Tag color="green">{t['taskList.result.success']}</Tag>}
          {row.lastResult === 'failed' && <Tag color="red">{t['taskList.result.failed']}</Tag>}
          {row.lastRunTime ? ` ${formatDate(row.lastRunTime, TIME_PATTERN)}` : row.pendingRuns > 0 ? '' : dash(null)}
        </span>
      ),
    },
    {
      title: t['taskList.fields.description'],
      dataIndex: 'description',
      width: 220,
      render: (_, row) => (row.description ? <EllipsisText text={row.description} /> : dash(row.description)),
    },
  ];
}
