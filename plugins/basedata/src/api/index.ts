import { request } from '@cotton/sdk';
import type {
  AddBankBody,
  AddDictBody,
  AddDictItemBody,
  AddRegionBody,
  BankStatusBody,
  BaseDataAdded,
  BaseDataUpdated,
  DictItemStatusBody,
  MoveDictItemBody,
  RegionStatusBody,
  UpdBankBody,
  UpdDictBody,
  UpdDictItemBody,
  UpdRegionBody,
} from '@cotton/sdk';

// 系统管理 › 数据字典, 区域管理, 银行管理 (docs/architecture.md "Dictionaries, regions and banks:
// administration"); the shapes are the wire contracts of `@cotton/sdk` (sdk/src/contracts/basedata.ts).

export const DICT_PAGE_URL = '/rest/dict/getDictPage';
export const DICT_ADD_URL = '/rest/dict/addDict';
export const DICT_UPDATE_URL = '/rest/dict/updDict';
export const DICT_DELETE_URL = '/rest/dict/delDict';
export const DICT_EXPORT_URL = '/rest/dict/exportXls';
export const DICT_ITEM_PAGE_URL = '/rest/dictItem/getDictItemPage';
export const DICT_ITEM_ADD_URL = '/rest/dictItem/addDictItem';
export const DICT_ITEM_UPDATE_URL = '/rest/dictItem/updDictItem';
export const DICT_ITEM_DELETE_URL = '/rest/dictItem/delDictItem';
export const DICT_ITEM_STATUS_URL = '/rest/dictItem/updDictItemStatus';
export const DICT_ITEM_MOVE_URL = '/rest/dictItem/moveDictItem';
export const DICT_ITEM_EXPORT_URL = '/rest/dictItem/exportXls';

export const REGION_PAGE_URL = '/rest/region/getRegionPage';
export const REGION_ADD_URL = '/rest/region/addRegion';
export const REGION_UPDATE_URL = '/rest/region/updRegion';
export const REGION_STATUS_URL = '/rest/region/updRegionStatus';
export const REGION_EXPORT_URL = '/rest/region/exportXls';

export const BANK_PAGE_URL = '/rest/bank/getBankPage';
export const BANK_ADD_URL = '/rest/bank/addBank';
export const BANK_UPDATE_URL = '/rest/bank/updBank';
export const BANK_STATUS_URL = '/rest/bank/updBankStatus';
export const BANK_EXPORT_URL = '/rest/bank/exportXls';

export const DICT_ADD_PERMISSION = 'system:dict:add';
export const DICT_EDIT_PERMISSION = 'system:dict:edit';
export const DICT_DELETE_PERMISSION = 'system:dict:delete';
export const REGION_ADD_PERMISSION = 'system:region:add';
export const REGION_EDIT_PERMISSION = 'system:region:edit';
export const BANK_ADD_PERMISSION = 'system:bank:add';
export const BANK_EDIT_PERMISSION = 'system:bank:edit';

/** The delete bodies for one row or several: the ids comma-joined. */
export function idsBody(ids: string[]): { ids: string } {
  return { ids: ids.join(',') };
}

export const addDict = (body: AddDictBody) => request.post<BaseDataAdded>(DICT_ADD_URL, body);
export const updateDict = (body: UpdDictBody) => request.post<BaseDataUpdated>(DICT_UPDATE_URL, body);
export const addDictItem = (body: AddDictItemBody) => request.post<BaseDataAdded>(DICT_ITEM_ADD_URL, body);
export const updateDictItem = (body: UpdDictItemBody) => request.post<BaseDataUpdated>(DICT_ITEM_UPDATE_URL, body);
export const setDictItemStatus = (body: DictItemStatusBody) =>
  request.post<BaseDataUpdated>(DICT_ITEM_STATUS_URL, body);
export const moveDictItem = (body: MoveDictItemBody) => request.post<BaseDataUpdated>(DICT_ITEM_MOVE_URL, body);
export const addRegion = (body: AddRegionBody) => request.post<BaseDataAdded>(REGION_ADD_URL, body);
export const updateRegion = (body: UpdRegionBody) => request.post<BaseDataUpdated>(REGION_UPDATE_URL, body);
export const setRegionStatus = (body: RegionStatusBody) => request.post<BaseDataUpdated>(REGION_STATUS_URL, body);
export const addBank = (body: AddBankBody) => request.post<BaseDataAdded>(BANK_ADD_URL, body);
export const updateBank = (body: UpdBankBody) => request.post<BaseDataUpdated>(BANK_UPDATE_URL, body);
export const setBankStatus = (body: BankStatusBody) => request.post<BaseDataUpdated>(BANK_STATUS_URL, body);
