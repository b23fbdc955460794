import { Envelope, FieldCheckResult } from '@cotton/sdk/contracts';

// The duplicate and rule checks of the back-office forms (sdk/src/contracts/list.ts).
export { DuplicateCheckBody, RuleCheckBody } from '@cotton/sdk/contracts';

export const FieldCheckResponse = Envelope(FieldCheckResult);
