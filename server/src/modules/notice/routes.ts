import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { pickColumns, sendXlsx } from '../../lib/list/xlsx';
import { ok } from '../../http/envelope';
import { authOf } from '../auth/authenticate';
import {
  AddedNoticeResponse,
  AddNoticeBody,
  AdminNoticePageResponse,
  EmptyBody,
  HeaderNoticeResponse,
  ListExportBody,
  ListRequest,
  NoticeDeletedResponse,
  NoticeDetailResponse,
  NoticeIdBody,
  NoticeIdsBody,
  NoticeTargetsBody,
  NoticeTargetsResponse,
  NoticeUpdatedResponse,
  UpdateNoticeStatusBody,
  UpdateReadStatusBody,
  UpdNoticeBody,
  UserNoticePageBody,
  UserNoticePageResponse,
} from './schema';
import {
  addNotice,
  deleteNotices,
  headerNotice,
  markRead,
  NOTICE_ADD_PERMISSION,
  NOTICE_DELETE_PERMISSION,
  NOTICE_EDIT_PERMISSION,
  NOTICE_EXPORT_COLUMNS,
  NOTICE_LIST_PERMISSION,
  NOTICE_PUBLISH_PERMISSION,
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
export const noticeRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/noticeService/getNoticeByPage',
    {
      config: { permission: NOTICE_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: AdminNoticePageResponse } },
    },
    async (request) => ok(await noticePage(db, request.body)),
  );

  app.post(
    '/rest/noticeService/exportNoticeXls',
    // A file, not an envelope: no response schema; a refusal before the first byte is an envelope.
    { config: { permission: NOTICE_LIST_PERMISSION }, schema: { body: ListExportBody } },
    async (request, reply) => {
      const { columns, batches } = await noticeExport(db, request.body);
      return sendXlsx(reply, {
        filename: '通知公告.xlsx',
        sheetName: '通知公告',
        columns: pickColumns(NOTICE_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );

  app.post(
    '/rest/noticeService/getNoticeTargets',
    {
      config: { permission: NOTICE_LIST_PERMISSION },
      schema: { body: NoticeTargetsBody, response: { 200: NoticeTargetsResponse } },
    },
    async (request) => ok(await noticeTargets(db, request.body.keyword)),
  );

  // Login only: an administrator of notices reads any of them, anyone else only those addressed to them.
  app.post(
    '/rest/noticeService/getNoticeById',
    { config: { permission: null }, schema: { body: NoticeIdBody, response: { 200: NoticeDetailResponse } } },
    async (request) => ok(await noticeById(db, authOf(request), Number(request.body.id))),
  );

  app.post(
    '/rest/noticeService/addNotice',
    {
      config: { permission: NOTICE_ADD_PERMISSION },
      schema: { body: AddNoticeBody, response: { 200: AddedNoticeResponse } },
    },
    async (request) => ok(await addNotice(db, request, request.body)),
  );

  app.post(
    '/rest/noticeService/updNotice',
    {
      config: { permission: NOTICE_EDIT_PERMISSION },
      schema: { body: UpdNoticeBody, response: { 200: NoticeUpdatedResponse } },
    },
    async (request) => ok(await updateNotice(db, request, request.body)),
  );

  app.post(
    '/rest/noticeService/updateStatus',
    {
      config: { permission: NOTICE_PUBLISH_PERMISSION },
      schema: { body: UpdateNoticeStatusBody, response: { 200: NoticeUpdatedResponse } },
    },
    async (request) => ok(await updateNoticeStatus(db, request, Number(request.body.id), request.body.status)),
  );

  app.post(
    '/rest/noticeService/SyncNoticeByIds',
    {
      config: { permission: NOTICE_PUBLISH_PERMISSION },
      schema: { body: NoticeIdsBody, response: { 200: NoticeUpdatedResponse } },
    },
    async (request) => ok(await publishNotices(db, request, noticeIds(request.body.ids))),
  );

  app.post(
    '/rest/noticeService/deleteNoticeById',
    {
      config: { permission: NOTICE_DELETE_PERMISSION },
      schema: { body: NoticeIdBody, response: { 200: NoticeDeletedResponse } },
    },
    async (request) => ok(await deleteNotices(db, request, [Number(request.body.id)])),
  );

  app.post(
    '/rest/noticeService/deleteNoticeByIds',
    {
      config: { permission: NOTICE_DELETE_PERMISSION },
      schema: { body: NoticeIdsBody, response: { 200: NoticeDeletedResponse } },
    },
    async (request) => ok(await deleteNotices(db, request, noticeIds(request.body.ids))),
  );

  app.post(
    '/rest/noticeService/getHeaderNotice',
    { config: { permission: null }, schema: { body: EmptyBody, response: { 200: HeaderNoticeResponse } } },
    async (request) => ok(await headerNotice(db, authOf(request))),
  );

  app.post(
    '/rest/noticeService/getNoticeByUserPage',
    {
      config: { permission: null },
      schema: { body: UserNoticePageBody, response: { 200: UserNoticePageResponse } },
    },
    async (request) => ok(await userNoticePage(db, authOf(request), request.body)),
  );

  app.post(
    '/rest/noticeService/updateReadStatus',
    {
      config: { permission: null },
      schema: { body: UpdateReadStatusBody, response: { 200: NoticeUpdatedResponse } },
    },
    async (request) => ok(await markRead(db, authOf(request), request.body)),
  );
};
