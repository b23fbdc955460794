import { Type, type Static } from 'typebox';
import { defineCall } from './call';
import { EmptyBody, Nullable } from './common';
import { AdminPluginId, pluginAdminCodes } from './plugin-admin';
import { ListAnswer, ListDeleted, ListExportBody, ListImportResult, ListRequest } from './list';
import { FileVo, UploadedFile } from './register';

// Plugin entities (docs/plugins.md "Plugin data"; docs/architecture.md "Plugin entities"): a
// plugin declares its data in `plugin.json` (`entities`), the server keeps it in a table of the
// plugin's own PostgreSQL schema and serves it through the generic admin list. Nothing in a
// declaration is SQL: names are checked against `ENTITY_NAME_PATTERN` /
// `ENTITY_FIELD_PATTERN`, types and validation patterns are chosen from the lists below.

/** What one plugin may declare and send (stated in docs/plugins.md, enforced at install and on every call). */
export const ENTITY_LIMITS = {
  /** Entities per plugin. */
  entities: 20,
  /** Fields per entity (the server's own columns aside). */
  fields: 60,
  /** A string field's `maxLength` at most. */
  stringLength: 2000,
  /** A name (entity or field) at most, in characters. */
  nameLength: 31,
  /** A label at most, in characters. */
  labelLength: 32,
  /** Columns, filters, super-query fields and sorts of the list, each at most. */
  listFields: 60,
  /** Rows of one import file. */
  importRows: 1000,
  /** Rows of one export. */
  exportRows: 200_000,
  /** A plugin with entities: its id at most (the id is a segment of the permission codes). */
  pluginIdLength: 31,
  /** A `decimal`'s scale at most (its precision is 18). */
  decimalScale: 6,
  /** `default` of a string field, at most (never above its `maxLength`). */
  defaultLength: 200,
} as const;

/** An entity's name: lower case, digits and `_`, starting with a letter (`inspection`, `batch_item`). */
export const ENTITY_NAME_PATTERN = /^[a-z][a-z0-9_]{0,30}$/;
/** A field's name as the wire carries it: camelCase (`batchNo`, `inspectDate`). */
export const ENTITY_FIELD_PATTERN = /^[a-z][a-zA-Z0-9]{0,30}$/;

/** The kinds of field an entity may have. */
export type EntityFieldType =
  'string' | 'integer' | 'decimal' | 'date' | 'datetime' | 'boolean' | 'dict' | 'region' | 'file';
export const ENTITY_FIELD_TYPES: readonly EntityFieldType[] = [
  'string',
  'integer',
  'decimal',
  'date',
  'datetime',
  'boolean',
  'dict',
  'region',
  'file',
];

/** The names of the validation patterns a string field may name. */
export type EntityPatternName = 'mobile' | 'code' | 'digits' | 'alphanumeric' | 'email' | 'phone';

/**
 * The validation patterns a string field may name, with the message a refused value gets
 * (declared with the validators: the browser's forms use them too, `entityFormConfig`).
 */
export { ENTITY_PATTERNS } from '../validators/plugin-entity';

/** The columns every entity's table has besides its fields: no field may take these names. */
export const ENTITY_RESERVED_FIELDS = [
  'id',
  'createTime',
  'updateTime',
  'createBy',
  'updateBy',
  'ownerOrgId',
  'ownerEnterpriseId',
  'ownerUserId',
  'fileNames',
] as const;

/** One field of an entity, as `plugin.json` declares it. */
export interface EntityFieldDeclaration {
  name: string;
  label: string;
  type: EntityFieldType;
  /** `string`: the most characters (1 … `ENTITY_LIMITS.stringLength`); required for strings. */
  maxLength?: number;
  /** `decimal`: digits after the point (0 … 6). */
  scale?: number;
  /** `dict`: the dictionary's code (系统管理 › 数据字典). */
  dictCode?: string;
  required?: boolean;
  unique?: boolean;
  /** The value of a new row that does not send one (a string, number or boolean of the field's kind). */
  default?: string | number | boolean;
  /** `string`: one of `ENTITY_PATTERNS`. */
  pattern?: EntityPatternName;
  /** `file`: what it takes — `image` (PNG or JPG) or `imageOrPdf` (the default); at most 10 MB. */
  accept?: EntityFileAccept;
}

/** What a `file` field takes. */
export type EntityFileAccept = 'image' | 'imageOrPdf';
export const ENTITY_FILE_ACCEPTS: readonly EntityFileAccept[] = ['image', 'imageOrPdf'];

/** The list of an entity: which fields are its columns, filters, super-query fields and sorts. */
export interface EntityListDeclaration {
  /** The columns shown and exported, in order (default: every field). */
  columns?: string[];
  /** The search form's fields (a string any part of it, the others equal). */
  filters?: string[];
  /** The fields 高级查询 offers. */
  superQuery?: string[];
  /** The columns that sort (`createTime` always does). */
  sorts?: string[];
  /** Default: `createTime` descending. */
  defaultSort?: { field: string; order: 'asc' | 'desc' };
}

/** An entity as `plugin.json` declares it. */
export interface EntityDeclaration {
  name: string;
  label: string;
  fields: EntityFieldDeclaration[];
  list?: EntityListDeclaration;
  /**
   * Who owns a row, stamped from the user who adds it: `org` (their organisation — data
   * permissions of the entity's list then apply, within their enterprise) or `enterprise`
   * (their enterprise: users see their own enterprise's rows only). Absent: no owner.
   */
  owner?: 'org' | 'enterprise';
}

// The entity codes (`entityPermissionCode`, `EntityAction`) are `@cotton/sdk/validators`'s: shared
// by the server's checks and the SDK's buttons, not a wire shape.

/** The path parameters of every entity call. */
export const EntityParams = Type.Object({
  plugin: AdminPluginId,
  entity: Type.String({ minLength: 1, maxLength: 31, pattern: ENTITY_NAME_PATTERN.source }),
});
export type EntityParams = Static<typeof EntityParams>;

/**
 * A row of an entity: `id`, the declared fields (by their wire types; a `file` field's value is
 * the file's id), `createTime`, `updateTime`, and `fileNames`: each file field's file name.
 */
export const EntityRow = Type.Record(Type.String(), Type.Unknown());
export type EntityRow = Record<string, unknown>;

/** `…/add`, `…/update`: the fields' values (`update` also `id`); each checked by the declaration. */
export const EntityValuesBody = Type.Record(
  Type.String({ maxLength: 31 }),
  // Numbers within the exactly representable range; each field's own range is the declaration's.
  Nullable(
    Type.Union([
      Type.String({ maxLength: 2000 }),
      Type.Number({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
      Type.Boolean(),
    ]),
  ),
  { maxProperties: 64 },
);
export type EntityValuesBody = Static<typeof EntityValuesBody>;

/** `…/detail`. */
export const EntityIdBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 12, title: '记录编号' }) });
/** `…/delete`: one or several ids, comma-joined. */
export const EntityIdsBody = Type.Object({ ids: Type.String({ minLength: 1, maxLength: 4000, title: '记录编号' }) });

/** `…/getFile`: a row's file (the row's id and the file field's name). */
export const EntityFileBody = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 12, title: '记录编号' }),
  field: Type.String({ minLength: 1, maxLength: 31, pattern: ENTITY_FIELD_PATTERN.source, title: '文件字段' }),
});
export type EntityFileBody = Static<typeof EntityFileBody>;

/** `…/add` → the new row's id. */
export const EntityAdded = Type.Object({ id: Type.String() });
export const EntityUpdated = Type.Object({ updated: Type.Integer() });

/** `POST /rest/plugin/purgePluginData`: the plugin id, typed again as the confirmation. */
export const PurgePluginDataBody = Type.Object({
  id: AdminPluginId,
  confirm: Type.String({ minLength: 1, maxLength: 64, title: '确认插件标识' }),
});
export type PurgePluginDataBody = Static<typeof PurgePluginDataBody>;
export const PluginDataPurged = Type.Object({ id: Type.String(), tables: Type.Integer() });

/** `POST /rest/plugin/getPluginData`: the entities a plugin (installed or not) keeps data in. */
export const PluginDataBody = Type.Object({ id: AdminPluginId });
export const PluginDataTables = Type.Object({
  id: Type.String(),
  installed: Type.Boolean(),
  tables: Type.Array(Type.Object({ name: Type.String(), label: Type.String(), rows: Type.Integer() })),
});
export type PluginDataTables = Static<typeof PluginDataTables>;
/** `POST /rest/plugin/getPluginDataList`: every plugin that keeps data, installed or not, by id. */
export const PluginDataList = Type.Object({ plugins: Type.Array(PluginDataTables) });
export type PluginDataList = Static<typeof PluginDataList>;

const ENTITY_BASE = '/rest/pluginData/:plugin/:entity';

/**
 * The calls of every plugin entity (`:plugin`, `:entity` filled with `callPath`). Each is open
 * to logged-in users at the route and checks the entity's own code
 * (`entityPermissionCode` of `@cotton/sdk/validators`) in the handler: the code depends on the path.
 */
export const pluginEntityCalls = {
  page: defineCall({
    method: 'POST',
    path: `${ENTITY_BASE}/getPage`,
    permission: null,
    params: EntityParams,
    body: ListRequest,
    answer: ListAnswer(EntityRow),
  }),
  detail: defineCall({
    method: 'POST',
    path: `${ENTITY_BASE}/getDetail`,
    permission: null,
    params: EntityParams,
    body: EntityIdBody,
    answer: EntityRow,
  }),
  add: defineCall({
    method: 'POST',
    path: `${ENTITY_BASE}/add`,
    permission: null,
    params: EntityParams,
    body: EntityValuesBody,
    answer: EntityAdded,
  }),
  update: defineCall({
    method: 'POST',
    path: `${ENTITY_BASE}/update`,
    permission: null,
    params: EntityParams,
    body: EntityValuesBody,
    answer: EntityUpdated,
  }),
  /** One row or several: `{ ids }` comma-joined (批量删除). */
  delete: defineCall({
    method: 'POST',
    path: `${ENTITY_BASE}/delete`,
    permission: null,
    params: EntityParams,
    body: EntityIdsBody,
    answer: ListDeleted,
  }),
  export: defineCall({
    method: 'POST',
    path: `${ENTITY_BASE}/exportXls`,
    permission: null,
    params: EntityParams,
    body: ListExportBody,
    kind: 'download',
  }),
  importTemplate: defineCall({
    method: 'GET',
    path: `${ENTITY_BASE}/importTemplate`,
    permission: null,
    params: EntityParams,
    kind: 'download',
  }),
  import: defineCall({
    method: 'POST',
    path: `${ENTITY_BASE}/importExcel`,
    permission: null,
    params: EntityParams,
    kind: 'upload',
    answer: ListImportResult,
  }),
  /**
   * A file for a `file` field, before the row is saved: multipart, the field's name
   * (`field`) sent before the file. For holders of the entity's 新增 or 编辑 code; the file is
   * the uploader's until a row takes it (unused, it is removed after a day).
   */
  upload: defineCall({
    method: 'POST',
    path: `${ENTITY_BASE}/upload`,
    permission: null,
    params: EntityParams,
    kind: 'upload',
    answer: UploadedFile,
  }),
  /** A row's file with a short-lived preview address, for whoever may see the row. */
  file: defineCall({
    method: 'POST',
    path: `${ENTITY_BASE}/getFile`,
    permission: null,
    params: EntityParams,
    body: EntityFileBody,
    answer: FileVo,
  }),
};

/**
 * 插件管理 › 插件数据: what a plugin keeps (its entities' tables, kept through uninstall) and
 * 清除数据, the confirmed purge (the plugin uninstalled first; audited, in 操作日志).
 */
export const pluginDataCalls = {
  list: defineCall({
    method: 'POST',
    path: '/rest/plugin/getPluginDataList',
    permission: pluginAdminCodes.list,
    body: EmptyBody,
    answer: PluginDataList,
  }),
  tables: defineCall({
    method: 'POST',
    path: '/rest/plugin/getPluginData',
    permission: pluginAdminCodes.list,
    body: PluginDataBody,
    answer: PluginDataTables,
  }),
  purge: defineCall({
    method: 'POST',
    path: '/rest/plugin/purgePluginData',
    permission: pluginAdminCodes.manage,
    body: PurgePluginDataBody,
    answer: PluginDataPurged,
  }),
};
