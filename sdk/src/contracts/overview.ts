import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/** `POST /rest/overview/summary` → `dataSet` (docs/auth.md, "Overview"). */
export const OverviewSummary = Type.Object({
  warehouses: Type.Object({ total: Type.Integer(), xinjiang: Type.Integer(), inland: Type.Integer() }),
  receipts: Type.Object({ total: Type.Integer() }),
  /** Monday–Sunday of the current week in Asia/Shanghai; tonnage in tonnes. */
  appointmentsThisWeek: Type.Object({ total: Type.Integer(), tonnage: Type.Number() }),
  /** `null` for users without `register:apply:list`. */
  registrationsAwaitingReview: Nullable(Type.Integer()),
});
export type OverviewSummary = Static<typeof OverviewSummary>;
