import type { AdminAppRow, DelAppBody } from '@cotton/sdk/contracts';

// 应用管理 (docs/auth.md, "App administration"): the list is a generic admin list keyed by the
// app code; calls and shapes: sdk/src/contracts/app-admin.ts.

/** The body of a delete of apps, one or several: `{ ids }`, their codes comma-joined. */
export function appIdsBody(codes: Array<AdminAppRow['appCode']>): DelAppBody {
  return { ids: codes.join(',') };
}
