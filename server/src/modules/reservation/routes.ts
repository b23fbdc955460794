import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { PublicAnswerCache } from '../../lib/public-answer-cache';
import {
  AppointDetailResponse,
  AppointmentWeekResponse,
  QueryAppointDetailBody,
  QueryFactoryAppointmentListBody,
  QueryFactoryInlAppointmentListBody,
} from './schema';
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
export const reservationRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
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

  app.post(
    '/rest/anon/queryFactoryAppointmentList',
    { schema: { body: QueryFactoryAppointmentListBody, response: { 200: AppointmentWeekResponse } } },
    async (request, reply) => {
      const { key, compute } = week({
        areaType: '1',
        weekStep: parseWeekStep(request.body.weekStep),
        regionAreaCode: request.body.appoinmentRequestVo.regionAreaCode,
      });
      return weeks.send(db, request, reply, key, compute);
    },
  );

  app.post(
    '/rest/anon/queryFactoryInlAppointmentList',
    { schema: { body: QueryFactoryInlAppointmentListBody, response: { 200: AppointmentWeekResponse } } },
    async (request, reply) => {
      const { key, compute } = week({
        areaType: '2',
        weekStep: parseWeekStep(request.body.weekStep),
        regionCodes: parseRegionCodes(request.body.appoinmentRequestVo.regionProviceCode),
      });
      return weeks.send(db, request, reply, key, compute);
    },
  );

  // The key leaves out `whsName`: the answer carries the warehouse's own name whatever was sent.
  app.post(
    '/rest/anon/queryAppointDetail',
    { schema: { body: QueryAppointDetailBody, response: { 200: AppointDetailResponse } } },
    async (request, reply) => {
      const { whsCode, appointDate } = request.body;
      return details.send(db, request, reply, `1|${whsCode.trim()}|${appointDate.trim()}`, () =>
        queryAppointDetail(db, '1', whsCode, appointDate),
      );
    },
  );

  app.post(
    '/rest/anon/queryInlAppointDetail',
    { schema: { body: QueryAppointDetailBody, response: { 200: AppointDetailResponse } } },
    async (request, reply) => {
      const { whsCode, appointDate } = request.body;
      return details.send(db, request, reply, `2|${whsCode.trim()}|${appointDate.trim()}`, () =>
        queryAppointDetail(db, '2', whsCode, appointDate),
      );
    },
  );
};
