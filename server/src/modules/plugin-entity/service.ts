import {
  ENTITY_LIMITS,
  type EntityFileBody,
  type EntityParams,
  type FileVo,
  type ListExportBody,
  type ListRequest,
} from '@cotton/sdk/contracts';
import { eq } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { RECORD_ID_TEXT_PATTERN } from '@cotton/sdk/validators';
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { files } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import type { CompiledList } from '../../lib/list/index';
import { importRows, type RowImport } from '../../lib/list/import-rows';
import type { ImportedRow, ImportSheet } from '../../lib/list/xlsx-import';
import { scopeUserOf } from '../data-scope/scope';
import { parseIdList } from '../shared/id-list';
import { ENTITY_MESSAGES, servedEntity, type ServedEntity } from './runtime';
import { FILE_MESSAGES, storeUpload, storedFileVo, uploadPart } from '../files/service';
import type { FileSigner } from '../files/signing';
import type { FileStore } from '../files/store';
import {
  attachFiles,
  fileNameKey,
  PLUGIN_DATA_PURPOSE,
  readValues,
  referenceReasons,
  rowOut,
  type DbValue,
} from './values';

/**
 * The calls of a plugin's entity (contracts/plugin-entity.ts `pluginEntityCalls`): list, detail,
 * add, update, delete (one or several), export and import — each after the entity's own code
 * (`plugin:<id>:<entity>:<action>`), within the caller's data scope when the entity has an owner.
 */

type Row = Record<string, unknown>;

/** The rows of a list query, each with its files' names (a file field's upload, joined by its id). */
function rowsOf(db: AppDatabase, served: ServedEntity) {
  const fileFields = served.entity.fields.filter((field) => field.type === 'file');
  // `_file_<n>`: no entity's name (they start with a letter), so never the entity's own table.
  const uploads = fileFields.map((field, index) => ({ field, table: alias(files, `_file_${index}`) }));
  const selection: Record<string, unknown> = Object.fromEntries(
    ['id', ...served.entity.fields.map((field) => field.name), 'createTime', 'updateTime'].map((name) => [
      name,
      served.columns[name],
    ]),
  );
  for (const upload of uploads) selection[fileNameKey(upload.field.name)] = upload.table.name;
  return async (query: CompiledList): Promise<Row[]> => {
    let select = db
      .select(selection as Record<string, PgColumn>)
      .from(served.table)
      .$dynamic();
    for (const upload of uploads)
      select = select.leftJoin(upload.table, eq(upload.table.id, served.columns[upload.field.name]));
    const rows = await select
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((row) => rowOut(served.entity, row as Row));
  };
}

export async function entityPage(db: AppDatabase, request: FastifyRequest, params: EntityParams, body: ListRequest) {
  const served = await servedEntity(db, request, params.plugin, params.entity, 'list');
  return served.list.page<Row>(db, body, { scope: await served.scope(), rows: rowsOf(db, served) });
}

export async function entityDetail(db: AppDatabase, request: FastifyRequest, params: EntityParams, id: string) {
  const served = await servedEntity(db, request, params.plugin, params.entity, 'list');
  return served.list.detail<Row>(db, id, {
    scope: await served.scope(),
    rows: rowsOf(db, served),
    notFound: ENTITY_MESSAGES.rowNotFound,
  });
}

export async function entityExport(
  db: AppDatabase,
  request: FastifyRequest,
  params: EntityParams,
  body: ListExportBody,
) {
  const served = await servedEntity(db, request, params.plugin, params.entity, 'export');
  const exported = await served.list.exportRows(db, body, { scope: await served.scope(), rows: rowsOf(db, served) });
  return { ...exported, label: served.entity.label };
}

const refuseReasons = (reasons: string[]) => new ApiError('400', reasons.join('；'));

/** 新增 of one row (also each imported row, in its savepoint). */
async function addRow(db: AppDatabase, request: FastifyRequest, served: ServedEntity, body: Row): Promise<string> {
  const { values, reasons } = readValues(served.entity, served.hidden, body, 'add');
  if (reasons.length > 0) throw refuseReasons(reasons);
  const missing = await referenceReasons(db, served.entity, values, request.auth?.user.id ?? null);
  if (missing.length > 0) throw refuseReasons(missing);
  const owner: Record<string, DbValue> = {};
  if (served.entity.owner) {
    const user = scopeUserOf(request);
    owner.ownerEnterpriseId = user.enterpriseId;
    owner.ownerOrgId = user.orgId;
    owner.ownerUserId = user.id;
  }
  const row = await served.resource.add(
    db,
    request,
    { ...values, ...owner, createBy: request.auth?.user.loginName ?? null } as never,
    { write: (tx) => attachFiles(tx, served.entity, values) },
  );
  return String((row as Row).id);
}

export async function entityAdd(db: AppDatabase, request: FastifyRequest, params: EntityParams, body: Row) {
  const served = await servedEntity(db, request, params.plugin, params.entity, 'add');
  return { id: await addRow(db, request, served, body) };
}

function recordId(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!RECORD_ID_TEXT_PATTERN.test(text) || Number(text) > 2147483647)
    throw new ApiError('400', '参数错误：记录编号格式不正确');
  return Number(text);
}

export async function entityUpdate(db: AppDatabase, request: FastifyRequest, params: EntityParams, body: Row) {
  const served = await servedEntity(db, request, params.plugin, params.entity, 'edit');
  const id = recordId(body.id);
  const { values, reasons } = readValues(served.entity, served.hidden, body, 'update');
  if (reasons.length > 0) throw refuseReasons(reasons);
  const missing = await referenceReasons(
    db,
    served.entity,
    values,
    request.auth?.user.id ?? null,
    await keptFiles(db, served, id, values),
  );
  if (missing.length > 0) throw refuseReasons(missing);
  return served.resource.update(
    db,
    request,
    id,
    { ...values, updateBy: request.auth?.user.loginName ?? null } as never,
    { write: (tx) => attachFiles(tx, served.entity, values) },
  );
}

/** The edited row's files that `values` send (the row's own file sent again is kept, not a new upload). */
async function keptFiles(
  db: AppDatabase,
  served: ServedEntity,
  id: number,
  values: Record<string, DbValue>,
): Promise<Row> {
  const sent = served.entity.fields.filter((field) => field.type === 'file' && typeof values[field.name] === 'string');
  if (sent.length === 0) return {};
  const [row] = await db
    .select(Object.fromEntries(sent.map((field) => [field.name, served.columns[field.name]])))
    .from(served.table)
    .where(eq(served.columns.id, id));
  return row ?? {};
}

/**
 * 上传 for a file field (`…/upload`): the caller holds the entity's 新增 or 编辑 code, the part
 * `field` names one of its file fields, and the file is of a kind the field takes. The upload
 * is the caller's until a row takes it (files/sweep.ts removes it after a day otherwise).
 */
export async function entityUpload(
  db: AppDatabase,
  store: FileStore,
  signer: FileSigner,
  request: FastifyRequest,
  params: EntityParams,
) {
  const served = await servedEntity(db, request, params.plugin, params.entity, ['add', 'edit']);
  if (!request.isMultipart()) throw new ApiError('400', FILE_MESSAGES.noFile);
  const file = await request.file();
  if (!file) throw new ApiError('400', FILE_MESSAGES.noFile);
  const part = uploadPart(file);
  const field = served.entity.fields.find((each) => each.type === 'file' && each.name === part);
  if (!field) {
    file.file.resume();
    throw new ApiError('400', part === undefined ? ENTITY_MESSAGES.noFileField : ENTITY_MESSAGES.notFileField);
  }
  const owner = { token: null, userId: request.auth!.user.id, ip: request.ip };
  return storeUpload(db, store, signer, file, owner, field.accept ?? 'imageOrPdf', PLUGIN_DATA_PURPOSE);
}

/** A row's file (`…/getFile`) with a preview address: for whoever may see the row (the list's code, the data scope). */
export async function entityFile(
  db: AppDatabase,
  signer: FileSigner,
  request: FastifyRequest,
  params: EntityParams,
  body: EntityFileBody,
): Promise<FileVo> {
  const served = await servedEntity(db, request, params.plugin, params.entity, 'list');
  const field = served.entity.fields.find((each) => each.type === 'file' && each.name === body.field);
  if (!field) throw new ApiError('400', ENTITY_MESSAGES.notFileField);
  const row = await served.list.detail<Row>(db, body.id, {
    scope: await served.scope(),
    rows: rowsOf(db, served),
    notFound: ENTITY_MESSAGES.rowNotFound,
  });
  const fileId = row[field.name];
  if (typeof fileId !== 'string') throw new ApiError('404', ENTITY_MESSAGES.noFile(field.label));
  return storedFileVo(db, signer, fileId);
}

export async function entityDelete(db: AppDatabase, request: FastifyRequest, params: EntityParams, ids: string) {
  const served = await servedEntity(db, request, params.plugin, params.entity, 'delete');
  return served.resource.remove(db, request, parseIdList(ids, '记录编号'));
}

/** The import's sheet: every field but files (an upload is no cell), headed by its label; required ones marked. */
export function importSheetOf(served: ServedEntity): ImportSheet<string> {
  return {
    columns: served.entity.fields
      .filter((field) => field.type !== 'file')
      .map((field) => ({
        key: field.name,
        header: field.label,
        width: Math.min(40, Math.max(10, field.label.length * 2 + 4)),
        required: field.required === true && field.default === undefined,
      })),
    maxRows: ENTITY_LIMITS.importRows,
  };
}

export async function entityForImport(
  db: AppDatabase,
  request: FastifyRequest,
  params: EntityParams,
  action: 'import',
): Promise<ServedEntity> {
  return servedEntity(db, request, params.plugin, params.entity, action);
}

/** 导入: each row a 新增 (lib/list/import-rows.ts), refused rows answered with their reasons. */
export async function entityImport(
  db: AppDatabase,
  request: FastifyRequest,
  served: ServedEntity,
  rows: Array<ImportedRow<string>>,
) {
  const sheet = importSheetOf(served);
  const spec: RowImport<string, ReturnType<typeof Type.Object>> = {
    sheet,
    // Every check is the add's own (readValues), gathered in toBody as the row's reasons.
    body: Type.Object({}),
    unique: served.entity.fields.filter((field) => field.unique && field.type !== 'file').map((field) => field.name),
    toBody: (read) => {
      const body: Row = {};
      for (const column of sheet.columns) {
        const text = read.text(column.key);
        if (text !== '') body[column.key] = text;
      }
      const { reasons } = readValues(served.entity, served.hidden, body, 'add');
      read.reasons.push(...reasons);
      return body;
    },
    store: (tx, body) => addRow(tx, request, served, body as Row),
  };
  return importRows(db, rows, spec);
}
