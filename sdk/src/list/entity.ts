import { createElement } from 'react';
import { pluginEntityCalls } from '../calls';
import type { EntityDeclaration, EntityFieldDeclaration } from '../contracts/plugin-entity';
import { entityPermissionCodes } from '../validators/plugin-entity';
import { EntityFileLink } from './EntityFile';
import { entityCall } from './entity-call';
import type {
  ListCall,
  ListColumn,
  ListConfig,
  ListSearchField,
  ListSuperQueryField,
  SuperQueryFieldType,
} from './types';

/**
 * A plugin entity's list from its declaration (docs/plugins.md "Plugin data"): the columns,
 * search form, 高级查询 fields, sorts, calls (`/rest/pluginData/<plugin>/<entity>/…`) and the
 * buttons' codes (`plugin:<plugin>:<entity>:<action>`) of a `ListPage`, all read from the entity
 * `plugin.json` declares — give the same object the portal installs, declared in TypeScript
 * with `defineEntity` (plugin.json imported as JSON reads each field's `type` as any string,
 * which is no `EntityDeclaration`); the rows are then typed, `EntityRowOf<typeof inspection>`:
 *
 * ```tsx
 * const inspection = defineEntity({ name: 'inspection', label: '质检记录', fields: [ … ] }); // as in plugin.json
 * const store = createListStore(entityListConfig('qc-records', inspection, { storageKey: 'qc-list' }));
 * ```
 */

/** A declaration kept with its literal names and types, so that {@link EntityRowOf} can read them. */
export function defineEntity<const E extends EntityDeclaration>(entity: E): E {
  return entity;
}

/** The wire type of a field's value by its declared kind. */
export type EntityValueOf<F> = F extends { type: 'integer' }
  ? number
  : F extends { type: 'boolean' }
    ? boolean
    : string;

/**
 * A row of the entity as its calls answer it: `id`, each field (null when empty; a file field's
 * value is the file's id), `createTime`, `updateTime`, and with file fields `fileNames`.
 */
export type EntityRowOf<E extends { fields: readonly EntityFieldDeclaration[] }> = {
  id: string;
  createTime: string;
  updateTime: string;
  /** Each file field's file name (null when it has none); present when the entity has file fields. */
  fileNames?: Record<string, string | null>;
} & { [F in E['fields'][number] as F['name']]: EntityValueOf<F> | null };

const SYSTEM_LABELS: Record<string, string> = { createTime: '创建时间', updateTime: '更新时间' };

function queryType(field: EntityFieldDeclaration): SuperQueryFieldType {
  switch (field.type) {
    case 'string':
      return 'text';
    case 'integer':
    case 'decimal':
      return 'number';
    case 'date':
    case 'datetime':
      return 'date';
    default:
      return 'code';
  }
}

/** The list's configuration; `overrides` replaces any part (a column's render, row actions, the storage key). */
export function entityListConfig<Row extends object = Record<string, unknown>>(
  pluginId: string,
  entity: EntityDeclaration,
  overrides: Partial<ListConfig<Row>> = {},
): ListConfig<Row> {
  const call = (declared: ListCall): ListCall => entityCall(declared, pluginId, entity.name);
  const fields = new Map(entity.fields.map((field) => [field.name, field]));
  const list = entity.list ?? {};
  const sorts = new Set(['createTime', ...(list.sorts ?? [])]);
  const columnNames = list.columns ?? [...entity.fields.map((field) => field.name), 'createTime'];
  const columns: ListColumn<Row>[] = columnNames.map((name) => {
    const field = fields.get(name);
    return {
      title: field?.label ?? SYSTEM_LABELS[name] ?? name,
      dataIndex: name,
      sortable: sorts.has(name),
      ...(field?.type === 'boolean'
        ? { render: (value: unknown) => (value === true ? '是' : value === false ? '否' : '') }
        : {}),
      // A file as its name; a click previews it (for whoever may see the row).
      ...(field?.type === 'file'
        ? {
            render: (_value: unknown, row: Row) =>
              createElement(EntityFileLink, {
                pluginId,
                entity: entity.name,
                field: name,
                rowId: String((row as { id?: unknown }).id),
                fileName: (row as { fileNames?: Record<string, string | null> }).fileNames?.[name],
              }),
          }
        : {}),
    };
  });
  const searchFields: ListSearchField[] = (list.filters ?? []).flatMap((name): ListSearchField[] => {
    const field = fields.get(name);
    if (!field) return [];
    if (field.type === 'boolean')
      return [
        {
          name,
          label: field.label,
          kind: 'select' as const,
          options: [
            { label: '是', value: '1' },
            { label: '否', value: '0' },
          ],
        },
      ];
    return [
      {
        name,
        label: field.label,
        kind: field.type === 'date' || field.type === 'datetime' ? ('date' as const) : ('text' as const),
      },
    ];
  });
  const superQueryFields: ListSuperQueryField[] = (list.superQuery ?? []).map((name) => {
    const field = fields.get(name);
    return { name, label: field?.label ?? SYSTEM_LABELS[name] ?? name, type: field ? queryType(field) : 'date' };
  });
  const codes = entityPermissionCodes(pluginId, entity.name);
  const remove = call(pluginEntityCalls.delete);
  return {
    rowKey: 'id' as keyof Row & string,
    columns,
    searchFields,
    superQueryFields,
    calls: {
      list: call(pluginEntityCalls.page),
      delete: { call: remove, body: (row) => ({ ids: String((row as { id?: unknown }).id) }) },
      batchDelete: { call: remove, body: (keys) => ({ ids: keys.join(',') }) },
      export: call(pluginEntityCalls.export),
      import: { call: call(pluginEntityCalls.import), template: call(pluginEntityCalls.importTemplate) },
    },
    permissions: { add: codes.add, edit: codes.edit, delete: codes.delete, export: codes.export, import: codes.import },
    defaultSort: list.defaultSort ?? { field: 'createTime', order: 'desc' },
    storageKey: `${pluginId}-${entity.name}-list`,
    exportFileName: `${entity.label}.xlsx`,
    importTemplateFileName: `${entity.label}导入模板.xlsx`,
    ...overrides,
  };
}
