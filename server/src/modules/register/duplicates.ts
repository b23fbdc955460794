import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { registerApplies, sysEnterprises } from '../../db/schema/index';
import { takeLimitsAlone } from '../../lib/limits/index';
import { ApiError } from '../../http/envelope';
import { compareKey, sqlCompareKey } from './compare-key';
import { REGISTER_SERVER_MESSAGES } from './messages';

/**
 * Whether an enterprise name or credit code may still be registered (docs/registration.md):
 * not when an enterprise has it or a live application holds it — asked by the anonymous checks
 * as the form is filled (within their per-address limit) and again by the submission.
 */

/** Whose name and code a check leaves out: they are not taken for the one who holds them. */
export interface TakenExcept {
  /** The application being corrected. */
  applyId?: number;
  /** The enterprise asking for a change: its name and code, and those its applications hold. */
  enterpriseId?: number;
}

/** Why `value` cannot be registered as `kind` (an enterprise has it, or a live application), or null. */
async function takenProblem(
  db: AppDatabase,
  kind: 'name' | 'code',
  value: string,
  except: TakenExcept = {},
): Promise<string | null> {
  const key = compareKey(value);
  if (key === '') return null;
  const messages =
    kind === 'name'
      ? {
          taken: REGISTER_SERVER_MESSAGES.nameTaken,
          pending: REGISTER_SERVER_MESSAGES.namePending,
          returned: REGISTER_SERVER_MESSAGES.nameReturned,
        }
      : {
          taken: REGISTER_SERVER_MESSAGES.codeTaken,
          pending: REGISTER_SERVER_MESSAGES.codePending,
          returned: REGISTER_SERVER_MESSAGES.codeReturned,
        };
  // Enterprises made by a registration are found by its live key below; the others (made by
  // hand) are compared the same way in SQL (sqlCompareKey).
  const column = kind === 'name' ? sysEnterprises.name : sysEnterprises.uniformCreditCode;
  const [enterprise] = await db
    .select({ id: sysEnterprises.id })
    .from(sysEnterprises)
    .where(
      and(
        sql`${sqlCompareKey(column)} = ${key}`,
        except.enterpriseId === undefined ? undefined : ne(sysEnterprises.id, except.enterpriseId),
      ),
    )
    .limit(1);
  if (enterprise) return messages.taken;
  const [apply] = await db
    .select({ status: registerApplies.status })
    .from(registerApplies)
    .where(
      and(
        eq(kind === 'name' ? registerApplies.nameKey : registerApplies.codeKey, key),
        inArray(registerApplies.status, ['0', '1', '3']),
        except.applyId === undefined ? undefined : ne(registerApplies.id, except.applyId),
        except.enterpriseId === undefined
          ? undefined
          : sql`${registerApplies.enterpriseId} is distinct from ${except.enterpriseId}`,
      ),
    )
    .limit(1);
  if (!apply) return null;
  return apply.status === '1' ? messages.taken : apply.status === '3' ? messages.returned : messages.pending;
}

/**
 * The anonymous name and credit-code checks (`checkTraderName`, `judgeExistEnterpriseInfo/1`)
 * per address, both together: far above what an applicant's form asks (a few checks as the
 * fields are left), far below what a crawler needs to read the register through them.
 */
export const REGISTER_CHECK_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 } as const;

/** Takes one anonymous check from the address's limit; over it → `429` 请求过于频繁，请稍后再试. */
export async function takeRegisterCheck(db: AppDatabase, ip: string): Promise<void> {
  if (await takeLimitsAlone(db, [{ key: `register-check:${ip}`, ...REGISTER_CHECK_LIMIT }])) throw new ApiError('429');
}

/** Why `traderName` cannot be registered, or null (`checkTraderName`, and the submission). */
export function traderNameProblem(db: AppDatabase, traderName: string, except?: TakenExcept): Promise<string | null> {
  return takenProblem(db, 'name', traderName, except);
}

/** Why the credit code cannot be registered, or null (`judgeExistEnterpriseInfo/1`, and the submission). */
export function creditCodeProblem(db: AppDatabase, code: string, except?: TakenExcept): Promise<string | null> {
  return takenProblem(db, 'code', code, except);
}
