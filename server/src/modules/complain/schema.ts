import { ComplaintCreated, Envelope } from '@cotton/sdk/contracts';

// `/rest/complain/addComplain`: the wire contract (sdk/src/contracts/complain.ts).
export { AddComplainBody } from '@cotton/sdk/contracts';

export const AddComplainResponse = Envelope(ComplaintCreated);
