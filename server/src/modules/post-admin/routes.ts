import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import {
  AddedPostResponse,
  AddPostBody,
  AdminPostPageResponse,
  DelPostBody,
  ListRequest,
  PostDeletedResponse,
  PostUpdatedResponse,
  UpdPostBody,
} from './schema';
import {
  addPost,
  deletePosts,
  POST_ADD_PERMISSION,
  POST_DELETE_PERMISSION,
  POST_EDIT_PERMISSION,
  POST_LIST_PERMISSION,
  postPage,
  updatePost,
} from './service';

/** 系统管理 › 岗位管理 (docs/auth.md "Organisations, posts and data permissions"). */
export const postAdminRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/postService/getPostPage',
    {
      config: { permission: POST_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: AdminPostPageResponse } },
    },
    async (request) => ok(await postPage(db, request.body)),
  );

  app.post(
    '/rest/postService/addPost',
    {
      config: { permission: POST_ADD_PERMISSION },
      schema: { body: AddPostBody, response: { 200: AddedPostResponse } },
    },
    async (request) => ok(await addPost(db, request, request.body)),
  );

  app.post(
    '/rest/postService/updPost',
    {
      config: { permission: POST_EDIT_PERMISSION },
      schema: { body: UpdPostBody, response: { 200: PostUpdatedResponse } },
    },
    async (request) => ok(await updatePost(db, request, request.body)),
  );

  app.post(
    '/rest/postService/delPost',
    {
      config: { permission: POST_DELETE_PERMISSION },
      schema: { body: DelPostBody, response: { 200: PostDeletedResponse } },
    },
    async (request) => ok(await deletePosts(db, request, request.body.ids)),
  );
};
