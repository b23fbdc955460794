import { Type, type Static } from 'typebox';
import { defineCall, defineCodes } from './call';
import { Nullable } from './common';
import { RegisterApplyResult } from './register';
import { RegisterApplyChange, RegisterApplySection, RegisterApplyStatus } from './register-review';
import { RegisterApplicantDecision, RegisterApplicantFile } from './register-status';

// 企业管理 › 企业信息 and its 变更申请 (docs/registration.md "Change requests"): an approved
// enterprise's administrator reads the enterprise's registered information and asks for it to
// be changed; the centre's registration reviewers decide as on a registration. Every call is
// about the session user's own enterprise: none takes an enterprise id.

/** The enterprise's change request in progress or last decided, as its administrator reads it. */
export const EnterpriseChangeState = Type.Object({
  id: Type.String(),
  status: RegisterApplyStatus,
  statusName: Type.String(),
  round: Type.Integer(),
  traderName: Type.String(),
  uniformCreditCode: Type.String(),
  /** ISO 8601: the first submission, and the latest. */
  createTime: Type.String(),
  submitTime: Type.String(),
  /** Each decision with its reason (not the reviewer's name). */
  reviews: Type.Array(RegisterApplicantDecision),
  /** While open (待审核, 退回修改): what it changes against the registered information now. */
  changes: Type.Array(RegisterApplyChange),
});
export type EnterpriseChangeState = Static<typeof EnterpriseChangeState>;

/**
 * `POST /rest/enterprise/getEnterpriseInfo` (`{}`, permission `enterprise:info:view`) →
 * `dataSet`. `registered` false: an enterprise without a registration (the centre's own) — only
 * its code and name.
 */
export const EnterpriseInfoView = Type.Object({
  enterpriseCode: Type.String(),
  enterpriseName: Type.String(),
  uniformCreditCode: Nullable(Type.String()),
  registered: Type.Boolean(),
  accountTypeNames: Type.String(),
  /** ISO 8601: when the information shown took effect (its registration's or change's approval). */
  approvedAt: Nullable(Type.String()),
  /** Every section of the registered information, labelled and shown as on the registration form. */
  sections: Type.Array(RegisterApplySection),
  /** The latest change request, or null when none was ever made. */
  change: Nullable(EnterpriseChangeState),
});
export type EnterpriseInfoView = Static<typeof EnterpriseInfoView>;

/**
 * `POST /rest/enterprise/getChangeForm` (`{}`, permission `enterprise:info:change`) → `dataSet`:
 * what the change form starts from — the returned change request to correct, else the registered
 * information — with its files (kept unless removed; previews good for ten minutes).
 * `POST /rest/enterprise/submitChangeApply` is the registration's multipart (`registerApplyVo`
 * with `keepFileIds`, the file parts) and answers `RegisterApplyResult`.
 */
export const EnterpriseChangeForm = Type.Object({
  accountTypeIds: Type.Array(Type.String()),
  /** section → field → value as stored (regions as comma-joined codes). */
  values: Type.Record(Type.String(), Type.Record(Type.String(), Type.String())),
  files: Type.Array(RegisterApplicantFile),
  /** true: the returned change request is corrected (and resubmitted as its next round). */
  correcting: Type.Boolean(),
  /** The return's reason when correcting, else null. */
  reason: Nullable(Type.String()),
  /** The enterprise's name and credit code now: not "taken" for its own change. */
  enterpriseName: Type.String(),
  uniformCreditCode: Type.String(),
});
export type EnterpriseChangeForm = Static<typeof EnterpriseChangeForm>;

/** 企业管理 › 企业信息 (a menu) and its 变更申请 (a button, and the change form's page). */
export const enterpriseCodes = defineCodes({ view: 'enterprise:info:view', change: 'enterprise:info:change' });

/** Bodies with nothing in them: the enterprise is the session user's, never one the client names. */
const NoParameters = Type.Object({}, { additionalProperties: true, maxProperties: 8 });

/** 企业信息's calls; `submitChange` is the registration's multipart (`registerApplyVo` with `keepFileIds`, the file parts). */
export const enterpriseCalls = {
  info: defineCall({
    method: 'POST',
    path: '/rest/enterprise/getEnterpriseInfo',
    permission: enterpriseCodes.view,
    body: NoParameters,
    answer: EnterpriseInfoView,
  }),
  changeForm: defineCall({
    method: 'POST',
    path: '/rest/enterprise/getChangeForm',
    permission: enterpriseCodes.change,
    body: NoParameters,
    answer: EnterpriseChangeForm,
  }),
  submitChange: defineCall({
    method: 'POST',
    path: '/rest/enterprise/submitChangeApply',
    permission: enterpriseCodes.change,
    kind: 'upload',
    answer: RegisterApplyResult,
  }),
};
