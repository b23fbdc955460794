import type { OverviewSummary } from '@cotton/sdk/contracts';
import { and, between, count, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { factoryAppointments, receipts, registerApplies, warehouses } from '../../db/schema/index';
import { weekDates } from '../reservation/week';

/** The 工作台 figures (docs/auth.md "Overview"). */
export async function overviewSummary(db: AppDatabase, canReview: boolean, now = new Date()): Promise<OverviewSummary> {
  const week = weekDates(now, 0);
  const [[warehouseCounts], [receiptCount], [appointments], awaiting] = await Promise.all([
    db
      .select({
        total: count(),
        xinjiang: sql<number>`count(*) filter (where ${warehouses.areaType} = '1')`.mapWith(Number),
        inland: sql<number>`count(*) filter (where ${warehouses.areaType} = '2')`.mapWith(Number),
      })
      .from(warehouses),
    db.select({ total: count() }).from(receipts),
    db
      .select({ total: count(), tonnage: sql<number>`coalesce(sum(${factoryAppointments.weight}), 0)`.mapWith(Number) })
      .from(factoryAppointments)
      .where(and(between(factoryAppointments.appointmentDate, week[0], week[6]))),
    canReview
      ? db.select({ total: count() }).from(registerApplies).where(eq(registerApplies.status, '0'))
      : Promise.resolve(null),
  ]);
  return {
    warehouses: warehouseCounts,
    receipts: { total: receiptCount.total },
    appointmentsThisWeek: { total: appointments.total, tonnage: Math.round(appointments.tonnage * 1000) / 1000 },
    registrationsAwaitingReview: awaiting ? awaiting[0].total : null,
  };
}
