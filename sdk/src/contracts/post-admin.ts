import { Type, type Static } from 'typebox';
import { IdListText, Nullable, RecordId } from './common';
import { ListAnswer } from './list';

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
    pattern: '^[A-Za-z][A-Za-z0-9_-]{1,31}$',
    title: '岗位编码',
    errorMessage: '岗位编码为 2～32 位字母、数字、_ 或 -，以字母开头',
  }),
  ...postFields,
});
export type AddPostBody = Static<typeof AddPostBody>;

/** `POST /rest/postService/updPost`: the code does not change. */
export const UpdPostBody = Type.Object({ id: RecordId('岗位编号'), ...postFields });
export type UpdPostBody = Static<typeof UpdPostBody>;

/** `POST /rest/postService/delPost`: one post or several (comma-joined); refused while a user holds one. */
export const DelPostBody = Type.Object({ ids: IdListText('岗位编号') });
export type DelPostBody = Static<typeof DelPostBody>;
