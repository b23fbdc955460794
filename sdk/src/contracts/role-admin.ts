import { Type, type Static } from 'typebox';
import { ROLE_CODE_PATTERN } from '../validators/ident';
import { defineCall, defineCodes } from './call';
import { Nullable, RecordId, IdListText } from './common';
import { ListAnswer, ListDeleted, ListExportBody, ListRequest } from './list';

// 系统管理 › 角色管理 (docs/auth.md, "Role administration"): `/rest/role/…` calls of the back
// office. The list is a generic admin list (contracts/list.ts): filters `code`, `name`
// (any part); sort on `code`, `name`, `createTime`.

/** A role as the administration list shows it. */
export const AdminRoleRow = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  /** How many users hold the role (a role held by anyone cannot be deleted). */
  userCount: Type.Integer(),
  /** Holds every permission code, codes created later included (系统管理员): not granted code by code. */
  holdsAll: Type.Boolean(),
  /** Enterprise administrators may give it to their accounts (企业管理 › 用户管理). */
  enterpriseGrantable: Type.Boolean(),
  /** ISO 8601. */
  createTime: Type.String(),
});
export type AdminRoleRow = Static<typeof AdminRoleRow>;

/** `POST /rest/role/getRolePage` → `dataSet`. */
export const AdminRolePage = ListAnswer(AdminRoleRow);
export type AdminRolePage = Static<typeof AdminRolePage>;

const name = Type.String({ minLength: 1, maxLength: 32, title: '角色名称' });
const description = Type.Optional(Nullable(Type.String({ maxLength: 256, title: '描述' })));
/** Absent: unchanged (false for a new role). */
const enterpriseGrantable = Type.Optional(Type.Boolean({ title: '企业可授予' }));

/** `POST /rest/role/addRole`: the code is the role's fixed handle (letters, digits, `_`, `-`). */
export const AddRoleBody = Type.Object({
  code: Type.String({
    minLength: 2,
    maxLength: 32,
    pattern: ROLE_CODE_PATTERN.source,
    title: '角色编码',
    errorMessage: '角色编码为 2～32 位字母、数字、_ 或 -，以字母开头',
  }),
  name,
  description,
  enterpriseGrantable,
});
export type AddRoleBody = Static<typeof AddRoleBody>;

/** `POST /rest/role/addRole` → `dataSet`: the new role's id. */
export const RoleAdded = Type.Object({ id: Type.String() });
export type RoleAdded = Static<typeof RoleAdded>;

/** `POST /rest/role/updRole`, `saveRolePermissions` → `dataSet`: how many changed. */
export const RoleUpdated = Type.Object({ updated: Type.Integer() });
export type RoleUpdated = Static<typeof RoleUpdated>;

/** `POST /rest/role/updRole`: the code does not change. */
export const UpdRoleBody = Type.Object({ id: RecordId('角色编号'), name, description, enterpriseGrantable });
export type UpdRoleBody = Static<typeof UpdRoleBody>;

/** `POST /rest/role/delRole`: one role or several (comma-joined); refused while a user holds one. */
export const DelRoleBody = Type.Object({ ids: IdListText('角色编号') });
export type DelRoleBody = Static<typeof DelRoleBody>;

// The fields of a grant-tree node; `children` refers to the node by its `$id`.
const grantNodeFields = {
  id: Type.String(),
  type: Type.Union([Type.Literal('menu'), Type.Literal('button')]),
  name: Type.String(),
  /** `null`: open to every logged-in user (a group, the home page), not granted by itself. */
  code: Nullable(Type.String()),
  children: Type.Array(Type.Ref('GrantNode')),
};
/** A node of the grant tree: a menu (with its sub-menus and buttons) or a button. */
export const GrantNode = Type.Cyclic({ GrantNode: Type.Object(grantNodeFields) }, 'GrantNode');
export type GrantNode = Static<typeof GrantNode>;

/**
 * An app of the header's switcher as the grant tree groups by it (`sys_apps`): the tree shows
 * each app over the menus whose codes it lists (with what is under them); an app is no
 * permission of its own.
 */
export const GrantApp = Type.Object({
  appCode: Type.String(),
  appName: Type.String(),
  menus: Type.Array(Type.String()),
});
export type GrantApp = Static<typeof GrantApp>;

/** `POST /rest/role/getRolePermissions`: the role whose grants to show. */
export const RolePermissionsBody = Type.Object({ id: RecordId('角色编号') });
export type RolePermissionsBody = Static<typeof RolePermissionsBody>;
/**
 * → `dataSet`: the whole menu tree, the ids of the nodes the role holds, and the apps in
 * switcher order (the browser groups the tree by them; one schema document, as `InitData`).
 */
export const RolePermissions = Type.Cyclic(
  {
    GrantNode: Type.Object(grantNodeFields),
    RolePermissions: Type.Object({
      tree: Type.Array(Type.Ref('GrantNode')),
      grantedIds: Type.Array(Type.String()),
      apps: Type.Array(GrantApp),
      /** The role holds every code (系统管理员): the tree is shown whole and cannot be changed. */
      holdsAll: Type.Boolean(),
    }),
  },
  'RolePermissions',
);
export type RolePermissions = Static<typeof RolePermissions>;

/**
 * `POST /rest/role/saveRolePermissions`: the role's grants become exactly `permissionIds`
 * (ids of nodes with a code; a button granted without its menu is refused).
 */
export const SaveRolePermissionsBody = Type.Object({
  id: RecordId('角色编号'),
  permissionIds: Type.Array(RecordId('权限编号'), { maxItems: 2000, title: '权限' }),
});
export type SaveRolePermissionsBody = Static<typeof SaveRolePermissionsBody>;

/** 系统管理 › 角色管理's permission codes (the menu and its buttons). */
export const roleAdminCodes = defineCodes({
  list: 'system:role:list',
  add: 'system:role:add',
  edit: 'system:role:edit',
  delete: 'system:role:delete',
  grant: 'system:role:grant',
  export: 'system:role:export',
});

/** 系统管理 › 角色管理's calls. */
export const roleAdminCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/role/getRolePage',
    permission: roleAdminCodes.list,
    body: ListRequest,
    answer: AdminRolePage,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/role/addRole',
    permission: roleAdminCodes.add,
    body: AddRoleBody,
    answer: RoleAdded,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/role/updRole',
    permission: roleAdminCodes.edit,
    body: UpdRoleBody,
    answer: RoleUpdated,
  }),
  /** One role or several: `{ ids }` comma-joined. */
  delete: defineCall({
    method: 'POST',
    path: '/rest/role/delRole',
    permission: roleAdminCodes.delete,
    body: DelRoleBody,
    answer: ListDeleted,
  }),
  permissions: defineCall({
    method: 'POST',
    path: '/rest/role/getRolePermissions',
    permission: roleAdminCodes.grant,
    body: RolePermissionsBody,
    answer: RolePermissions,
  }),
  savePermissions: defineCall({
    method: 'POST',
    path: '/rest/role/saveRolePermissions',
    permission: roleAdminCodes.grant,
    body: SaveRolePermissionsBody,
    answer: RoleUpdated,
  }),
  /** The list's query and the selected rows → 角色列表.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/role/exportXls',
    permission: roleAdminCodes.export,
    body: ListExportBody,
    kind: 'download',
  }),
};
