import { ENTITY_PATTERNS, type EntityDeclaration, type EntityFieldDeclaration } from '@cotton/sdk/contracts';
import { registerFileAccepts } from '@cotton/sdk/validators';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDatabase, Tx } from '../../db/client';
import { dictItems, files, regions } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { parseDate } from '../../lib/list/index';
import { decimalPattern, DICT_VALUE, FILE_VALUE, INT4, isCalendarDay, REGION_VALUE } from './declaration';

/**
 * The values of an entity's row (docs/plugins.md "Plugin data"): what the add, the update and
 * each imported row send, checked against the active version's declaration — every reason
 * named by the field's label — and turned into what its column takes.
 */

export type DbValue = string | number | boolean | Date | null;

export const VALUE_MESSAGES = {
  unknownField: (name: string) => `不支持的字段「${/^[A-Za-z][A-Za-z0-9]{0,30}$/.test(name) ? name : '…'}」`,
  empty: (label: string) => `${label}不能为空`,
  tooLong: (label: string, max: number) => `${label}不能超过 ${max} 个字符`,
  text: (label: string) => `${label}应为文字`,
  integer: (label: string) => `${label}应为整数（-2147483648～2147483647）`,
  decimal: (label: string, scale: number) => `${label}应为数字，最多 ${18 - scale} 位整数、${scale} 位小数`,
  date: (label: string) => `${label}应为日期，如 2026-04-01`,
  datetime: (label: string) => `${label}应为日期时间，如 2026-04-01 08:30`,
  boolean: (label: string) => `${label}只能是 是 或 否`,
  dict: (label: string) => `${label}不是字典中的选项`,
  region: (label: string) => `${label}不是有效的行政区划代码`,
  file: (label: string) => `${label}不是已上传的文件`,
  control: (label: string) => `${label}不能含控制字符`,
} as const;

/** `files.purpose` of an upload to a plugin entity's `…/upload`: the only files a row takes. */
export const PLUGIN_DATA_PURPOSE = 'plugin-data';

/** The value of `field` for its column, from a checked wire value (a default included). */
export function valueForDatabase(field: EntityFieldDeclaration, value: string | number | boolean): DbValue {
  if (field.type === 'datetime') return parseDate(String(value));
  if (field.type === 'decimal') return String(value);
  return value;
}

/** Reads one field's wire value: its column's value, or the reason it cannot be (pushed to `reasons`). */
function readField(field: EntityFieldDeclaration, raw: unknown, reasons: string[]): DbValue | undefined {
  const label = field.label;
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    if (field.required) reasons.push(VALUE_MESSAGES.empty(label));
    return null;
  }
  const text = typeof raw === 'string' ? raw.trim() : null;
  switch (field.type) {
    case 'string': {
      if (text === null) return void reasons.push(VALUE_MESSAGES.text(label));
      if ([...text].length > field.maxLength!)
        return void reasons.push(VALUE_MESSAGES.tooLong(label, field.maxLength!));
      // eslint-disable-next-line no-control-regex -- control characters are what it refuses
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text))
        return void reasons.push(VALUE_MESSAGES.control(label));
      if (field.pattern) {
        const rule = ENTITY_PATTERNS[field.pattern];
        if (!rule.pattern.test(text)) return void reasons.push(`${label}${rule.message}`);
      }
      return text;
    }
    case 'integer': {
      const number = typeof raw === 'number' ? raw : text !== null && /^-?\d{1,10}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(number) || number < INT4.min || number > INT4.max)
        return void reasons.push(VALUE_MESSAGES.integer(label));
      return number;
    }
    case 'decimal': {
      const value = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : text;
      if (value === null || value.length > 24 || !decimalPattern(field.scale ?? 2).test(value))
        return void reasons.push(VALUE_MESSAGES.decimal(label, field.scale ?? 2));
      return value;
    }
    case 'date':
      if (text === null || !isCalendarDay(text)) return void reasons.push(VALUE_MESSAGES.date(label));
      return text;
    case 'datetime': {
      const date = text !== null && text.length <= 40 ? parseDate(text) : null;
      if (!date) return void reasons.push(VALUE_MESSAGES.datetime(label));
      return date;
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return raw;
      if (text === '是' || text === 'true' || text === '1') return true;
      if (text === '否' || text === 'false' || text === '0') return false;
      return void reasons.push(VALUE_MESSAGES.boolean(label));
    }
    case 'dict':
      if (text === null || !DICT_VALUE.test(text)) return void reasons.push(VALUE_MESSAGES.dict(label));
      return text;
    case 'region':
      if (text === null || !REGION_VALUE.test(text)) return void reasons.push(VALUE_MESSAGES.region(label));
      return text;
    case 'file':
      if (text === null || !FILE_VALUE.test(text)) return void reasons.push(VALUE_MESSAGES.file(label));
      return text;
  }
}

/**
 * The values of an add (`mode` add: absent fields take their default, required ones must be
 * there; the fields the active version does not know take the table's defaults — `hidden`) or
 * an update (only the fields sent change), with every reason it cannot be stored.
 */
export function readValues(
  entity: EntityDeclaration,
  hidden: EntityFieldDeclaration[],
  body: Record<string, unknown>,
  mode: 'add' | 'update',
): { values: Record<string, DbValue>; reasons: string[] } {
  const reasons: string[] = [];
  const values: Record<string, DbValue> = {};
  for (const key of Object.keys(body)) {
    if (key === 'id' && mode === 'update') continue;
    if (!entity.fields.some((field) => field.name === key)) reasons.push(VALUE_MESSAGES.unknownField(key));
  }
  for (const field of entity.fields) {
    const sent = Object.hasOwn(body, field.name);
    if (!sent && mode === 'update') continue;
    const raw = sent ? body[field.name] : field.default;
    const value = readField(field, raw, reasons);
    if (value !== undefined) values[field.name] = value;
  }
  if (mode === 'add') {
    for (const field of hidden) {
      if (field.default !== undefined) values[field.name] = valueForDatabase(field, field.default);
    }
  }
  return { values, reasons };
}

/**
 * The reasons the values name what does not exist: a dictionary item not in its dictionary
 * (or stopped), a region code not in 行政区划, a file not uploaded (or not of a kind the field
 * takes). `kept`: the edited row's values — its own file sent again unchanged is no new upload.
 */
export async function referenceReasons(
  db: AppDatabase | Tx,
  entity: EntityDeclaration,
  values: Record<string, DbValue>,
  uploader: number | null,
  kept: Record<string, unknown> = {},
): Promise<string[]> {
  const reasons: string[] = [];
  for (const field of entity.fields) {
    const value = values[field.name];
    if (typeof value !== 'string') continue;
    if (field.type === 'dict') {
      const [{ found }] = await db
        .select({ found: count() })
        .from(dictItems)
        .where(
          and(eq(dictItems.categoryCode, field.dictCode!), eq(dictItems.itemCode, value), eq(dictItems.status, '1')),
        );
      if (found === 0) reasons.push(VALUE_MESSAGES.dict(field.label));
    } else if (field.type === 'region') {
      const [{ found }] = await db.select({ found: count() }).from(regions).where(eq(regions.code, value));
      if (found === 0) reasons.push(VALUE_MESSAGES.region(field.label));
    } else if (field.type === 'file') {
      if (kept[field.name] === value) continue;
      // The caller's own upload to an entity, of a kind the field takes: never another user's
      // file, whose id would otherwise be enough to take it over (and then to preview it as the
      // row's), nor a file of theirs kept for something else (an avatar, a registration's scan).
      const [{ found }] =
        uploader === null
          ? [{ found: 0 }]
          : await db
              .select({ found: count() })
              .from(files)
              .where(
                and(
                  eq(files.id, value),
                  eq(files.ownerUserId, uploader),
                  eq(files.purpose, PLUGIN_DATA_PURPOSE),
                  inArray(files.type, [...registerFileAccepts(field.accept ?? 'imageOrPdf')]),
                ),
              );
      if (found === 0) reasons.push(VALUE_MESSAGES.file(field.label));
    }
  }
  return reasons;
}

/** The key a row read with its files' names (service.ts `rowsOf`) holds a file field's name under. */
export const fileNameKey = (field: string) => `file:${field}`;

/**
 * A row as the wire carries it: `id` as text, times as ISO 8601, a decimal as its exact text; an
 * entity with file fields adds `fileNames`, each file field's file name (or null).
 */
export function rowOut(entity: EntityDeclaration, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: String(row.id) };
  const fileNames: Record<string, string | null> = {};
  for (const field of entity.fields) {
    const value = row[field.name];
    out[field.name] = value instanceof Date ? value.toISOString() : (value ?? null);
    if (field.type === 'file') fileNames[field.name] = (row[fileNameKey(field.name)] as string | null) ?? null;
  }
  out.createTime = (row.createTime as Date).toISOString();
  out.updateTime = (row.updateTime as Date).toISOString();
  if (Object.keys(fileNames).length > 0) out.fileNames = fileNames;
  return out;
}

/**
 * Marks the uploads the values name as taken by a record (`attachedAt`), in the transaction that
 * writes it: a loose upload is swept after a day (files/sweep.ts), a row's file never is. Each
 * is locked and must still be there (the sweep may have taken a day-old upload since the values
 * were checked): else the write is refused, naming the field.
 */
export async function attachFiles(tx: Tx, entity: EntityDeclaration, values: Record<string, DbValue>): Promise<void> {
  const named = entity.fields.filter((field) => field.type === 'file' && typeof values[field.name] === 'string');
  if (named.length === 0) return;
  const ids = named.map((field) => values[field.name] as string);
  const found = await tx.select({ id: files.id }).from(files).where(inArray(files.id, ids)).for('update');
  const gone = named.find((field) => !found.some((file) => file.id === values[field.name]));
  if (gone) throw new ApiError('400', VALUE_MESSAGES.file(gone.label));
  await tx
    .update(files)
    .set({ attachedAt: sql`now()` })
    .where(and(inArray(files.id, ids), isNull(files.attachedAt)));
}
