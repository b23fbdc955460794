import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REGISTER_FILE_MAX_BYTES } from '@cotton/sdk/validators';
import type { AppDatabase } from '../../db/client';
import { PublicAnswerCache } from '../../lib/public-answer-cache';
import { ApiError, ok } from '../../http/envelope';
import type { FileSigner } from '../files/signing';
import type { FileStore } from '../files/store';
import {
  AccountTypeDetailResponse,
  AccountTypesResponse,
  AgreementResponse,
  ApplyResponse,
  CheckResponse,
  CfcaAgreementResponse,
  CheckTraderNameBody,
  EmptyBody,
  EntryAgreementResponse,
  JudgeEnterpriseBody,
  RegisterAccountTypeDetailBody,
  RegisterAgreementBody,
  ServiceAreaPhoneBody,
  ServiceAreaPhoneResponse,
  ServiceAreasResponse,
  RegisterStatusCodeBody,
  RegisterStatusQueryBody,
  RegisterStatusTokenBody,
  StatusCodeResponse,
  ApplicantViewResponse,
  StatusTokenHeaders,
  STATUS_TOKEN_HEADER,
} from './schema';
import { queryStatus, sendStatusCode, statusByToken, STATUS_MESSAGES } from './status';
import { smsSenderFor } from '../sms/sender';
import {
  accountRegisterDetail,
  accountTypes,
  agreement,
  allServiceAreas,
  creditCodeProblem,
  MAX_APPLY_JSON,
  serviceAreaPhone,
  submitApply,
  takeRegisterCheck,
  traderNameProblem,
} from './service';

export interface RegisterRoutesOptions {
  db: AppDatabase;
  store: FileStore;
  signer: FileSigner;
}

/** Where the entry agreement is read (a page of the register plugin). */
export const ENTRY_AGREEMENT_URL = '/register/agreement/entry';
/** The agreement `getCFCAFileIdAndUrl/1` points to (register_agreements). */
export const CFCA_AGREEMENT_CODE = 'cfca';

/**
 * The multipart of a submission (a registration, its correction, an enterprise's change
 * request): the application's JSON and at most 7 files (2 + 2 + 2 + 1) of 10 MB.
 */
export const SUBMISSION_MULTIPART = {
  // A file over the limit is cut and marked, not thrown: its field gets 图片/文件大小不能超过10M.
  throwFileSizeLimit: false,
  limits: {
    files: 7,
    fileSize: REGISTER_FILE_MAX_BYTES,
    fields: 8,
    fieldNameSize: 64,
    fieldSize: MAX_APPLY_JSON,
    parts: 16,
  },
};

/** Enterprise registration's public calls (spec §7 "Registration"; docs/registration.md). */
export const registerRoutes: FastifyPluginAsyncTypebox<RegisterRoutesOptions> = async (app, { db, store, signer }) => {
  /** The public agreements, kept per change (docs/architecture.md "Public answer cache"). */
  const agreements = new PublicAnswerCache({ tables: ['register_agreements'], maxEntries: 100 });

  app.post(
    '/rest/accountType/getRegisterAccountType',
    { schema: { body: EmptyBody, response: { 200: AccountTypesResponse } } },
    async () => ok({ registerAccountTypeList: await accountTypes(db) }),
  );

  app.post(
    '/rest/accountType/getRegisterAccountTypeDetail/1',
    { schema: { body: RegisterAccountTypeDetailBody, response: { 200: AccountTypeDetailResponse } } },
    async (request) => ok({ accountRegisterDetail: await accountRegisterDetail(db, request.body.ids.split(',')) }),
  );

  app.post(
    '/rest/entryagreement/previewEntryAgreement/1',
    { schema: { body: EmptyBody, response: { 200: EntryAgreementResponse } } },
    async () => ok({ url: ENTRY_AGREEMENT_URL }),
  );

  app.post(
    '/rest/anon/agreement',
    { schema: { body: RegisterAgreementBody, response: { 200: AgreementResponse } } },
    async (request, reply) =>
      agreements.send(db, request, reply, request.body.code, async () => {
        const row = await agreement(db, request.body.code);
        return { code: row.code, title: row.title, content: row.content };
      }),
  );

  // The CFCA certificate agreement the key section's first consent names: an agreement page.
  app.post(
    '/rest/usbkey/getCFCAFileIdAndUrl/1',
    { schema: { body: EmptyBody, response: { 200: CfcaAgreementResponse } } },
    async () => {
      const row = await agreement(db, CFCA_AGREEMENT_CODE);
      return ok({ fileId: row.code, url: `/register/agreement/${row.code}` });
    },
  );

  app.post(
    '/rest/serviceArea/getAllServiceArea',
    { schema: { body: EmptyBody, response: { 200: ServiceAreasResponse } } },
    async () => ok({ serviceAreaList: await allServiceAreas(db) }),
  );

  app.post(
    '/rest/traderregister/getServiceAreaPhone',
    { schema: { body: ServiceAreaPhoneBody, response: { 200: ServiceAreaPhoneResponse } } },
    async (request) => ok(await serviceAreaPhone(db, request.body.serviceAreaCode)),
  );

  // Both checks answer anyone, so each address has a limit of them (REGISTER_CHECK_LIMIT):
  // the register is not to be read through them.
  app.post(
    '/rest/traderregister/checkTraderName',
    { schema: { body: CheckTraderNameBody, response: { 200: CheckResponse } } },
    async (request) => {
      await takeRegisterCheck(db, request.ip);
      const problem = await traderNameProblem(db, request.body.traderName);
      if (problem) throw new ApiError('504', problem);
      return ok(null);
    },
  );

  app.post(
    '/rest/traderregister/judgeExistEnterpriseInfo/1',
    { schema: { body: JudgeEnterpriseBody, response: { 200: CheckResponse } } },
    async (request) => {
      await takeRegisterCheck(db, request.ip);
      const problem = await creditCodeProblem(db, request.body.uniformCreditCode);
      if (problem) throw new ApiError('504', problem);
      return ok(null);
    },
  );

  // The applicant's status (docs/registration.md "The applicant's status").
  const sender = smsSenderFor(app.config, app.log);
  app.post(
    '/rest/anon/registerApply/sendStatusCode',
    { schema: { body: RegisterStatusCodeBody, response: { 200: StatusCodeResponse } } },
    async (request) => ok(await sendStatusCode(db, sender, request.body, request.ip)),
  );
  app.post(
    '/rest/anon/registerApply/queryStatus',
    { schema: { body: RegisterStatusQueryBody, response: { 200: ApplicantViewResponse } } },
    async (request) => ok(await queryStatus(db, signer, { ...request.body, ip: request.ip })),
  );
  app.post(
    '/rest/anon/registerApply/getStatus',
    { schema: { body: RegisterStatusTokenBody, response: { 200: ApplicantViewResponse } } },
    async (request) => ok(await statusByToken(db, signer, request.body.statusToken)),
  );

  // The submission, the one multipart route here: the application's JSON and at most 7 files
  // (2 + 2 + 2 + 1) of 10 MB.
  await app.register(async (submission) => {
    await submission.register(fastifyMultipart, SUBMISSION_MULTIPART);
    submission.post(
      '/rest/traderregister/addRegisterApply',
      { schema: { response: { 200: ApplyResponse } } },
      async (request) => ok(await submitApply({ db, store, signer }, request)),
    );
    // The correction of a returned application: the same parts, the status token in its header.
    submission.post(
      '/rest/traderregister/resubmitRegisterApply',
      {
        schema: {
          headers: StatusTokenHeaders,
          response: { 200: ApplyResponse },
        },
      },
      async (request) => {
        const token = request.headers[STATUS_TOKEN_HEADER];
        const status = await signer.statusOf(typeof token === 'string' ? token : null);
        if (status === null) throw new ApiError('400', STATUS_MESSAGES.expired);
        return ok(await submitApply({ db, store, signer }, request, { kind: 'resubmit', applyId: status.applyId }));
      },
    );
  });
};
