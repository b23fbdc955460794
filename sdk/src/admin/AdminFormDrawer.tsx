import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Checkbox, Form, Input, InputNumber, Radio, Select, Spin, Switch, Typography } from '@arco-design/web-react';
import type { RulesProps } from '@arco-design/web-react';
import { FormDrawer } from '../form/FormDrawer';
import { notBlank, notTaken } from '../form/rules';
import type { FormValidatorRule } from '../form/rules';
import { useFormSave } from '../form/use-form-save';
import { ChinaDatePicker } from '../list/ChinaDatePicker';
import type { ListOption } from '../list/types';
import { toApiError } from '../request/api-error';
import { request } from '../request/client';
import { fetchDictList } from '../services/dict';
import type { AdminFieldOptions, AdminFormConfig, AdminFormField } from './types';

/** The words of the drawer. */
export const ADMIN_FORM_MESSAGES = {
  add: '新增',
  edit: '编辑',
  save: '保存',
  cancel: '取消',
  saved: '保存成功',
  /** `{label}` is the field's label. */
  enter: '请输入{label}',
  choose: '请选择{label}',
  /** A number out of its range. */
  range: '{label}为 {min}～{max} 的{kind}',
  /** A field's options could not be loaded. */
  optionsFailed: '{label}的选项加载失败：{message}',
  integer: '整数',
  decimal: '数值',
} as const;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

const CHOICE_TYPES = new Set(['select', 'multiselect', 'radio', 'date']);
const TEXT_TYPES = new Set(['text', 'textarea', 'password']);

/** A field's value in the form's values: at its name, or along its dotted path (`params.days`). */
function valueAt(values: unknown, name: string): unknown {
  if (values === null || typeof values !== 'object') return undefined;
  if (name in values) return (values as Record<string, unknown>)[name];
  let value: unknown = values;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * Sends a call once per opening of the drawer: fields naming the same call and body, and the
 * form's `load`, share one request.
 */
type Ask = (call: unknown, body: unknown) => Promise<unknown>;

function askOnce(): Ask {
  const asked = new Map<string, Promise<unknown>>();
  return (call, body) => {
    const key = `${(call as { path: string }).path} ${JSON.stringify(body)}`;
    let answer = asked.get(key);
    if (!answer) {
      answer = (request.call as (call: unknown, body: unknown) => Promise<unknown>)(call, body);
      asked.set(key, answer);
    }
    return answer;
  };
}

/** Whether a field is in the form of an add (`editing` false) or an edit. */
function shown<Values, Row>(field: AdminFormField<Values, Row>, editing: boolean) {
  return !field.only || field.only === (editing ? 'edit' : 'add');
}

/** 请输入<label>, or 请选择<label> for a choice. */
function promptOf<Values, Row>(field: AdminFormField<Values, Row>) {
  const text = CHOICE_TYPES.has(field.type) ? ADMIN_FORM_MESSAGES.choose : ADMIN_FORM_MESSAGES.enter;
  return fill(text, { label: field.label });
}

/** The placeholder of a field: its own, else its prompt. */
function placeholderOf<Values, Row>(field: AdminFormField<Values, Row>) {
  return field.placeholder ?? promptOf(field);
}

/** The checks of a field, in the order their messages win: required, pattern, length, range, unique, the page's. */
function rulesOf<Values, Row>(
  field: AdminFormField<Values, Row>,
  dataId: string | null,
  values: () => Partial<Values>,
  row: Row | null = null,
): RulesProps[] {
  const rules: Array<RulesProps | FormValidatorRule> = [];
  if (field.required) {
    const message = typeof field.required === 'string' ? field.required : promptOf(field);
    if (TEXT_TYPES.has(field.type)) rules.push(notBlank(message));
    else if (field.type === 'multiselect')
      rules.push({
        validator: (value: unknown, callback: (error?: string) => void) =>
          callback(Array.isArray(value) && value.length > 0 ? undefined : message),
      });
    else rules.push({ required: true, message });
  }
  if (field.pattern) rules.push({ match: field.pattern.match, message: field.pattern.message });
  if (field.minLength) {
    const { length, message } = field.minLength;
    rules.push({
      validator: (value: unknown, callback: (error?: string) => void) =>
        callback(
          typeof value === 'string' && value.trim() !== '' && value.trim().length < length ? message : undefined,
        ),
    });
  }
  if (field.type === 'number' && field.max !== undefined) {
    const min = field.min ?? 0;
    const kind = field.precision ? ADMIN_FORM_MESSAGES.decimal : ADMIN_FORM_MESSAGES.integer;
    rules.push({
      type: 'number',
      min,
      max: field.max,
      message: fill(ADMIN_FORM_MESSAGES.range, { label: field.label, min, max: field.max, kind }),
    });
  }
  if (field.unique) {
    const { withinField, ...target } = field.unique;
    // The parent as chosen now, else the edited row's (a parent shown, not chosen, on edit).
    const within = withinField
      ? () => {
          const value = valueAt(values(), withinField) ?? valueAt(row, withinField);
          return value === undefined || value === null || value === '' ? null : String(value);
        }
      : target.withinVal;
    rules.push(notTaken({ ...target, dataId, ...(within === undefined ? {} : { withinVal: within }) }));
  }
  rules.push(...(field.rules ?? []));
  const { check } = field;
  if (check)
    rules.push({
      validator: (value: unknown, callback: (error?: string) => void) => callback(check(value, values()) ?? undefined),
    });
  return rules as RulesProps[];
}

/** What a field's options call answered, and the options made of it. */
interface LoadedOptions {
  options: ListOption[];
  answer: unknown;
}

/**
 * The options of a field, loaded when the drawer opens (a failure: the server's message), with
 * the whole answer of a call.
 */
function useFieldOptions<Values, Row>(
  fields: readonly AdminFormField<Values, Row>[],
  visible: boolean,
  row: Row | null,
  ask: Ask,
  failed: (message: string) => void,
) {
  const [loaded, setLoaded] = useState<Record<string, LoadedOptions>>({});
  useEffect(() => {
    if (!visible) return;
    let live = true;
    const load = (source: Exclude<AdminFieldOptions<Row>, readonly ListOption[]>): Promise<LoadedOptions> => {
      if ('dict' in source)
        return fetchDictList(source.dict).then((items) => ({
          options: items.map((item) => ({ label: item.value, value: item.code })),
          answer: undefined,
        }));
      const body = typeof source.body === 'function' ? (source.body as (row: Row | null) => unknown)(row) : source.body;
      return ask(source.call, body ?? {}).then((answer) => ({
        options: (source.options as (answer: unknown) => ListOption[])(answer),
        answer,
      }));
    };
    for (const field of fields) {
      const source = field.options;
      if (!source || Array.isArray(source)) continue;
      load(source as Exclude<AdminFieldOptions<Row>, readonly ListOption[]>).then(
        (options) => {
          if (live) setLoaded((current) => ({ ...current, [field.name]: options }));
        },
        (failure: unknown) => {
          const error = toApiError(failure);
          if (live && !error.handled)
            failed(fill(ADMIN_FORM_MESSAGES.optionsFailed, { label: field.label, message: error.message }));
        },
      );
    }
    return () => {
      live = false;
    };
    // Loaded as the drawer opens (or turns to another record, whose body may differ), from the
    // declaration then: a page that makes its declaration again on each render does not fetch
    // again. `failed` sets the drawer's message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, row]);
  return {
    optionsOf: (field: AdminFormField<Values, Row>): ListOption[] =>
      Array.isArray(field.options)
        ? [...(field.options as readonly ListOption[])]
        : (loaded[field.name]?.options ?? []),
    answerOf: (field: AdminFormField<Values, Row>): unknown => loaded[field.name]?.answer,
  };
}

/** The control a field is drawn as; the Form.Item gives it `value` and `onChange`. */
function controlOf<Values, Row>(
  field: AdminFormField<Values, Row>,
  options: ListOption[],
  disabled: boolean,
): ReactNode {
  const common = { disabled, placeholder: placeholderOf(field), 'data-testid': field.testId };
  switch (field.type) {
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          maxLength={field.maxLength}
          showWordLimit={Boolean(field.maxLength)}
          autoSize={{ minRows: 3, maxRows: 8 }}
        />
      );
    case 'password':
      return <Input.Password {...common} maxLength={field.maxLength} autoComplete="new-password" />;
    case 'number':
      return (
        <InputNumber
          {...common}
          min={field.min ?? 0}
          max={field.max}
          precision={field.precision ?? 0}
          style={{ width: 160 }}
        />
      );
    case 'select':
    case 'multiselect':
      return (
        <Select
          {...common}
          allowClear={!field.required}
          showSearch
          mode={field.type === 'multiselect' ? 'multiple' : undefined}
          options={options}
        />
      );
    case 'radio':
      return <Radio.Group disabled={disabled} data-testid={field.testId} options={options} />;
    case 'checkbox':
      return (
        <Checkbox disabled={disabled} data-testid={field.testId}>
          {field.text}
        </Checkbox>
      );
    case 'switch':
      return <Switch disabled={disabled} data-testid={field.testId} />;
    case 'date':
      return <ChinaDatePicker {...common} style={{ width: 200 }} />;
    default:
      return <Input {...common} maxLength={field.maxLength} />;
  }
}

/** The line under a field: its hint, which may read the form's values (a text is drawn as help; a node as it is). */
function hintOf<Values, Row>(field: AdminFormField<Values, Row>, values: Partial<Values>): ReactNode {
  const hint = typeof field.hint === 'function' ? field.hint(values) : field.hint;
  if (!hint) return undefined;
  return typeof hint === 'string' ? <Typography.Text type="secondary">{hint}</Typography.Text> : hint;
}

/** The value a field sends: texts trimmed, a blank one `null`; a password as typed. */
function sent<Values, Row>(field: AdminFormField<Values, Row>, value: unknown): unknown {
  if (field.type === 'text' || field.type === 'textarea') {
    const text = typeof value === 'string' ? value.trim() : '';
    return text === '' ? null : text;
  }
  if (field.type === 'checkbox' || field.type === 'switch') return value === true;
  if (field.type === 'select' || field.type === 'radio' || field.type === 'date') return value || null;
  // A cleared number is absent (null from some controls).
  return value ?? undefined;
}

/**
 * The record an edit starts from: the row, or the row with what `load` answers over it (a
 * failure: the server's message above the fields, and nothing to save). `null` when adding.
 */
function useEditedRecord<Row extends object, Values>(
  config: AdminFormConfig<Row, Values>,
  rowKey: keyof Row & string,
  visible: boolean,
  row: Row | null,
  ask: Ask,
  failed: (message: string) => void,
): { record: Row | null; loading: boolean } {
  const [loaded, setLoaded] = useState<{ row: Row; record: Row } | null>(null);
  const [loading, setLoading] = useState(false);
  const load = config.load;
  useEffect(() => {
    if (!visible || !row || !load) return;
    let live = true;
    setLoaded(null);
    setLoading(true);
    const body = load.body ? load.body(row) : { id: String(row[rowKey]) };
    ask(load.call, body).then(
      (answer) => {
        if (!live) return;
        setLoaded({ row, record: { ...row, ...(answer as object) } });
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setLoading(false);
        const error = toApiError(failure);
        if (!error.handled) failed(error.message);
      },
    );
    return () => {
      live = false;
    };
    // `failed` sets the drawer's message; the declaration is the page's constant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, row]);
  if (!row) return { record: null, loading: false };
  if (!load) return { record: row, loading: false };
  return { record: loaded?.row === row ? loaded.record : null, loading };
}

/** The props of {@link AdminFormDrawer}. */
export interface AdminFormDrawerProps<Row extends object, Values> {
  /** The declaration. */
  form: AdminFormConfig<Row, Values>;
  /** The row's key field (the update body's and the duplicate check's record id). */
  rowKey: keyof Row & string;
  /** `data-testid` of the drawer's body (`<testId>-save`, `<testId>-error`). */
  testId: string;
  /** Open or closed. */
  visible: boolean;
  /** The row edited; `null` adds one. */
  row: Row | null;
  /** Values an add starts with, over the fields' `initialValue` (the parent of 新增下级). */
  defaults?: Partial<Values>;
  /** 取消, the close button or the mask. */
  onClose: () => void;
  /** After 保存成功 (the page closes the drawer and reloads). */
  onSaved: () => void;
}

/**
 * The add / edit drawer drawn from an {@link AdminFormConfig}: each field's control, its rules
 * (required, the validators' pattern, lengths, range) with Chinese messages, the duplicate check
 * as a unique field is left, options from a list, a dictionary or a call; read-only fields on
 * edit; 保存 sends the declared call, says 保存成功 and calls `onSaved`; a refusal naming a
 * field goes under it, else above the fields.
 */
export function AdminFormDrawer<Row extends object, Values>({
  form: config,
  rowKey,
  testId,
  visible,
  row,
  defaults,
  onClose,
  onSaved,
}: AdminFormDrawerProps<Row, Values>) {
  const [form] = Form.useForm<Values>();
  const editing = row !== null;
  const dataId = row === null ? null : String(row[rowKey]);
  const fields = useMemo(() => config.fields.filter((field) => shown(field, editing)), [config.fields, editing]);
  const { error, setError, saving, save } = useFormSave<Values, string>(form, {
    targets: fields.map((field) => ({ field: field.name, names: [field.label, ...(field.refusal ?? [])] })),
    savedText: config.savedText ?? ADMIN_FORM_MESSAGES.saved,
    onSaved,
  });
  // One request per call and body for each opening of the drawer (a new memo as it opens or turns to another row).
  const ask = useMemo(askOnce, [visible, row]);
  const { optionsOf, answerOf } = useFieldOptions(config.fields, visible, row, ask, setError);
  const { record, loading } = useEditedRecord(config, rowKey, visible, row, ask, setError);

  /** The values the fields changed by the user give others (`onChange`). */
  function changed(values: Record<string, unknown>, all: Partial<Values>) {
    for (const field of fields) {
      if (!field.onChange || !(field.name in values)) continue;
      const more = field.onChange(values[field.name], all);
      if (more) form.setFieldsValue(more as Parameters<typeof form.setFieldsValue>[0]);
    }
  }

  // A required select with one option takes it when adding.
  useEffect(() => {
    if (!visible || editing) return;
    const values = form.getFieldsValue();
    for (const field of fields) {
      if (field.type !== 'select' || !field.required || valueAt(values, field.name) !== undefined) continue;
      const options = optionsOf(field);
      if (options.length !== 1) continue;
      const only = options[0]!.value;
      form.setFieldValue(field.name as never, only as never);
      changed({ [field.name]: only }, form.getFieldsValue());
    }
  });

  useEffect(() => {
    if (!visible) return;
    form.resetFields();
    const start: Record<string, unknown> = {};
    if (row) {
      // Filled once the record is there (`load`).
      if (!record) return;
      const values = (config.values?.(record) ?? record) as Record<string, unknown>;
      for (const field of fields) start[field.name] = valueAt(values, field.name) ?? undefined;
    } else {
      for (const field of fields) if (field.initialValue !== undefined) start[field.name] = field.initialValue;
      Object.assign(start, defaults);
    }
    form.setFieldsValue(start as Parameters<typeof form.setFieldsValue>[0]);
    // The declaration is the page's constant; a new row or a reopening starts again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, row, record, defaults, form]);

  useEffect(() => {
    if (visible) setError(null);
  }, [visible, row, setError]);

  function submit() {
    // An edit whose record did not load has nothing to save.
    if (row && !record) return;
    void save(async (values) => {
      const entered = values as Record<string, unknown>;
      const cleaned: Record<string, unknown> = {};
      for (const field of fields) {
        if (field.when && !field.when(values)) continue;
        cleaned[field.name] = sent(field, valueAt(entered, field.name));
      }
      const call = request.call as (call: unknown, body: unknown) => Promise<unknown>;
      if (row) {
        const changed = { ...cleaned };
        for (const field of fields) if (field.readOnlyOnEdit) delete changed[field.name];
        const body = config.update.body
          ? config.update.body(cleaned as Values, row)
          : { [rowKey]: row[rowKey], ...changed };
        await call(config.update.call, body);
      } else {
        await call(config.add.call, config.add.body ? config.add.body(cleaned as Values) : cleaned);
      }
    });
  }

  return (
    <FormDrawer
      testId={testId}
      title={`${editing ? ADMIN_FORM_MESSAGES.edit : ADMIN_FORM_MESSAGES.add}${config.noun}`}
      visible={visible}
      width={config.width}
      saving={saving}
      error={error}
      saveText={config.saveText ?? ADMIN_FORM_MESSAGES.save}
      cancelText={ADMIN_FORM_MESSAGES.cancel}
      onClose={onClose}
      onSave={submit}
    >
      {config.intro?.(record)}
      <Spin loading={loading} block>
        <Form<Values>
          form={form}
          layout="vertical"
          onChange={(values, all) => changed(values as Record<string, unknown>, all)}
        >
          {fields.map((field, index) => {
            const item = (values: Partial<Values>) => {
              const disabled = record !== null && (field.readOnlyOnEdit === true || field.disabled?.(record) === true);
              const options = optionsOf(field);
              return (
                <Form.Item
                  key={`${index}:${field.name}`}
                  field={field.name}
                  label={field.type === 'checkbox' ? undefined : field.label}
                  required={Boolean(field.required) && !disabled}
                  validateTrigger={
                    field.dependencies ? ['onBlur', 'onChange'] : TEXT_TYPES.has(field.type) ? ['onBlur'] : undefined
                  }
                  dependencies={field.dependencies ? [...field.dependencies] : undefined}
                  triggerPropName={field.type === 'checkbox' || field.type === 'switch' ? 'checked' : undefined}
                  rules={disabled ? [] : rulesOf(field, dataId, () => form.getFieldsValue() as Partial<Values>, row)}
                  extra={hintOf(field, values)}
                >
                  {field.render
                    ? field.render({ editing, disabled, row: record, options, values, answer: answerOf(field) })
                    : controlOf(field, options, disabled)}
                </Form.Item>
              );
            };
            const { when } = field;
            if (!when && typeof field.hint !== 'function') return item(form.getFieldsValue() as Partial<Values>);
            // Drawn again as the form's values change: shown only while `when` holds (and its
            // hint follows them).
            return (
              <Form.Item key={`${index}:${field.name}`} shouldUpdate noStyle>
                {(values: Partial<Values>) => (!when || when(values) ? item(values) : null)}
              </Form.Item>
            );
          })}
        </Form>
      </Spin>
    </FormDrawer>
  );
}
