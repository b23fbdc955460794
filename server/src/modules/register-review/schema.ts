import { AdminRegisterApplyPage, ApprovedRegisterApply, Envelope, RegisterApplyDetail } from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 系统管理 › 注册审核: the wire contracts (sdk/src/contracts/register-review.ts).
export {
  ListRequest,
  RegisterApplyApproveBody,
  RegisterApplyDecisionBody,
  RegisterApplyIdBody,
} from '@cotton/sdk/contracts';

export const ReviewPageResponse = Envelope(AdminRegisterApplyPage);
export const ReviewDetailResponse = Envelope(RegisterApplyDetail);
export const ApprovedResponse = Envelope(ApprovedRegisterApply);
export const DecidedResponse = Envelope(Type.Null());
