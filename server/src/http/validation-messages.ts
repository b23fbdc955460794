import type { FastifyServerOptions } from 'fastify';
import { DEFAULT_MESSAGES } from './envelope';

/** Schema violations as the client reads them: `参数错误：<field> <rule>`, in Chinese. */

export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '字符串',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

function fieldPath(instancePath: string, child?: string): string {
  const segments = instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) segments.push(child);
  return segments.reduce(
    (path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment),
    '',
  );
}

function titled(path: string, schema: unknown): string {
  const title = schema && typeof schema === 'object' ? (schema as { title?: unknown }).title : undefined;
  return typeof title === 'string' ? `${path}（${title}）` : path;
}

/** `pageSize 不能大于 100`, but `pageSize（每页条数）不能大于 100`: no space after a full-width bracket. */
function phrase(field: string, rule: string): string {
  return `${DEFAULT_MESSAGES['400']}：${field}${field.endsWith('）') ? '' : ' '}${rule}`;
}

/**
 * A schema rule broken, in words after the field's name (`不能大于 100`, `长度不能超过 32 个字符`):
 * of a request's body here, and of an imported row (lib/list/import-rows.ts).
 */
export function ruleText(keyword: string, params: Record<string, unknown>): string {
  const limit = params.limit;
  switch (keyword) {
    case 'type':
      return `应为${TYPE_NAMES[String(params.type)] ?? String(params.type)}`;
    case 'minimum':
      return `不能小于 ${limit}`;
    case 'maximum':
      return `不能大于 ${limit}`;
    case 'exclusiveMinimum':
      return `必须大于 ${limit}`;
    case 'exclusiveMaximum':
      return `必须小于 ${limit}`;
    case 'minLength':
      return limit === 1 ? '不能为空' : `长度不能少于 ${limit} 个字符`;
    case 'maxLength':
      return `长度不能超过 ${limit} 个字符`;
    case 'minItems':
      return `至少包含 ${limit} 项`;
    case 'maxItems':
      return `最多包含 ${limit} 项`;
    case 'uniqueItems':
      return '不能重复';
    case 'enum':
      return `只能是 ${(params.allowedValues as unknown[]).join('、')}`;
    case 'const':
      return `只能是 ${String(params.allowedValue)}`;
    case 'pattern':
    case 'format':
      return '格式不正确';
    default:
      return '不合法';
  }
}

/**
 * The violation to tell: the first, unless it is one branch of a union whose own message says
 * what the field may be (每页条数 只能是 10、20…, not the first branch's 只能是 10).
 */
export function firstValidationIssue(issues: readonly ValidationIssue[]): ValidationIssue {
  const [first] = issues;
  const union = issues.find(
    (issue) =>
      issue.keyword === 'anyOf' &&
      issue.instancePath === first!.instancePath &&
      typeof issue.parentSchema?.errorMessage === 'string',
  );
  return union ?? first!;
}

/** `参数错误：<field> <rule>` for a schema violation, in Chinese. */
export function describeValidationIssue(issue: ValidationIssue): string {
  const { keyword, params, parentSchema } = issue;
  if (keyword === 'required') {
    const missing = String(params.missingProperty);
    const properties = (parentSchema?.properties ?? {}) as Record<string, unknown>;
    return phrase(titled(fieldPath(issue.instancePath, missing), properties[missing]), '不能为空');
  }
  if (keyword === 'additionalProperties') {
    return `${DEFAULT_MESSAGES['400']}：不支持的字段 ${fieldPath(issue.instancePath, String(params.additionalProperty))}`;
  }
  const path = fieldPath(issue.instancePath);
  if (path === '' && keyword === 'type') return `${DEFAULT_MESSAGES['400']}：请求体必须是 JSON 对象`;

  const field = titled(path || '请求体', parentSchema);
  const custom = parentSchema?.errorMessage;
  if (typeof custom === 'string' && ['pattern', 'format', 'enum', 'const', 'anyOf'].includes(keyword)) {
    return phrase(field, custom);
  }
  return phrase(field, ruleText(keyword, params));
}

/**
 * Ajv options for Fastify: `verbose` hands the failing schema to the error handler (for
 * titles and `errorMessage`), and `errorMessage` is declared as an annotation so that
 * strict mode accepts it. `strictNumbers`: a raw `1e999` in the JSON (Infinity) is no number
 * to the type check; text coerced into a number is checked by `refusedInput` (refused-input.ts).
 */
export const ajvOptions: NonNullable<FastifyServerOptions['ajv']> = {
  customOptions: { verbose: true, strictNumbers: true },
  plugins: [
    <A extends { addKeyword(keyword: string): unknown }>(ajv: A): A => {
      ajv.addKeyword('errorMessage');
      return ajv;
    },
  ],
};
