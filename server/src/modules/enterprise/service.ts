import type { EnterpriseChangeForm, EnterpriseInfoView, RegisterApplyStatus } from '@cotton/sdk/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { registerApplies, registerApplyReviews, sysEnterprises } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import type { FileSigner } from '../files/signing';
import { applySections, changesAgainstRegistered } from '../register-review/service';
import { CHANGE_MESSAGES, openChangeOf } from '../register/change-request';
import { currentFiles, DECISION_NAMES, formValuesOf, STATUS_NAMES } from '../register/status';
import { typeNames } from '../register/type-names';

/**
 * 企业管理 › 企业信息 (docs/registration.md "Change requests"): the session user's enterprise —
 * its registered information (the application `sys_enterprises.register_apply_id` names: the
 * approved registration, then each approved change) and its latest change request; and what the
 * change form starts from. Nothing here takes an enterprise from the client.
 */

async function enterpriseOf(db: AppDatabase, enterpriseId: number) {
  const [enterprise] = await db.select().from(sysEnterprises).where(eq(sysEnterprises.id, enterpriseId));
  // The session resolved the user with the enterprise: it exists unless deleted this instant.
  if (!enterprise) throw new ApiError('404', CHANGE_MESSAGES.unregistered);
  const [registered] = enterprise.registerApplyId
    ? await db.select().from(registerApplies).where(eq(registerApplies.id, enterprise.registerApplyId))
    : [];
  return { enterprise, registered: registered ?? null };
}

async function decisionsOf(db: AppDatabase, applyId: number) {
  return db
    .select()
    .from(registerApplyReviews)
    .where(eq(registerApplyReviews.applyId, applyId))
    .orderBy(asc(registerApplyReviews.id));
}

/** `getEnterpriseInfo`: the registered information as the registration form labels it, and the latest change request. */
export async function enterpriseInfo(
  db: AppDatabase,
  signer: FileSigner,
  enterpriseId: number,
): Promise<EnterpriseInfoView> {
  const { enterprise, registered } = await enterpriseOf(db, enterpriseId);
  const head = {
    enterpriseCode: enterprise.code,
    enterpriseName: enterprise.name,
    uniformCreditCode: enterprise.uniformCreditCode,
  };
  if (!registered) {
    return { ...head, registered: false, accountTypeNames: '', approvedAt: null, sections: [], change: null };
  }
  const names = await typeNames(db);
  const approval = (await decisionsOf(db, registered.id)).filter((review) => review.decision === '1').at(-1);
  const [latest] = await db
    .select()
    .from(registerApplies)
    .where(and(eq(registerApplies.enterpriseId, enterpriseId), eq(registerApplies.kind, 'change')))
    .orderBy(desc(registerApplies.id))
    .limit(1);
  let change: EnterpriseInfoView['change'] = null;
  if (latest) {
    const status = latest.status as RegisterApplyStatus;
    const open = status === '0' || status === '3';
    change = {
      id: String(latest.id),
      status,
      statusName: STATUS_NAMES[status] ?? status,
      round: latest.round,
      traderName: latest.traderName,
      uniformCreditCode: latest.uniformCreditCode,
      createTime: latest.createdAt.toISOString(),
      submitTime: latest.submittedAt.toISOString(),
      reviews: (await decisionsOf(db, latest.id)).map((review) => ({
        round: review.round,
        decision: review.decision,
        decisionName: DECISION_NAMES[review.decision] ?? review.decision,
        reason: review.reason,
        reviewedAt: review.reviewedAt.toISOString(),
      })),
      changes: open ? await changesAgainstRegistered(db, latest, await currentFiles(db, latest.id, latest.round)) : [],
    };
  }
  return {
    ...head,
    registered: true,
    accountTypeNames: names(registered.accountTypeIds),
    approvedAt: approval?.reviewedAt.toISOString() ?? null,
    sections: await applySections(db, signer, registered, await currentFiles(db, registered.id, registered.round)),
    change,
  };
}

/**
 * `getChangeForm`: what the change form starts from — the returned change request (corrected
 * and resubmitted), else the registered information; refused while a request waits for review.
 */
export async function changeForm(
  db: AppDatabase,
  signer: FileSigner,
  enterpriseId: number,
): Promise<EnterpriseChangeForm> {
  const { enterprise, registered } = await enterpriseOf(db, enterpriseId);
  if (!registered) throw new ApiError('400', CHANGE_MESSAGES.unregistered);
  const [open] = await db.select().from(registerApplies).where(openChangeOf(enterpriseId));
  if (open?.status === '0') throw new ApiError('400', CHANGE_MESSAGES.pending);
  const base = open ?? registered;
  const returned = open ? (await decisionsOf(db, open.id)).filter((review) => review.decision === '3').at(-1) : null;
  return {
    ...(await formValuesOf(db, signer, base)),
    correcting: open !== undefined,
    reason: returned?.reason ?? null,
    enterpriseName: enterprise.name,
    uniformCreditCode: enterprise.uniformCreditCode ?? '',
  };
}
