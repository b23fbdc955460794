import { Type, type Static } from 'typebox';
import { POST_CODE_PATTERN } from '../validators/ident';
import { defineCall, defineCodes } from './call';
import { IdListText, Nullable, RecordId } from './common';
import { ListAnswer, ListDeleted, ListExportBody, ListImportResult, ListRequest } from './list';

// 系统管理 › 岗位管理 (docs/auth.md, "Organisations, posts and data permissions"):
// `/rest/postService/…` calls of the back office. The list is a generic admin list
// (contracts/list.ts): filters `code`, `name` (any part), `status`; sort on `code`, `name`,
// `sort`, `createTime`.

/** A post as the administration list shows it. */
export const AdminPostRow = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  sort: Type.Integer(),
  /** '1' 启用, '2' 停用. */
  status: Type.String(),
  description: Nullable(Type.String()),
  /** How many users hold it (a post held by anyone cannot be deleted). */
  userCount: Type.Integer(),
  /** ISO 8601. */
  createTime: Type.String(),
});
export type AdminPostRow = Static<typeof AdminPostRow>;

/** `POST /rest/postService/getPostPage` → `dataSet`. */
export const AdminPostPage = ListAnswer(AdminPostRow);
export type AdminPostPage = Static<typeof AdminPostPage>;

const postFields = {
  name: Type.String({ minLength: 1, maxLength: 32, title: '岗位名称' }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, title: '排序' })),
  status: Type.Union([Type.Literal('1'), Type.Literal('2')], {
    title: '状态',
    errorMessage: '只能是 1（启用）或 2（停用）',
  }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 256, title: '描述' }))),
};

/** `POST /rest/postService/addPost`: the code is the post's fixed handle. */
export const AddPostBody = Type.Object({
  code: Type.String({
    minLength: 2,
    maxLength: 32,
    pattern: POST_CODE_PATTERN.source,
    title: '岗位编码',
    errorMessage: '岗位编码为 2～32 位字母、数字、_ 或 -，以字母开头',
  }),
  ...postFields,
});
export type AddPostBody = Static<typeof AddPostBody>;

/** `POST /rest/postService/addPost` → `dataSet`: the new post's id. */
export const PostAdded = Type.Object({ id: Type.String() });
export type PostAdded = Static<typeof PostAdded>;

/** `POST /rest/postService/updPost` → `dataSet`: how many changed. */
export const PostUpdated = Type.Object({ updated: Type.Integer() });
export type PostUpdated = Static<typeof PostUpdated>;

/** `POST /rest/postService/updPost`: the code does not change. */
export const UpdPostBody = Type.Object({ id: RecordId('岗位编号'), ...postFields });
export type UpdPostBody = Static<typeof UpdPostBody>;

/** `POST /rest/postService/delPost`: one post or several (comma-joined); refused while a user holds one. */
export const DelPostBody = Type.Object({ ids: IdListText('岗位编号') });
export type DelPostBody = Static<typeof DelPostBody>;

/** 系统管理 › 岗位管理's permission codes (the menu and its buttons). */
export const postAdminCodes = defineCodes({
  list: 'system:post:list',
  add: 'system:post:add',
  edit: 'system:post:edit',
  delete: 'system:post:delete',
  export: 'system:post:export',
  import: 'system:post:import',
});

/** 系统管理 › 岗位管理's calls. */
export const postAdminCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/postService/getPostPage',
    permission: postAdminCodes.list,
    body: ListRequest,
    answer: AdminPostPage,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/postService/addPost',
    permission: postAdminCodes.add,
    body: AddPostBody,
    answer: PostAdded,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/postService/updPost',
    permission: postAdminCodes.edit,
    body: UpdPostBody,
    answer: PostUpdated,
  }),
  /** One post or several: `{ ids }` comma-joined. */
  delete: defineCall({
    method: 'POST',
    path: '/rest/postService/delPost',
    permission: postAdminCodes.delete,
    body: DelPostBody,
    answer: ListDeleted,
  }),
  /** The list's query and the selected rows → 岗位列表.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/postService/exportXls',
    permission: postAdminCodes.export,
    body: ListExportBody,
    kind: 'download',
  }),
  /** The import's header row (required columns marked *) → 岗位导入模板.xlsx. */
  importTemplate: defineCall({
    method: 'POST',
    path: '/rest/postService/importTemplate',
    permission: postAdminCodes.import,
    kind: 'download',
  }),
  /** An `.xlsx` as the multipart field `file` (one file of at most 2 MB): each row a 新增岗位. */
  import: defineCall({
    method: 'POST',
    path: '/rest/postService/importXls',
    permission: postAdminCodes.import,
    answer: ListImportResult,
    kind: 'upload',
  }),
};
