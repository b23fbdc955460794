import fastifyMultipart from '@fastify/multipart';
import { registerCalls, registerStatusCalls, STATUS_TOKEN_HEADER } from '@cotton/sdk/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REGISTER_FILE_MAX_BYTES } from '@cotton/sdk/validators';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { PublicAnswerCache } from '../../lib/public-answer-cache';
import { ApiError } from '../../http/envelope';
import type { FileSigner } from '../files/signing';
import type { FileStore } from '../files/store';
import { queryStatus, sendStatusCode, statusByToken, STATUS_MESSAGES } from './status';
import { smsSenderFor } from '../sms/sender';
import { accountRegisterDetail, accountTypes, agreement, allServiceAreas, serviceAreaPhone } from './catalogue';
import { creditCodeProblem, takeRegisterCheck, traderNameProblem } from './duplicates';
import { MAX_APPLY_JSON, submitApply } from './submit';

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

  route(app, registerCalls.accountTypes, async () => ({ registerAccountTypeList: await accountTypes(db) }));
  route(app, registerCalls.accountTypeDetail, async (request) => ({
    accountRegisterDetail: await accountRegisterDetail(db, request.body.ids.split(',')),
  }));
  route(app, registerCalls.entryAgreement, () => ({ url: ENTRY_AGREEMENT_URL }));
  route(app, registerCalls.agreement, (request, reply) =>
    agreements.send(db, request, reply, request.body.code, async () => {
      const row = await agreement(db, request.body.code);
      return { code: row.code, title: row.title, content: row.content };
    }),
  );

  // The CFCA certificate agreement the key section's first consent names: an agreement page.
  route(app, registerCalls.cfcaAgreement, async () => {
    const row = await agreement(db, CFCA_AGREEMENT_CODE);
    return { fileId: row.code, url: `/register/agreement/${row.code}` };
  });

  route(app, registerCalls.serviceAreas, async () => ({ serviceAreaList: await allServiceAreas(db) }));
  route(app, registerCalls.serviceAreaPhone, (request) => serviceAreaPhone(db, request.body.serviceAreaCode));

  // Both checks answer anyone, so each address has a limit of them (REGISTER_CHECK_LIMIT):
  // the register is not to be read through them.
  route(app, registerCalls.checkTraderName, async (request) => {
    await takeRegisterCheck(db, request.ip);
    const problem = await traderNameProblem(db, request.body.traderName);
    if (problem) throw new ApiError('504', problem);
    return null;
  });
  route(app, registerCalls.checkCreditCode, async (request) => {
    await takeRegisterCheck(db, request.ip);
    const problem = await creditCodeProblem(db, request.body.uniformCreditCode);
    if (problem) throw new ApiError('504', problem);
    return null;
  });

  // The applicant's status (docs/registration.md "The applicant's status").
  const sender = smsSenderFor(app.config, app.log);
  route(app, registerStatusCalls.sendCode, (request) => sendStatusCode(db, sender, request.body, request.ip));
  route(app, registerStatusCalls.query, (request) => queryStatus(db, signer, { ...request.body, ip: request.ip }));
  route(app, registerStatusCalls.get, (request) => statusByToken(db, signer, request.body.statusToken));

  // The submission, the one multipart route here: the application's JSON and at most 7 files
  // (2 + 2 + 2 + 1) of 10 MB.
  await app.register(async (submission) => {
    await submission.register(fastifyMultipart, SUBMISSION_MULTIPART);
    route(submission, registerCalls.apply, (request) => submitApply({ db, store, signer }, request));
    // The correction of a returned application: the same parts, the status token in its header.
    route(submission, registerCalls.resubmit, async (request) => {
      const token = request.headers[STATUS_TOKEN_HEADER];
      const status = await signer.statusOf(typeof token === 'string' ? token : null);
      if (status === null) throw new ApiError('400', STATUS_MESSAGES.expired);
      return submitApply({ db, store, signer }, request, { kind: 'resubmit', applyId: status.applyId });
    });
  });
};
