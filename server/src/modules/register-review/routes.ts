import { registerReviewCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import type { FileSigner } from '../files/signing';
import { smsSenderFor } from '../sms/sender';
import { sendXlsx } from '../../lib/list/xlsx';
import { approveApply, returnOrReject, reviewDetail, reviewExport, reviewPage } from './service';

/** 系统管理 › 注册审核 (docs/registration.md "Review"): every call needs `register:review`, 导出 `register:review:export`. */
export const registerReviewRoutes: FastifyPluginAsync<{ db: AppDatabase; signer: FileSigner }> = async (
  app,
  { db, signer },
) => {
  const ctx = { db, sender: smsSenderFor(app.config, app.log) };

  route(app, registerReviewCalls.page, (request) => reviewPage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, registerReviewCalls.export, async (request, reply) => {
    const { columns, batches } = await reviewExport(db, request.body);
    return sendXlsx(reply, {
      filename: '注册审核.xlsx',
      sheetName: '注册审核',
      columns,
      batches,
    });
  });
  route(app, registerReviewCalls.detail, (request) => reviewDetail(db, signer, Number(request.body.id)));
  route(app, registerReviewCalls.approve, (request) =>
    approveApply(ctx, request, Number(request.body.id), request.body.round),
  );
  route(app, registerReviewCalls.return, async (request) => {
    const { id, round, reason } = request.body;
    await returnOrReject(ctx, request, { id: Number(id), round }, 'return', reason);
    return null;
  });
  route(app, registerReviewCalls.reject, async (request) => {
    const { id, round, reason } = request.body;
    await returnOrReject(ctx, request, { id: Number(id), round }, 'reject', reason);
    return null;
  });
};
