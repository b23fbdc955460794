import fastifyMultipart from '@fastify/multipart';
import { enterpriseCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { authOf } from '../auth/authenticate';
import type { FileSigner } from '../files/signing';
import type { FileStore } from '../files/store';
import { SUBMISSION_MULTIPART } from '../register/routes';
import { submitApply } from '../register/submit';
import { changeForm, enterpriseInfo } from './service';

export interface EnterpriseRoutesOptions {
  db: AppDatabase;
  store: FileStore;
  signer: FileSigner;
}

/**
 * 企业管理 › 企业信息 (docs/registration.md "Change requests"): each call is about the session
 * user's own enterprise.
 */
export const enterpriseRoutes: FastifyPluginAsyncTypebox<EnterpriseRoutesOptions> = async (
  app,
  { db, store, signer },
) => {
  route(app, enterpriseCalls.info, (request) => enterpriseInfo(db, signer, authOf(request).user.enterpriseId));
  route(app, enterpriseCalls.changeForm, (request) => changeForm(db, signer, authOf(request).user.enterpriseId));
  // The registration's multipart: the application's JSON (with the kept files' ids), then the files.
  await app.register(async (submission) => {
    await submission.register(fastifyMultipart, SUBMISSION_MULTIPART);
    route(submission, enterpriseCalls.submitChange, (request) => {
      const { user } = authOf(request);
      return submitApply({ db, store, signer }, request, {
        kind: 'change',
        enterpriseId: user.enterpriseId,
        phone: user.phone,
      });
    });
  });
};
