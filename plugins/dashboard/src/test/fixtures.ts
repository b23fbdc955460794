import type { OverviewSummary } from '@cotton/sdk/contracts';

export function summary(overrides: Partial<OverviewSummary> = {}): OverviewSummary {
  return {
    warehouses: { total: 1286, xinjiang: 402, inland: 884 },
    receipts: { total: 35120 },
    appointmentsThisWeek: { total: 57, tonnage: 12345.5 },
    registrationsAwaitingReview: 3,
    ...overrides,
  };
}
