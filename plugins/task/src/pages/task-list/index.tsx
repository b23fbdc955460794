import { useEffect, useState } from 'react';
import { Button, Message, Spin, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, createListStore, fillText, ListPage, toApiError } from '@cotton/sdk';
import type { JobTypeInfo, TaskRow } from '@cotton/sdk/contracts';
import { taskCalls, taskCodes } from '@cotton/sdk/calls';
import { getJobTypes, pauseTask, resumeTask, runTask, taskIdsBody } from '../../api';
import { getTaskColumns } from './columns';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { TaskFilters } from './fields';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';
import { TaskFormDrawer } from './task-form';
import { TaskRunsDrawer } from './task-runs';

interface TaskActions {
  edit: (row: TaskRow) => void;
  /** 执行记录: the task's runs. */
  history: (row: TaskRow) => void;
  /** 立即执行, 暂停, 恢复: a call, then the message saying it was done. */
  act: (call: () => Promise<unknown>, done: string) => Promise<void>;
}

function createTaskStore(jobTypes: JobTypeInfo[], { edit, history, act }: TaskActions) {
  const t = locale;
  const running = (row: TaskRow) => row.status === '1';
  return createListStore<TaskRow, TaskFilters>({
    rowKey: 'id',
    columns: getTaskColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t, jobTypes),
    calls: {
      list: taskCalls.page,
      export: taskCalls.export,
      delete: { call: taskCalls.delete, body: (row) => taskIdsBody([row.id]) },
      batchDelete: { call: taskCalls.delete, body: (ids) => taskIdsBody(ids) },
    },
    permissions: { add: taskCodes.add, edit: taskCodes.edit, delete: taskCodes.delete },
    rowActions: {
      testIdPrefix: 'task',
      testId: (row) => row.name,
      edit: { onClick: edit },
      actions: [
        {
          key: 'run',
          label: t['taskList.runNow'],
          permission: taskCodes.run,
          onClick: (row) => act(() => runTask(row.id), t['taskList.queued']),
        },
        { key: 'history', label: t['taskList.history'], onClick: history },
        {
          key: 'pause',
          label: t['taskList.pause'],
          permission: taskCodes.edit,
          visible: running,
          onClick: (row) => act(() => pauseTask(row.id), t['taskList.paused']),
        },
        {
          key: 'resume',
          label: t['taskList.resume'],
          permission: taskCodes.edit,
          visible: (row) => !running(row),
          onClick: (row) => act(() => resumeTask(row.id), t['taskList.resumed']),
        },
      ],
      delete: { confirm: (row) => fillText(t['taskList.confirm.delete'], { name: row.name }) },
      width: 300,
    },
    storageKey: 'system-task-list',
    exportFileName: '定时任务.xlsx',
  });
}

type FormState = { visible: false } | { visible: true; task: TaskRow | null };

/**
 * 系统管理 › 定时任务 (`/system/task`, `system:task:list`): the tasks the job engine runs,
 * over /rest/task/getTaskPage, with 新增 / 编辑 (a drawer showing the next run times as the
 * schedule is typed), 暂停 / 恢复, 立即执行, 执行记录, 删除 and 导出; each by permission code.
 */
export function TaskList() {
  const [jobTypes, setJobTypes] = useState<JobTypeInfo[] | null>(null);

  useEffect(() => {
    getJobTypes().then(setJobTypes, (failure: unknown) => {
      const refusal = toApiError(failure);
      if (!refusal.handled) Message.error(refusal.message);
      setJobTypes([]);
    });
  }, []);

  // The job type filter's options come first: the list's store is made once, with them.
  if (!jobTypes) return <Spin className={styles.container} />;
  return <TaskListView jobTypes={jobTypes} />;
}

function TaskListView({ jobTypes }: { jobTypes: JobTypeInfo[] }) {
  const t = locale;
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [history, setHistory] = useState<TaskRow | null>(null);
  const [store] = useState(() =>
    createTaskStore(jobTypes, { edit: (task) => setFormState({ visible: true, task }), history: setHistory, act }),
  );

  async function act(call: () => Promise<unknown>, done: string) {
    try {
      await call();
      Message.success(done);
    } catch (failure) {
      const refusal = toApiError(failure);
      if (!refusal.handled) Message.error(refusal.message);
    }
    void store.load();
  }

  return (
    <div className={styles.container} data-testid="task-list">
      <ListPage<TaskRow, TaskFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['taskList.title']}
          </Typography.Title>
        }
        toolbar={
          <Authorized code={taskCodes.add}>
            <Button
              type="primary"
              icon={<IconPlus />}
              data-testid="task-add"
              onClick={() => setFormState({ visible: true, task: null })}
            >
              {t['taskList.add']}
            </Button>
          </Authorized>
        }
      />
      <TaskFormDrawer
        t={t}
        visible={formState.visible}
        task={formState.visible ? formState.task : null}
        jobTypes={jobTypes}
        onClose={() => setFormState({ visible: false })}
        onSaved={() => {
          setFormState({ visible: false });
          void store.load();
        }}
      />
      <TaskRunsDrawer t={t} task={history} jobTypes={jobTypes} onClose={() => setHistory(null)} />
    </div>
  );
}
