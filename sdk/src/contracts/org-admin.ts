import { Type, type Static } from 'typebox';
import { ORG_CODE_PATTERN } from '../validators/ident';
import { defineCall, defineCodes } from './call';
import { EmptyBody, IdListText, Nullable, RecordId } from './common';
import { ListAnswer, ListExportBody, ListImportResult, ListRequest } from './list';

// 系统管理 › 机构管理 (docs/auth.md, "Organisations, posts and data permissions"):
// `/rest/organ/…` calls of the back office. The tree is answered flat (each organisation
// with its parent), in display order; the page builds the tree.

/** An organisation of the administrator's enterprise. */
export const AdminOrgRow = Type.Object({
  id: Type.String(),
  /** null: a root. */
  parentId: Nullable(Type.String()),
  /**
   * The parent's name (null: a root), also when the parent is outside what the caller may see
   * (the row is then a root of their tree, and the edit form names its parent all the same).
   */
  parentName: Nullable(Type.String()),
  code: Type.String(),
  name: Type.String(),
  sort: Type.Integer(),
  /** The users directly in it (an organisation with users or children cannot be deleted). */
  userCount: Type.Integer(),
  /** ISO 8601. */
  createTime: Type.String(),
});
export type AdminOrgRow = Static<typeof AdminOrgRow>;

/** `POST /rest/organ/getOrganTree` (empty body) → `dataSet`. */
export const AdminOrgTree = Type.Object({ orgs: Type.Array(AdminOrgRow) });
export type AdminOrgTree = Static<typeof AdminOrgTree>;

const orgFields = {
  parentId: Type.Optional(Nullable(RecordId('上级机构'))),
  code: Type.String({
    minLength: 2,
    maxLength: 32,
    pattern: ORG_CODE_PATTERN.source,
    title: '机构编码',
    errorMessage: '机构编码为 2～32 位字母、数字、_ 或 -，以字母或数字开头',
  }),
  name: Type.String({ minLength: 1, maxLength: 64, title: '机构名称' }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, title: '排序' })),
};

/** `POST /rest/organ/addOrgan` → `{ id }`. */
export const AddOrgBody = Type.Object(orgFields);
export type AddOrgBody = Static<typeof AddOrgBody>;

/** `POST /rest/organ/addOrgan` → `dataSet`: the new organisation's id. */
export const OrgAdded = Type.Object({ id: Type.String() });
export type OrgAdded = Static<typeof OrgAdded>;

/** `POST /rest/organ/updOrgan` → `dataSet`: how many changed. */
export const OrgUpdated = Type.Object({ updated: Type.Integer() });
export type OrgUpdated = Static<typeof OrgUpdated>;

/** `POST /rest/organ/delOrgan` → `dataSet`. */
export const OrgDeleted = Type.Object({ deleted: Type.Integer() });
export type OrgDeleted = Static<typeof OrgDeleted>;

/** `POST /rest/organ/updOrgan`: also moves it (not under itself or its own descendants). */
export const UpdOrgBody = Type.Object({ id: RecordId('机构编号'), ...orgFields });
export type UpdOrgBody = Static<typeof UpdOrgBody>;

/** `POST /rest/organ/delOrgan`: refused while it has children or users. */
export const DelOrgBody = Type.Object({ id: RecordId('机构编号') });
export type DelOrgBody = Static<typeof DelOrgBody>;

/** `POST /rest/organ/delOrganBatch`: 批量删除, refused whole while one of them has children or users. */
export const DelOrgsBody = Type.Object({ ids: IdListText('机构编号') });
export type DelOrgsBody = Static<typeof DelOrgsBody>;

/** `POST /rest/organ/queryOrganPage` → `dataSet`: the organisations 查询 or 高级查询 found, a page. */
export const AdminOrgPage = ListAnswer(AdminOrgRow);
export type AdminOrgPage = Static<typeof AdminOrgPage>;

/** 系统管理 › 机构管理's permission codes (the menu and its buttons). */
export const orgAdminCodes = defineCodes({
  list: 'system:org:list',
  add: 'system:org:add',
  edit: 'system:org:edit',
  delete: 'system:org:delete',
  export: 'system:org:export',
  import: 'system:org:import',
});

/** 系统管理 › 机构管理's calls. */
export const orgAdminCalls = {
  tree: defineCall({
    method: 'POST',
    path: '/rest/organ/getOrganTree',
    permission: orgAdminCodes.list,
    body: EmptyBody,
    answer: AdminOrgTree,
  }),
  /**
   * The organisations the tree's 查询 and 高级查询 find, as a list (filters `code`, `name`;
   * super query and sort over 机构编码, 机构名称, 排序, 直属用户数, 创建时间), within the caller's
   * scope on 机构管理.
   */
  page: defineCall({
    method: 'POST',
    path: '/rest/organ/queryOrganPage',
    permission: orgAdminCodes.list,
    body: ListRequest,
    answer: AdminOrgPage,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/organ/addOrgan',
    permission: orgAdminCodes.add,
    body: AddOrgBody,
    answer: OrgAdded,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/organ/updOrgan',
    permission: orgAdminCodes.edit,
    body: UpdOrgBody,
    answer: OrgUpdated,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/rest/organ/delOrgan',
    permission: orgAdminCodes.delete,
    body: DelOrgBody,
    answer: OrgDeleted,
  }),
  deleteMany: defineCall({
    method: 'POST',
    path: '/rest/organ/delOrganBatch',
    permission: orgAdminCodes.delete,
    body: DelOrgsBody,
    answer: OrgDeleted,
  }),
  /**
   * The tree as rows (filters `code`, `name`; the selected ids as `selections`), parents first
   * unless `sort` says otherwise, each with its parent, level and path → 机构列表.xlsx.
   */
  export: defineCall({
    method: 'POST',
    path: '/rest/organ/exportXls',
    permission: orgAdminCodes.export,
    body: ListExportBody,
    kind: 'download',
  }),
  /** The import's header row (required columns marked *) → 机构导入模板.xlsx. */
  importTemplate: defineCall({
    method: 'POST',
    path: '/rest/organ/importTemplate',
    permission: orgAdminCodes.import,
    kind: 'download',
  }),
  /** An `.xlsx` as the multipart field `file` (one file of at most 2 MB); 上级机构 by its code, in the enterprise or earlier in the file: each row a 新增机构. */
  import: defineCall({
    method: 'POST',
    path: '/rest/organ/importXls',
    permission: orgAdminCodes.import,
    answer: ListImportResult,
    kind: 'upload',
  }),
};
