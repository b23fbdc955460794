import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { AppDatabase } from '../../db/client';
import {
  factoryAppointments,
  receipts,
  sysDailyStatistics,
  sysLoginAttempts,
  sysUsers,
  warehouses,
} from '../../db/schema/index';
import type { JobType } from '../../jobs/job-type';

const DAY_MS = 24 * 60 * 60 * 1000;
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The Asia/Shanghai calendar day (YYYY-MM-DD) `daysBefore` days before the one `at` falls on. */
export function shanghaiDay(at: Date, daysBefore = 0): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS - daysBefore * DAY_MS).toISOString().slice(0, 10);
}

export interface DailyFigures {
  day: string;
  warehouses: number;
  receipts: number;
  appointments: number;
  appointmentTonnage: number;
  logins: number;
  newUsers: number;
}

/**
 * One day's figures: that day's appointments, successful logins and new accounts, and the
 * warehouse and receipt totals as they stand when counted. Written over any earlier count.
 */
export async function computeDailyStatistics(db: AppDatabase, day: string): Promise<DailyFigures> {
  const from = new Date(`${day}T00:00:00+08:00`);
  const to = new Date(from.getTime() + DAY_MS);
  const [[warehouseCount], [receiptCount], [appointments], [logins], [newUsers]] = await Promise.all([
    db.select({ total: count() }).from(warehouses),
    db.select({ total: count() }).from(receipts),
    db
      .select({ total: count(), tonnage: sql<number>`coalesce(sum(${factoryAppointments.weight}), 0)`.mapWith(Number) })
      .from(factoryAppointments)
      .where(eq(factoryAppointments.appointmentDate, day)),
    db
      .select({ total: count() })
      .from(sysLoginAttempts)
      .where(and(eq(sysLoginAttempts.success, true), gte(sysLoginAttempts.at, from), lt(sysLoginAttempts.at, to))),
    db
      .select({ total: count() })
      .from(sysUsers)
      .where(and(gte(sysUsers.createdAt, from), lt(sysUsers.createdAt, to))),
  ]);
  const figures: DailyFigures = {
    day,
    warehouses: warehouseCount.total,
    receipts: receiptCount.total,
    appointments: appointments.total,
    appointmentTonnage: Math.round(appointments.tonnage * 1000) / 1000,
    logins: logins.total,
    newUsers: newUsers.total,
  };
  const { day: _day, ...values } = figures;
  await db
    .insert(sysDailyStatistics)
    .values(figures)
    .onConflictDoUpdate({ target: sysDailyStatistics.day, set: { ...values, computedAt: new Date() } });
  return figures;
}

const OverviewStatisticsParams = Type.Object(
  {
    days: Type.Integer({
      minimum: 1,
      maximum: 31,
      default: 1,
      title: '统计天数',
      description: '统计截至昨天的最近几天（补上停机错过的日子）',
    }),
  },
  { additionalProperties: false },
);

/** 每日统计: per-day figures in `sys_daily_statistics`; the run's result line shows the latest day. */
export const overviewStatisticsJob: JobType<{ days: number }> = {
  name: 'overview-statistics',
  title: '每日业务统计',
  description: '统计前一天的登录次数、新增用户、预约批次与吨数，以及仓库和仓单总数',
  params: OverviewStatisticsParams,
  defaultCron: '10 0 * * *',
  async run({ db, params, scheduledAt }) {
    // Oldest first, so that the last line written is yesterday's.
    let f = await computeDailyStatistics(db, shanghaiDay(scheduledAt, params.days));
    for (let back = params.days - 1; back >= 1; back--)
      f = await computeDailyStatistics(db, shanghaiDay(scheduledAt, back));
    return `已统计 ${params.days} 天，${f.day}：登录 ${f.logins} 次，新增用户 ${f.newUsers} 个，预约 ${f.appointments} 批 ${f.appointmentTonnage} 吨，仓库 ${f.warehouses} 个，仓单 ${f.receipts} 张`;
  },
};
