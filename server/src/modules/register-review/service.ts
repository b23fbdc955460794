import { randomInt } from 'node:crypto';
import type {
  AdminRegisterApplyRow,
  ApprovedRegisterApply,
  RegisterApplyChange,
  ListExportBody,
  ListRequest,
  RegisterApplyDetail,
  RegisterApplyKind,
  RegisterApplySection,
  RegisterApplyStatus,
} from '@cotton/sdk/contracts';
import { REGISTER_FIELDS, REGISTER_SECTIONS, REGISTER_SECTION_TITLES, isStrongPassword } from '@cotton/sdk/validators';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import {
  dictItems,
  registerAccountTypes,
  registerApplies,
  registerApplyReviews,
  registerApplyRounds,
  regions,
  serviceAreas,
  sysEnterprises,
  sysRoles,
  sysUserRoles,
  sysUsers,
} from '../../db/schema/index';
import { defineList, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { authOf } from '../auth/authenticate';
import { hashPassword } from '../auth/password';
import { recordAudit } from '../shared/audit';
import { chinaTime } from '../shared/china-time';
import type { FileSigner } from '../files/signing';
import { sendSms, type SmsSender } from '../sms/sender';
import { renderSystemSms, type SystemSmsTemplateCode } from '../sms/templates';
import { currentFiles } from '../register/status';
import { typeNames } from '../register/type-names';

/**
 * 系统管理 › 注册审核 (docs/registration.md "Review"): the applications, read with every
 * section and file, and decided — approved (the enterprise, its first administrator, an
 * initial password by SMS), returned for correction, or rejected — once: the second of two
 * reviewers deciding at the same moment is told someone else did.
 */

export const REVIEW_MESSAGES = {
  notFound: '注册申请不存在',
  decided: '该申请已由其他审核人处理，请刷新后查看',
  resubmitted: '该申请已重新提交，请刷新后查看',
  reasonEmpty: '请填写原因',
} as const;

const DECISIONS = { approve: '1', reject: '2', return: '3' } as const;
const DECISION_NAMES: Record<string, string> = { '1': '审核通过', '2': '审核驳回', '3': '退回修改' };
/** The template codes of the messages an applicant gets (the SMS log shows them). */
const SMS_TEMPLATES = {
  approve: 'REGISTER_APPROVED',
  reject: 'REGISTER_REJECTED',
  return: 'REGISTER_RETURNED',
} as const satisfies Record<string, SystemSmsTemplateCode>;
/** The same for a change request, told to the enterprise administrator who submitted it. */
const CHANGE_SMS_TEMPLATES = {
  approve: 'CHANGE_APPROVED',
  reject: 'CHANGE_REJECTED',
  return: 'CHANGE_RETURNED',
} as const satisfies Record<string, SystemSmsTemplateCode>;

export const reviewList = defineList<AdminRegisterApplyRow>()({
  table: registerApplies,
  key: registerApplies.id,
  fields: {
    kind: {
      label: '类型',
      column: registerApplies.kind,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 10, value: (row) => KIND_NAMES[row.kind] ?? row.kind },
    },
    traderName: {
      label: '企业名称',
      column: registerApplies.traderName,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 32 },
    },
    uniformCreditCode: {
      label: '统一社会信用代码',
      column: registerApplies.uniformCreditCode,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 22 },
    },
    accountTypeNames: { label: '账户类型', export: { width: 24 } },
    serviceAreaCode: {
      label: '所属服务区域',
      column: registerApplies.serviceAreaCode,
      type: 'code',
      filter: 'eq',
      superQuery: true,
    },
    serviceAreaName: { label: '所属服务区域', export: { width: 16 } },
    status: {
      label: '状态',
      column: registerApplies.status,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 10, value: (row) => STATUS_NAMES[row.status] ?? row.status },
    },
    round: { label: '轮次', export: { width: 6 } },
    createTime: {
      label: '提交时间',
      column: registerApplies.submittedAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
});

function reviewRows(db: AppDatabase, names: Awaited<ReturnType<typeof typeNames>>) {
  return async (query: CompiledList): Promise<AdminRegisterApplyRow[]> => {
    const rows = await db
      .select({
        id: registerApplies.id,
        kind: registerApplies.kind,
        traderName: registerApplies.traderName,
        uniformCreditCode: registerApplies.uniformCreditCode,
        accountTypeIds: registerApplies.accountTypeIds,
        serviceAreaCode: registerApplies.serviceAreaCode,
        serviceAreaName: serviceAreas.name,
        status: registerApplies.status,
        round: registerApplies.round,
        submittedAt: registerApplies.submittedAt,
      })
      .from(registerApplies)
      .leftJoin(serviceAreas, eq(serviceAreas.code, registerApplies.serviceAreaCode))
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((row) => ({
      id: String(row.id),
      kind: row.kind as RegisterApplyKind,
      traderName: row.traderName,
      uniformCreditCode: row.uniformCreditCode,
      accountTypeNames: names(row.accountTypeIds),
      serviceAreaCode: row.serviceAreaCode ?? '',
      serviceAreaName: row.serviceAreaName ?? '',
      status: row.status as RegisterApplyStatus,
      round: row.round,
      createTime: row.submittedAt.toISOString(),
    }));
  };
}

export async function reviewPage(db: AppDatabase, body: ListRequest) {
  return reviewList.page<AdminRegisterApplyRow>(db, body, { rows: reviewRows(db, await typeNames(db)) });
}

const KIND_NAMES: Record<RegisterApplyKind, string> = { register: '注册申请', change: '变更申请' };
const STATUS_NAMES: Record<RegisterApplyStatus, string> = {
  '0': '待审核',
  '1': '审核通过',
  '2': '审核驳回',
  '3': '退回修改',
};

/** 导出: the applications the list's query matches (or the selected ones). */
export async function reviewExport(db: AppDatabase, body: ListExportBody) {
  return reviewList.exportRows(db, body, { rows: reviewRows(db, await typeNames(db)) });
}

async function applyOf(db: Pick<AppDatabase, 'select'>, id: number) {
  const [row] = await db.select().from(registerApplies).where(eq(registerApplies.id, id));
  if (!row) throw new ApiError('404', REVIEW_MESSAGES.notFound);
  return row;
}

/** A stored value as the reviewer reads it: dictionary names, region names, 是/否. */
async function shownValue(db: AppDatabase, dict: string | undefined, kind: string, value: string): Promise<string> {
  if (value === '') return '';
  if (dict) {
    const [item] = await db
      .select({ name: dictItems.itemValue })
      .from(dictItems)
      .where(and(eq(dictItems.categoryCode, dict), eq(dictItems.itemCode, value)));
    return item?.name ?? value;
  }
  if (kind === 'region') {
    const codes = value.split(',');
    const rows = await db
      .select({ code: regions.code, name: regions.name })
      .from(regions)
      .where(inArray(regions.code, codes));
    const names = new Map(rows.map((row) => [row.code, row.name]));
    return codes.map((code) => names.get(code) ?? code).join(' / ');
  }
  return value;
}

type ApplyRow = typeof registerApplies.$inferSelect;
type Payload = Record<string, Record<string, string> | undefined>;
type StoredFiles = Awaited<ReturnType<typeof currentFiles>>;

/**
 * The sections of an application as read (review, 企业信息): every section filled, labelled as
 * on the form, values as shown (dictionary names, region names, 是/否), each file with a
 * 10-minute preview address.
 */
export async function applySections(
  db: AppDatabase,
  signer: FileSigner,
  apply: Pick<ApplyRow, 'payload' | 'serviceAreaCode'>,
  stored: StoredFiles,
): Promise<RegisterApplySection[]> {
  const payload = apply.payload as Payload;
  const [area] = apply.serviceAreaCode
    ? await db
        .select({ name: serviceAreas.name })
        .from(serviceAreas)
        .where(eq(serviceAreas.code, apply.serviceAreaCode))
    : [];
  const sections: RegisterApplySection[] = [];
  for (const section of REGISTER_SECTIONS) {
    const values = payload[section];
    const sectionFiles = Object.entries(REGISTER_FIELDS[section]).filter(([, spec]) => spec.files);
    const hasFiles = stored.some(({ field }) => sectionFiles.some(([name]) => name === field));
    if (!values && !hasFiles) continue;
    const fields: Array<{ label: string; value: string }> = [];
    if (section === 'usbkeyInfo')
      fields.push({ label: '是否申请电子签章', value: values?.isNeedUsbkey === '1' ? '是' : '否' });
    for (const [name, spec] of Object.entries(REGISTER_FIELDS[section])) {
      if (spec.files || values?.[name] === undefined) continue;
      const value =
        name === 'serviceAreaCode'
          ? (area?.name ?? values[name])
          : await shownValue(db, spec.dict, spec.kind, values[name]);
      fields.push({ label: spec.label, value });
    }
    const fileGroups = [];
    for (const [name, spec] of sectionFiles) {
      const mine = stored.filter(({ field }) => field === name);
      if (mine.length === 0) continue;
      fileGroups.push({
        label: spec.label,
        files: await Promise.all(
          mine.map(async ({ file }) => ({
            fileId: file.id,
            fileName: file.name,
            fileType: file.type,
            fileSize: file.size,
            previewUrl: await signer.previewUrl(file.id),
          })),
        ),
      });
    }
    sections.push({ title: REGISTER_SECTION_TITLES[section], fields, files: fileGroups });
  }
  return sections;
}

/** 查看: every section the applicant filled, labelled; the files with preview addresses; the decisions so far. */
export async function reviewDetail(db: AppDatabase, signer: FileSigner, id: number): Promise<RegisterApplyDetail> {
  const apply = await applyOf(db, id);
  const names = await typeNames(db);
  const stored = await currentFiles(db, id, apply.round);
  const reviews = await db
    .select()
    .from(registerApplyReviews)
    .where(eq(registerApplyReviews.applyId, id))
    .orderBy(asc(registerApplyReviews.id));
  const [enterprise] = apply.enterpriseId
    ? await db
        .select({ code: sysEnterprises.code, name: sysEnterprises.name })
        .from(sysEnterprises)
        .where(eq(sysEnterprises.id, apply.enterpriseId))
    : [];
  const change = apply.kind === 'change';
  let changes: RegisterApplyChange[] = [];
  if (change) changes = await changesAgainstRegistered(db, apply, stored);
  else if (apply.round > 1) changes = await roundChanges(db, apply, stored);
  return {
    id: String(apply.id),
    kind: apply.kind as RegisterApplyKind,
    status: apply.status as RegisterApplyStatus,
    round: apply.round,
    traderName: apply.traderName,
    uniformCreditCode: apply.uniformCreditCode,
    accountTypeNames: names(apply.accountTypeIds),
    createTime: apply.submittedAt.toISOString(),
    sections: await applySections(db, signer, apply, stored),
    reviews: reviews.map((review) => ({
      round: review.round,
      decision: review.decision,
      decisionName: DECISION_NAMES[review.decision] ?? review.decision,
      reason: review.reason,
      reviewerName: review.reviewerName,
      reviewedAt: review.reviewedAt.toISOString(),
    })),
    changes,
    enterpriseCode: enterprise?.code ?? null,
    enterpriseName: change ? (enterprise?.name ?? null) : null,
  };
}

/** 本轮修改: what the resubmission changed against the round before it. */
async function roundChanges(db: AppDatabase, apply: ApplyRow, stored: StoredFiles): Promise<RegisterApplyChange[]> {
  const [previous] = await db
    .select()
    .from(registerApplyRounds)
    .where(and(eq(registerApplyRounds.applyId, apply.id), eq(registerApplyRounds.round, apply.round - 1)));
  if (!previous) return [];
  const previousFiles = await currentFiles(db, apply.id, apply.round - 1);
  return compareApplies(
    db,
    { payload: previous.payload as Payload, files: previousFiles },
    { payload: apply.payload as Payload, files: stored },
  );
}

/**
 * What a change request changes against its enterprise's registered information now (the
 * application `sys_enterprises.register_apply_id` names, in its current round); nothing for an
 * enterprise without one.
 */
export async function changesAgainstRegistered(
  db: AppDatabase,
  apply: ApplyRow,
  stored: StoredFiles,
): Promise<RegisterApplyChange[]> {
  if (!apply.enterpriseId) return [];
  const [registered] = await db
    .select({ apply: registerApplies })
    .from(sysEnterprises)
    .innerJoin(registerApplies, eq(registerApplies.id, sysEnterprises.registerApplyId))
    .where(eq(sysEnterprises.id, apply.enterpriseId));
  // Once approved, the change is the registered information: nothing to compare with.
  if (!registered || registered.apply.id === apply.id) return [];
  const registeredFiles = await currentFiles(db, registered.apply.id, registered.apply.round);
  return compareApplies(
    db,
    { payload: registered.apply.payload as Payload, files: registeredFiles },
    { payload: apply.payload as Payload, files: stored },
  );
}

/**
 * Each field whose value differs between two versions of an application (as the reviewer reads
 * values) and each file field whose files differ (by content, in any order; listed by name).
 */
async function compareApplies(
  db: AppDatabase,
  was: { payload: Payload; files: StoredFiles },
  now: { payload: Payload; files: StoredFiles },
): Promise<RegisterApplyChange[]> {
  const changes: RegisterApplyChange[] = [];
  for (const section of REGISTER_SECTIONS) {
    const title = REGISTER_SECTION_TITLES[section];
    for (const [name, spec] of Object.entries(REGISTER_FIELDS[section])) {
      if (spec.files) {
        const of = (rows: StoredFiles) => rows.filter(({ field }) => field === name);
        // The same contents (in any order) are no change, whether kept or uploaded again.
        const contents = (rows: StoredFiles) =>
          of(rows)
            .map(({ file }) => file.sha256)
            .sort()
            .join();
        if (contents(was.files) === contents(now.files)) continue;
        const list = (rows: StoredFiles) =>
          of(rows)
            .map(({ file }) => file.name)
            .join('、');
        changes.push({ section: title, label: spec.label, before: list(was.files), after: list(now.files) });
        continue;
      }
      const before = was.payload[section]?.[name] ?? '';
      const after = now.payload[section]?.[name] ?? '';
      if (before === after) continue;
      // The office by the name stored with its code; the rest as the detail shows values.
      const shown = (payload: Payload, value: string) =>
        name === 'serviceAreaCode'
          ? (payload.traderInfo?.serviceAreaName ?? value)
          : shownValue(db, spec.dict, spec.kind, value);
      changes.push({
        section: title,
        label: spec.label,
        before: await shown(was.payload, before),
        after: await shown(now.payload, after),
      });
    }
  }
  return changes;
}

/** An application and the submission round its reviewer read. */
export interface ReviewedApply {
  id: number;
  round: number;
}

/**
 * Takes the application from 待审核 to `status` — only if it is still 待审核 in the round the
 * reviewer read: the row's update is the lock, so of two reviewers deciding at once the
 * second finds it decided, and a reviewer whose drawer shows an earlier round (the applicant
 * corrected and resubmitted it meanwhile) is told to look again. 驳回 also closes an
 * application left 退回修改 (so its name and code are free again).
 */
async function decide(
  tx: Tx,
  request: FastifyRequest,
  { id, round }: ReviewedApply,
  decision: '1' | '2' | '3',
  reason: string | null,
) {
  const from = decision === DECISIONS.reject ? ['0', '3'] : ['0'];
  const [apply] = await tx
    .update(registerApplies)
    .set({ status: decision })
    .where(and(eq(registerApplies.id, id), inArray(registerApplies.status, from), eq(registerApplies.round, round)))
    .returning();
  if (!apply) {
    const current = await applyOf(tx, id);
    throw new ApiError(
      '400',
      current.round !== round && from.includes(current.status) ? REVIEW_MESSAGES.resubmitted : REVIEW_MESSAGES.decided,
    );
  }
  const auth = authOf(request);
  await tx.insert(registerApplyReviews).values({
    applyId: id,
    round: apply.round,
    decision,
    reason,
    reviewerId: auth.user.id,
    reviewerName: auth.user.realname.slice(0, 32),
  });
  return apply;
}

/** 业务代码 of an approved enterprise: M and the application's number, six digits (M000123). */
export function enterpriseCodeFor(applyId: number): string {
  return `M${String(applyId).padStart(6, '0')}`;
}

/** A one-time password the strength rule accepts: 10 characters, letters and digits, none alike (0/O, 1/l/I). */
export function initialPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  for (;;) {
    const password = Array.from({ length: 10 }, () => all[randomInt(all.length)]).join('');
    if (isStrongPassword(password)) return password;
  }
}

export interface ReviewContext {
  db: AppDatabase;
  sender: SmsSender | null;
}

async function tell(
  ctx: ReviewContext,
  request: FastifyRequest,
  mobile: string | null,
  template: SystemSmsTemplateCode,
  values: Record<string, string>,
) {
  if (!mobile || !ctx.sender) return;
  const sender = ctx.sender;
  await renderSystemSms(ctx.db, template, values, request.log)
    .then(({ content, secrets }) =>
      sendSms(ctx.db, sender, { mobile, templateCode: template, content, ip: request.ip, secrets }),
    )
    .catch((error: unknown) => request.log.warn({ err: error }, '注册审核短信发送失败'));
}

/**
 * 审核通过: in one transaction the application is decided, the enterprise made (业务代码 by
 * {@link enterpriseCodeFor}), its first administrator `admin` with the account types' roles and
 * an initial password to be changed at the first login; then the applicant is told by SMS
 * (code, user name, password — the SMS log masks the password).
 */
export async function approveApply(
  ctx: ReviewContext,
  request: FastifyRequest,
  id: number,
  round: number,
): Promise<ApprovedRegisterApply> {
  const { kind } = await applyOf(ctx.db, id);
  if (kind === 'change') return approveChange(ctx, request, id, round);
  const password = initialPassword();
  const passwordHash = await hashPassword(password);
  const result = await ctx.db.transaction(async (tx) => {
    const apply = await decide(tx, request, { id, round }, DECISIONS.approve, null);
    const payload = apply.payload as Record<string, Record<string, string> | undefined>;
    const code = enterpriseCodeFor(apply.id);
    const [enterprise] = await tx
      .insert(sysEnterprises)
      .values({
        code,
        name: apply.traderName,
        uniformCreditCode: apply.uniformCreditCode.slice(0, 20),
        // What 企业信息 shows, until a change request is approved.
        registerApplyId: apply.id,
      })
      .returning({ id: sysEnterprises.id });
    await tx.update(registerApplies).set({ enterpriseId: enterprise.id }).where(eq(registerApplies.id, apply.id));
    // The applicant's mobile becomes the administrator's, unless another account already has it.
    const [phoneTaken] = apply.applicantPhone
      ? await tx.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.phone, apply.applicantPhone))
      : [];
    const contact = payload.contacterInfo ?? {};
    const [admin] = await tx
      .insert(sysUsers)
      .values({
        enterpriseId: enterprise.id,
        loginName: 'admin',
        realname: (contact.contacterName || payload.lrInfo?.lrName || '管理员').slice(0, 32),
        passwordHash,
        phone: phoneTaken ? null : apply.applicantPhone,
        email: contact.contacterEmail || null,
        mustChangePassword: true,
      })
      .returning({ id: sysUsers.id });
    const typeIds = apply.accountTypeIds.split(',').map(Number).filter(Number.isSafeInteger);
    const roleCodes = typeIds.length
      ? (
          await tx
            .select({ role: registerAccountTypes.roleCode })
            .from(registerAccountTypes)
            .where(inArray(registerAccountTypes.id, typeIds))
        ).map((row) => row.role)
      : [];
    const roles = roleCodes.length
      ? await tx
          .select({ id: sysRoles.id })
          .from(sysRoles)
          .where(inArray(sysRoles.code, [...new Set(roleCodes)]))
      : [];
    if (roles.length > 0)
      await tx.insert(sysUserRoles).values(roles.map((role) => ({ userId: admin.id, roleId: role.id })));
    await recordAudit(tx, request, {
      action: 'approve',
      entity: 'register_apply',
      entityId: apply.id,
      before: { status: '0' },
      after: { status: '1', enterpriseCode: code, adminUserId: admin.id },
    });
    return { apply, code };
  });
  await tell(ctx, request, result.apply.applicantPhone, SMS_TEMPLATES.approve, {
    traderName: result.apply.traderName,
    enterpriseCode: result.code,
    loginName: 'admin',
    password,
  });
  return { kind: 'register', enterpriseCode: result.code, loginName: 'admin' };
}

/**
 * 审核通过 of a change request: in one transaction the request is decided and becomes its
 * enterprise's registered information — `sys_enterprises` takes its name and credit code (the
 * change signal tells every process) and names it as the information 企业信息 shows; the
 * administrator who asked is told by SMS.
 */
async function approveChange(
  ctx: ReviewContext,
  request: FastifyRequest,
  id: number,
  round: number,
): Promise<ApprovedRegisterApply> {
  const result = await ctx.db.transaction(async (tx) => {
    const apply = await decide(tx, request, { id, round }, DECISIONS.approve, null);
    const [enterprise] = apply.enterpriseId
      ? await tx.select().from(sysEnterprises).where(eq(sysEnterprises.id, apply.enterpriseId)).for('update')
      : [];
    if (!enterprise) throw new ApiError('404', REVIEW_MESSAGES.notFound);
    const uniformCreditCode = apply.uniformCreditCode.slice(0, 20);
    await tx
      .update(sysEnterprises)
      .set({ name: apply.traderName, uniformCreditCode, registerApplyId: apply.id })
      .where(eq(sysEnterprises.id, enterprise.id));
    await recordAudit(tx, request, {
      action: 'approve',
      entity: 'register_apply',
      entityId: apply.id,
      before: {
        status: '0',
        enterpriseCode: enterprise.code,
        name: enterprise.name,
        uniformCreditCode: enterprise.uniformCreditCode,
        registerApplyId: enterprise.registerApplyId,
      },
      after: {
        status: '1',
        enterpriseCode: enterprise.code,
        name: apply.traderName,
        uniformCreditCode,
        registerApplyId: apply.id,
      },
    });
    return { apply, code: enterprise.code };
  });
  await tell(ctx, request, result.apply.applicantPhone, CHANGE_SMS_TEMPLATES.approve, {
    traderName: result.apply.traderName,
  });
  return { kind: 'change', enterpriseCode: result.code, loginName: '' };
}

/**
 * 退回修改 or 驳回 with the reason the applicant (a change request's: the administrator who
 * submitted it) is told by SMS; 驳回 frees the name and code.
 */
export async function returnOrReject(
  ctx: ReviewContext,
  request: FastifyRequest,
  reviewed: ReviewedApply,
  kind: 'return' | 'reject',
  reason: string,
): Promise<void> {
  const text = reason.trim();
  if (text === '') throw new ApiError('400', REVIEW_MESSAGES.reasonEmpty);
  const apply = await ctx.db.transaction(async (tx) => {
    const before = await applyOf(tx, reviewed.id);
    const decided = await decide(tx, request, reviewed, DECISIONS[kind], text);
    await recordAudit(tx, request, {
      action: kind,
      entity: 'register_apply',
      entityId: reviewed.id,
      before: { status: before.status, round: before.round },
      after: { status: DECISIONS[kind], reason: text },
    });
    return decided;
  });
  const templates = apply.kind === 'change' ? CHANGE_SMS_TEMPLATES : SMS_TEMPLATES;
  await tell(ctx, request, apply.applicantPhone, templates[kind], { traderName: apply.traderName, reason: text });
}
