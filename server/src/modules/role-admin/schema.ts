import { AdminRolePage, Envelope, ListDeleted, RolePermissions } from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 系统管理 › 角色管理: the wire contracts (sdk/src/contracts/role-admin.ts, list.ts).
export {
  AddRoleBody,
  AdminRoleRow,
  DelRoleBody,
  ListRequest,
  RolePermissionsBody,
  SaveRolePermissionsBody,
  UpdRoleBody,
} from '@cotton/sdk/contracts';

export const AdminRolePageResponse = Envelope(AdminRolePage);
export const RolePermissionsResponse = Envelope(RolePermissions);
export const RoleDeletedResponse = Envelope(ListDeleted);
/** addRole answers the new role's id. */
export const AddedRoleResponse = Envelope(Type.Object({ id: Type.String() }));
export const RoleUpdatedResponse = Envelope(Type.Object({ updated: Type.Integer() }));
