import { request } from '@cotton/sdk';
import type { AddDataRuleBody, DataRuleOptions, DelDataRuleBody, UpdDataRuleBody } from '@cotton/sdk';

// 系统管理 › 数据权限 (docs/auth.md, "Data permissions"); the shapes are the wire contracts
// of `@cotton/sdk` (sdk/src/contracts/data-rule.ts).

export const DATA_RULE_PAGE_URL = '/rest/datapermission/getDataRulePage';
export const DATA_RULE_OPTIONS_URL = '/rest/datapermission/getDataRuleOptions';
export const DATA_RULE_ADD_URL = '/rest/datapermission/addDataRule';
export const DATA_RULE_UPDATE_URL = '/rest/datapermission/updDataRule';
export const DATA_RULE_DELETE_URL = '/rest/datapermission/delDataRule';

export const DATA_RULE_ADD_PERMISSION = 'system:datarule:add';
export const DATA_RULE_EDIT_PERMISSION = 'system:datarule:edit';
export const DATA_RULE_DELETE_PERMISSION = 'system:datarule:delete';

/** delDataRule's body for one rule or several: the ids comma-joined. */
export function dataRuleIdsBody(ids: string[]): DelDataRuleBody {
  return { ids: ids.join(',') };
}

export function queryDataRuleOptions(): Promise<DataRuleOptions> {
  return request.post<DataRuleOptions>(DATA_RULE_OPTIONS_URL, {});
}

export function addDataRule(body: AddDataRuleBody): Promise<{ id: string }> {
  return request.post<{ id: string }>(DATA_RULE_ADD_URL, body);
}

export function updateDataRule(body: UpdDataRuleBody): Promise<unknown> {
  return request.post(DATA_RULE_UPDATE_URL, body);
}
