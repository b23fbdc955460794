import { reservationCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { PublicAnswerCache } from '../../lib/public-answer-cache';
import {
  DETAIL_TABLES,
  parseRegionCodes,
  parseWeekStep,
  queryAppointDetail,
  queryAppointmentWeek,
  WEEK_TABLES,
  weekKey,
  type WeekQuery,
} from './service';

/** Reservation progress of Xinjiang and inland warehouses (spec §2, §7 public queries). */
export const reservationRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  /**
   * The answers, computed once per change of their tables (docs/architecture.md "Public answer
   * cache"): traders open the week table every morning at once.
   */
  const weeks = new PublicAnswerCache({ tables: WEEK_TABLES });
  const details = new PublicAnswerCache({ tables: DETAIL_TABLES });

  const week = (query: WeekQuery) => {
    const now = new Date();
    return { key: weekKey(query, now), compute: () => queryAppointmentWeek(db, query, now) };
  };

  route(app, reservationCalls.week, (request, reply) => {
    const { key, compute } = week({
      areaType: '1',
      weekStep: parseWeekStep(request.body.weekStep),
      regionAreaCode: request.body.appoinmentRequestVo.regionAreaCode,
    });
    return weeks.send(db, request, reply, key, compute);
  });

  route(app, reservationCalls.inlandWeek, (request, reply) => {
    const { key, compute } = week({
      areaType: '2',
      weekStep: parseWeekStep(request.body.weekStep),
      regionCodes: parseRegionCodes(request.body.appoinmentRequestVo.regionProviceCode),
    });
    return weeks.send(db, request, reply, key, compute);
  });

  // The key leaves out `whsName`: the answer carries the warehouse's own name whatever was sent.
  route(app, reservationCalls.detail, (request, reply) => {
    const { whsCode, appointDate } = request.body;
    return details.send(db, request, reply, `1|${whsCode.trim()}|${appointDate.trim()}`, () =>
      queryAppointDetail(db, '1', whsCode, appointDate),
    );
  });

  route(app, reservationCalls.inlandDetail, (request, reply) => {
    const { whsCode, appointDate } = request.body;
    return details.send(db, request, reply, `2|${whsCode.trim()}|${appointDate.trim()}`, () =>
      queryAppointDetail(db, '2', whsCode, appointDate),
    );
  });
};
