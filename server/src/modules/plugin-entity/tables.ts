import { createHash } from 'node:crypto';
import {
  ENTITY_FIELD_PATTERN,
  ENTITY_NAME_PATTERN,
  type EntityDeclaration,
  type EntityFieldDeclaration,
} from '@cotton/sdk/contracts';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { integer, pgSchema } from 'drizzle-orm/pg-core';
import type { AppDatabase, Tx } from '../../db/client';
import { pluginEntityTables, pluginRegistry } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { recordAudit } from '../shared/audit';
import type { FastifyRequest } from 'fastify';
import { checkEntities, UPGRADE_MESSAGES, upgradeOf } from './declaration';
import { valueForDatabase } from './values';

/**
 * The tables of plugin entities (docs/architecture.md "Plugin entities"). Every statement here
 * is built from constants, names that passed {@link ENTITY_NAME_PATTERN} /
 * {@link ENTITY_FIELD_PATTERN} (checked again right here, and quoted as identifiers) and
 * integers that passed their ranges; a value (a default filling existing rows) is a bound
 * parameter. No text of an archive is ever SQL.
 */

const PLUGIN_ID = /^[a-z][a-z0-9-]{0,30}$/;

/** The PostgreSQL schema of plugin `id`: `plugin_<id>` with `-` as `_` (ids have no `_`, so no two share one). */
export function schemaOf(pluginId: string): string {
  if (!PLUGIN_ID.test(pluginId)) throw new Error(`not a plugin id: ${pluginId}`);
  return `plugin_${pluginId.replace(/-/g, '_')}`;
}

function name(value: string, pattern: RegExp): SQL {
  if (!pattern.test(value)) throw new Error(`not an allowed name: ${value}`);
  return sql`${sql.identifier(value)}`;
}

const tableSql = (pluginId: string, entity: string) =>
  sql`${sql.identifier(schemaOf(pluginId))}.${name(entity, ENTITY_NAME_PATTERN)}`;

/** The column type of a field: from this table only, with the declaration's checked integers. */
export function columnType(field: EntityFieldDeclaration): SQL {
  switch (field.type) {
    case 'string': {
      const length = field.maxLength!;
      if (!Number.isInteger(length) || length < 1 || length > 2000) throw new Error('bad length');
      return sql.raw(`varchar(${length})`);
    }
    case 'integer':
      return sql.raw('integer');
    case 'decimal': {
      const scale = field.scale ?? 2;
      if (!Number.isInteger(scale) || scale < 0 || scale > 6) throw new Error('bad scale');
      return sql.raw(`numeric(18, ${scale})`);
    }
    case 'date':
      return sql.raw('date');
    case 'datetime':
      return sql.raw('timestamp with time zone');
    case 'boolean':
      return sql.raw('boolean');
    case 'dict':
      return sql.raw('varchar(32)');
    case 'region':
      return sql.raw('varchar(6)');
    case 'file':
      return sql.raw('varchar(32)');
  }
}

/** An index's name: short and fixed for the (entity, field, kind), whatever the names' lengths. */
function indexName(entity: string, field: string, kind: 'u' | 'i' | 't'): SQL {
  const hash = createHash('sha256').update(`${entity}.${field}`).digest('hex').slice(0, 20);
  return sql`${sql.identifier(`${kind}_${entity.slice(0, 20)}_${hash}`)}`;
}

/** The columns whose order a list reads (sorts and the default sort): indexed with the key, as the built-in lists are. */
function sortedFields(entity: EntityDeclaration): string[] {
  const own = new Set(entity.fields.map((field) => field.name));
  const names = [...(entity.list?.sorts ?? []), ...(entity.list?.defaultSort ? [entity.list.defaultSort.field] : [])];
  return [...new Set(names.filter((field) => own.has(field)))];
}

async function createIndexes(tx: Tx, pluginId: string, entity: EntityDeclaration): Promise<void> {
  const table = tableSql(pluginId, entity.name);
  for (const field of sortedFields(entity)) {
    await tx.execute(
      sql`create index if not exists ${indexName(entity.name, field, 'i')} on ${table} (${name(field, ENTITY_FIELD_PATTERN)}, "id")`,
    );
  }
  // Unique within the owner's enterprise when the entity has an owner (runtime.ts's rule).
  const owner = entity.owner ? sql`"ownerEnterpriseId", ` : sql``;
  for (const field of entity.fields.filter((item) => item.unique)) {
    await tx.execute(
      sql`create unique index if not exists ${indexName(entity.name, field.name, 'u')} on ${table} (${owner}${name(field.name, ENTITY_FIELD_PATTERN)})`,
    );
  }
  // The text fields the search form filters by 包含 (LIKE '%…%'): a trigram index each, so a
  // filter that matches few rows reads those rows, not the table (migration 0051: pg_trgm).
  const filtered = new Set(entity.list?.filters ?? []);
  for (const field of entity.fields.filter((item) => item.type === 'string' && filtered.has(item.name))) {
    await tx.execute(
      sql`create index if not exists ${indexName(entity.name, field.name, 't')} on ${table} using gin (${name(field.name, ENTITY_FIELD_PATTERN)} gin_trgm_ops)`,
    );
  }
  // The owner columns the data permissions read, when the entity has an owner.
  if (entity.owner) {
    await tx.execute(
      sql`create index if not exists ${indexName(entity.name, 'ownerEnterpriseId', 'i')} on ${table} ("ownerEnterpriseId", "ownerOrgId")`,
    );
  }
}

async function createTable(tx: Tx, pluginId: string, entity: EntityDeclaration): Promise<void> {
  const columns: SQL[] = [
    sql`"id" integer generated by default as identity primary key`,
    sql`"createTime" timestamp with time zone not null default now()`,
    sql`"updateTime" timestamp with time zone not null default now()`,
    sql`"createBy" varchar(64)`,
    sql`"updateBy" varchar(64)`,
  ];
  if (entity.owner)
    columns.push(sql`"ownerEnterpriseId" integer`, sql`"ownerOrgId" integer`, sql`"ownerUserId" integer`);
  for (const field of entity.fields) {
    const notNull = field.required ? sql` not null` : sql``;
    columns.push(sql`${name(field.name, ENTITY_FIELD_PATTERN)} ${columnType(field)}${notNull}`);
  }
  await tx.execute(sql`create table ${tableSql(pluginId, entity.name)} (${sql.join(columns, sql`, `)})`);
  await tx.execute(
    sql`create index ${indexName(entity.name, 'createTime', 'i')} on ${tableSql(pluginId, entity.name)} ("createTime", "id")`,
  );
  // Its change version: the list keeps its totals while the table is unchanged (count-cache.ts).
  await tx.execute(
    sql`create trigger "change_version" after insert or update or delete or truncate on ${tableSql(pluginId, entity.name)} for each statement execute function "cotton_bump_plugin_change_version"()`,
  );
  await createIndexes(tx, pluginId, entity);
}

/** The key of an entity table's change version (migration 0049's trigger function writes the same). */
export function versionKeyOf(pluginId: string, entity: string): string {
  return `plugin:${createHash('md5')
    .update(`${schemaOf(pluginId)}.${entity}`)
    .digest('hex')}`;
}

/** Adds `field` to a table with rows: nullable, or filled with its default (bound) and then required. */
async function addColumn(tx: Tx, pluginId: string, entity: string, field: EntityFieldDeclaration): Promise<void> {
  const table = tableSql(pluginId, entity);
  const column = name(field.name, ENTITY_FIELD_PATTERN);
  await tx.execute(sql`alter table ${table} add column ${column} ${columnType(field)}`);
  if (field.default !== undefined) {
    await tx.execute(sql`update ${table} set ${column} = ${valueForDatabase(field, field.default)}`);
    if (field.required) await tx.execute(sql`alter table ${table} alter column ${column} set not null`);
  }
}

/**
 * The install hook (plugin-admin's `installPlugin`, inside its transaction, after the version is
 * stored): checks the manifest's `entities` and brings the plugin's tables to them — a new
 * entity gets its table, an existing one its new fields, widened lengths and indexes; a change
 * that would drop or narrow data is a 400 naming the field, and nothing is written. Answers the
 * checked entities.
 */
export async function applyPluginEntities(tx: Tx, pluginId: string, declared: unknown): Promise<EntityDeclaration[]> {
  const entities = checkEntities(pluginId, declared);
  const stored = await tx
    .select()
    .from(pluginEntityTables)
    .where(eq(pluginEntityTables.pluginId, pluginId))
    .orderBy(asc(pluginEntityTables.entity));
  for (const old of stored) {
    const next = entities.find((entity) => entity.name === old.entity);
    if (!next) throw new ApiError('400', UPGRADE_MESSAGES.entityDropped(old.entity, old.label));
  }
  if (entities.length === 0) return entities;
  await tx.execute(sql`create schema if not exists ${sql.identifier(schemaOf(pluginId))}`);
  for (const entity of entities) {
    const old = stored.find((row) => row.entity === entity.name);
    if (!old) {
      await createTable(tx, pluginId, entity);
      await tx.insert(pluginEntityTables).values({
        pluginId,
        entity: entity.name,
        label: entity.label,
        fields: entity.fields,
        owner: entity.owner ?? null,
      });
      continue;
    }
    const change = upgradeOf({ name: old.entity, label: old.label, fields: old.fields, owner: old.owner }, entity);
    const table = tableSql(pluginId, entity.name);
    for (const field of change.widened) {
      await tx.execute(
        sql`alter table ${table} alter column ${name(field.name, ENTITY_FIELD_PATTERN)} type ${columnType(field)}`,
      );
    }
    for (const field of change.optional) {
      await tx.execute(sql`alter table ${table} alter column ${name(field.name, ENTITY_FIELD_PATTERN)} drop not null`);
    }
    for (const field of change.notUnique) {
      await tx.execute(
        sql`drop index if exists ${sql.identifier(schemaOf(pluginId))}.${indexName(entity.name, field.name, 'u')}`,
      );
    }
    for (const field of change.added) await addColumn(tx, pluginId, entity.name, field);
    await createIndexes(tx, pluginId, entity);
    await tx
      .update(pluginEntityTables)
      .set({ label: entity.label, fields: entity.fields, updatedAt: sql`now()` })
      .where(and(eq(pluginEntityTables.pluginId, pluginId), eq(pluginEntityTables.entity, entity.name)));
  }
  return entities;
}

export const PURGE_MESSAGES = {
  confirm: '请输入插件标识以确认清除数据',
  installed: (id: string) => `插件「${id}」仍已安装：请先卸载插件，再清除它的数据`,
  nothing: (id: string) => `插件「${id}」没有保存的数据`,
} as const;

/** 插件数据: the entities plugin `id` keeps data in, with their row counts. */
export async function pluginDataOf(db: AppDatabase, id: string) {
  const [registered] = await db.select({ id: pluginRegistry.id }).from(pluginRegistry).where(eq(pluginRegistry.id, id));
  const stored = await db
    .select({ entity: pluginEntityTables.entity, label: pluginEntityTables.label })
    .from(pluginEntityTables)
    .where(eq(pluginEntityTables.pluginId, id))
    .orderBy(asc(pluginEntityTables.entity));
  const tables = [];
  for (const row of stored) {
    const table = pgSchema(schemaOf(id)).table(row.entity, { id: integer('id') });
    const [{ rows }] = await db.select({ rows: count() }).from(table);
    tables.push({ name: row.entity, label: row.label, rows });
  }
  return { id, installed: registered !== undefined, tables };
}

/** 插件数据 of 插件管理: every plugin that keeps data (installed or uninstalled), by id. */
export async function pluginDataList(db: AppDatabase) {
  const kept = await db
    .selectDistinct({ id: pluginEntityTables.pluginId })
    .from(pluginEntityTables)
    .orderBy(asc(pluginEntityTables.pluginId));
  const plugins = [];
  // One plugin at a time: a count per table, never a burst on the pool.
  for (const { id } of kept) plugins.push(await pluginDataOf(db, id));
  return { plugins };
}

/**
 * 清除数据: drops plugin `id`'s schema with every table, once it is uninstalled and the id has
 * been typed again (`confirm`); audited (`plugin.purge`, 操作日志 shows it with the call).
 */
export async function purgePluginData(db: AppDatabase, request: FastifyRequest, id: string, confirm: string) {
  if (confirm.trim() !== id) throw new ApiError('400', PURGE_MESSAGES.confirm);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plugin:${id}`}))`);
    const [registered] = await tx
      .select({ id: pluginRegistry.id })
      .from(pluginRegistry)
      .where(eq(pluginRegistry.id, id));
    if (registered) throw new ApiError('400', PURGE_MESSAGES.installed(id));
    const stored = await tx
      .select({ entity: pluginEntityTables.entity, label: pluginEntityTables.label })
      .from(pluginEntityTables)
      .where(eq(pluginEntityTables.pluginId, id));
    if (stored.length === 0) throw new ApiError('400', PURGE_MESSAGES.nothing(id));
    await tx.execute(sql`drop schema if exists ${sql.identifier(schemaOf(id))} cascade`);
    await tx.delete(pluginEntityTables).where(eq(pluginEntityTables.pluginId, id));
    await recordAudit(tx, request, {
      action: 'plugin.purge',
      entity: 'plugin',
      entityId: id,
      before: { tables: stored.map((row) => `${row.label}（${row.entity}）`) },
      after: null,
    });
    return { id, tables: stored.length };
  });
}
