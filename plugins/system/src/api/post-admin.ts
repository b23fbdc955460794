import { request } from '@cotton/sdk';
import type { AddPostBody, DelPostBody, UpdPostBody } from '@cotton/sdk';

// 系统管理 › 岗位管理 (docs/auth.md, "Organisations, posts and data permissions"); the shapes
// are the wire contracts of `@cotton/sdk` (sdk/src/contracts/post-admin.ts).

export const POST_PAGE_URL = '/rest/postService/getPostPage';
export const POST_ADD_URL = '/rest/postService/addPost';
export const POST_UPDATE_URL = '/rest/postService/updPost';
export const POST_DELETE_URL = '/rest/postService/delPost';

export const POST_ADD_PERMISSION = 'system:post:add';
export const POST_EDIT_PERMISSION = 'system:post:edit';
export const POST_DELETE_PERMISSION = 'system:post:delete';

/** delPost's body for one post or several: the ids comma-joined. */
export function postIdsBody(ids: string[]): DelPostBody {
  return { ids: ids.join(',') };
}

export function addPost(body: AddPostBody): Promise<{ id: string }> {
  return request.post<{ id: string }>(POST_ADD_URL, body);
}

export function updatePost(body: UpdPostBody): Promise<unknown> {
  return request.post(POST_UPDATE_URL, body);
}
