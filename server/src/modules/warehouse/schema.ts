import { Envelope, WhsDetail, WhsPage } from '@cotton/sdk/contracts';

// The warehouse calls: the wire contracts (sdk/src/contracts/warehouse.ts).
export {
  PROVINCE_CODE_LIST,
  QueryWhsDetailBody,
  QueryWhsPageBody,
  WhsDetail,
  WhsPage,
  WhsRow,
} from '@cotton/sdk/contracts';

export const WhsPageResponse = Envelope(WhsPage);
export const WhsDetailResponse = Envelope(WhsDetail);
