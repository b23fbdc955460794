import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { registerApplies } from '../../db/schema/index';

/**
 * An approved enterprise's change request (docs/registration.md "Change requests"): what it is
 * refused for, which one is open, and the name and code keys it holds. The submission
 * (submit.ts) and 企业管理 › 企业信息 (enterprise/service.ts) read it; it stays in this module,
 * which the enterprise module imports, not the other way round (scripts/lint/server-cycles.mjs).
 */

/** What a change request is refused for (docs/registration.md "Change requests"). */
export const CHANGE_MESSAGES = {
  unregistered: '本企业没有注册信息，不能提交变更申请',
  pending: '本企业已有待审核的变更申请，请等待审核结果',
  typesChanged: '变更申请不能更改账户类型',
} as const;

/** The enterprise's change request that is open: 待审核 or 退回修改 (at most one: a unique index). */
export function openChangeOf(enterpriseId: number) {
  return and(
    eq(registerApplies.enterpriseId, enterpriseId),
    eq(registerApplies.kind, 'change'),
    inArray(registerApplies.status, ['0', '3']),
  );
}

/**
 * The key a change request holds for its name or code: none ('') when another live application
 * of its own enterprise holds it already (its registration, an earlier change), else the key —
 * a new name or code, held under the unique index as a registration's is.
 */
export async function keyToHold(
  db: AppDatabase,
  kind: 'name' | 'code',
  key: string,
  enterpriseId: number,
  self: number | undefined,
): Promise<string> {
  const column = kind === 'name' ? registerApplies.nameKey : registerApplies.codeKey;
  const [held] = await db
    .select({ id: registerApplies.id })
    .from(registerApplies)
    .where(
      and(
        eq(column, key),
        eq(registerApplies.enterpriseId, enterpriseId),
        inArray(registerApplies.status, ['0', '1', '3']),
        self === undefined ? undefined : ne(registerApplies.id, self),
      ),
    )
    .limit(1);
  return held ? '' : key;
}
