import { defineCall, defineCodes } from './call';
import { ListBatchDeleteBody, ListDeleted, ListExportBody, ListRequest } from './list';
import {
  AddUserBody,
  AdminUserPage,
  UpdFrozenUserBody,
  UpdPwdUserBody,
  UpdUserBody,
  UserAdded,
  UserBindRoles,
  UserBindRolesBody,
  UsersStatusChanged,
  UsersUpdated,
} from './user-admin';

// 企业管理 › 用户管理 (docs/auth.md, "Enterprise administrators"): an approved enterprise's
// administrator manages the accounts of their own enterprise through the calls of 系统管理 ›
// 用户管理 (user-admin.ts) under `/rest/enterprise/user/`, with the enterprise's own codes; no
// organisations, posts, third-party accounts or import. 导出 needs only the list's code.

/** 企业管理 › 用户管理's permission codes. */
export const enterpriseUserCodes = defineCodes({
  list: 'enterprise:user:list',
  add: 'enterprise:user:add',
  edit: 'enterprise:user:edit',
  delete: 'enterprise:user:delete',
});

/** 企业管理 › 用户管理's calls: the bodies and answers of `userAdminCalls`. */
export const enterpriseUserCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/enterprise/user/getUserPage',
    permission: enterpriseUserCodes.list,
    body: ListRequest,
    answer: AdminUserPage,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/enterprise/user/AddUser',
    permission: enterpriseUserCodes.add,
    body: AddUserBody,
    answer: UserAdded,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/enterprise/user/UpdUser',
    permission: enterpriseUserCodes.edit,
    body: UpdUserBody,
    answer: UsersUpdated,
  }),
  /** One user or several: `{ ids }` comma-joined. */
  delete: defineCall({
    method: 'POST',
    path: '/rest/enterprise/user/DelUser',
    permission: enterpriseUserCodes.delete,
    body: ListBatchDeleteBody,
    answer: ListDeleted,
  }),
  freeze: defineCall({
    method: 'POST',
    path: '/rest/enterprise/user/UpdFrozenUser',
    permission: enterpriseUserCodes.edit,
    body: UpdFrozenUserBody,
    answer: UsersStatusChanged,
  }),
  password: defineCall({
    method: 'POST',
    path: '/rest/enterprise/user/UpdPwdUser',
    permission: enterpriseUserCodes.edit,
    body: UpdPwdUserBody,
    answer: UsersUpdated,
  }),
  /** 导出: the list's query (or the ticked users) as 用户列表.xlsx, without organisation or posts. */
  export: defineCall({
    method: 'POST',
    path: '/rest/enterprise/user/exportXls',
    permission: enterpriseUserCodes.list,
    body: ListExportBody,
    kind: 'download',
  }),
  bindRoles: defineCall({
    method: 'POST',
    path: '/rest/enterprise/user/getUserBindRoles',
    permission: enterpriseUserCodes.list,
    body: UserBindRolesBody,
    answer: UserBindRoles,
  }),
};
