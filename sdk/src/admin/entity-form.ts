import { createElement } from 'react';
import { pluginEntityCalls } from '../calls';
import type { EntityDeclaration, EntityFieldDeclaration } from '../contracts/plugin-entity';
import { ENTITY_FILE_MESSAGES, EntityFileUpload, type EntityUploadState } from '../list/EntityFile';
import type { ListCall } from '../list/types';
import { entityCall } from '../list/entity-call';
import { REGION_CODE_PATTERN } from '../validators/codes';
import { ENTITY_PATTERNS } from '../validators/plugin-entity';
import type { AdminFormConfig, AdminFormField } from './types';

type Values = Record<string, unknown>;

export const ENTITY_FORM_MESSAGES = {
  /** A required file field without a file. */
  upload: '请上传{label}',
} as const;

const fill = (text: string, label: string) => text.replace('{label}', label);

/** The 32-bit range of an `integer` field (the server's column). */
const INT4 = { min: -2147483648, max: 2147483647 };
/** A `decimal` field's digits in all (the server's `numeric(18, scale)`). */
const DECIMAL_DIGITS = 18;

/** A datetime as the server reads one without a zone (China time). */
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(?::\d{2})?$/;

/**
 * The drawer's field for a declared field, with the declaration's rules (required, length,
 * pattern, range, decimals, the dictionary; a file's kind and size).
 */
function formField<Row>(pluginId: string, entity: string, field: EntityFieldDeclaration): AdminFormField<Values, Row> {
  const base = { name: field.name, label: field.label, required: field.required === true };
  const initial = field.default === undefined ? {} : { initialValue: field.default };
  switch (field.type) {
    case 'string':
      return {
        ...base,
        ...initial,
        type: (field.maxLength ?? 0) > 200 ? 'textarea' : 'text',
        maxLength: field.maxLength,
        ...(field.pattern
          ? {
              pattern: {
                match: ENTITY_PATTERNS[field.pattern].pattern,
                message: `${field.label}${ENTITY_PATTERNS[field.pattern].message}`,
              },
            }
          : {}),
      };
    case 'integer':
      return { ...base, ...initial, type: 'number', precision: 0, min: INT4.min, max: INT4.max };
    case 'decimal': {
      const scale = field.scale ?? 2;
      const max = Number(`${'9'.repeat(DECIMAL_DIGITS - scale)}${scale > 0 ? `.${'9'.repeat(scale)}` : ''}`);
      return { ...base, ...initial, type: 'number', precision: scale, min: -max, max };
    }
    case 'date':
      return { ...base, ...initial, type: 'date' };
    case 'datetime':
      return {
        ...base,
        type: 'text',
        maxLength: 19,
        placeholder: 'YYYY-MM-DD HH:mm:ss',
        pattern: { match: DATETIME, message: `${field.label}应为“年-月-日 时:分:秒”，如 2026-04-01 08:30:00` },
      };
    case 'boolean':
      return { ...base, required: false, type: 'switch', initialValue: field.default ?? false };
    case 'dict':
      return { ...base, ...initial, type: 'select', options: { dict: field.dictCode! } };
    case 'region':
      return {
        ...base,
        ...initial,
        type: 'text',
        maxLength: 6,
        hint: '6 位行政区划代码，如 410102',
        pattern: { match: REGION_CODE_PATTERN, message: `${field.label}应为 6 位行政区划代码` },
      };
    case 'file': {
      const state: EntityUploadState = { uploading: false };
      return {
        ...base,
        // A choice's checks: as the value changes (an upload), not on leaving a text.
        type: 'select',
        required: field.required ? fill(ENTITY_FORM_MESSAGES.upload, field.label) : false,
        // 保存 waits for the upload: saved before it ends, the row would lack the new file.
        rules: [
          { validator: (_value, callback) => callback(state.uploading ? ENTITY_FILE_MESSAGES.uploading : undefined) },
        ],
        render: ({ row, disabled }) =>
          createElement(EntityFileUpload, {
            pluginId,
            entity,
            field,
            row: row as Record<string, unknown> | null,
            disabled,
            state,
          }),
      };
    }
  }
}

/**
 * A plugin entity's 新增 / 编辑 drawer from its declaration (docs/plugins.md "Plugin data"), for
 * `AdminListPage`'s `form` beside {@link entityListConfig}'s `list`: a field for each declared
 * field (a `file` field is an upload to the entity's `…/upload`), with the rules the server
 * checks again, and the entity's add and update calls. The result is a plain object: replace, drop or
 * add fields as the page needs (`{ ...form, fields: form.fields.map(…) }`).
 *
 * ```tsx
 * const form = entityFormConfig<InspectionRow>('qc-records', inspection);
 * <AdminListPage title={inspection.label} list={entityListConfig('qc-records', inspection)} form={form} />
 * ```
 */
export function entityFormConfig<Row extends object = Record<string, unknown>>(
  pluginId: string,
  entity: EntityDeclaration,
): AdminFormConfig<Row, Record<string, unknown>> {
  const call = (declared: ListCall): ListCall => entityCall(declared, pluginId, entity.name);
  return {
    noun: entity.label,
    fields: entity.fields.map((field) => formField<Row>(pluginId, entity.name, field)),
    add: { call: call(pluginEntityCalls.add) },
    update: { call: call(pluginEntityCalls.update) },
  };
}
