import { AdminDataRulePage, DataRuleOptions, Envelope, ListDeleted } from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 系统管理 › 数据权限: the wire contracts (sdk/src/contracts/data-rule.ts, list.ts).
export { AddDataRuleBody, DelDataRuleBody, EmptyBody, ListRequest, UpdDataRuleBody } from '@cotton/sdk/contracts';

export const AdminDataRulePageResponse = Envelope(AdminDataRulePage);
export const DataRuleOptionsResponse = Envelope(DataRuleOptions);
export const DataRuleDeletedResponse = Envelope(ListDeleted);
/** addDataRule answers the new rule's id. */
export const AddedDataRuleResponse = Envelope(Type.Object({ id: Type.String() }));
export const DataRuleUpdatedResponse = Envelope(Type.Object({ updated: Type.Integer() }));
