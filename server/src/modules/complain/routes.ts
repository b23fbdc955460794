import { complainCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import { complaintExport, complaintPage, handleComplaint } from './inbox';
import { addComplaint } from './service';

/**
 * 投诉建议: sent from the service centre (spec §7 /rest/complain/addComplain; public,
 * rate-limited per IP), and the back office's inbox (内容管理 › 投诉建议: list, export, handle).
 */
export const complainRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, complainCalls.add, (request) => addComplaint(db, request.body, request.ip));

  route(app, complainCalls.page, (request) => complaintPage(db, request.body));
  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, complainCalls.export, async (request, reply) => {
    const { columns, batches } = await complaintExport(db, request.body);
    return sendXlsx(reply, {
      filename: '投诉建议.xlsx',
      sheetName: '投诉建议',
      columns,
      batches,
    });
  });
  route(app, complainCalls.handle, (request) => handleComplaint(db, request, request.body));
};
