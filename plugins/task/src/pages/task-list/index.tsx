import { useEffect, useMemo, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { AdminListPage, adminColumns, fillText, toApiError } from '@cotton/sdk';
import type { AdminPageHandle, ListConfig } from '@cotton/sdk';
import type { JobTypeInfo, TaskRow } from '@cotton/sdk/contracts';
import { taskCalls, taskCodes } from '@cotton/sdk/calls';
import { getJobTypes, pauseTask, resumeTask, runTask, taskIdsBody } from '../../api';
import { getTaskColumns } from './columns';
import type { TaskFilters, TaskFormValues } from './fields';
import locale from './locale/zh-CN';
import { taskForm } from './task-form';
import { TaskRunsDrawer } from './task-runs';

const t = locale;

/** 立即执行, 暂停, 恢复: a call, then the message saying it was done, and the list again. */
async function act(page: AdminPageHandle<TaskRow, TaskFilters>, call: () => Promise<unknown>, done: string) {
  try {
    await call();
    Message.success(done);
  } catch (failure) {
    const refusal = toApiError(failure);
    if (!refusal.handled) Message.error(refusal.message);
  }
  void page.reload();
}

function taskList(
  jobTypes: JobTypeInfo[],
  page: AdminPageHandle<TaskRow, TaskFilters>,
  history: (row: TaskRow) => void,
): ListConfig<TaskRow> {
  const running = (row: TaskRow) => row.status === '1';
  return {
    rowKey: 'id',
    ...adminColumns(getTaskColumns(t, jobTypes), {
      // 创建时间 has no column; 高级查询 has always offered 描述 right after 状态.
      superQueryFields: [{ name: 'createTime', label: t['taskList.fields.createTime'], type: 'date' }],
      superQueryOrder: ['name', 'jobType', 'cron', 'status', 'description'],
    }),
    calls: {
      list: taskCalls.page,
      export: taskCalls.export,
      delete: { call: taskCalls.delete, body: (row) => taskIdsBody([row.id]) },
      batchDelete: { call: taskCalls.delete, body: (ids) => taskIdsBody(ids) },
    },
    permissions: { add: taskCodes.add, edit: taskCodes.edit, delete: taskCodes.delete },
    rowActions: {
      testId: (row) => row.name,
      actions: [
        {
          key: 'run',
          label: t['taskList.runNow'],
          permission: taskCodes.run,
          onClick: (row) => act(page, () => runTask(row.id), t['taskList.queued']),
        },
        { key: 'history', label: t['taskList.history'], onClick: history },
        {
          key: 'pause',
          label: t['taskList.pause'],
          permission: taskCodes.edit,
          visible: running,
          onClick: (row) => act(page, () => pauseTask(row.id), t['taskList.paused']),
        },
        {
          key: 'resume',
          label: t['taskList.resume'],
          permission: taskCodes.edit,
          visible: (row) => !running(row),
          onClick: (row) => act(page, () => resumeTask(row.id), t['taskList.resumed']),
        },
      ],
      delete: { confirm: (row) => fillText(t['taskList.confirm.delete'], { name: row.name }) },
      width: 300,
    },
    storageKey: 'system-task-list',
    exportFileName: '定时任务.xlsx',
  };
}

/**
 * 系统管理 › 定时任务 (`/system/task`, `system:task:list`): the tasks the job engine runs,
 * over /rest/task/getTaskPage, with 新增 / 编辑 (the declared form of `task-form.tsx`: the
 * parameters follow the job type, and the next run times show as the schedule is typed), 暂停 / 恢复, 立即执行,
 * 执行记录, 删除 and 导出; each by permission code. The job types load first (the type filter's
 * options).
 */
export function TaskList() {
  const [jobTypes, setJobTypes] = useState<JobTypeInfo[] | null>(null);
  const [history, setHistory] = useState<TaskRow | null>(null);
  const form = useMemo(() => taskForm(t, jobTypes ?? []), [jobTypes]);

  useEffect(() => {
    getJobTypes().then(setJobTypes, (failure: unknown) => {
      const refusal = toApiError(failure);
      if (!refusal.handled) Message.error(refusal.message);
      setJobTypes([]);
    });
  }, []);

  return (
    <AdminListPage<TaskRow, TaskFilters, TaskFormValues>
      title={t['taskList.title']}
      testId="task"
      waiting={!jobTypes}
      list={(page) => taskList(jobTypes ?? [], page, setHistory)}
      form={form}
    >
      {() => <TaskRunsDrawer t={t} task={history} jobTypes={jobTypes ?? []} onClose={() => setHistory(null)} />}
    </AdminListPage>
  );
}
