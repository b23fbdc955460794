import type { DelDataRuleBody } from '@cotton/sdk/contracts';

// 系统管理 › 数据权限 (docs/auth.md, "Data permissions"); the calls and shapes are the wire
// contracts of `@cotton/sdk` (sdk/src/contracts/data-rule.ts).

/** delDataRule's body for one rule or several: the ids comma-joined. */
export function dataRuleIdsBody(ids: string[]): DelDataRuleBody {
  return { ids: ids.join(',') };
}
