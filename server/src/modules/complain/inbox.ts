import type { AdminComplaintRow, HandleComplainBody, ListRequest } from '@cotton/sdk/contracts';
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { complaints } from '../../db/schema/index';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { defineList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { formatPublishTime } from '../cms/service';
import { blankToNull } from '../shared/blank';

/**
 * 内容管理 › 投诉建议 (docs/architecture.md "Content editing", Complaints): the back office's
 * inbox of what visitors sent (service.ts) — list, export, and handling NEW → HANDLING →
 * ANSWERED with a reply.
 */

export const COMPLAINT_INBOX_MESSAGES = {
  complaintNotFound: '投诉建议不存在',
  replyRequired: '请输入答复内容',
  alreadyAnswered: '该投诉建议已答复，不能再更改',
  alreadyHandling: '该投诉建议已在处理中',
} as const;

export const complaintList = defineList<AdminComplaintRow>()({
  table: complaints,
  key: complaints.id,
  fields: {
    name: {
      label: '姓名',
      column: complaints.name,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 12 },
    },
    phone: {
      label: '联系电话',
      column: complaints.phone,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 16 },
    },
    email: { label: '邮箱', export: { width: 24 } },
    complaintType: {
      label: '类型',
      column: complaints.complaintType,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => COMPLAINT_TYPE_NAMES[row.complaintType] ?? row.complaintType },
    },
    content: {
      label: '内容',
      column: complaints.content,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 60 },
    },
    status: {
      label: '处理状态',
      column: complaints.status,
      type: 'code',
      filter: 'eq',
      sortable: true,
      superQuery: true,
      export: { width: 10, value: (row) => COMPLAINT_STATUS_NAMES[row.status] ?? row.status },
    },
    reply: { label: '答复', export: { width: 40 } },
    handlerName: {
      label: '处理人',
      column: complaints.handlerName,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 12 },
    },
    handleTime: {
      label: '处理时间',
      column: complaints.handledAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.handleTime) },
    },
    createTime: {
      label: '提交时间',
      column: complaints.createdAt,
      type: 'date',
      filter: 'eq',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
});

function complaintRows(db: AppDatabase) {
  return async (query: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }) => {
    const rows = await db
      .select()
      .from(complaints)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(toComplaintRow);
  };
}

function toComplaintRow(row: typeof complaints.$inferSelect): AdminComplaintRow {
  return {
    id: String(row.id),
    name: row.name,
    phone: row.phone,
    email: row.email,
    complaintType: row.complaintType,
    content: row.content,
    status: row.status,
    reply: row.reply,
    handlerName: row.handlerName,
    handleTime: row.handledAt ? row.handledAt.toISOString() : null,
    createTime: row.createdAt.toISOString(),
  };
}

export async function complaintPage(db: AppDatabase, body: ListRequest) {
  return complaintList.page<AdminComplaintRow>(db, body, { rows: complaintRows(db) });
}

export async function complaintExport(db: AppDatabase, body: ListRequest & { selections?: string }) {
  return complaintList.exportRows(db, body, { rows: complaintRows(db) });
}

const COMPLAINT_TYPE_NAMES: Record<string, string> = { COMPLAINT: '投诉', SUGGESTION: '建议', CONSULT: '咨询' };
export const COMPLAINT_STATUS_NAMES: Record<string, string> = { NEW: '待处理', HANDLING: '处理中', ANSWERED: '已答复' };
const chinaTime = (iso: string | null) => (iso ? formatPublishTime(new Date(iso)) : null);

/**
 * 投诉建议's one write, handling (`complaint.handle`, docs/architecture.md "Admin resources"): a
 * complaint is read `for update`, so of two answers at once the second waits, then sees 已答复
 * and is refused.
 */
export const complaintResource = defineAdminResource({
  entity: 'complaint',
  action: 'complaint',
  table: complaints,
  key: complaints.id,
  audited: { id: complaints.id, name: complaints.name, status: complaints.status, reply: complaints.reply },
  notFound: COMPLAINT_INBOX_MESSAGES.complaintNotFound,
  lock: true,
});

/** NEW → HANDLING → ANSWERED (NEW → ANSWERED at once too); an answered one stays answered. */
export async function handleComplaint(db: AppDatabase, request: FastifyRequest, body: HandleComplainBody) {
  const id = Number(body.id);
  const reply = blankToNull(body.reply);
  if (body.status === 'ANSWERED' && reply === null) throw new ApiError('400', COMPLAINT_INBOX_MESSAGES.replyRequired);
  const user = request.auth!.user;
  let handled: typeof complaints.$inferSelect | undefined;
  await complaintResource.update(
    db,
    request,
    id,
    (_tx, before) => {
      if (before.status === 'ANSWERED') throw new ApiError('400', COMPLAINT_INBOX_MESSAGES.alreadyAnswered);
      if (before.status === body.status) throw new ApiError('400', COMPLAINT_INBOX_MESSAGES.alreadyHandling);
      return {
        status: body.status,
        reply: body.status === 'ANSWERED' ? reply : before.reply,
        handlerId: user.id,
        handlerName: (user.realname || user.loginName).slice(0, 64),
        handledAt: new Date(),
      };
    },
    {
      action: 'handle',
      async write(tx) {
        [handled] = await tx.select().from(complaints).where(eq(complaints.id, id));
      },
      audit: (before, after) => ({
        before: { status: before.status, reply: before.reply },
        after: { status: after.status, reply: after.reply },
      }),
    },
  );
  return toComplaintRow(handled!);
}
