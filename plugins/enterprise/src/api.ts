import { request } from '@cotton/sdk';
import type { EnterpriseInfoView } from '@cotton/sdk';

// 企业管理 (docs/registration.md "Change requests"); the shapes are the wire contracts of
// `@cotton/sdk` (sdk/src/contracts/enterprise.ts). Every call is about the session user's own
// enterprise: none names one.

export const ENTERPRISE_INFO_URL = '/rest/enterprise/getEnterpriseInfo';

export const ENTERPRISE_INFO_PERMISSION = 'enterprise:info:view';
export const ENTERPRISE_CHANGE_PERMISSION = 'enterprise:info:change';

/** The change form: a page of the register plugin (`register/EnterpriseChange`), hidden under 企业信息. */
export const ENTERPRISE_CHANGE_PATH = '/enterprise/info/change';

export function getEnterpriseInfo(): Promise<EnterpriseInfoView> {
  return request.post(ENTERPRISE_INFO_URL, {});
}
