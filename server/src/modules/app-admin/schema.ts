import { AdminAppPage, AppFormOptions, Envelope, ListDeleted } from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 系统管理 › 应用管理: the wire contracts (sdk/src/contracts/app-admin.ts, list.ts).
export { AddAppBody, AdminAppRow, DelAppBody, EmptyBody, ListRequest, UpdAppBody } from '@cotton/sdk/contracts';

export const AdminAppPageResponse = Envelope(AdminAppPage);
export const AppFormOptionsResponse = Envelope(AppFormOptions);
export const AppDeletedResponse = Envelope(ListDeleted);
/** addApp answers the new app's code. */
export const AddedAppResponse = Envelope(Type.Object({ appCode: Type.String() }));
export const AppUpdatedResponse = Envelope(Type.Object({ updated: Type.Integer() }));
