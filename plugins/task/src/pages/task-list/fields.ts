import type { JobTypeInfo } from '@cotton/sdk/contracts';
import type { ListOption } from '@cotton/sdk';
import type { TaskListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface TaskFilters {
  name?: string;
  status?: string;
}

/** A job type's parameter as the form holds it. */
export type ParamValue = string | number | boolean | null;

/** The add / edit form's values (`task-form.tsx`); a job type's parameters at `params.<name>`. */
export interface TaskFormValues {
  jobType?: string;
  name?: string;
  cron?: string;
  description?: string;
  [param: `params.${string}`]: ParamValue | undefined;
}

export function statusOptions(t: TaskListLocale): ListOption[] {
  return [
    { label: t['taskList.status.running'], value: '1' },
    { label: t['taskList.status.paused'], value: '2' },
  ];
}

export function jobTypeOptions(jobTypes: JobTypeInfo[]): ListOption[] {
  return jobTypes.map((type) => ({ label: type.title, value: type.name }));
}
