import { request } from '@cotton/sdk';
import { regionCalls, registerReviewCalls } from '@cotton/sdk/calls';
import type { GetRegionGroupsBody, RegisterApplyDecisionBody } from '@cotton/sdk/contracts';
import type { CodeValue } from '@cotton/sdk';

// 系统管理 › 注册审核 (docs/registration.md): the enterprise registration applications and the
// reviewer's decisions; calls and shapes: sdk/src/contracts/register-review.ts. Every call
// needs `register:review`.

/** 青岛办事处 takes no registrations (spec §9: clients leave it out of their lists). */
const EXCLUDED_OFFICE_CODE = 'QD';

/** Every section, file (with a preview address good for ten minutes) and decision of an application. */
export const queryRegisterApplyDetail = (id: string) => request.call(registerReviewCalls.detail, { id });

/**
 * 审核通过 of the round the reviewer read: the server makes the enterprise and its first
 * administrator (password by SMS to the applicant).
 */
export const approveRegisterApply = (id: string, round: number) =>
  request.call(registerReviewCalls.approve, { id, round });

/** 退回修改: the applicant is told the reason and may correct and submit again. */
export const returnRegisterApply = (body: RegisterApplyDecisionBody) => request.call(registerReviewCalls.return, body);

/** 驳回: the application ends with the reason. */
export const rejectRegisterApply = (body: RegisterApplyDecisionBody) => request.call(registerReviewCalls.reject, body);

/** The offices that take applicants, in the server's order. */
export async function queryServiceAreas(): Promise<CodeValue[]> {
  const body: GetRegionGroupsBody = { code: 'office' };
  const answer = await request.call(regionCalls.groups, body);
  return (answer?.regionGroups ?? []).filter((office) => office.code !== EXCLUDED_OFFICE_CODE);
}
