import type { RegisterApplicantView, RegisterApplyStatus } from '@cotton/sdk/contracts';
import { REGISTER_FIELDS, REGISTER_SECTIONS } from '@cotton/sdk/validators';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import {
  files,
  registerApplies,
  registerApplyFiles,
  registerApplyReviews,
  sysEnterprises,
} from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import type { FileSigner } from '../files/signing';
import { typeNames } from './type-names';
import { reserveLoginAttempt, settleLoginAttempt } from '../auth/lockout';
import { consumeSliderProof, SLIDER_MESSAGES } from '../auth/slider';
import { consumeSmsCode, issueSmsCode } from '../sms/codes';
import type { SmsSender } from '../sms/sender';
import type { SystemSmsTemplateCode } from '../sms/templates';
import { compareKey } from './compare-key';

/**
 * The applicant's status (docs/registration.md "The applicant's status"): the latest
 * application of a credit code, shown to whoever received the code sent to the mobile it
 * gave; while returned, with what the form needs to correct and resubmit it.
 */

export const STATUS_MESSAGES = {
  codeEmpty: '请输入统一社会信用代码',
  notFound: '未找到该统一社会信用代码的注册申请，请核对后重新输入',
  noMobile: '该申请未留手机号码，无法发送验证码，请联系服务中心查询',
  badCode: '验证码错误或已过期',
  expired: '查询已过期，请重新获取验证码查询',
  unavailable: '短信服务未开通，暂不能查询注册进度，请联系服务中心',
  notReturned: '该申请当前不可修改，请重新查询审核进度',
  typesChanged: '重新提交时不能更改账户类型',
  unknownKeptFile: '保留的文件不属于该申请，请刷新页面后重新填写',
  changedMeanwhile: '该申请已有变化，请重新查询审核进度',
  locked: '查询失败次数过多，请 15 分钟后再试',
} as const;

export const STATUS_NAMES: Record<RegisterApplyStatus, string> = {
  '0': '待审核',
  '1': '审核通过',
  '2': '审核驳回',
  '3': '退回修改',
};
export const DECISION_NAMES: Record<string, string> = { '1': '审核通过', '2': '审核驳回', '3': '退回修改' };

/** The SMS purpose of an application's status code (at most 16 characters). */
const statusPurpose = (applyId: number) => `rs:${applyId}`;
const SMS_TEMPLATE_STATUS = 'REGISTER_STATUS_CODE' satisfies SystemSmsTemplateCode;

/** 138****5678. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

/** The latest application of a credit code (as the registration compares codes). */
async function latestApply(db: AppDatabase, uniformCreditCode: string) {
  const key = compareKey(uniformCreditCode);
  if (key === '') throw new ApiError('400', STATUS_MESSAGES.codeEmpty);
  const [apply] = await db
    .select()
    .from(registerApplies)
    // A change request holding a new code is its enterprise's business, not an applicant's.
    .where(and(eq(registerApplies.codeKey, key), eq(registerApplies.kind, 'register')))
    .orderBy(desc(registerApplies.id))
    .limit(1);
  if (!apply) throw new ApiError('404', STATUS_MESSAGES.notFound);
  return apply;
}

/**
 * `sendStatusCode`: a 6-digit code to the application's mobile (the SMS code path's limits:
 * one a minute, five an hour per mobile). Whether a credit code has an application is not
 * secret (codes are published, so are registered traders); the mobile is told masked.
 */
export async function sendStatusCode(
  db: AppDatabase,
  sender: SmsSender | null,
  { uniformCreditCode, proof }: { uniformCreditCode: string; proof: string },
  ip: string,
): Promise<{ mobile: string; expiresIn: number }> {
  if (compareKey(uniformCreditCode) === '') throw new ApiError('400', STATUS_MESSAGES.codeEmpty);
  // A person at this address slid the slider: each probe of a credit code, each code sent, costs one.
  if (!(await consumeSliderProof(db, proof, ip)))
    throw new ApiError('400', proof ? SLIDER_MESSAGES.stale : SLIDER_MESSAGES.missing);
  const apply = await latestApply(db, uniformCreditCode);
  if (!apply.applicantPhone) throw new ApiError('400', STATUS_MESSAGES.noMobile);
  if (!sender) throw new ApiError('504', STATUS_MESSAGES.unavailable);
  const { expiresIn } = await issueSmsCode(db, sender, {
    mobile: apply.applicantPhone,
    purpose: statusPurpose(apply.id),
    ip,
    message: { template: SMS_TEMPLATE_STATUS, values: { traderName: apply.traderName } },
  });
  return { mobile: maskMobile(apply.applicantPhone), expiresIn };
}

/**
 * `queryStatus`: the view, when `smsCode` is the latest code sent for the application (once).
 * Tries count like logins (auth/lockout.ts `reserveLoginAttempt`): five wrong ones lock the
 * credit code, and an address that tries many, for 15 minutes — nobody can spend an
 * applicant's tries without limit.
 */
export async function queryStatus(
  db: AppDatabase,
  signer: FileSigner,
  { uniformCreditCode, smsCode, ip }: { uniformCreditCode: string; smsCode: string; ip: string },
): Promise<RegisterApplicantView> {
  const apply = await latestApply(db, uniformCreditCode);
  const attempt = await reserveLoginAttempt(db, {
    accountKey: `regstatus:${apply.codeKey}`,
    ip,
    clientName: 'register-status',
  });
  if (!attempt) throw new ApiError('429', STATUS_MESSAGES.locked);
  const mobile = apply.applicantPhone;
  if (!mobile || !(await consumeSmsCode(db, { mobile, purpose: statusPurpose(apply.id), code: smsCode.trim() })))
    throw new ApiError('400', STATUS_MESSAGES.badCode);
  await settleLoginAttempt(db, attempt);
  return applicantView(db, signer, apply.id, Date.now());
}

/** `getStatus`: the view again for the token a query gave (a refresh, after a resubmission). */
export async function statusByToken(
  db: AppDatabase,
  signer: FileSigner,
  token: string,
): Promise<RegisterApplicantView> {
  const status = await signer.statusOf(token);
  if (status === null) throw new ApiError('400', STATUS_MESSAGES.expired);
  return applicantView(db, signer, status.applyId, status.checkedAt);
}

/** The files of an application's current round, in the form's order. */
export async function currentFiles(db: Pick<AppDatabase, 'select'>, applyId: number, round: number) {
  return db
    .select({ field: registerApplyFiles.field, sort: registerApplyFiles.sort, file: files })
    .from(registerApplyFiles)
    .innerJoin(files, eq(files.id, registerApplyFiles.fileId))
    .where(and(eq(registerApplyFiles.applyId, applyId), eq(registerApplyFiles.round, round)))
    .orderBy(asc(registerApplyFiles.field), asc(registerApplyFiles.sort));
}

/** The form path (`section.field`) of a stored file field. */
export const FILE_PATHS: Record<string, string> = Object.fromEntries(
  REGISTER_SECTIONS.flatMap((section) =>
    Object.entries(REGISTER_FIELDS[section])
      .filter(([, spec]) => spec.files)
      .map(([field]) => [field, `${section}.${field}`]),
  ),
);

/**
 * An application as the registration form starts from it (a correction, a change request): the
 * account types, section → field → value as stored, and the current round's files by form
 * field with 10-minute preview addresses.
 */
export async function formValuesOf(
  db: AppDatabase,
  signer: FileSigner,
  apply: Pick<typeof registerApplies.$inferSelect, 'id' | 'round' | 'payload' | 'accountTypeIds'>,
): Promise<NonNullable<RegisterApplicantView['correction']>> {
  const payload = apply.payload as Record<string, unknown>;
  const values: Record<string, Record<string, string>> = {};
  for (const section of REGISTER_SECTIONS) {
    const stored = payload[section];
    if (typeof stored !== 'object' || stored === null) continue;
    values[section] = Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  const stored = await currentFiles(db, apply.id, apply.round);
  return {
    accountTypeIds: apply.accountTypeIds.split(',').filter(Boolean),
    values,
    files: await Promise.all(
      stored
        .filter(({ field }) => FILE_PATHS[field])
        .map(async ({ field, file }) => ({
          path: FILE_PATHS[field],
          fileId: file.id,
          fileName: file.name,
          fileType: file.type,
          fileSize: file.size,
          previewUrl: await signer.previewUrl(file.id),
        })),
    ),
  };
}

async function applicantView(
  db: AppDatabase,
  signer: FileSigner,
  applyId: number,
  /** When the applicant's SMS code was checked: the token never outlives it by more than two hours. */
  checkedAt: number,
): Promise<RegisterApplicantView> {
  const [apply] = await db.select().from(registerApplies).where(eq(registerApplies.id, applyId));
  if (!apply) throw new ApiError('400', STATUS_MESSAGES.expired);
  const names = await typeNames(db);
  const reviews = await db
    .select()
    .from(registerApplyReviews)
    .where(eq(registerApplyReviews.applyId, apply.id))
    .orderBy(asc(registerApplyReviews.id));
  const [enterprise] = apply.enterpriseId
    ? await db
        .select({ code: sysEnterprises.code })
        .from(sysEnterprises)
        .where(eq(sysEnterprises.id, apply.enterpriseId))
    : [];
  const status = apply.status as RegisterApplyStatus;
  const correction = status === '3' ? await formValuesOf(db, signer, apply) : null;
  return {
    statusToken: await signer.statusToken(apply.id, checkedAt),
    applyId: String(apply.id),
    status,
    statusName: STATUS_NAMES[status] ?? status,
    round: apply.round,
    traderName: apply.traderName,
    uniformCreditCode: apply.uniformCreditCode,
    accountTypeNames: names(apply.accountTypeIds),
    createTime: apply.createdAt.toISOString(),
    submitTime: apply.submittedAt.toISOString(),
    reviews: reviews.map((review) => ({
      round: review.round,
      decision: review.decision,
      decisionName: DECISION_NAMES[review.decision] ?? review.decision,
      reason: review.reason,
      reviewedAt: review.reviewedAt.toISOString(),
    })),
    enterpriseCode: enterprise?.code ?? null,
    correction,
  };
}
