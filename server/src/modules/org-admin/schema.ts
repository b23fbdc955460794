import { AdminOrgTree, Envelope } from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 系统管理 › 机构管理: the wire contracts (sdk/src/contracts/org-admin.ts).
export { AddOrgBody, DelOrgBody, EmptyBody, UpdOrgBody } from '@cotton/sdk/contracts';

export const AdminOrgTreeResponse = Envelope(AdminOrgTree);
/** addOrgan answers the new organisation's id. */
export const AddedOrgResponse = Envelope(Type.Object({ id: Type.String() }));
export const OrgUpdatedResponse = Envelope(Type.Object({ updated: Type.Integer() }));
export const OrgDeletedResponse = Envelope(Type.Object({ deleted: Type.Integer() }));
