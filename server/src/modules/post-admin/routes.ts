import { postAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { addPost, deletePosts, postPage, updatePost } from './service';

/** 系统管理 › 岗位管理 (docs/auth.md "Organisations, posts and data permissions"). */
export const postAdminRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, postAdminCalls.page, (request) => postPage(db, request.body));
  route(app, postAdminCalls.add, (request) => addPost(db, request, request.body));
  route(app, postAdminCalls.update, (request) => updatePost(db, request, request.body));
  route(app, postAdminCalls.delete, (request) => deletePosts(db, request, request.body.ids));
};
