import { Type, type Static } from 'typebox';
import { Nullable, RecordId } from './common';

// 系统管理 › 机构管理 (docs/auth.md, "Organisations, posts and data permissions"):
// `/rest/organ/…` calls of the back office. The tree is answered flat (each organisation
// with its parent), in display order; the page builds the tree.

/** An organisation of the administrator's enterprise. */
export const AdminOrgRow = Type.Object({
  id: Type.String(),
  /** null: a root. */
  parentId: Nullable(Type.String()),
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
    pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$',
    title: '机构编码',
    errorMessage: '机构编码为 2～32 位字母、数字、_ 或 -，以字母或数字开头',
  }),
  name: Type.String({ minLength: 1, maxLength: 64, title: '机构名称' }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, title: '排序' })),
};

/** `POST /rest/organ/addOrgan` → `{ id }`. */
export const AddOrgBody = Type.Object(orgFields);
export type AddOrgBody = Static<typeof AddOrgBody>;

/** `POST /rest/organ/updOrgan`: also moves it (not under itself or its own descendants). */
export const UpdOrgBody = Type.Object({ id: RecordId('机构编号'), ...orgFields });
export type UpdOrgBody = Static<typeof UpdOrgBody>;

/** `POST /rest/organ/delOrgan`: refused while it has children or users. */
export const DelOrgBody = Type.Object({ id: RecordId('机构编号') });
export type DelOrgBody = Static<typeof DelOrgBody>;
