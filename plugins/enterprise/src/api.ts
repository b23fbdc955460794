import { request } from '@cotton/sdk';
import type { EnterpriseInfoView } from '@cotton/sdk/contracts';
import { enterpriseCalls } from '@cotton/sdk/calls';

// 企业管理 (docs/registration.md "Change requests"); the calls and shapes are the wire contracts
// (sdk/src/contracts/enterprise.ts). Every call is about the session user's own enterprise: none
// names one.

/** The change form: a page of the register plugin (`register/EnterpriseChange`), hidden under 企业信息. */
export const ENTERPRISE_CHANGE_PATH = '/enterprise/info/change';

export function getEnterpriseInfo(): Promise<EnterpriseInfoView> {
  return request.call(enterpriseCalls.info, {});
}
