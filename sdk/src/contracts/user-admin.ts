import { Type, type Static } from 'typebox';
import { LOGIN_NAME_MESSAGE, LOGIN_NAME_PATTERN } from '../validators/ident';
import { defineCall, defineCodes } from './call';
import { Nullable, RecordId, IdListText } from './common';
import { ListAnswer, ListBatchDeleteBody, ListDeleted, ListExportBody, ListImportResult, ListRequest } from './list';

// 系统管理 › 用户管理 (docs/auth.md, "User administration"): `/rest/user/…` calls of the
// back office. The list is a generic admin list (contracts/list.ts): filters `loginName`,
// `realname`, `phone` (any part), `status`; sort and super query on the row's fields.

/** A user as the administration list shows it. */
export const AdminUserRow = Type.Object({
  id: Type.String(),
  loginName: Type.String(),
  realname: Type.String(),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  /** '1' 正常, '2' 冻结. */
  status: Type.String(),
  enterpriseCode: Type.String(),
  enterpriseName: Type.String(),
  /** 所属机构: its id and name, null when none. */
  orgId: Nullable(Type.String()),
  orgName: Nullable(Type.String()),
  /** The names of the posts held, comma-joined. */
  postNames: Type.String(),
  /** The names of the roles held, comma-joined. */
  roleNames: Type.String(),
  /** ISO 8601. */
  createTime: Type.String(),
});
export type AdminUserRow = Static<typeof AdminUserRow>;

/** `POST /rest/user/getUserPage` → `dataSet`. */
export const AdminUserPage = ListAnswer(AdminUserRow);
export type AdminUserPage = Static<typeof AdminUserPage>;

const loginName = Type.String({
  minLength: 2,
  maxLength: 32,
  pattern: LOGIN_NAME_PATTERN.source,
  title: '登录名',
  errorMessage: LOGIN_NAME_MESSAGE,
});
const realname = Type.String({ minLength: 1, maxLength: 32, title: '姓名' });
const phone = Type.Optional(Nullable(Type.String({ maxLength: 32, title: '手机号码' })));
const email = Type.Optional(Nullable(Type.String({ maxLength: 128, title: '邮箱' })));
const roleIds = Type.Array(RecordId('角色编号'), { maxItems: 50, title: '角色' });
/** 所属机构 (null: none); it must lie within the administrator's data scope. */
const orgId = Type.Optional(Nullable(RecordId('所属机构')));
/** 岗位: absent leaves them as they are. */
const postIds = Type.Optional(Type.Array(RecordId('岗位编号'), { maxItems: 20, title: '岗位' }));

/** `POST /rest/user/AddUser`: the initial password follows the password rules (docs/auth.md). */
export const AddUserBody = Type.Object({
  loginName,
  realname,
  phone,
  email,
  password: Type.String({ maxLength: 128, title: '初始密码' }),
  roleIds,
  orgId,
  postIds,
});
export type AddUserBody = Static<typeof AddUserBody>;

/** `POST /rest/user/AddUser` → `dataSet`: the new user's id. */
export const UserAdded = Type.Object({ id: Type.String() });
export type UserAdded = Static<typeof UserAdded>;

/** The writes of users → `dataSet`: how many changed. */
export const UsersUpdated = Type.Object({ updated: Type.Integer() });
export type UsersUpdated = Static<typeof UsersUpdated>;

/**
 * `UpdFrozenUser` → `dataSet`: how many users changed status, and how many already had the one
 * asked for (freezing a frozen user is done already: left as it was, nothing audited, no
 * session ended — the page says 该用户已是冻结状态 rather than 冻结成功).
 */
export const UsersStatusChanged = Type.Object({ updated: Type.Integer(), unchanged: Type.Integer() });
export type UsersStatusChanged = Static<typeof UsersStatusChanged>;

/** `POST /rest/user/UpdUser`: the login name does not change. */
export const UpdUserBody = Type.Object({ id: RecordId('用户编号'), realname, phone, email, roleIds, orgId, postIds });
export type UpdUserBody = Static<typeof UpdUserBody>;

/** `POST /rest/user/UpdFrozenUser`: freeze ('2') or unfreeze ('1') users; freezing ends their sessions. */
export const UpdFrozenUserBody = Type.Object({
  ids: IdListText('用户编号'),
  status: Type.Union([Type.Literal('1'), Type.Literal('2')], {
    title: '状态',
    errorMessage: '只能是 1（正常）或 2（冻结）',
  }),
});
export type UpdFrozenUserBody = Static<typeof UpdFrozenUserBody>;

/** `POST /rest/user/UpdPwdUser`: the administrator sets a user's password; the user's sessions end. */
export const UpdPwdUserBody = Type.Object({
  id: RecordId('用户编号'),
  password: Type.String({ maxLength: 128, title: '新密码' }),
});
export type UpdPwdUserBody = Static<typeof UpdPwdUserBody>;

/** A role that can be granted. */
export const BindableRole = Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() });
export type BindableRole = Static<typeof BindableRole>;

/** `POST /rest/user/getUserBindRoles` (`id` absent: a new user) → `dataSet`. */
export const UserBindRolesBody = Type.Object({ id: Type.Optional(RecordId('用户编号')) });
export type UserBindRolesBody = Static<typeof UserBindRolesBody>;
/** An organisation the user form offers; `selectable` false: outside the administrator's data scope. */
export const BindableOrg = Type.Object({
  id: Type.String(),
  parentId: Nullable(Type.String()),
  code: Type.String(),
  name: Type.String(),
  selectable: Type.Boolean(),
});
export type BindableOrg = Static<typeof BindableOrg>;
/** A post the user form offers; `disabled`: 停用, kept by the user but not given anew. */
export const BindablePost = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  disabled: Type.Boolean(),
});
export type BindablePost = Static<typeof BindablePost>;
export const UserBindRoles = Type.Object({
  roles: Type.Array(BindableRole),
  boundRoleIds: Type.Array(Type.String()),
  orgs: Type.Array(BindableOrg),
  posts: Type.Array(BindablePost),
  boundOrgId: Nullable(Type.String()),
  boundPostIds: Type.Array(Type.String()),
});
export type UserBindRoles = Static<typeof UserBindRoles>;

/** A user to pick (`getAllUser`, `getUserIdsUser`). */
export const UserOption = Type.Object({ id: Type.String(), loginName: Type.String(), realname: Type.String() });
export type UserOption = Static<typeof UserOption>;

/** `POST /rest/user/getAllUser` → `dataSet`: every active user of the administrator's enterprise (at most 1000; `keyword` narrows). */
export const AllUserBody = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 32, title: '关键字' })) });
export type AllUserBody = Static<typeof AllUserBody>;
export const UserOptions = Type.Object({ users: Type.Array(UserOption) });
export type UserOptions = Static<typeof UserOptions>;

/** `POST /rest/user/getUserIdsUser`: the users of the given ids (comma-joined) → `UserOptions`. */
export const UserIdsBody = Type.Object({
  ids: IdListText('用户编号'),
});
export type UserIdsBody = Static<typeof UserIdsBody>;

/** 系统管理 › 用户管理's permission codes (the menu and its buttons). */
export const userAdminCodes = defineCodes({
  list: 'system:user:list',
  add: 'system:user:add',
  edit: 'system:user:edit',
  delete: 'system:user:delete',
  export: 'system:user:export',
  import: 'system:user:import',
});

/** 系统管理 › 用户管理's calls (the third-party accounts' are in third-account.ts). */
export const userAdminCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/user/getUserPage',
    permission: userAdminCodes.list,
    body: ListRequest,
    answer: AdminUserPage,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/user/AddUser',
    permission: userAdminCodes.add,
    body: AddUserBody,
    answer: UserAdded,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/user/UpdUser',
    permission: userAdminCodes.edit,
    body: UpdUserBody,
    answer: UsersUpdated,
  }),
  /** One user or several: `{ ids }` comma-joined. */
  delete: defineCall({
    method: 'POST',
    path: '/rest/user/DelUser',
    permission: userAdminCodes.delete,
    body: ListBatchDeleteBody,
    answer: ListDeleted,
  }),
  freeze: defineCall({
    method: 'POST',
    path: '/rest/user/UpdFrozenUser',
    permission: userAdminCodes.edit,
    body: UpdFrozenUserBody,
    answer: UsersStatusChanged,
  }),
  password: defineCall({
    method: 'POST',
    path: '/rest/user/UpdPwdUser',
    permission: userAdminCodes.edit,
    body: UpdPwdUserBody,
    answer: UsersUpdated,
  }),
  bindRoles: defineCall({
    method: 'POST',
    path: '/rest/user/getUserBindRoles',
    permission: userAdminCodes.list,
    body: UserBindRolesBody,
    answer: UserBindRoles,
  }),
  all: defineCall({
    method: 'POST',
    path: '/rest/user/getAllUser',
    permission: userAdminCodes.list,
    body: AllUserBody,
    answer: UserOptions,
  }),
  byIds: defineCall({
    method: 'POST',
    path: '/rest/user/getUserIdsUser',
    permission: userAdminCodes.list,
    body: UserIdsBody,
    answer: UserOptions,
  }),
  /** The list's query and the selected ids → 用户列表.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/user/exportXls',
    permission: userAdminCodes.export,
    body: ListExportBody,
    kind: 'download',
  }),
  /** The import's header row (required columns marked *) → 用户导入模板.xlsx. */
  importTemplate: defineCall({
    method: 'POST',
    path: '/rest/user/importTemplate',
    permission: userAdminCodes.import,
    kind: 'download',
  }),
  /** An `.xlsx` as the multipart field `file` (one file of at most 2 MB). */
  import: defineCall({
    method: 'POST',
    path: '/rest/user/importXls',
    permission: userAdminCodes.import,
    answer: ListImportResult,
    kind: 'upload',
  }),
};
