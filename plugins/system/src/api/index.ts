import { request } from '@cotton/sdk';
import type {
  AdminRoleRow,
  AdminUserRow,
  DelRoleBody,
  RolePermissions,
  RolePermissionsBody,
  SaveRolePermissionsBody,
  UpdFrozenUserBody,
  UpdPwdUserBody,
  UserBindRoles,
  UserBindRolesBody,
  UserIdsBody,
  UsersStatusChanged,
} from '@cotton/sdk/contracts';
import {
  enterpriseUserCalls,
  enterpriseUserCodes,
  roleAdminCalls,
  userAdminCalls,
  userAdminCodes,
} from '@cotton/sdk/calls';

// 用户管理 (docs/auth.md, "User administration"): the list is a generic admin list
// (`createListStore`); the calls and shapes are `@cotton/sdk`'s (sdk/src/contracts/user-admin.ts).

/** The calls a user list makes in either realm: the same bodies and answers under each realm's path. */
type UserRealmCall = 'page' | 'add' | 'update' | 'delete' | 'freeze' | 'password' | 'bindRoles';

/**
 * Whose accounts a user list manages: the centre's (系统管理 › 用户管理) or, for an approved
 * enterprise's administrator, their own enterprise's (企业管理 › 用户管理: the same calls under
 * `/rest/enterprise/user/`, the enterprise's codes, no organisations, posts, third-party
 * accounts or import; docs/auth.md "Enterprise administrators").
 */
export interface UserListRealm {
  calls: { [K in UserRealmCall]: (typeof userAdminCalls)[K] | (typeof enterpriseUserCalls)[K] };
  /** 导出. */
  export?: typeof userAdminCalls.export | typeof enterpriseUserCalls.export;
  /** 导入 and its template (the centre's only). */
  import?: { call: typeof userAdminCalls.import; template: typeof userAdminCalls.importTemplate };
  permissions: { add: string; edit: string; delete: string; export?: string; import?: string };
  /** The centre's organisation tree, posts and third-party accounts. */
  centre: boolean;
  storageKey: string;
}

export const CENTRE_USERS: UserListRealm = {
  calls: userAdminCalls,
  export: userAdminCalls.export,
  import: { call: userAdminCalls.import, template: userAdminCalls.importTemplate },
  permissions: {
    add: userAdminCodes.add,
    edit: userAdminCodes.edit,
    delete: userAdminCodes.delete,
    export: userAdminCodes.export,
    import: userAdminCodes.import,
  },
  centre: true,
  storageKey: 'system-user-list',
};

export const ENTERPRISE_USERS: UserListRealm = {
  calls: enterpriseUserCalls,
  // Needs only the list's code (enterprise:user:list).
  export: enterpriseUserCalls.export,
  permissions: { add: enterpriseUserCodes.add, edit: enterpriseUserCodes.edit, delete: enterpriseUserCodes.delete },
  centre: false,
  storageKey: 'enterprise-user-list',
};

/**
 * Freezes ('2') or unfreezes ('1') users: the ids go comma-joined. The answer counts those
 * changed and those that already had the status (left as they were).
 */
export function setUsersFrozen(
  ids: Array<AdminUserRow['id']>,
  status: UpdFrozenUserBody['status'],
  realm = CENTRE_USERS,
): Promise<UsersStatusChanged> {
  const body: UpdFrozenUserBody = { ids: ids.join(','), status };
  return request.call(realm.calls.freeze, body);
}

export function resetUserPassword(body: UpdPwdUserBody, realm = CENTRE_USERS): Promise<unknown> {
  return request.call(realm.calls.password, body);
}

/** The roles that can be granted and, for an existing user (`id`), those held. */
export function queryUserBindRoles(id?: AdminUserRow['id'], realm = CENTRE_USERS): Promise<UserBindRoles> {
  const body: UserBindRolesBody = id ? { id } : {};
  return request.call(realm.calls.bindRoles, body);
}

/** The body of a delete of users, one or several: `{ ids }` comma-joined. */
export function userIdsBody(ids: Array<AdminUserRow['id']>): UserIdsBody {
  return { ids: ids.join(',') };
}

// 角色管理 (docs/auth.md, "Role administration"): the list is a generic admin list; the
// calls and shapes are `@cotton/sdk`'s (sdk/src/contracts/role-admin.ts).

/** The body of a delete of roles, one or several: `{ ids }` comma-joined. */
export function roleIdsBody(ids: Array<AdminRoleRow['id']>): DelRoleBody {
  return { ids: ids.join(',') };
}

/** The whole menu tree and what the role holds. */
export function queryRolePermissions(id: AdminRoleRow['id']): Promise<RolePermissions> {
  const body: RolePermissionsBody = { id };
  return request.call(roleAdminCalls.permissions, body);
}

/** The role's grants become exactly `permissionIds`. */
export function saveRolePermissions(body: SaveRolePermissionsBody): Promise<unknown> {
  return request.call(roleAdminCalls.savePermissions, body);
}

export * from './post-admin';
export * from './data-rule';
export * from './register-review';
export * from './plugin-admin';
export * from './app-admin';
