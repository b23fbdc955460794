import { AdminPostPage, Envelope, ListDeleted } from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 系统管理 › 岗位管理: the wire contracts (sdk/src/contracts/post-admin.ts, list.ts).
export { AddPostBody, DelPostBody, ListRequest, UpdPostBody } from '@cotton/sdk/contracts';

export const AdminPostPageResponse = Envelope(AdminPostPage);
export const PostDeletedResponse = Envelope(ListDeleted);
/** addPost answers the new post's id. */
export const AddedPostResponse = Envelope(Type.Object({ id: Type.String() }));
export const PostUpdatedResponse = Envelope(Type.Object({ updated: Type.Integer() }));
