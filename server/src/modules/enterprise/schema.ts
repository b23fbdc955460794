import { EnterpriseChangeForm, EnterpriseInfoView, Envelope, RegisterApplyResult } from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 企业管理 › 企业信息 and its 变更申请: the wire contracts (sdk/src/contracts/enterprise.ts).

/** Bodies with nothing in them: the enterprise is the session user's, never one the client names. */
export const EmptyBody = Type.Object({}, { additionalProperties: true, maxProperties: 8 });
export const EnterpriseInfoResponse = Envelope(EnterpriseInfoView);
export const ChangeFormResponse = Envelope(EnterpriseChangeForm);
export const ChangeApplyResponse = Envelope(RegisterApplyResult);
