import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { DataMigration } from '../../db/data-migrations';
import { cmsContents, sysAuditLog } from '../../db/schema/index';

/**
 * 撤回 used to put a content back to `'0'`, the status of a draft never published, so 文章管理
 * showed a withdrawn article as 草稿. Withdrawn ones are now `'2'` 已撤回: a content still at
 * `'0'` with a withdrawal in the audit trail was withdrawn (a withdrawn content only leaves that
 * state by being published again, which makes it `'1'`), and becomes `'2'`.
 */
export async function markWithdrawn(tx: Tx): Promise<Record<string, unknown>> {
  const withdrawn = tx
    .select({ id: sysAuditLog.entityId })
    .from(sysAuditLog)
    .where(and(eq(sysAuditLog.entity, 'cms_content'), eq(sysAuditLog.action, 'cms.content.withdraw')));
  const rows = await tx
    .update(cmsContents)
    .set({ status: '2' })
    .where(and(eq(cmsContents.status, '0'), inArray(sql`${cmsContents.id}::text`, withdrawn)))
    .returning({ id: cmsContents.id });
  return { withdrawn: rows.map((row) => row.id) };
}

export const WITHDRAWN_STATUS_MIGRATION: DataMigration = {
  name: 'cms_withdrawn_status',
  run: markWithdrawn,
};
