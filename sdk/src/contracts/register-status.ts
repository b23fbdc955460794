import { Type, type Static } from 'typebox';
import { defineCall } from './call';
import { Nullable } from './common';
import { RegisterApplyStatus } from './register-review';

// The applicant's own view of an application (docs/registration.md "The applicant's status"):
// with the credit code and a code sent to the mobile the application gave, the applicant
// reads its status and decisions and, when it was returned, corrects and resubmits it.
// All public calls; what proves the applicant is the SMS code, then a signed status token.

/**
 * `POST /rest/anon/registerApply/sendStatusCode`: a code to the application's mobile, after
 * the slider (`proof` from the SDK's `SliderVerify`, used once).
 */
export const RegisterStatusCodeBody = Type.Object({
  uniformCreditCode: Type.String({ minLength: 1, maxLength: 40, title: '统一社会信用代码' }),
  proof: Type.String({ maxLength: 128, title: '滑块验证' }),
});
export type RegisterStatusCodeBody = Static<typeof RegisterStatusCodeBody>;

/** → `dataSet`: the mobile it went to, masked (138****5678), and how long it is good (seconds). */
export const RegisterStatusCodeResult = Type.Object({ mobile: Type.String(), expiresIn: Type.Integer() });
export type RegisterStatusCodeResult = Static<typeof RegisterStatusCodeResult>;

/** `POST /rest/anon/registerApply/queryStatus`: the credit code and the code received. */
export const RegisterStatusQueryBody = Type.Object({
  uniformCreditCode: Type.String({ minLength: 1, maxLength: 40, title: '统一社会信用代码' }),
  smsCode: Type.String({ minLength: 1, maxLength: 10, title: '短信验证码' }),
});
export type RegisterStatusQueryBody = Static<typeof RegisterStatusQueryBody>;

/** `POST /rest/anon/registerApply/getStatus`: the same view again with the token a query gave. */
export const RegisterStatusTokenBody = Type.Object({
  statusToken: Type.String({ minLength: 1, maxLength: 200, title: '查询凭证' }),
});
export type RegisterStatusTokenBody = Static<typeof RegisterStatusTokenBody>;

/** A file of the returned application, by the form field it fills (`section.field`). */
export const RegisterApplicantFile = Type.Object({
  /** `traderInfo.copyBusinessLicense`, … */
  path: Type.String(),
  fileId: Type.String(),
  fileName: Type.String(),
  /** png, jpg, pdf. */
  fileType: Type.String(),
  fileSize: Type.Integer(),
  previewUrl: Type.String(),
});
export type RegisterApplicantFile = Static<typeof RegisterApplicantFile>;

/** A decision as the applicant reads it (without the reviewer's name). */
export const RegisterApplicantDecision = Type.Object({
  round: Type.Integer(),
  decision: Type.String(),
  decisionName: Type.String(),
  reason: Nullable(Type.String()),
  /** ISO 8601. */
  reviewedAt: Type.String(),
});
export type RegisterApplicantDecision = Static<typeof RegisterApplicantDecision>;

/**
 * `queryStatus` and `getStatus` → `dataSet`. `statusToken` (good 30 minutes) reads the view
 * again and authorises the resubmission (`POST /rest/traderregister/resubmitRegisterApply`, the
 * token in the header `X-Register-Status-Token`). `correction` is the
 * application as submitted, only while it is returned (status '3'): the form starts from it.
 */
export const RegisterApplicantView = Type.Object({
  statusToken: Type.String(),
  applyId: Type.String(),
  status: RegisterApplyStatus,
  statusName: Type.String(),
  round: Type.Integer(),
  traderName: Type.String(),
  uniformCreditCode: Type.String(),
  accountTypeNames: Type.String(),
  /** ISO 8601: the first submission, and the latest. */
  createTime: Type.String(),
  submitTime: Type.String(),
  reviews: Type.Array(RegisterApplicantDecision),
  /** 业务代码 once approved. */
  enterpriseCode: Nullable(Type.String()),
  correction: Nullable(
    Type.Object({
      accountTypeIds: Type.Array(Type.String()),
      /** section → field → value as stored (regions as comma-joined codes). */
      values: Type.Record(Type.String(), Type.Record(Type.String(), Type.String())),
      files: Type.Array(RegisterApplicantFile),
    }),
  ),
});
export type RegisterApplicantView = Static<typeof RegisterApplicantView>;

/** The applicant's status calls (public: the credit code and the SMS code, or the token, are the key). */
export const registerStatusCalls = {
  sendCode: defineCall({
    method: 'POST',
    path: '/rest/anon/registerApply/sendStatusCode',
    body: RegisterStatusCodeBody,
    answer: RegisterStatusCodeResult,
  }),
  query: defineCall({
    method: 'POST',
    path: '/rest/anon/registerApply/queryStatus',
    body: RegisterStatusQueryBody,
    answer: RegisterApplicantView,
  }),
  get: defineCall({
    method: 'POST',
    path: '/rest/anon/registerApply/getStatus',
    body: RegisterStatusTokenBody,
    answer: RegisterApplicantView,
  }),
};
