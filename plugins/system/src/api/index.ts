import { request } from '@cotton/sdk';
import type {
  AddRoleBody,
  AddUserBody,
  AdminRoleRow,
  AdminUserRow,
  DelMenuBody,
  DelRoleBody,
  MenuAdminNode,
  MenuTree,
  RolePermissions,
  RolePermissionsBody,
  SaveMenuBody,
  SaveRolePermissionsBody,
  UpdFrozenUserBody,
  UpdRoleBody,
  UpdPwdUserBody,
  UpdUserBody,
  UserBindRoles,
  UserBindRolesBody,
  UserIdsBody,
} from '@cotton/sdk';

// 用户管理 (docs/auth.md, "User administration"): the list is a generic admin list
// (`createListStore`); the shapes are `@cotton/sdk`'s (sdk/src/contracts/user-admin.ts).

export const USER_PAGE_URL = '/rest/user/getUserPage';
export const USER_ADD_URL = '/rest/user/AddUser';
export const USER_UPDATE_URL = '/rest/user/UpdUser';
export const USER_DELETE_URL = '/rest/user/DelUser';
export const USER_FREEZE_URL = '/rest/user/UpdFrozenUser';
export const USER_PASSWORD_URL = '/rest/user/UpdPwdUser';
export const USER_BIND_ROLES_URL = '/rest/user/getUserBindRoles';
export const USER_EXPORT_URL = '/rest/user/exportXls';
export const USER_IMPORT_URL = '/rest/user/importXls';
export const USER_IMPORT_TEMPLATE_URL = '/rest/user/importTemplate';

/** Permission codes of the user administration (docs/auth.md). */
export const USER_LIST_PERMISSION = 'system:user:list';
export const USER_ADD_PERMISSION = 'system:user:add';
export const USER_EDIT_PERMISSION = 'system:user:edit';
export const USER_DELETE_PERMISSION = 'system:user:delete';
export const USER_EXPORT_PERMISSION = 'system:user:export';
export const USER_IMPORT_PERMISSION = 'system:user:import';

/**
 * Whose accounts a user list manages: the centre's (系统管理 › 用户管理) or, for an approved
 * enterprise's administrator, their own enterprise's (企业管理 › 用户管理: the same calls under
 * `/rest/enterprise/user/`, the enterprise's codes, no organisations, posts, third-party
 * accounts, export or import; docs/auth.md "Enterprise administrators").
 */
export interface UserListRealm {
  urls: {
    page: string;
    add: string;
    update: string;
    delete: string;
    freeze: string;
    password: string;
    bindRoles: string;
    export?: string;
    import?: { url: string; template: string };
  };
  permissions: { add: string; edit: string; delete: string; export?: string; import?: string };
  /** The centre's organisation tree, posts and third-party accounts. */
  centre: boolean;
  storageKey: string;
}

export const CENTRE_USERS: UserListRealm = {
  urls: {
    page: USER_PAGE_URL,
    add: USER_ADD_URL,
    update: USER_UPDATE_URL,
    delete: USER_DELETE_URL,
    freeze: USER_FREEZE_URL,
    password: USER_PASSWORD_URL,
    bindRoles: USER_BIND_ROLES_URL,
    export: USER_EXPORT_URL,
    import: { url: USER_IMPORT_URL, template: USER_IMPORT_TEMPLATE_URL },
  },
  permissions: {
    add: USER_ADD_PERMISSION,
    edit: USER_EDIT_PERMISSION,
    delete: USER_DELETE_PERMISSION,
    export: USER_EXPORT_PERMISSION,
    import: USER_IMPORT_PERMISSION,
  },
  centre: true,
  storageKey: 'system-user-list',
};

export const ENTERPRISE_USERS: UserListRealm = {
  urls: {
    page: '/rest/enterprise/user/getUserPage',
    add: '/rest/enterprise/user/AddUser',
    update: '/rest/enterprise/user/UpdUser',
    delete: '/rest/enterprise/user/DelUser',
    freeze: '/rest/enterprise/user/UpdFrozenUser',
    password: '/rest/enterprise/user/UpdPwdUser',
    bindRoles: '/rest/enterprise/user/getUserBindRoles',
  },
  permissions: { add: 'enterprise:user:add', edit: 'enterprise:user:edit', delete: 'enterprise:user:delete' },
  centre: false,
  storageKey: 'enterprise-user-list',
};

export function addUser(body: AddUserBody, realm = CENTRE_USERS): Promise<unknown> {
  return request.post(realm.urls.add, body);
}

export function updateUser(body: UpdUserBody, realm = CENTRE_USERS): Promise<unknown> {
  return request.post(realm.urls.update, body);
}

/** Freezes ('2') or unfreezes ('1') users: the ids go comma-joined. */
export function setUsersFrozen(
  ids: Array<AdminUserRow['id']>,
  status: UpdFrozenUserBody['status'],
  realm = CENTRE_USERS,
): Promise<unknown> {
  const body: UpdFrozenUserBody = { ids: ids.join(','), status };
  return request.post(realm.urls.freeze, body);
}

export function resetUserPassword(body: UpdPwdUserBody, realm = CENTRE_USERS): Promise<unknown> {
  return request.post(realm.urls.password, body);
}

/** The roles that can be granted and, for an existing user (`id`), those held. */
export function queryUserBindRoles(id?: AdminUserRow['id'], realm = CENTRE_USERS): Promise<UserBindRoles> {
  const body: UserBindRolesBody = id ? { id } : {};
  return request.post<UserBindRoles>(realm.urls.bindRoles, body);
}

/** The body of a delete of users, one or several: `{ ids }` comma-joined. */
export function userIdsBody(ids: Array<AdminUserRow['id']>): UserIdsBody {
  return { ids: ids.join(',') };
}

// 角色管理 (docs/auth.md, "Role administration"): the list is a generic admin list; the
// shapes are `@cotton/sdk`'s (sdk/src/contracts/role-admin.ts).

export const ROLE_PAGE_URL = '/rest/role/getRolePage';
export const ROLE_ADD_URL = '/rest/role/addRole';
export const ROLE_UPDATE_URL = '/rest/role/updRole';
export const ROLE_DELETE_URL = '/rest/role/delRole';
export const ROLE_PERMISSIONS_URL = '/rest/role/getRolePermissions';
export const ROLE_SAVE_PERMISSIONS_URL = '/rest/role/saveRolePermissions';

/** Permission codes of the role administration (docs/auth.md). */
export const ROLE_LIST_PERMISSION = 'system:role:list';
export const ROLE_ADD_PERMISSION = 'system:role:add';
export const ROLE_EDIT_PERMISSION = 'system:role:edit';
export const ROLE_DELETE_PERMISSION = 'system:role:delete';
export const ROLE_GRANT_PERMISSION = 'system:role:grant';

export function addRole(body: AddRoleBody): Promise<unknown> {
  return request.post(ROLE_ADD_URL, body);
}

export function updateRole(body: UpdRoleBody): Promise<unknown> {
  return request.post(ROLE_UPDATE_URL, body);
}

/** The body of a delete of roles, one or several: `{ ids }` comma-joined. */
export function roleIdsBody(ids: Array<AdminRoleRow['id']>): DelRoleBody {
  return { ids: ids.join(',') };
}

/** The whole menu tree and what the role holds. */
export function queryRolePermissions(id: AdminRoleRow['id']): Promise<RolePermissions> {
  const body: RolePermissionsBody = { id };
  return request.post<RolePermissions>(ROLE_PERMISSIONS_URL, body);
}

/** The role's grants become exactly `permissionIds`. */
export function saveRolePermissions(body: SaveRolePermissionsBody): Promise<unknown> {
  return request.post(ROLE_SAVE_PERMISSIONS_URL, body);
}

// 菜单管理 (docs/auth.md, "Menu administration"); shapes: sdk/src/contracts/menu-admin.ts.

export const MENU_TREE_URL = '/rest/menu/getMenuTree';
export const MENU_SAVE_URL = '/rest/menu/addMenuRel';
export const MENU_DELETE_URL = '/rest/menu/delMenuRel';

/** Permission codes of the menu administration (docs/auth.md). */
export const MENU_LIST_PERMISSION = 'system:menu:list';
export const MENU_EDIT_PERMISSION = 'system:menu:edit';
export const MENU_DELETE_PERMISSION = 'system:menu:delete';

/** The whole tree, the components the enabled plugins declare, and the icon names. */
export function queryMenuTree(): Promise<MenuTree> {
  return request.post<MenuTree>(MENU_TREE_URL, {});
}

/** Adds a node (no `id`) or changes one. */
export function saveMenu(body: SaveMenuBody): Promise<unknown> {
  return request.post(MENU_SAVE_URL, body);
}

export function deleteMenu(id: MenuAdminNode['id']): Promise<unknown> {
  const body: DelMenuBody = { id };
  return request.post(MENU_DELETE_URL, body);
}

export * from './org-admin';
export * from './post-admin';
export * from './data-rule';
export * from './register-review';
export * from './plugin-admin';
export * from './app-admin';
