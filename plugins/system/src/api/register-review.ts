import { request } from '@cotton/sdk';
import type {
  ApprovedRegisterApply,
  CodeValue,
  GetRegionGroupsBody,
  RegionGroupsResult,
  RegisterApplyApproveBody,
  RegisterApplyDecisionBody,
  RegisterApplyDetail,
  RegisterApplyIdBody,
} from '@cotton/sdk';

// 系统管理 › 注册审核 (docs/registration.md): the enterprise registration applications and the
// reviewer's decisions; shapes: sdk/src/contracts/register-review.ts. Every call needs
// `register:review`.

export const REGISTER_REVIEW_PAGE_URL = '/rest/registerReview/getApplyPage';
export const REGISTER_REVIEW_DETAIL_URL = '/rest/registerReview/getApplyDetail';
export const REGISTER_REVIEW_APPROVE_URL = '/rest/registerReview/approveApply';
export const REGISTER_REVIEW_RETURN_URL = '/rest/registerReview/returnApply';
export const REGISTER_REVIEW_REJECT_URL = '/rest/registerReview/rejectApply';
/** The offices (`{ code: 'office' }`), for the 所属服务区域 filter. */
export const REGION_GROUPS_URL = '/rest/region/getregiongroups';

export const REGISTER_REVIEW_PERMISSION = 'register:review';

/** 青岛办事处 takes no registrations (spec §9: clients leave it out of their lists). */
const EXCLUDED_OFFICE_CODE = 'QD';

/** Every section, file (with a preview address good for ten minutes) and decision of an application. */
export function queryRegisterApplyDetail(id: string): Promise<RegisterApplyDetail> {
  const body: RegisterApplyIdBody = { id };
  return request.post<RegisterApplyDetail>(REGISTER_REVIEW_DETAIL_URL, body);
}

/**
 * 审核通过 of the round the reviewer read: the server makes the enterprise and its first
 * administrator (password by SMS to the applicant).
 */
export function approveRegisterApply(id: string, round: number): Promise<ApprovedRegisterApply> {
  const body: RegisterApplyApproveBody = { id, round };
  return request.post<ApprovedRegisterApply>(REGISTER_REVIEW_APPROVE_URL, body);
}

/** 退回修改: the applicant is told the reason and may correct and submit again. */
export function returnRegisterApply(body: RegisterApplyDecisionBody): Promise<unknown> {
  return request.post(REGISTER_REVIEW_RETURN_URL, body);
}

/** 驳回: the application ends with the reason. */
export function rejectRegisterApply(body: RegisterApplyDecisionBody): Promise<unknown> {
  return request.post(REGISTER_REVIEW_REJECT_URL, body);
}

/** The offices that take applicants, in the server's order. */
export async function queryServiceAreas(): Promise<CodeValue[]> {
  const body: GetRegionGroupsBody = { code: 'office' };
  const answer = await request.post<RegionGroupsResult>(REGION_GROUPS_URL, body);
  return (answer?.regionGroups ?? []).filter((office) => office.code !== EXCLUDED_OFFICE_CODE);
}
