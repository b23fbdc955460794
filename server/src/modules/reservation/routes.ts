import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import {
  AppointDetailResponse,
  AppointmentWeekResponse,
  QueryAppointDetailBody,
  QueryFactoryAppointmentListBody,
  QueryFactoryInlAppointmentListBody,
} from './schema';
import { parseRegionCodes, parseWeekStep, queryAppointDetail, queryAppointmentWeek } from './service';

/** Reservation progress of Xinjiang and inland warehouses (spec §2, §7 public queries). */
export const reservationRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/anon/queryFactoryAppointmentList',
    { schema: { body: QueryFactoryAppointmentListBody, response: { 200: AppointmentWeekResponse } } },
    async (request) =>
      ok(
        await queryAppointmentWeek(db, {
          areaType: '1',
          weekStep: parseWeekStep(request.body.weekStep),
          regionAreaCode: request.body.appoinmentRequestVo.regionAreaCode,
        }),
      ),
  );

  app.post(
    '/rest/anon/queryFactoryInlAppointmentList',
    { schema: { body: QueryFactoryInlAppointmentListBody, response: { 200: AppointmentWeekResponse } } },
    async (request) =>
      ok(
        await queryAppointmentWeek(db, {
          areaType: '2',
          weekStep: parseWeekStep(request.body.weekStep),
          regionCodes: parseRegionCodes(request.body.appoinmentRequestVo.regionProviceCode),
        }),
      ),
  );

  app.post(
    '/rest/anon/queryAppointDetail',
    { schema: { body: QueryAppointDetailBody, response: { 200: AppointDetailResponse } } },
    async (request) => ok(await queryAppointDetail(db, '1', request.body.whsCode, request.body.appointDate)),
  );

  app.post(
    '/rest/anon/queryInlAppointDetail',
    { schema: { body: QueryAppointDetailBody, response: { 200: AppointDetailResponse } } },
    async (request) => ok(await queryAppointDetail(db, '2', request.body.whsCode, request.body.appointDate)),
  );
};
