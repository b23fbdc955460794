import { Tag } from '@arco-design/web-react';
import { dash, formatDate } from '@cotton/sdk';
import type { AdminColumn } from '@cotton/sdk';
import type { JobTypeInfo, TaskRow } from '@cotton/sdk/contracts';
import { jobTypeOptions, statusOptions } from './fields';
import type { TaskListLocale } from './locale/zh-CN';

export const TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';

/**
 * The columns, with 查询 (名称, 状态) and the first fields of 高级查询 (名称, 类型 by its title, Cron,
 * 状态; the page adds 描述, 下次执行 and 创建时间 after them, 高级查询's order since it began). Sortable: 任务名称,
 * 任务类型, 下次执行, 创建时间 (the server's allow-list for getTaskPage).
 */
export function getTaskColumns(t: TaskListLocale, jobTypes: JobTypeInfo[]): AdminColumn<TaskRow>[] {
  return [
    { title: t['taskList.fields.name'], dataIndex: 'name', sortable: true, width: 160, search: 'text', query: 'text' },
    {
      title: t['taskList.fields.jobType'],
      dataIndex: 'jobType',
      sortable: true,
      width: 170,
      options: jobTypeOptions(jobTypes),
      query: 'code',
      render: (_, row) => row.jobTypeTitle ?? `${row.jobType}${t['taskList.jobTypeGone']}`,
    },
    {
      title: t['taskList.fields.cron'],
      dataIndex: 'cron',
      width: 150,
      query: 'text',
      render: (_, row) => <code>{row.cron}</code>,
    },
    {
      title: t['taskList.fields.status'],
      dataIndex: 'status',
      width: 90,
      options: statusOptions(t),
      search: 'select',
      query: 'code',
      // Anything but '1' reads 已暂停.
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
      show: 'time',
      query: 'date',
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
    { title: t['taskList.fields.description'], dataIndex: 'description', width: 220, show: 'text', query: 'text' },
  ];
}
