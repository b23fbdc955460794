import { DeletedResult, Envelope, SmsPage } from '@cotton/sdk/contracts';

// The SMS log calls: the wire contracts (sdk/src/contracts/sms.ts).
export { DeleteSmsByIdBody, DeleteSmsByIdsBody, SmsExportBody, SmsPageBody, SmsRow } from '@cotton/sdk/contracts';

export const SmsPageResponse = Envelope(SmsPage);
export const DeletedResponse = Envelope(DeletedResult);
