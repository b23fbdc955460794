import { Type, type Static } from 'typebox';
import { defineCall, defineCodes } from './call';
import { EmptyBody, Nullable } from './common';

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

/**
 * 工作台's permission codes: `registrations` (注册申请查看, a button of the 工作台 menu) lets
 * the summary count the registrations awaiting review.
 */
export const overviewCodes = defineCodes({ registrations: 'register:apply:list' });

/** 工作台's calls: every logged-in user's. */
export const overviewCalls = {
  summary: defineCall({
    method: 'POST',
    path: '/rest/overview/summary',
    permission: null,
    body: EmptyBody,
    answer: OverviewSummary,
  }),
};
