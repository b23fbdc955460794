import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Drawer, Table, Tag } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { dash, fillText, formatDate, toApiError } from '@cotton/sdk';
import type { TaskRow, TaskRunRow } from '@cotton/sdk/contracts';
import { getTaskRuns } from '../../api';
import { TIME_PATTERN } from './columns';
import type { TaskListLocale } from './locale/zh-CN';

export interface TaskRunsDrawerProps {
  t: TaskListLocale;
  /** The task whose history is shown; `null` closes the drawer. */
  task: TaskRow | null;
  onClose: () => void;
}

const PAGE_SIZE = 10;
const STATUS_COLORS: Record<string, string> = { queued: 'gray', running: 'arcoblue', success: 'green', failed: 'red' };

function duration(ms: number | null): string {
  if (ms === null) return dash(null);
  return ms < 1000 ? `${ms} 毫秒` : `${(ms / 1000).toFixed(1)} 秒`;
}

function runColumns(t: TaskListLocale): TableColumnProps<TaskRunRow>[] {
  const label = (key: string) => (t as Record<string, string>)[key] ?? key;
  return [
    {
      title: t['taskList.runs.scheduledTime'],
      dataIndex: 'scheduledTime',
      width: 170,
      render: (_, run) => formatDate(run.scheduledTime, TIME_PATTERN),
    },
    {
      title: t['taskList.runs.trigger'],
      dataIndex: 'trigger',
      width: 90,
      render: (_, run) => label(`taskList.runs.trigger.${run.trigger}`),
    },
    {
      title: t['taskList.runs.startTime'],
      dataIndex: 'startTime',
      width: 170,
      render: (_, run) => (run.startTime ? formatDate(run.startTime, TIME_PATTERN) : dash(null)),
    },
    {
      title: t['taskList.runs.endTime'],
      dataIndex: 'endTime',
      width: 170,
      render: (_, run) => (run.endTime ? formatDate(run.endTime, TIME_PATTERN) : dash(null)),
    },
    {
      title: t['taskList.runs.duration'],
      dataIndex: 'durationMs',
      width: 90,
      render: (_, run) => duration(run.durationMs),
    },
    {
      title: t['taskList.runs.status'],
      dataIndex: 'status',
      width: 90,
      render: (_, run) => (
        <Tag color={STATUS_COLORS[run.status] ?? 'gray'}>{label(`taskList.runs.status.${run.status}`)}</Tag>
      ),
    },
    {
      title: t['taskList.runs.detail'],
      dataIndex: 'result',
      render: (_, run) => (
        <span>
          {run.error ?? run.result ?? dash(null)}
          {run.attempts > 1 ? fillText(t['taskList.runs.attempts'], { n: run.attempts }) : ''}
        </span>
      ),
    },
  ];
}

/** 执行记录: a task's runs, newest first — start, end, duration, result or error. */
export function TaskRunsDrawer({ t, task, onClose }: TaskRunsDrawerProps) {
  const [runs, setRuns] = useState<TaskRunRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const taskId = task?.id ?? null;

  const load = useCallback(
    async (pageNum: number) => {
      if (taskId === null) return;
      setLoading(true);
      setError(null);
      try {
        const answer = await getTaskRuns({ taskId, pageNum, pageSize: PAGE_SIZE });
        setRuns(answer.pagination.result);
        setTotal(answer.pagination.totalCount);
        setPage(pageNum);
      } catch (failure) {
        const refusal = toApiError(failure);
        if (!refusal.handled) setError(refusal.message);
      } finally {
        setLoading(false);
      }
    },
    [taskId],
  );

  useEffect(() => {
    setRuns([]);
    setTotal(0);
    void load(1);
  }, [load]);

  return (
    <Drawer
      width={1000}
      title={task ? fillText(t['taskList.runs.title'], { name: task.name }) : ''}
      visible={task !== null}
      onCancel={onClose}
      footer={null}
      unmountOnExit
    >
      <div data-testid="task-runs">
        <Button
          style={{ marginBottom: 12 }}
          onClick={() => void load(page)}
          loading={loading}
          data-testid="task-runs-refresh"
        >
          {t['taskList.runs.refresh']}
        </Button>
        {error && <Alert type="error" content={error} style={{ marginBottom: 12 }} />}
        <Table<TaskRunRow>
          rowKey="id"
          size="small"
          loading={loading}
          columns={runColumns(t)}
          data={runs}
          noDataElement={t['taskList.runs.empty']}
          pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: (next) => void load(next) }}
        />
      </div>
    </Drawer>
  );
}
