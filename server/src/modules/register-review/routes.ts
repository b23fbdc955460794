import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import type { FileSigner } from '../files/signing';
import { smsSenderFor } from '../sms/sender';
import {
  ApprovedResponse,
  DecidedResponse,
  ListRequest,
  RegisterApplyApproveBody,
  RegisterApplyDecisionBody,
  RegisterApplyIdBody,
  ReviewDetailResponse,
  ReviewPageResponse,
} from './schema';
import { REGISTER_REVIEW_PERMISSION, approveApply, returnOrReject, reviewDetail, reviewPage } from './service';

/** 系统管理 › 注册审核 (docs/registration.md "Review"): every call needs `register:review`. */
export const registerReviewRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase; signer: FileSigner }> = async (
  app,
  { db, signer },
) => {
  const ctx = { db, sender: smsSenderFor(app.config, app.log) };
  const config = { permission: REGISTER_REVIEW_PERMISSION };

  app.post(
    '/rest/registerReview/getApplyPage',
    { config, schema: { body: ListRequest, response: { 200: ReviewPageResponse } } },
    async (request) => ok(await reviewPage(db, request.body)),
  );
  app.post(
    '/rest/registerReview/getApplyDetail',
    { config, schema: { body: RegisterApplyIdBody, response: { 200: ReviewDetailResponse } } },
    async (request) => ok(await reviewDetail(db, signer, Number(request.body.id))),
  );
  app.post(
    '/rest/registerReview/approveApply',
    { config, schema: { body: RegisterApplyApproveBody, response: { 200: ApprovedResponse } } },
    async (request) => ok(await approveApply(ctx, request, Number(request.body.id), request.body.round)),
  );
  app.post(
    '/rest/registerReview/returnApply',
    { config, schema: { body: RegisterApplyDecisionBody, response: { 200: DecidedResponse } } },
    async (request) => {
      const { id, round, reason } = request.body;
      await returnOrReject(ctx, request, { id: Number(id), round }, 'return', reason);
      return ok(null);
    },
  );
  app.post(
    '/rest/registerReview/rejectApply',
    { config, schema: { body: RegisterApplyDecisionBody, response: { 200: DecidedResponse } } },
    async (request) => {
      const { id, round, reason } = request.body;
      await returnOrReject(ctx, request, { id: Number(id), round }, 'reject', reason);
      return ok(null);
    },
  );
};
