import { AdminRegionPage, BaseDataAdded, BaseDataUpdated, Envelope } from '@cotton/sdk/contracts';

// 系统管理 › 区域管理: the wire contracts (sdk/src/contracts/basedata.ts, list.ts).
export { AddRegionBody, ListExportBody, ListRequest, RegionStatusBody, UpdRegionBody } from '@cotton/sdk/contracts';

export const AdminRegionPageResponse = Envelope(AdminRegionPage);
export const AddedResponse = Envelope(BaseDataAdded);
export const UpdatedResponse = Envelope(BaseDataUpdated);
