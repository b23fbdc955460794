import { Type } from '@fastify/type-provider-typebox';
import { envelopeSchema } from '../../plugins/envelope';
import { Nullable } from '../shared/schema';

export { EmptyBody } from '../shared/schema';

export const OverviewSummary = Type.Object({
  warehouses: Type.Object({ total: Type.Integer(), xinjiang: Type.Integer(), inland: Type.Integer() }),
  receipts: Type.Object({ total: Type.Integer() }),
  /** Monday–Sunday of the current week in Asia/Shanghai; tonnage in tonnes. */
  appointmentsThisWeek: Type.Object({ total: Type.Integer(), tonnage: Type.Number() }),
  /** `null` for users without `register:apply:list`. */
  registrationsAwaitingReview: Nullable(Type.Integer()),
});
export const OverviewSummaryResponse = envelopeSchema(OverviewSummary);
