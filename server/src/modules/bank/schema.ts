import { AdminBankPage, BanksResult, BaseDataAdded, BaseDataUpdated, Envelope } from '@cotton/sdk/contracts';

// Banks: the wire contracts (sdk/src/contracts/basedata.ts, register.ts, list.ts).
export {
  AddBankBody,
  BankStatusBody,
  ListExportBody,
  ListRequest,
  QueryBanksBody,
  UpdBankBody,
} from '@cotton/sdk/contracts';

export const BanksResponse = Envelope(BanksResult);
export const AdminBankPageResponse = Envelope(AdminBankPage);
export const AddedResponse = Envelope(BaseDataAdded);
export const UpdatedResponse = Envelope(BaseDataUpdated);
