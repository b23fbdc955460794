import type { DelPostBody } from '@cotton/sdk/contracts';

// 系统管理 › 岗位管理 (docs/auth.md, "Organisations, posts and data permissions"); the calls
// and shapes are the wire contracts of `@cotton/sdk` (sdk/src/contracts/post-admin.ts).

/** delPost's body for one post or several: the ids comma-joined. */
export function postIdsBody(ids: string[]): DelPostBody {
  return { ids: ids.join(',') };
}
