import {
  AdminUserPage,
  Envelope,
  ListDeleted,
  ListImportResult,
  UserBindRoles,
  UserOptions,
} from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 系统管理 › 用户管理: the wire contracts (sdk/src/contracts/user-admin.ts, list.ts).
export {
  AddUserBody,
  AdminUserRow,
  AllUserBody,
  ListBatchDeleteBody,
  ListExportBody,
  ListRequest,
  UpdFrozenUserBody,
  UpdPwdUserBody,
  UpdUserBody,
  UserBindRolesBody,
  UserIdsBody,
} from '@cotton/sdk/contracts';

export const AdminUserPageResponse = Envelope(AdminUserPage);
export const UserBindRolesResponse = Envelope(UserBindRoles);
export const UserOptionsResponse = Envelope(UserOptions);
export const ListDeletedResponse = Envelope(ListDeleted);
export const ListImportResultResponse = Envelope(ListImportResult);
/** AddUser answers the new user's id. */
export const AddedUserResponse = Envelope(Type.Object({ id: Type.String() }));
export const UpdatedResponse = Envelope(Type.Object({ updated: Type.Integer() }));
