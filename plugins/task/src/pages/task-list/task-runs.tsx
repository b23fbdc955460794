import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Drawer, Space, Table, Tag } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import {
  dash,
  exportListFile,
  fillText,
  formatDate,
  ListDetailDrawer,
  toApiError,
  type ListColumn,
  useTabDrawer,
} from '@cotton/sdk';
import type { JobTypeInfo, TaskRow, TaskRunRow } from '@cotton/sdk/contracts';
import { taskCalls } from '@cotton/sdk/calls';
import { getTaskRuns } from '../../api';
import { TIME_PATTERN } from './columns';
import type { TaskListLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

export interface TaskRunsDrawerProps {
  t: TaskListLocale;
  /** The task whose history is shown; `null` closes the drawer. */
  task: TaskRow | null;
  /** The job types, for the parameters' titles in a run's 详情. */
  jobTypes: JobTypeInfo[];
  onClose: () => void;
}

const PAGE_SIZE = 10;
const STATUS_COLORS: Record<string, string> = { queued: 'gray', running: 'arcoblue', success: 'green', failed: 'red' };

function duration(ms: number | null): string {
  if (ms === null) return dash(null);
  return ms < 1000 ? `${ms} 毫秒` : `${(ms / 1000).toFixed(1)} 秒`;
}

/** A run's 详情: every column, the whole error, and the task's parameters by their titles. */
function runDetailColumns(t: TaskListLocale, task: TaskRow | null, jobTypes: JobTypeInfo[]): ListColumn<TaskRunRow>[] {
  const label = (key: string) => (t as Record<string, string>)[key] ?? key;
  const time = (value: string | null) => (value ? formatDate(value, TIME_PATTERN) : dash(null));
  const params = jobTypes.find((type) => type.name === task?.jobType)?.params ?? [];
  const titleOf = (name: string) => params.find((param) => param.name === name)?.title ?? name;
  return [
    { title: t['taskList.fields.name'], dataIndex: 'task', render: () => task?.name ?? dash(null) },
    {
      title: t['taskList.runs.scheduledTime'],
      dataIndex: 'scheduledTime',
      render: (_, run) => time(run.scheduledTime),
    },
    {
      title: t['taskList.runs.trigger'],
      dataIndex: 'trigger',
      render: (_, run) => label(`taskList.runs.trigger.${run.trigger}`),
    },
    { title: t['taskList.runs.startTime'], dataIndex: 'startTime', render: (_, run) => time(run.startTime) },
    { title: t['taskList.runs.endTime'], dataIndex: 'endTime', render: (_, run) => time(run.endTime) },
    { title: t['taskList.runs.duration'], dataIndex: 'durationMs', render: (_, run) => duration(run.durationMs) },
    {
      title: t['taskList.runs.status'],
      dataIndex: 'status',
      render: (_, run) => label(`taskList.runs.status.${run.status}`),
    },
    { title: t['taskList.runs.attemptCount'], dataIndex: 'attempts' },
    { title: t['taskList.runs.result'], dataIndex: 'result' },
    {
      title: t['taskList.runs.error'],
      dataIndex: 'error',
      render: (_, run) => (run.error ? <pre className={styles.runError}>{run.error}</pre> : dash(null)),
    },
    {
      title: t['taskList.runs.params'],
      dataIndex: 'params',
      render: () => {
        const entries = Object.entries(task?.params ?? {});
        if (entries.length === 0) return t['taskList.form.noParams'];
        return entries
          .map(([name, value]) => `${titleOf(name)}：${value === null ? dash(null) : String(value)}`)
          .join('；');
      },
    },
  ];
}

function runColumns(t: TaskListLocale, openDetail: (run: TaskRunRow) => void): TableColumnProps<TaskRunRow>[] {
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
    {
      title: t['taskList.runs.actions'],
      dataIndex: 'id',
      width: 80,
      render: (_, run) => (
        <Button type="text" size="small" data-testid={`task-run-detail-${run.id}`} onClick={() => openDetail(run)}>
          {t['taskList.runs.detailButton']}
        </Button>
      ),
    },
  ];
}

/**
 * 执行记录: a task's runs, newest first — start, end, duration, result or error; 详情 of a run
 * (the whole error, the task's parameters) and 导出 of the runs (the ticked ones when some are).
 */
export function TaskRunsDrawer({ t, task, jobTypes, onClose }: TaskRunsDrawerProps) {
  const [runs, setRuns] = useState<TaskRunRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const taskId = task?.id ?? null;
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const [detail, setDetail] = useState<TaskRunRow | null>(null);
  const detailSource = useMemo(
    () => ({ rowKey: 'id' as const, columns: runDetailColumns(t, task, jobTypes) }),
    [t, task, jobTypes],
  );

  async function exportRuns() {
    if (taskId === null) return;
    setExporting(true);
    await exportListFile(
      taskCalls.runsExport,
      {
        pageNum: 1,
        pageSize: 10,
        filters: { taskId },
        ...(selected.length > 0 ? { selections: selected.join(',') } : {}),
      },
      '执行记录.xlsx',
    );
    setExporting(false);
  }

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
    setSelected([]);
    void load(1);
  }, [load]);

  // A drawer of the page belongs to its tab (kept open, as left, when switching tabs and back).
  const tabDrawer = useTabDrawer();
  return (
    <Drawer
      {...tabDrawer}
      width={1000}
      title={task ? fillText(t['taskList.runs.title'], { name: task.name }) : ''}
      visible={task !== null}
      onCancel={onClose}
      footer={null}
      unmountOnExit
    >
      <div data-testid="task-runs">
        <Space style={{ marginBottom: 12 }}>
          <Button onClick={() => void load(page)} loading={loading} data-testid="task-runs-refresh">
            {t['taskList.runs.refresh']}
          </Button>
          <Button
            icon={<IconDownload />}
            loading={exporting}
            data-testid="task-runs-export"
            onClick={() => void exportRuns()}
          >
            {selected.length > 0 ? `${t['taskList.runs.export']}（${selected.length}）` : t['taskList.runs.export']}
          </Button>
        </Space>
        {error && <Alert type="error" content={error} style={{ marginBottom: 12 }} />}
        <Table<TaskRunRow>
          rowKey="id"
          size="small"
          loading={loading}
          columns={runColumns(t, setDetail)}
          data={runs}
          rowSelection={{
            type: 'checkbox',
            selectedRowKeys: selected,
            // Ticks on other pages are kept: the export takes them all.
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(String)),
          }}
          noDataElement={t['taskList.runs.empty']}
          pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: (next) => void load(next) }}
        />
      </div>
      <ListDetailDrawer
        config={detailSource}
        detail={{}}
        row={detail}
        onClose={() => setDetail(null)}
        afterClose={() => undefined}
      />
    </Drawer>
  );
}
