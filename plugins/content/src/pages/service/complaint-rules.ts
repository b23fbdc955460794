import type { ComplaintType } from '@cotton/sdk/validators';

/** The form's type choices; the rules themselves are the SDK's `checkComplaint`, shared with the server. */
export const COMPLAINT_TYPE_OPTIONS: ReadonlyArray<{ value: ComplaintType; label: string }> = [
  { value: 'COMPLAINT', label: '投诉' },
  { value: 'SUGGESTION', label: '建议' },
  { value: 'CONSULT', label: '咨询' },
];
