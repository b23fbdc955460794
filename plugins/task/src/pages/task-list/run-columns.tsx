import { dash } from '@cotton/sdk';
import type { AdminColumn, ListOption, ListSearchField } from '@cotton/sdk';
import type { TaskRunRow } from '@cotton/sdk/contracts';
import type { TaskListLocale } from './locale/zh-CN';

/** 执行记录's search form values (the list's `filters`; the task's id is the store's fixed filter). */
export interface TaskRunFilters {
  status?: string;
  trigger?: string;
  scheduledFrom?: string;
  scheduledTo?: string;
}

const RUN_STATUSES = ['queued', 'running', 'success', 'failed'] as const;
const RUN_TRIGGERS = ['cron', 'manual'] as const;
const STATUS_COLORS: Record<string, string> = { queued: 'gray', running: 'arcoblue', success: 'green', failed: 'red' };

export function runStatusOptions(t: TaskListLocale): ListOption[] {
  return RUN_STATUSES.map((status) => ({ label: t[`taskList.runs.status.${status}`], value: status }));
}

export function runTriggerOptions(t: TaskListLocale): ListOption[] {
  return RUN_TRIGGERS.map((trigger) => ({ label: t[`taskList.runs.trigger.${trigger}`], value: trigger }));
}

/** A run's duration as the server's file writes it (`850 毫秒`, `12.5 秒`). */
export function durationText(ms: number | null): string {
  if (ms === null) return dash(null);
  return ms < 1000 ? `${ms} 毫秒` : `${(ms / 1000).toFixed(1)} 秒`;
}

/**
 * 执行记录's columns, with 查询 (状态, 触发方式; the planned days are {@link getRunTimeFields}) and
 * 高级查询 (every column). Sortable: the times, 耗时 and 状态 (the server's allow-list for
 * getTaskRunPage, whose names these are).
 */
export function getRunColumns(t: TaskListLocale): AdminColumn<TaskRunRow>[] {
  return [
    {
      title: t['taskList.runs.scheduledTime'],
      dataIndex: 'scheduledTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
    {
      title: t['taskList.runs.trigger'],
      dataIndex: 'trigger',
      width: 100,
      options: runTriggerOptions(t),
      search: 'select',
      query: 'code',
    },
    {
      title: t['taskList.runs.startTime'],
      dataIndex: 'startTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
    {
      title: t['taskList.runs.endTime'],
      dataIndex: 'endTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
    {
      title: t['taskList.runs.duration'],
      dataIndex: 'durationMs',
      sortable: true,
      width: 100,
      query: 'number',
      render: (_, run) => durationText(run.durationMs),
    },
    {
      title: t['taskList.runs.status'],
      dataIndex: 'status',
      sortable: true,
      width: 100,
      options: runStatusOptions(t),
      colors: STATUS_COLORS,
      search: 'select',
      query: 'code',
    },
    { title: t['taskList.runs.attemptCount'], dataIndex: 'attempts', width: 90, query: 'number' },
    { title: t['taskList.runs.result'], dataIndex: 'result', width: 240, show: 'text', query: 'text' },
    { title: t['taskList.runs.error'], dataIndex: 'error', width: 240, show: 'text', query: 'text' },
  ];
}

/** 查询's planned days, which filter the 计划时间 column from one day to another (China days). */
export function getRunTimeFields(t: TaskListLocale): ListSearchField[] {
  return [
    { name: 'scheduledFrom', label: t['taskList.runs.scheduledFrom'], kind: 'date' },
    { name: 'scheduledTo', label: t['taskList.runs.scheduledTo'], kind: 'date' },
  ];
}
