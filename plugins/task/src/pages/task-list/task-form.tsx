import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Select, Switch, Typography } from '@arco-design/web-react';
import { fillText, formatDate, FormDrawer, notBlank, toApiError, useDebouncedValue, useFormSave } from '@cotton/sdk';
import { trimmed } from '@cotton/sdk/validators';
import type { CronCheckResult, JobParamField, JobTypeInfo, TaskRow } from '@cotton/sdk/contracts';
import { addTask, checkCron, updateTask } from '../../api';
import { TIME_PATTERN } from './columns';
import type { TaskFormValues } from './fields';
import type { TaskListLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

export interface TaskFormDrawerProps {
  t: TaskListLocale;
  visible: boolean;
  /** The task edited; `null` adds one. */
  task: TaskRow | null;
  jobTypes: JobTypeInfo[];
  onClose: () => void;
  onSaved: () => void;
}

type ParamValue = string | number | boolean | null;

function initialParams(type: JobTypeInfo | undefined, saved: Record<string, ParamValue>) {
  return Object.fromEntries(
    (type?.params ?? []).map((field) => [
      field.name,
      saved[field.name] ?? field.defaultValue ?? (field.kind === 'boolean' ? false : undefined),
    ]),
  );
}

/** What the form sends for a parameter: a blank text or number is left out (the server fills in the default). */
function paramsToSend(type: JobTypeInfo | undefined, values: TaskFormValues['params']) {
  const params: Record<string, ParamValue> = {};
  for (const field of type?.params ?? []) {
    const value = values?.[field.name];
    if (value === undefined || value === null) continue;
    if (field.kind === 'string') {
      const text = trimmed(typeof value === 'string' ? value : String(value));
      if (text !== '') params[field.name] = text;
    } else params[field.name] = value;
  }
  return params;
}

interface ParamInputProps {
  field: JobParamField;
  // Handed in by the Form.Item around it: without them the field shows nothing and the form keeps its first value.
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

/**
 * 新增任务 / 编辑任务: job type (fixed once created), name, schedule with its next five run
 * times as it is typed, the job type's parameters, description. The server's refusal goes
 * under the field it names (Cron 表达式…, 统计天数：…), else above the fields.
 */
export function TaskFormDrawer({ t, visible, task, jobTypes, onClose, onSaved }: TaskFormDrawerProps) {
  const [form] = Form.useForm<TaskFormValues>();
  const [jobTypeName, setJobTypeName] = useState<string | undefined>(undefined);
  const [cron, setCron] = useState('');
  const type = jobTypes.find((candidate) => candidate.name === jobTypeName);
  const editing = task !== null;
  const {
    error,
    setError,
    saving,
    save: submit,
  } = useFormSave(form, {
    // A parameter's refusal starts with its title (统计天数：…); tried before 名称, which a title may contain.
    targets: [
      ...(type?.params ?? []).map((field) => ({ field: `params.${field.name}`, names: [`${field.title}：`] })),
      { field: 'cron', names: ['Cron'] },
      { field: 'name', names: [t['taskList.fields.name']] },
    ],
    savedText: t['taskList.saved'],
    onSaved,
  });

  useEffect(() => {
    if (!visible) return;
    setError(null);
    form.resetFields();
    const initialType = task ? jobTypes.find((candidate) => candidate.name === task.jobType) : undefined;
    setJobTypeName(task?.jobType);
    setCron(task?.cron ?? '');
    form.setFieldsValue(
      task
        ? {
            jobType: task.jobType,
            name: task.name,
            cron: task.cron,
            params: initialParams(initialType, task.params),
            description: task.description ?? '',
          }
        : {},
    );
  }, [visible, task, jobTypes, form, setError]);

  function chooseType(name: string) {
    const chosen = jobTypes.find((candidate) => candidate.name === name);
    setJobTypeName(name);
    const values: TaskFormValues = { params: initialParams(chosen, {}) };
    if (!form.getFieldValue('name')) values.name = chosen?.title;
    if (!form.getFieldValue('cron') && chosen?.defaultCron) {
      values.cron = chosen.defaultCron;
      setCron(chosen.defaultCron);
    }
    form.setFieldsValue(values);
  }

  function save() {
    void submit(async (values) => {
      const common = {
        name: trimmed(values.name),
        cron: trimmed(values.cron),
        params: paramsToSend(type, values.params),
        description: trimmed(values.description) || null,
      };
      if (task) await updateTask({ id: task.id, ...common });
      else await addTask({ jobType: values.jobType ?? '', ...common });
    });
  }

  return (
    <FormDrawer
      testId="task-form"
      width={560}
      title={editing ? t['taskList.form.editTitle'] : t['taskList.form.addTitle']}
      visible={visible}
      saving={saving}
      error={error}
      saveText={t['taskList.form.save']}
      cancelText={t['taskList.form.cancel']}
      onClose={onClose}
      onSave={save}
    >
      <Form<TaskFormValues>
        form={form}
        layout="vertical"
        onValuesChange={(changed) => {
          if (typeof changed.cron === 'string') setCron(changed.cron);
        }}
      >
        <Form.Item
          field="jobType"
          label={t['taskList.fields.jobType']}
          required
          rules={editing ? [] : [{ required: true, message: t['taskList.rules.jobTypeRequired'] }]}
          extra={type ? <Typography.Text type="secondary">{type.description}</Typography.Text> : undefined}
        >
          <Select
            disabled={editing}
            placeholder={t['taskList.rules.jobTypeRequired']}
            options={jobTypes.map((candidate) => ({ label: candidate.title, value: candidate.name }))}
            onChange={(value: string) => chooseType(value)}
            data-testid="task-form-job-type"
          />
        </Form.Item>
        <Form.Item
          field="name"
          label={t['taskList.fields.name']}
          required
          validateTrigger={['onBlur']}
          rules={[notBlank(t['taskList.rules.nameRequired'])]}
        >
          <Input maxLength={64} placeholder={`请输入${t['taskList.fields.name']}`} />
        </Form.Item>
        <Form.Item
          field="cron"
          label={t['taskList.fields.cron']}
          required
          rules={[{ required: true, message: t['taskList.rules.cronRequired'] }]}
          extra={
            <div>
              <Typography.Text type="secondary">{t['taskList.form.cronHint']}</Typography.Text>
              <CronPreview t={t} cron={cron} />
            </div>
          }
        >
          <Input maxLength={128} placeholder="*/10 * * * * *" data-testid="task-form-cron" />
        </Form.Item>
        {type &&
          (type.params.length === 0 ? (
            <Typography.Paragraph type="secondary">{t['taskList.form.noParams']}</Typography.Paragraph>
          ) : (
            type.params.map((field) => (
              <Form.Item
                key={`${type.name}.${field.name}`}
                field={`params.${field.name}`}
                label={field.title}
                required={field.required}
                triggerPropName={field.kind === 'boolean' ? 'checked' : 'value'}
                rules={
                  field.required
                    ? [{ required: true, message: fillText(t['taskList.rules.paramRequired'], { title: field.title }) }]
                    : []
                }
                extra={
                  field.description ? (
                    <Typography.Text type="secondary">{field.description}</Typography.Text>
                  ) : undefined
                }
              >
                <ParamInput field={field} />
              </Form.Item>
            ))
          ))}
        <Form.Item field="description" label={t['taskList.fields.description']}>
          <Input.TextArea maxLength={256} showWordLimit placeholder={`请输入${t['taskList.fields.description']}`} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
