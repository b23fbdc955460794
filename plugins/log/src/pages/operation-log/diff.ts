import type { OperationChange } from '@cotton/sdk/contracts';
import { FIELD_LABELS } from './locale/zh-CN';

/** One field of a changed record: its value before and after, as text. */
export interface FieldDiff {
  field: string;
  before: string;
  after: string;
  /** The value differs (an added or a removed record differs in every field it has). */
  changed: boolean;
}

/** How values are put in words: field names, and coded values per field. */
export interface ValueWords {
  /** field → its words (the route's declarations first, then the page's own list). */
  fieldLabels: Record<string, string>;
  /** field → stored code → words. */
  valueLabels?: Record<string, Record<string, string>>;
}

/** The word for a field: the route's declaration, the page's own list, else 字段 (never the wire name). */
export function fieldWord(field: string, words: Pick<ValueWords, 'fieldLabels'>): string {
  return words.fieldLabels[field] ?? FIELD_LABELS[field] ?? '字段';
}

function inWords(value: unknown, words: ValueWords, field: string | null, depth: number): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string' || typeof value === 'number') {
    const code = String(value);
    return (field !== null ? words.valueLabels?.[field]?.[code] : undefined) ?? code;
  }
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (depth > 4) return '…';
  if (Array.isArray(value)) {
    return value
      .map((item) => inWords(item, words, field, depth + 1))
      .filter(Boolean)
      .join('；');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => {
        const text = inWords(item, words, key, depth + 1);
        if (text === '') return '';
        const label = words.fieldLabels[key] ?? FIELD_LABELS[key];
        return label ? `${label}：${text}` : text;
      })
      .filter(Boolean)
      .join('，');
  }
  return String(value);
}

/**
 * A value as the drawer shows it: codes in words where the writer declared them, nested
 * records as `名称：值` (never JSON, never a wire field name), nothing as 空.
 */
export function valueText(
  value: unknown,
  empty: string,
  words: ValueWords = { fieldLabels: {} },
  field?: string,
): string {
  const text = inWords(value, words, field ?? null, 0);
  return text === '' ? empty : text;
}

/**
 * The fields of a change side by side, in the order they first appear (before's, then
 * after's new ones); changed fields first is the reader's business, not the order's.
 */
export function diffChange(
  change: Pick<OperationChange, 'before' | 'after'> & Partial<Pick<OperationChange, 'valueLabels'>>,
  empty: string,
  fieldLabels: Record<string, string> = {},
): FieldDiff[] {
  const before = change.before ?? {};
  const after = change.after ?? {};
  const words: ValueWords = { fieldLabels, valueLabels: change.valueLabels ?? {} };
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    const was = valueText(before[field], empty, words, field);
    const now = valueText(after[field], empty, words, field);
    return { field, before: was, after: now, changed: was !== now };
  });
}

/**
 * What was sent, field by field in words (the masked JSON the server kept); null when nothing
 * was sent. Text that is not a JSON object is shown as one 参数 row.
 */
export function paramRows(params: string | null, empty: string, fieldLabels: Record<string, string>) {
  if (params === null || params.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(params);
  } catch {
    return [{ label: '参数', value: params }];
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return [{ label: '参数', value: valueText(parsed, empty, { fieldLabels }) }];
  return Object.entries(parsed as Record<string, unknown>).map(([field, value]) => ({
    label: fieldWord(field, { fieldLabels }),
    value: valueText(value, empty, { fieldLabels }, field),
  }));
}
