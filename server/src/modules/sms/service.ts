import { count, desc, eq, inArray, like } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysSmsLog } from '../../db/schema/index';
import { ApiError } from '../../plugins/envelope';
import { parseIdList } from '../shared/id-list';
import { maskCodes } from './sender';
import type { SmsPageBody, SmsRow } from './schema';

/** 短信日志, the read side (sending: `sender.ts`; one-time codes: `codes.ts`). */

export const SMS_LIST_PERMISSION = 'system:sms:list';
export const SMS_DELETE_PERMISSION = 'system:sms:delete';

export async function smsPage(db: AppDatabase, body: SmsPageBody) {
  const digits = (body.mobile ?? '').replace(/\D/g, '');
  const where = digits ? like(sysSmsLog.mobile, `%${digits}%`) : undefined;
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(sysSmsLog).where(where),
    db
      .select()
      .from(sysSmsLog)
      .where(where)
      .orderBy(desc(sysSmsLog.createdAt), desc(sysSmsLog.id))
      .limit(body.pageSize)
      .offset((body.pageNum - 1) * body.pageSize),
  ]);
  const result: SmsRow[] = rows.map((row) => ({
    id: String(row.id),
    mobile: row.mobile,
    templateCode: row.templateCode,
    // Masked when written; masked again for rows logged before that.
    content: maskCodes(row.content),
    provider: row.provider,
    status: row.status,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  }));
  return { pagination: { result, totalCount: total, pageNum: body.pageNum, pageSize: body.pageSize } };
}

export async function deleteSmsById(db: AppDatabase, id: string | number) {
  const rows = await db
    .delete(sysSmsLog)
    .where(eq(sysSmsLog.id, Number(id)))
    .returning({ id: sysSmsLog.id });
  if (rows.length === 0) throw new ApiError('404', '短信记录不存在或已删除');
  return { deleted: rows.length };
}

export async function deleteSmsByIds(db: AppDatabase, ids: string) {
  const list = parseIdList(ids, '记录编号');
  const rows = await db.delete(sysSmsLog).where(inArray(sysSmsLog.id, list)).returning({ id: sysSmsLog.id });
  return { deleted: rows.length };
}
