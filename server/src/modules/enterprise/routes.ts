import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import { authOf } from '../auth/authenticate';
import type { FileSigner } from '../files/signing';
import type { FileStore } from '../files/store';
import { SUBMISSION_MULTIPART } from '../register/routes';
import { submitApply } from '../register/service';
import { ChangeApplyResponse, ChangeFormResponse, EmptyBody, EnterpriseInfoResponse } from './schema';
import { ENTERPRISE_CHANGE_PERMISSION, ENTERPRISE_INFO_PERMISSION, changeForm, enterpriseInfo } from './service';

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
  app.post(
    '/rest/enterprise/getEnterpriseInfo',
    {
      config: { permission: ENTERPRISE_INFO_PERMISSION },
      schema: { body: EmptyBody, response: { 200: EnterpriseInfoResponse } },
    },
    async (request) => ok(await enterpriseInfo(db, signer, authOf(request).user.enterpriseId)),
  );
  app.post(
    '/rest/enterprise/getChangeForm',
    {
      config: { permission: ENTERPRISE_CHANGE_PERMISSION },
      schema: { body: EmptyBody, response: { 200: ChangeFormResponse } },
    },
    async (request) => ok(await changeForm(db, signer, authOf(request).user.enterpriseId)),
  );
  // The registration's multipart: the application's JSON (with the kept files' ids), then the files.
  await app.register(async (submission) => {
    await submission.register(fastifyMultipart, SUBMISSION_MULTIPART);
    submission.post(
      '/rest/enterprise/submitChangeApply',
      { config: { permission: ENTERPRISE_CHANGE_PERMISSION }, schema: { response: { 200: ChangeApplyResponse } } },
      async (request) => {
        const { user } = authOf(request);
        return ok(
          await submitApply({ db, store, signer }, request, {
            kind: 'change',
            enterpriseId: user.enterpriseId,
            phone: user.phone,
          }),
        );
      },
    );
  });
};
