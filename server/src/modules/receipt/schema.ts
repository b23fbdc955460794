import { Envelope, InspectionResult, ReceiptPage, Suggestions } from '@cotton/sdk/contracts';

// The receipt calls (docs/architecture.md, "Receipts and batch quality"): the wire contracts
// (sdk/src/contracts/receipt.ts) and the envelopes they are answered in.
export {
  BatchInspection,
  COLOR_RATE_KEYS,
  InspectionBody,
  LENGTH_RATE_KEYS,
  MICRONAIRE_RATE_KEYS,
  ReceiptItem,
  ReceiptPage,
  ReceiptSearchBody,
  SORT_FIELDS,
  STRENGTH_RATE_KEYS,
  StgWareHouseQuery,
  SuggestionBody,
  UNIFORMITY_RATE_KEYS,
} from '@cotton/sdk/contracts';
export type { SortField } from '@cotton/sdk/contracts';

export const ReceiptPageResponse = Envelope(ReceiptPage);
export const SuggestionsResponse = Envelope(Suggestions);
export const InspectionResponse = Envelope(InspectionResult);
