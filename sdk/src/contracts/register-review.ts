import { Type, type Static } from 'typebox';
import { Nullable, RecordId } from './common';
import { ListAnswer, ListExportBody, ListRequest } from './list';
import { defineCall, defineCodes } from './call';

// 系统管理 › 注册审核 (docs/registration.md "Review"): the applications the registration
// stores, and the change requests of approved enterprises ("Change requests"), reviewed in the
// back office with the permission `register:review`. The list is a generic admin list
// (contracts/list.ts): filters `traderName`, `uniformCreditCode` (any part), `status`,
// `serviceAreaCode`, `kind`; sort on `traderName`, `createTime`.

/** '0' 待审核, '1' 审核通过, '2' 审核驳回, '3' 退回修改. */
export const RegisterApplyStatus = Type.Union([
  Type.Literal('0'),
  Type.Literal('1'),
  Type.Literal('2'),
  Type.Literal('3'),
]);
export type RegisterApplyStatus = Static<typeof RegisterApplyStatus>;

/** `register` 注册申请; `change` 变更申请 (an approved enterprise's change of its registered information). */
export const RegisterApplyKind = Type.Union([Type.Literal('register'), Type.Literal('change')]);
export type RegisterApplyKind = Static<typeof RegisterApplyKind>;

/** An application as the review list shows it. */
export const AdminRegisterApplyRow = Type.Object({
  id: Type.String(),
  kind: RegisterApplyKind,
  traderName: Type.String(),
  uniformCreditCode: Type.String(),
  /** The account types applied for, joined with 、. */
  accountTypeNames: Type.String(),
  serviceAreaCode: Type.String(),
  serviceAreaName: Type.String(),
  status: RegisterApplyStatus,
  /** 1 for a first submission, 2 after one return and resubmission, … */
  round: Type.Integer(),
  /** ISO 8601: when it was (last) submitted. */
  createTime: Type.String(),
});
export type AdminRegisterApplyRow = Static<typeof AdminRegisterApplyRow>;

/** `POST /rest/registerReview/getApplyPage` → `dataSet`. */
export const AdminRegisterApplyPage = ListAnswer(AdminRegisterApplyRow);
export type AdminRegisterApplyPage = Static<typeof AdminRegisterApplyPage>;

/** `POST /rest/registerReview/getApplyDetail`. */
export const RegisterApplyIdBody = Type.Object({ id: RecordId('申请编号') });
export type RegisterApplyIdBody = Static<typeof RegisterApplyIdBody>;

/** One field of a section as the reviewer reads it: its label and its value as shown (names, not codes). */
export const RegisterApplyField = Type.Object({ label: Type.String(), value: Type.String() });
export type RegisterApplyField = Static<typeof RegisterApplyField>;

/** One uploaded file of the application, with a preview address good for ten minutes. */
export const RegisterApplyFile = Type.Object({
  fileId: Type.String(),
  fileName: Type.String(),
  /** png, jpg, pdf. */
  fileType: Type.String(),
  fileSize: Type.Integer(),
  previewUrl: Type.String(),
});
export type RegisterApplyFile = Static<typeof RegisterApplyFile>;

/** A decision of one round: who, when, what and why. */
export const RegisterApplyReview = Type.Object({
  round: Type.Integer(),
  /** '1' 审核通过, '2' 审核驳回, '3' 退回修改. */
  decision: Type.String(),
  decisionName: Type.String(),
  reason: Nullable(Type.String()),
  reviewerName: Type.String(),
  /** ISO 8601. */
  reviewedAt: Type.String(),
});
export type RegisterApplyReview = Static<typeof RegisterApplyReview>;

/** A field (or a field's files) the resubmission changed: its label, the value before and after. */
export const RegisterApplyChange = Type.Object({
  section: Type.String(),
  label: Type.String(),
  before: Type.String(),
  after: Type.String(),
});
export type RegisterApplyChange = Static<typeof RegisterApplyChange>;

/** One section of an application as read: its title, its fields as shown, its files by field. */
export const RegisterApplySection = Type.Object({
  /** 企业信息, 法定代表人信息, … */
  title: Type.String(),
  fields: Type.Array(RegisterApplyField),
  /** The files of the section by field label (营业执照复印件, …). */
  files: Type.Array(Type.Object({ label: Type.String(), files: Type.Array(RegisterApplyFile) })),
});
export type RegisterApplySection = Static<typeof RegisterApplySection>;

/** `getApplyDetail` → `dataSet`: every section the applicant filled, the files, the history. */
export const RegisterApplyDetail = Type.Object({
  id: Type.String(),
  kind: RegisterApplyKind,
  status: RegisterApplyStatus,
  round: Type.Integer(),
  traderName: Type.String(),
  uniformCreditCode: Type.String(),
  accountTypeNames: Type.String(),
  createTime: Type.String(),
  sections: Type.Array(RegisterApplySection),
  reviews: Type.Array(RegisterApplyReview),
  /**
   * A registration: what the applicant corrected since the previous round (empty in the first
   * round). A change request: what it changes against the enterprise's registered information now.
   */
  changes: Type.Array(RegisterApplyChange),
  /** The enterprise's 业务代码: once approved, and always for a change request; else null. */
  enterpriseCode: Nullable(Type.String()),
  /** A change request: the enterprise's name now (before the change); else null. */
  enterpriseName: Nullable(Type.String()),
});
export type RegisterApplyDetail = Static<typeof RegisterApplyDetail>;

/**
 * `approveApply` → `dataSet`: the enterprise made (业务代码 by docs/registration.md's rule), its
 * first administrator's login name; the initial password goes by SMS to the applicant only. A
 * change request approved: the enterprise it changed.
 */
export const ApprovedRegisterApply = Type.Object({
  kind: RegisterApplyKind,
  enterpriseCode: Type.String(),
  /** The first administrator's login name; '' for a change request (no account is made). */
  loginName: Type.String(),
});
export type ApprovedRegisterApply = Static<typeof ApprovedRegisterApply>;

/**
 * The submission round the reviewer read (`RegisterApplyDetail.round`): a decision applies to
 * that round only — an application resubmitted meanwhile is refused (该申请已重新提交…).
 */
const ReviewedRound = Type.Integer({ minimum: 1, maximum: 1000, title: '提交轮次' });

/** `approveApply`. */
export const RegisterApplyApproveBody = Type.Object({ id: RecordId('申请编号'), round: ReviewedRound });
export type RegisterApplyApproveBody = Static<typeof RegisterApplyApproveBody>;

/** `returnApply` (退回修改) and `rejectApply` (驳回): the reason the applicant is told. */
export const RegisterApplyDecisionBody = Type.Object({
  id: RecordId('申请编号'),
  round: ReviewedRound,
  reason: Type.String({ minLength: 1, maxLength: 200, title: '原因' }),
});
export type RegisterApplyDecisionBody = Static<typeof RegisterApplyDecisionBody>;

/** 系统管理 › 注册审核's permission codes: every call of the review needs `review`; 导出 its own button. */
export const registerReviewCodes = defineCodes({ review: 'register:review', export: 'register:review:export' });

/** 系统管理 › 注册审核's calls. */
export const registerReviewCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/registerReview/getApplyPage',
    permission: registerReviewCodes.review,
    body: ListRequest,
    answer: AdminRegisterApplyPage,
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/registerReview/getApplyDetail',
    permission: registerReviewCodes.review,
    body: RegisterApplyIdBody,
    answer: RegisterApplyDetail,
  }),
  approve: defineCall({
    method: 'POST',
    path: '/rest/registerReview/approveApply',
    permission: registerReviewCodes.review,
    body: RegisterApplyApproveBody,
    answer: ApprovedRegisterApply,
  }),
  /** 退回修改: answers `null`. */
  return: defineCall({
    method: 'POST',
    path: '/rest/registerReview/returnApply',
    permission: registerReviewCodes.review,
    body: RegisterApplyDecisionBody,
    answer: Type.Null(),
  }),
  /** 驳回: answers `null`. */
  reject: defineCall({
    method: 'POST',
    path: '/rest/registerReview/rejectApply',
    permission: registerReviewCodes.review,
    body: RegisterApplyDecisionBody,
    answer: Type.Null(),
  }),
  /** The list's query and the selected applications → 注册审核.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/registerReview/exportXls',
    permission: registerReviewCodes.export,
    body: ListExportBody,
    kind: 'download',
  }),
};
