import { request } from '@cotton/sdk';
import type { AddPostBody, DelPostBody, UpdPostBody } from '@cotton/sdk/contracts';
import { postAdminCalls } from '@cotton/sdk/calls';

// 系统管理 › 岗位管理 (docs/auth.md, "Organisations, posts and data permissions"); the calls
// and shapes are the wire contracts of `@cotton/sdk` (sdk/src/contracts/post-admin.ts).

/** delPost's body for one post or several: the ids comma-joined. */
export function postIdsBody(ids: string[]): DelPostBody {
  return { ids: ids.join(',') };
}

export function addPost(body: AddPostBody): Promise<{ id: string }> {
  return request.call(postAdminCalls.add, body);
}

export function updatePost(body: UpdPostBody): Promise<unknown> {
  return request.call(postAdminCalls.update, body);
}
