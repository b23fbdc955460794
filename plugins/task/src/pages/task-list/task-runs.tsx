import { useState } from 'react';
import { Button, Drawer } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { adminColumns, createListStore, dash, fillText, ListPage, useTabDrawer } from '@cotton/sdk';
import type { ListDetailField, ListStore } from '@cotton/sdk';
import type { JobTypeInfo, TaskRow, TaskRunRow } from '@cotton/sdk/contracts';
import { taskCalls } from '@cotton/sdk/calls';
import type { TaskListLocale } from './locale/zh-CN';
import { getRunColumns, getRunTimeFields } from './run-columns';
import type { TaskRunFilters } from './run-columns';
import styles from './style/index.module.css';

export interface TaskRunsDrawerProps {
  t: TaskListLocale;
  /** The task whose history is shown; `null` closes the drawer. */
  task: TaskRow | null;
  /** The job types, for the parameters' titles in a run's 详情. */
  jobTypes: JobTypeInfo[];
  onClose: () => void;
}

type RunStore = ListStore<TaskRunRow, TaskRunFilters>;

/**
 * A run's 详情 beyond its columns: the whole error (its lines kept), the task's name and its
 * parameters as set now, by their titles.
 */
function runDetailFields(t: TaskListLocale, task: TaskRow, jobTypes: JobTypeInfo[]): ListDetailField<TaskRunRow>[] {
  const params = jobTypes.find((type) => type.name === task.jobType)?.params ?? [];
  const titleOf = (name: string) => params.find((param) => param.name === name)?.title ?? name;
  return [
    {
      key: 'error',
      label: t['taskList.runs.error'],
      render: (run) => (run.error ? <pre className={styles.runError}>{run.error}</pre> : dash(null)),
    },
    { key: 'task', label: t['taskList.fields.name'], render: () => task.name },
    {
      key: 'params',
      label: t['taskList.runs.params'],
      render: () => {
        const entries = Object.entries(task.params);
        if (entries.length === 0) return t['taskList.form.noParams'];
        return entries
          .map(([name, value]) => `${titleOf(name)}：${value === null ? dash(null) : String(value)}`)
          .join('；');
      },
    },
  ];
}

/** 执行记录 of one task: the generic list over getTaskRunPage, the task's id its fixed filter. */
function createRunStore(t: TaskListLocale, task: TaskRow, jobTypes: JobTypeInfo[]): RunStore {
  return createListStore<TaskRunRow, TaskRunFilters>({
    rowKey: 'id',
    // The task stays whatever the search form or 重置 do.
    fixedFilters: { taskId: task.id },
    ...adminColumns(getRunColumns(t), {
      searchFields: getRunTimeFields(t),
      searchOrder: ['status', 'trigger'],
    }),
    calls: { list: taskCalls.runPage, export: taskCalls.runsExport },
    detail: { fields: runDetailFields(t, task, jobTypes) },
    rowActions: { testIdPrefix: 'task-run', width: 80 },
    // The server's: newest planned first (计划时间 can then be sorted either way).
    defaultSort: null,
    storageKey: 'system-task-runs',
    exportFileName: t['taskList.runs.export'],
  });
}

/**
 * 执行记录: a task's runs as a generic list — 查询 (状态, 触发方式, the planned days), 高级查询,
 * sort, 列设置, 详情 of a run (the whole error, the task's parameters) and 导出 of what the list
 * shows (the ticked runs when some are); 刷新 reloads the page shown.
 */
export function TaskRunsDrawer({ t, task, jobTypes, onClose }: TaskRunsDrawerProps) {
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
      {task && <TaskRuns key={task.id} t={t} task={task} jobTypes={jobTypes} />}
    </Drawer>
  );
}

function TaskRuns({ t, task, jobTypes }: { t: TaskListLocale; task: TaskRow; jobTypes: JobTypeInfo[] }) {
  const [store] = useState(() => createRunStore(t, task, jobTypes));
  return (
    <div data-testid="task-runs">
      <ListPage<TaskRunRow, TaskRunFilters>
        store={store}
        toolbar={
          <Button icon={<IconRefresh />} data-testid="task-runs-refresh" onClick={() => void store.load()}>
            {t['taskList.runs.refresh']}
          </Button>
        }
        scrollY={420}
      />
    </div>
  );
}
