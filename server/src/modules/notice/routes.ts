import { noticeCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import { authOf } from '../auth/authenticate';
import {
  addNotice,
  deleteNotices,
  headerNotice,
  markRead,
  noticeById,
  noticeExport,
  noticeIds,
  noticePage,
  noticeTargets,
  publishNotices,
  updateNotice,
  updateNoticeStatus,
  userNoticePage,
} from './service';

/** 系统管理 › 通知公告 and 我的消息 (docs/architecture.md "Notices", docs/auth.md). */
export const noticeRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, noticeCalls.page, (request) => noticePage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, noticeCalls.export, async (request, reply) => {
    const { columns, batches } = await noticeExport(db, request.body);
    return sendXlsx(reply, {
      filename: '通知公告.xlsx',
      sheetName: '通知公告',
      columns,
      batches,
    });
  });

  route(app, noticeCalls.targets, (request) => noticeTargets(db, request.body.keyword));

  // Login only: an administrator of notices reads any of them, anyone else only those addressed to them.
  route(app, noticeCalls.detail, (request) => noticeById(db, authOf(request), Number(request.body.id)));

  route(app, noticeCalls.add, (request) => addNotice(db, request, request.body));
  route(app, noticeCalls.update, (request) => updateNotice(db, request, request.body));
  route(app, noticeCalls.status, (request) =>
    updateNoticeStatus(db, request, Number(request.body.id), request.body.status),
  );
  route(app, noticeCalls.publishMany, (request) => publishNotices(db, request, noticeIds(request.body.ids)));
  route(app, noticeCalls.delete, (request) => deleteNotices(db, request, [Number(request.body.id)]));
  route(app, noticeCalls.deleteMany, (request) => deleteNotices(db, request, noticeIds(request.body.ids)));

  route(app, noticeCalls.header, (request) => headerNotice(db, authOf(request)));
  route(app, noticeCalls.userPage, (request) => userNoticePage(db, authOf(request), request.body));
  route(app, noticeCalls.markRead, (request) => markRead(db, authOf(request), request.body));
};
