import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { sysAuditLog } from '../../db/schema/index';

/**
 * The audit trail of the back office (`sys_audit_log`, docs/auth.md "User administration"):
 * call inside the write's transaction, so the row exists exactly when the change does.
 * `before` / `after` are the caller's picture of the record; {@link auditSafe} drops any
 * password or hash that slipped in.
 */

export interface AuditEntry {
  /** `<entity>.<verb>`: `user.add`, `user.update`, `user.freeze`, `user.unfreeze`, `user.password`, `user.delete`. */
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const SECRET_KEY = /password|hash|secret|token/i;

/** A copy without the keys that could hold a secret. */
export function auditSafe(record: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!record) return null;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !SECRET_KEY.test(key)));
}

export async function recordAudit(
  db: Pick<AppDatabase, 'insert'>,
  request: Pick<FastifyRequest, 'auth' | 'ip'> & { operationKey?: string | null },
  entry: AuditEntry,
): Promise<void> {
  await db.insert(sysAuditLog).values({
    userId: request.auth?.user.id ?? null,
    loginName: request.auth?.user.loginName ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: auditSafe(entry.before),
    after: auditSafe(entry.after),
    ip: request.ip?.slice(0, 64) ?? null,
    // Links the row to the 操作日志 row of the same call (server/src/modules/log/operation.ts).
    operationKey: request.operationKey ?? null,
  });
}
