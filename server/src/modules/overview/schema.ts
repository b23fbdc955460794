import { Envelope, OverviewSummary } from '@cotton/sdk/contracts';

// `/rest/overview/summary`: the wire contract (sdk/src/contracts/overview.ts).
export { EmptyBody, OverviewSummary } from '@cotton/sdk/contracts';

export const OverviewSummaryResponse = Envelope(OverviewSummary);
