import type { TObject, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { JobParamField } from '@cotton/sdk/contracts';

interface FieldSchema {
  type?: unknown;
  title?: unknown;
  description?: unknown;
  default?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  maxLength?: unknown;
}

const KINDS = ['string', 'integer', 'number', 'boolean'] as const;
const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** The parameters a job type takes, flat (the form renders string, number and boolean fields). */
export function describeParams(schema: TObject): JobParamField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties as Record<string, TSchema>).map(([name, property]) => {
    const field = property as FieldSchema;
    const kind = KINDS.find((candidate) => candidate === field.type) ?? 'string';
    const fallback = field.default;
    return {
      name,
      title: typeof field.title === 'string' ? field.title : name,
      description: typeof field.description === 'string' ? field.description : null,
      kind,
      required: required.has(name) && fallback === undefined,
      defaultValue:
        typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean' ? fallback : null,
      minimum: numberOrNull(field.minimum),
      maximum: numberOrNull(field.maximum),
      maxLength: numberOrNull(field.maxLength),
    };
  });
}

const NUMBER_TEXT = /^-?\d{1,16}(?:\.\d{1,16})?$/;

/**
 * The values as the job type declares them: a request's validator may have turned numbers
 * and yes/no into text ('99', 'true') and an empty value into ''; blank values are left out
 * so that the default applies.
 */
function asDeclared(fields: Map<string, JobParamField>, value: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(value)) {
    const kind = fields.get(name)?.kind;
    if (raw === null || raw === '') continue;
    if (typeof raw === 'string' && (kind === 'integer' || kind === 'number') && NUMBER_TEXT.test(raw.trim()))
      params[name] = Number(raw.trim());
    else if (typeof raw === 'string' && kind === 'boolean' && (raw === 'true' || raw === 'false'))
      params[name] = raw === 'true';
    else if (typeof raw !== 'string' && kind === 'string') params[name] = String(raw);
    else params[name] = raw;
  }
  return params;
}

const TYPE_NAMES: Record<string, string> = { string: '文字', integer: '整数', number: '数字', boolean: '是或否' };

export type ParamsCheck = { ok: true; params: Record<string, unknown> } | { ok: false; message: string };

/**
 * The task's parameters checked against its job type's schema, defaults filled in; or the
 * first problem in Chinese, naming the parameter by its title (统计天数：不能大于 31).
 */
export function checkParams(schema: TObject, value: unknown): ParamsCheck {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: '任务参数应为对象' };
  const fields = new Map(describeParams(schema).map((field) => [field.name, field]));
  const unknown = Object.keys(value).find((key) => !fields.has(key));
  if (unknown !== undefined)
    return { ok: false, message: '任务参数中有此任务类型不支持的项，请重新选择任务类型后填写' };
  const params = Value.Default(schema, asDeclared(fields, value as Record<string, unknown>)) as Record<string, unknown>;
  for (const error of Value.Errors(schema, params)) {
    const name =
      error.keyword === 'required'
        ? String((error.params as { requiredProperties?: string[] }).requiredProperties?.[0] ?? '')
        : (error.instancePath.split('/')[1] ?? '');
    const field = fields.get(name);
    const title = field?.title ?? '任务参数';
    const limit = (error.params as { limit?: unknown }).limit;
    switch (error.keyword) {
      case 'required':
        return { ok: false, message: `${title}：不能为空` };
      case 'type':
        return { ok: false, message: `${title}：应为${TYPE_NAMES[field?.kind ?? 'string']}` };
      case 'minimum':
        return { ok: false, message: `${title}：不能小于 ${String(limit)}` };
      case 'maximum':
        return { ok: false, message: `${title}：不能大于 ${String(limit)}` };
      case 'maxLength':
        return { ok: false, message: `${title}：不能超过 ${String(limit)} 个字符` };
      case 'minLength':
        return { ok: false, message: `${title}：不能为空` };
      default:
        return { ok: false, message: `${title}：取值无效` };
    }
  }
  return { ok: true, params };
}
