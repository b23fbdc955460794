import type { EntityDeclaration, EntityFieldDeclaration } from '@cotton/sdk/contracts';
import { entityPermissionCode, entityPermissionCodes, type EntityAction } from '@cotton/sdk/validators';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  integer,
  numeric,
  pgSchema,
  timestamp,
  varchar,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
} from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { pluginEntityTables, pluginRegistry, pluginVersions } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { defineList, type ListField } from '../../lib/list/index';
import { FORBIDDEN_MESSAGE, holds } from '../auth/authenticate';
import { describeOperation } from '../log/operation';
import { chinaTime } from '../shared/china-time';
import { dataScopedMenus, dataScopeOf, scopeCondition, scopeUserOf } from '../data-scope/scope';
import { checkEntities, SYSTEM_LIST_FIELDS } from './declaration';
import { schemaOf, versionKeyOf } from './tables';

/**
 * An entity as the routes serve it (docs/architecture.md "Plugin entities"): the drizzle table
 * over every column its table has, and — from the active version's declaration — the list
 * (lib/list: the allow-list of filters, sorts and super-query fields, the export) and the
 * admin resource (lib/admin-resource: add / update / delete with the unique checks and audit).
 * Kept per plugin version and table change; a version's declaration never changes.
 */

type Row = Record<string, unknown>;

export const ENTITY_MESSAGES = {
  notFound: '数据实体不存在：插件未安装、未启用，或当前版本没有该数据实体',
  rowNotFound: '记录不存在或已删除',
  taken: (label: string, value: string) => `${label}「${value}」已存在，请更换`,
  notFileField: '该数据实体没有这个文件字段',
  noFileField: '上传请求未注明文件所属的字段，请刷新页面后重新上传',
  noFile: (label: string) => `该记录没有上传${label}`,
} as const;

function columnOf(field: EntityFieldDeclaration): PgColumnBuilderBase {
  switch (field.type) {
    case 'string':
      return varchar(field.name, { length: field.maxLength! });
    case 'integer':
      return integer(field.name);
    case 'decimal':
      return numeric(field.name, { precision: 18, scale: field.scale ?? 2 });
    case 'date':
      return date(field.name, { mode: 'string' });
    case 'datetime':
      return timestamp(field.name, { withTimezone: true });
    case 'boolean':
      return boolean(field.name);
    default:
      return varchar(field.name, { length: 32 });
  }
}

function tableOf(pluginId: string, entity: string, fields: EntityFieldDeclaration[], owner: string | null) {
  const columns: Record<string, PgColumnBuilderBase> = {
    id: integer('id').primaryKey(),
    createTime: timestamp('createTime', { withTimezone: true }).notNull(),
    updateTime: timestamp('updateTime', { withTimezone: true }).notNull(),
    createBy: varchar('createBy', { length: 64 }),
    updateBy: varchar('updateBy', { length: 64 }),
  };
  if (owner) {
    columns.ownerEnterpriseId = integer('ownerEnterpriseId');
    columns.ownerOrgId = integer('ownerOrgId');
    columns.ownerUserId = integer('ownerUserId');
  }
  for (const field of fields) columns[field.name] = columnOf(field);
  return pgSchema(schemaOf(pluginId)).table(entity, columns);
}

/** One served entity. */
export interface ServedEntity {
  pluginId: string;
  entity: EntityDeclaration;
  /** Fields the table has that the active version does not declare (a rollback's): left alone, filled by their defaults on add. */
  hidden: EntityFieldDeclaration[];
  codes: Record<EntityAction, string>;
  table: PgTable;
  columns: Record<string, PgColumn>;
  list: ReturnType<typeof compileList>;
  resource: ReturnType<typeof compileResource>;
}

function listFieldOf(field: EntityFieldDeclaration, column: PgColumn, entity: EntityDeclaration): ListField<Row> {
  const list = entity.list ?? {};
  const shown = list.columns ? list.columns.includes(field.name) : true;
  const base = {
    label: field.label,
    filter: list.filters?.includes(field.name)
      ? field.type === 'string'
        ? ('like' as const)
        : ('eq' as const)
      : undefined,
    sortable: list.sorts?.includes(field.name) ?? false,
    superQuery: list.superQuery?.includes(field.name) ?? false,
  };
  const exported = (value?: (row: Row) => string | number | null) =>
    shown
      ? { export: { width: Math.min(40, Math.max(10, field.label.length * 2 + 4)), ...(value ? { value } : {}) } }
      : {};
  switch (field.type) {
    case 'string':
      return { ...base, column, type: 'text', ...exported() };
    case 'integer':
      return { ...base, column, type: 'number', ...exported() };
    case 'decimal':
      return { ...base, column, type: 'number', ...exported() };
    case 'date':
      return { ...base, column, type: 'date', ...exported() };
    case 'datetime':
      return {
        ...base,
        column,
        type: 'date',
        ...exported((row) => (typeof row[field.name] === 'string' ? chinaTime(row[field.name] as string) : null)),
      };
    case 'boolean':
      return {
        ...base,
        // 1 / 0, as a code: the filter and the super query compare it as one.
        column: sql`(case when ${column} then '1' when ${column} is null then null else '0' end)`,
        type: 'code',
        ...exported((row) => (row[field.name] === true ? '是' : row[field.name] === false ? '否' : null)),
      };
    case 'file':
      // The file's name (rowsOf reads it with the row), not its id.
      return { ...base, column, type: 'code', ...exported((row) => fileNamesOf(row)[field.name] ?? null) };
    default:
      return { ...base, column, type: 'code', ...exported() };
  }
}

/** A served row's file names by field (`fileNames`, values.ts `rowOut`). */
function fileNamesOf(row: Row): Record<string, string | null> {
  return (row.fileNames as Record<string, string | null> | undefined) ?? {};
}

function compileList(
  pluginId: string,
  entity: EntityDeclaration,
  columns: Record<string, PgColumn>,
  table: ReturnType<typeof tableOf>,
) {
  const list = entity.list ?? {};
  const fields: Record<string, ListField<Row>> = {};
  for (const field of entity.fields) fields[field.name] = listFieldOf(field, columns[field.name], entity);
  for (const name of SYSTEM_LIST_FIELDS) {
    const shown = list.columns ? list.columns.includes(name) : name === 'createTime';
    fields[name] = {
      label: name === 'createTime' ? '创建时间' : '更新时间',
      column: columns[name],
      type: 'date',
      sortable: name === 'createTime' || (list.sorts?.includes(name) ?? false),
      superQuery: list.superQuery?.includes(name) ?? false,
      ...(shown ? { export: { width: 20, value: (row: Row) => chinaTime(row[name] as string) } } : {}),
    };
  }
  return defineList<Row>()({
    table,
    key: columns.id,
    fields,
    defaultSort: list.defaultSort ?? { field: 'createTime', order: 'desc' },
    cacheTotal: true,
    versionKey: versionKeyOf(pluginId, entity.name),
  });
}

/**
 * Who may see which rows: the entity's owner columns against the caller's data scope (no owner:
 * every row). `org`: the data rules on the list's code (`dataScopedMenus` — the node carrying
 * `plugin:<id>:<entity>:list`, where 数据权限 stores them); while no node carries it no rule can
 * be set and only a holder of every code reaches the list: their enterprise's rows.
 */
async function scopeOf(
  db: Pick<AppDatabase, 'select'>,
  request: FastifyRequest,
  served: Pick<ServedEntity, 'entity' | 'columns' | 'codes'>,
): Promise<SQL | undefined> {
  if (!served.entity.owner) return undefined;
  const user = scopeUserOf(request);
  const enterprise = eq(served.columns.ownerEnterpriseId, user.enterpriseId);
  if (served.entity.owner === 'enterprise' || !(await dataScopedMenus(db)).has(served.codes.list)) return enterprise;
  const scope = await dataScopeOf(db, user, served.codes.list);
  return scopeCondition(scope, user, {
    key: served.columns.id,
    org: served.columns.ownerOrgId,
    user: served.columns.ownerUserId,
    enterprise: served.columns.ownerEnterpriseId,
  });
}

function compileResource(
  entity: EntityDeclaration,
  table: ReturnType<typeof tableOf>,
  columns: Record<string, PgColumn>,
  codes: Record<EntityAction, string>,
) {
  const audited: Record<string, PgColumn> = { id: columns.id };
  for (const field of entity.fields) audited[field.name] = columns[field.name];
  const labelField =
    entity.fields.find((field) => field.unique && field.type === 'string') ??
    entity.fields.find((field) => field.type === 'string');
  return defineAdminResource<typeof table, Record<string, PgColumn>, SQL | undefined>({
    entity: 'plugin-data',
    action: 'plugin-data',
    table,
    key: columns.id,
    audited,
    label: labelField?.name ?? 'id',
    notFound: ENTITY_MESSAGES.rowNotFound,
    // Unique within an owner's enterprise when the entity has an owner: another enterprise's
    // rows are not the caller's to clash with, nor to learn of through the refusal.
    unique: entity.fields
      .filter((field) => field.unique)
      .map((field) => ({
        field: field.name as never,
        ...(entity.owner ? { within: ['ownerEnterpriseId' as never] } : {}),
        message: (value: string) => ENTITY_MESSAGES.taken(field.label, value),
      })),
    touch: 'updateTime' as never,
    // Read in the write's transaction (on PGlite, its one connection: the database outside it waits).
    open: (tx, request) => scopeOf(tx, request, { entity, columns, codes }),
    visible: (scope) => scope,
  });
}

function compile(
  pluginId: string,
  entity: EntityDeclaration,
  stored: { fields: EntityFieldDeclaration[]; owner: string | null },
): ServedEntity {
  const table = tableOf(pluginId, entity.name, stored.fields, stored.owner);
  const columns = table as unknown as Record<string, PgColumn>;
  const codes = entityPermissionCodes(pluginId, entity.name);
  const hidden = stored.fields.filter((field) => !entity.fields.some((own) => own.name === field.name));
  return {
    pluginId,
    entity,
    hidden,
    codes,
    table,
    columns,
    list: compileList(pluginId, entity, columns, table),
    resource: compileResource(entity, table, columns, codes),
  };
}

/** Compiled entities by database, `<plugin>@<version>/<entity>#<table's declaration time>`. */
const served = new WeakMap<AppDatabase, Map<string, ServedEntity>>();
const MAX_SERVED = 200;

/**
 * The entity `entity` of plugin `pluginId` as its active version declares it, after the caller's
 * code for `action` (or for one of several: a file upload is 新增's or 编辑's) is checked (403).
 * 404 when the plugin is not installed and enabled or its active version has no such entity.
 */
export async function servedEntity(
  db: AppDatabase,
  request: FastifyRequest,
  pluginId: string,
  entity: string,
  actions: EntityAction | readonly EntityAction[],
): Promise<ServedEntity & { scope: () => Promise<SQL | undefined> }> {
  // The code first: a caller without it learns nothing of which plugins keep which entities.
  const auth = request.auth;
  if (!auth) throw new ApiError('401');
  const action = (typeof actions === 'string' ? [actions] : actions).find((each) =>
    holds(auth, entityPermissionCode(pluginId, entity, each)),
  );
  if (!action) throw new ApiError('403', FORBIDDEN_MESSAGE);
  const [state] = await db
    .select({
      version: pluginRegistry.version,
      enabled: pluginRegistry.enabled,
      declaredAt: pluginEntityTables.updatedAt,
    })
    .from(pluginRegistry)
    .innerJoin(
      pluginEntityTables,
      and(eq(pluginEntityTables.pluginId, pluginRegistry.id), eq(pluginEntityTables.entity, entity)),
    )
    .where(eq(pluginRegistry.id, pluginId));
  if (!state || !state.enabled) throw new ApiError('404', ENTITY_MESSAGES.notFound);
  const key = `${pluginId}@${state.version}/${entity}#${state.declaredAt.getTime()}`;
  let cache = served.get(db);
  if (!cache) served.set(db, (cache = new Map()));
  let found = cache.get(key);
  if (!found) {
    const [version] = await db
      .select({ manifest: pluginVersions.manifest })
      .from(pluginVersions)
      .where(and(eq(pluginVersions.pluginId, pluginId), eq(pluginVersions.version, state.version)));
    const declared = checkEntities(pluginId, version?.manifest.entities).find((item) => item.name === entity);
    if (!declared) throw new ApiError('404', ENTITY_MESSAGES.notFound);
    const [stored] = await db
      .select({ fields: pluginEntityTables.fields, owner: pluginEntityTables.owner })
      .from(pluginEntityTables)
      .where(and(eq(pluginEntityTables.pluginId, pluginId), eq(pluginEntityTables.entity, entity)));
    found = compile(pluginId, declared, stored);
    if (cache.size >= MAX_SERVED) cache.delete(cache.keys().next().value!);
    cache.set(key, found);
  }
  const entry = found;
  // 操作日志 names the call by the code's menu and button, and the sent fields by their labels.
  describeOperation(request, {
    permission: entityPermissionCode(pluginId, entity, action),
    fieldLabels: Object.fromEntries(entry.entity.fields.map((field) => [field.name, field.label])),
  });
  return { ...entry, scope: () => scopeOf(db, request, entry) };
}
