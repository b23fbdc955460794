import { request } from '@cotton/sdk';
import type { AddDataRuleBody, DataRuleOptions, DelDataRuleBody, UpdDataRuleBody } from '@cotton/sdk/contracts';
import { dataRuleCalls } from '@cotton/sdk/calls';

// 系统管理 › 数据权限 (docs/auth.md, "Data permissions"); the calls and shapes are the wire
// contracts of `@cotton/sdk` (sdk/src/contracts/data-rule.ts).

/** delDataRule's body for one rule or several: the ids comma-joined. */
export function dataRuleIdsBody(ids: string[]): DelDataRuleBody {
  return { ids: ids.join(',') };
}

export function queryDataRuleOptions(): Promise<DataRuleOptions> {
  return request.call(dataRuleCalls.options, {});
}

export function addDataRule(body: AddDataRuleBody): Promise<{ id: string }> {
  return request.call(dataRuleCalls.add, body);
}

export function updateDataRule(body: UpdDataRuleBody): Promise<unknown> {
  return request.call(dataRuleCalls.update, body);
}
