import { useEffect, useState } from 'react';
import { Input, InputNumber, Switch, Typography } from '@arco-design/web-react';
import { fillText, formatDate, toApiError, useDebouncedValue } from '@cotton/sdk';
import type { AdminFormConfig, AdminFormField } from '@cotton/sdk';
import type {
  AddTaskBody,
  CronCheckResult,
  JobParamField,
  JobTypeInfo,
  TaskRow,
  UpdTaskBody,
} from '@cotton/sdk/contracts';
import { taskCalls } from '@cotton/sdk/calls';
import { checkCron } from '../../api';
import { TIME_PATTERN } from './columns';
import { jobTypeOptions } from './fields';
import type { ParamValue, TaskFormValues } from './fields';
import type { TaskListLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

type TaskField = AdminFormField<TaskFormValues, TaskRow>;

/** A parameter's field in the form (`params.days`). */
const paramField = (name: string) => `params.${name}` as const;

/** The parameters' values a job type starts with: those saved, else its defaults (a switch: off). */
function initialParams(type: JobTypeInfo | undefined, saved: Record<string, ParamValue>): Partial<TaskFormValues> {
  return Object.fromEntries(
    (type?.params ?? []).map((field) => [
      paramField(field.name),
      saved[field.name] ?? field.defaultValue ?? (field.kind === 'boolean' ? false : undefined),
    ]),
  );
}

/** What the form sends for the parameters: a blank one is left out (the server fills in the default). */
function paramsToSend(type: JobTypeInfo | undefined, values: TaskFormValues) {
  const params: Record<string, ParamValue> = {};
  for (const field of type?.params ?? []) {
    const value = values[paramField(field.name)];
    if (value !== undefined && value !== null && value !== '') params[field.name] = value;
  }
  return params;
}

/** A parameter's control, as its kind and bounds say. */
interface ParamInputProps {
  field: JobParamField;
  // Handed in by the Form.Item around it (issue 31: without them the field showed nothing and saved its first value).
  value?: ParamValue;
  checked?: boolean;
  onChange?: (value: ParamValue) => void;
}

function ParamInput({ field, value, checked, onChange }: ParamInputProps) {
  if (field.kind === 'boolean') return <Switch checked={checked === true} onChange={(next) => onChange?.(next)} />;
  if (field.kind === 'string')
    return (
      <Input
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(next) => onChange?.(next)}
        maxLength={field.maxLength ?? 1000}
        placeholder={field.description ?? `请输入${field.title}`}
      />
    );
  return (
    <InputNumber
      value={typeof value === 'number' ? value : undefined}
      onChange={(next) => onChange?.(next ?? null)}
      min={field.minimum ?? undefined}
      max={field.maximum ?? undefined}
      precision={field.kind === 'integer' ? 0 : undefined}
      style={{ width: 200 }}
    />
  );
}

/** The next five run times of the schedule being typed, or why it is refused (checked by the server as typed). */
function CronPreview({ t, cron }: { t: TaskListLocale; cron: string }) {
  const settled = useDebouncedValue(cron.trim(), 400);
  const [answer, setAnswer] = useState<{ cron: string; result: CronCheckResult } | null>(null);
  useEffect(() => {
    if (settled === '') return;
    let current = true;
    checkCron(settled).then(
      (result) => current && setAnswer({ cron: settled, result }),
      (error: unknown) =>
        current &&
        setAnswer({ cron: settled, result: { valid: false, message: toApiError(error).message, nextRunTimes: [] } }),
    );
    return () => {
      current = false;
    };
  }, [settled]);
  if (cron.trim() === '') return null;
  if (!answer || answer.cron !== cron.trim())
    return <Typography.Text type="secondary">{t['taskList.form.checking']}</Typography.Text>;
  if (!answer.result.valid)
    return (
      <span className={styles.cronError} data-testid="task-cron-error">
        {answer.result.message}
      </span>
    );
  return (
    <div data-testid="task-next-runs">
      <Typography.Text type="secondary">{t['taskList.form.nextRuns']}</Typography.Text>
      <ol className={styles.nextRuns}>
        {answer.result.nextRunTimes.map((time) => (
          <li key={time}>{formatDate(time, TIME_PATTERN)}</li>
        ))}
      </ol>
    </div>
  );
}

/** A job type's parameters as fields, each shown while its type is the one chosen. */
function paramFields(t: TaskListLocale, type: JobTypeInfo): TaskField[] {
  return type.params.map((param: JobParamField) => ({
    name: paramField(param.name),
    label: param.title,
    type: param.kind === 'boolean' ? 'switch' : param.kind === 'string' ? 'text' : 'number',
    required: param.required ? fillText(t['taskList.rules.paramRequired'], { title: param.title }) : undefined,
    // A refusal of a parameter starts with its title (统计天数：…).
    refusal: [`${param.title}：`],
    hint: param.description ?? undefined,
    when: (values) => values.jobType === type.name,
    render: () => <ParamInput field={param} />,
  }));
}

/**
 * 新增任务 / 编辑任务, declared: job type (fixed once created; choosing one fills the name and
 * the schedule when empty, and its parameters' defaults), name, schedule with its next five
 * run times as it is typed, the chosen type's parameters, description. The server's refusal
 * goes under the field it names (Cron 表达式…, 统计天数：…), else above the fields.
 */
export function taskForm(t: TaskListLocale, jobTypes: JobTypeInfo[]): AdminFormConfig<TaskRow, TaskFormValues> {
  const typeOf = (name: string | null | undefined) => jobTypes.find((candidate) => candidate.name === name);
  const common = (values: TaskFormValues, type: JobTypeInfo | undefined) => ({
    name: values.name ?? '',
    cron: values.cron ?? '',
    params: paramsToSend(type, values),
    description: values.description ?? null,
  });
  return {
    noun: '任务',
    width: 560,
    fields: [
      {
        name: 'jobType',
        label: t['taskList.fields.jobType'],
        type: 'select',
        required: t['taskList.rules.jobTypeRequired'],
        placeholder: t['taskList.rules.jobTypeRequired'],
        options: jobTypeOptions(jobTypes),
        readOnlyOnEdit: true,
        testId: 'task-form-job-type',
        hint: (values) => {
          const type = typeOf(values.jobType);
          if (!type) return undefined;
          return (
            <>
              <Typography.Text type="secondary">{type.description}</Typography.Text>
              {type.params.length === 0 && (
                <Typography.Paragraph type="secondary">{t['taskList.form.noParams']}</Typography.Paragraph>
              )}
            </>
          );
        },
        onChange: (value, values) => {
          const chosen = typeOf(typeof value === 'string' ? value : undefined);
          const more: Partial<TaskFormValues> = initialParams(chosen, {});
          if (!values.name) more.name = chosen?.title;
          if (!values.cron && chosen?.defaultCron) more.cron = chosen.defaultCron;
          return more;
        },
      },
      {
        name: 'name',
        label: t['taskList.fields.name'],
        type: 'text',
        required: t['taskList.rules.nameRequired'],
        maxLength: 64,
      },
      {
        name: 'cron',
        label: t['taskList.fields.cron'],
        type: 'text',
        required: t['taskList.rules.cronRequired'],
        maxLength: 128,
        placeholder: '*/10 * * * * *',
        testId: 'task-form-cron',
        refusal: ['Cron'],
        hint: (values) => (
          <div>
            <Typography.Text type="secondary">{t['taskList.form.cronHint']}</Typography.Text>
            <CronPreview t={t} cron={values.cron ?? ''} />
          </div>
        ),
      },
      ...jobTypes.flatMap((type) => paramFields(t, type)),
      { name: 'description', label: t['taskList.fields.description'], type: 'textarea', maxLength: 256 },
    ],
    values: (row) => ({
      jobType: row.jobType,
      name: row.name,
      cron: row.cron,
      ...initialParams(typeOf(row.jobType), row.params),
      description: row.description ?? '',
    }),
    add: {
      call: taskCalls.add,
      body: (values): AddTaskBody => ({ jobType: values.jobType ?? '', ...common(values, typeOf(values.jobType)) }),
    },
    update: {
      call: taskCalls.update,
      body: (values, row): UpdTaskBody => ({ id: row.id, ...common(values, typeOf(row.jobType)) }),
    },
    savedText: t['taskList.saved'],
  };
}
