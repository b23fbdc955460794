import { DictListResult, DictListsResult, Envelope } from '@cotton/sdk/contracts';

// The dictionary calls: the wire contracts (sdk/src/contracts/dict.ts).
export { GetDictListBody, GetDictListsBody } from '@cotton/sdk/contracts';

export const DictListResponse = Envelope(DictListResult);
export const DictListsResponse = Envelope(DictListsResult);
