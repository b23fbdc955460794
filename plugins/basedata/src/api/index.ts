import { request } from '@cotton/sdk';
import { bankCalls, dictAdminCalls, regionAdminCalls } from '@cotton/sdk/calls';
import type { BankStatusBody, DictItemStatusBody, MoveDictItemBody, RegionStatusBody } from '@cotton/sdk/contracts';

// 系统管理 › 数据字典, 区域管理, 银行管理 (docs/architecture.md "Dictionaries, regions and banks:
// administration"): the calls of `@cotton/sdk/calls` (sdk/src/contracts/basedata.ts).

/** The delete bodies for one row or several: the ids comma-joined. */
export function idsBody(ids: string[]): { ids: string } {
  return { ids: ids.join(',') };
}

export const setDictItemStatus = (body: DictItemStatusBody) => request.call(dictAdminCalls.itemStatus, body);
export const moveDictItem = (body: MoveDictItemBody) => request.call(dictAdminCalls.itemMove, body);
export const setRegionStatus = (body: RegionStatusBody) => request.call(regionAdminCalls.status, body);
export const setBankStatus = (body: BankStatusBody) => request.call(bankCalls.status, body);
