import { request } from '@cotton/sdk';
import { appAdminCalls } from '@cotton/sdk/calls';
import type { AddAppBody, AdminAppRow, DelAppBody, UpdAppBody } from '@cotton/sdk/contracts';

// 应用管理 (docs/auth.md, "App administration"): the list is a generic admin list keyed by the
// app code; calls and shapes: sdk/src/contracts/app-admin.ts.

/** The menus an app may group (menus with a permission code) and the icon names. */
export const queryAppOptions = () => request.call(appAdminCalls.options, {});
export const addApp = (body: AddAppBody) => request.call(appAdminCalls.add, body);
export const updateApp = (body: UpdAppBody) => request.call(appAdminCalls.update, body);

/** The body of a delete of apps, one or several: `{ ids }`, their codes comma-joined. */
export function appIdsBody(codes: Array<AdminAppRow['appCode']>): DelAppBody {
  return { ids: codes.join(',') };
}
