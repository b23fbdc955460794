import {
  AdminDictItemPage,
  AdminDictPage,
  BaseDataAdded,
  BaseDataUpdated,
  Envelope,
  ListDeleted,
} from '@cotton/sdk/contracts';

// 系统管理 › 数据字典: the wire contracts (sdk/src/contracts/basedata.ts, list.ts).
export {
  AddDictBody,
  AddDictItemBody,
  DelDictBody,
  DelDictItemBody,
  DictItemStatusBody,
  ListExportBody,
  ListRequest,
  MoveDictItemBody,
  UpdDictBody,
  UpdDictItemBody,
} from '@cotton/sdk/contracts';

export const AdminDictPageResponse = Envelope(AdminDictPage);
export const AdminDictItemPageResponse = Envelope(AdminDictItemPage);
export const AddedResponse = Envelope(BaseDataAdded);
export const UpdatedResponse = Envelope(BaseDataUpdated);
export const DeletedResponse = Envelope(ListDeleted);
