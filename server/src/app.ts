import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { AppDatabase } from './db/client';
import { publicAnswerBudget } from './lib/public-answer-cache';
import { casRoutes } from './modules/cas/routes';
import { accountRoutes } from './modules/account/routes';
import { registerAuthentication } from './modules/auth/authenticate';
import { authRoutes } from './modules/auth/routes';
import { cmsRoutes } from './modules/cms/routes';
import { cmsAdminRoutes } from './modules/cms-admin/routes';
import { complainRoutes } from './modules/complain/routes';
import { dictRoutes } from './modules/dict/routes';
import { dictAdminRoutes } from './modules/dict-admin/routes';
import { regionAdminRoutes } from './modules/region-admin/routes';
import { bankRoutes } from './modules/bank/routes';
import { fieldCheckRoutes } from './modules/field-check/routes';
import { financeRoutes } from './modules/finance/routes';
import { overviewRoutes } from './modules/overview/routes';
import { phoneLoginRoutes } from './modules/phone-login/routes';
import { pluginRegistryRoutes } from './modules/plugin-registry/routes';
import { portalRoutes } from './modules/portal/routes';
import { receiptRoutes } from './modules/receipt/routes';
import { ReceiptSearch } from './modules/receipt/search-engine';
import { regionRoutes } from './modules/region/routes';
import { reservationRoutes } from './modules/reservation/routes';
import { smsRoutes } from './modules/sms/routes';
import { thirdLoginRoutes } from './modules/third-login/routes';
import { menuAdminRoutes } from './modules/menu-admin/routes';
import { menuViewRoutes } from './modules/menu-view/routes';
import { roleAdminRoutes } from './modules/role-admin/routes';
import { appAdminRoutes } from './modules/app-admin/routes';
import { userAdminRoutes } from './modules/user-admin/routes';
import { enterpriseUserRoutes } from './modules/enterprise-user/routes';
import { orgAdminRoutes } from './modules/org-admin/routes';
import { postAdminRoutes } from './modules/post-admin/routes';
import { taskRoutes } from './modules/task/routes';
import { logRoutes } from './modules/log/routes';
import { registerLoginLog } from './modules/log/login-log';
import { registerOperationLog } from './modules/log/operation';
import { noticeRoutes } from './modules/notice/routes';
import { smsTemplateRoutes } from './modules/sms-template/routes';
import { dataRuleRoutes } from './modules/data-rule/routes';
import { warehouseRoutes } from './modules/warehouse/routes';
import { fileRoutes } from './modules/files/routes';
import { pluginAdminRoutes } from './modules/plugin-admin/routes';
import { pluginEntityRoutes } from './modules/plugin-entity/routes';
import { iconAdminRoutes } from './modules/icon-admin/routes';
import { monitorRoutes } from './modules/monitor/routes';
import { OpsMetrics } from './modules/ops/metrics';
import { Readiness } from './modules/ops/readiness';
import { opsRoutes, registerOpsHooks } from './modules/ops/routes';
import { findInstalledPluginFile, isPluginEnabled } from './modules/plugin-registry/service';
import { FileSigner } from './modules/files/signing';
import { DatabaseFileStore } from './modules/files/store';
import { registerRoutes } from './modules/register/routes';
import { registerReviewRoutes } from './modules/register-review/routes';
import { enterpriseRoutes } from './modules/enterprise/routes';
import { BODY_LIMIT, registerBodyLimits } from './http/body-limits';
import { registerApiCompression } from './http/compress';
import { ApiError, BAD_URL_MESSAGE, isRestPath, sendFailure } from './http/envelope';
import { registerEnvelope } from './http/envelope-handler';
import { registerRouteCatalogue } from './http/route-catalogue';
import { essentialSecurityHeaders, registerSecurityHeaders } from './http/security-headers';
import { registerStatic } from './http/static';
import { ajvOptions } from './http/validation-messages';
import type { SchemaCompilers } from './schema-compilers';
import { loggerOptions, registerRequestLog } from './logger';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDatabase;
    config: Config;
  }
}

export interface BuildAppOptions {
  db: AppDatabase;
  config: Config;
  /** Overrides the pino options derived from `config.logLevel` (tests capture logs with it). */
  logger?: FastifyServerOptions['logger'];
  /** Compilers shared with other apps of the process (schema-compilers.ts; the tests' servers). */
  schemaCompilers?: SchemaCompilers;
}

/**
 * The HTTP application: the API modules, the envelope and error handler, static hosting.
 * Holds no global state: the database and configuration come in as arguments and are
 * decorations of the instance. Migrating, seeding and listening are the caller's business.
 */
export async function buildApp({ db, config, logger, schemaCompilers }: BuildAppOptions) {
  const earlyHeaders = essentialSecurityHeaders({ publicUrl: config.publicUrl });
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // Fastify's own request lines are off; registerRequestLog writes one line per answer.
    logController: new LogController({ disableRequestLogging: true }),
    ajv: ajvOptions,
    ...(schemaCompilers ? { schemaController: { compilersFactory: schemaCompilers } } : {}),
    bodyLimit: BODY_LIMIT,
    // A request reaching a stopping process on a connection it already had is still answered
    // (the database closes after the last one): a 503 would be a failed request for the
    // visitor (docs/deployment.md "Draining").
    return503OnClosing: false,
    // A hop count trusts that many proxies nearest to us (what Fastify does with a number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A request whose URL cannot even be decoded (`/rest/anon/%c0`) still gets the envelope.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, 'request refused');
      reply.headers(earlyHeaders);
      return sendFailure(request, reply, new ApiError('400', BAD_URL_MESSAGE));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', db);
  app.decorate('config', config);
  registerRequestLog(app, config);
  registerEnvelope(app);
  registerBodyLimits(app);
  registerRouteCatalogue(app);
  // Dev mode's origins never reach production's policy, whatever the configuration holds.
  const devOrigins = config.appEnv === 'production' ? [] : config.pluginDevOrigins;
  await registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    devOrigins,
    frameOrigins: config.iframeAllowedOrigins,
  });
  // One index per process, shared by the search, 系统监控, /readyz and /metrics.
  const receiptSearch = new ReceiptSearch(db, { refreshIntervalMs: config.receiptIndexRefreshMs, log: app.log });
  const searchIndex = () => receiptSearch.state();
  const readiness = new Readiness(db, searchIndex, () => {
    receiptSearch.current().catch((error: unknown) => app.log.error({ err: error }, '仓单检索索引未能建立，稍后重试'));
  });
  const metrics = new OpsMetrics({ db, searchIndex, draining: () => readiness.draining });
  // Before the compression: they read the answers' envelopes before it turns them into bytes.
  registerOpsHooks(app, readiness, metrics);
  registerOperationLog(app, db);
  registerLoginLog(app, db, (method, outcome) => metrics.logins.inc({ method, outcome }));
  // Before the routes: it opts the /rest routes in as they are declared.
  await registerApiCompression(app);
  // Before the routes too: it guards the routes declaring `config.permission`.
  registerAuthentication(app, db);

  // One byte budget per process for every public answer cache (docs/architecture.md "Public answer cache").
  publicAnswerBudget.setLimit(config.publicAnswerCacheBytes);
  await app.register(pluginRegistryRoutes, { db });
  await app.register(portalRoutes, { db, config });
  await app.register(warehouseRoutes, { db });
  await app.register(regionRoutes, { db });
  await app.register(reservationRoutes, { db });
  await app.register(dictRoutes, { db });
  await app.register(dictAdminRoutes, { db });
  await app.register(regionAdminRoutes, { db });
  await app.register(bankRoutes, { db });
  await app.register(financeRoutes, { db });
  await app.register(receiptRoutes, { db, search: receiptSearch });
  await app.register(cmsRoutes, { db });
  await app.register(complainRoutes, { db });
  await app.register(authRoutes, { db, config });
  await app.register(overviewRoutes, { db });
  await app.register(smsRoutes, { db });
  await app.register(userAdminRoutes, { db });
  await app.register(enterpriseUserRoutes, { db });
  await app.register(menuViewRoutes, { db });
  await app.register(roleAdminRoutes, { db });
  await app.register(appAdminRoutes, { db });
  await app.register(menuAdminRoutes, { db, iframeOrigins: config.iframeAllowedOrigins });
  await app.register(orgAdminRoutes, { db });
  await app.register(postAdminRoutes, { db });
  await app.register(taskRoutes, { db });
  await app.register(logRoutes, { db });
  await app.register(noticeRoutes, { db });
  await app.register(smsTemplateRoutes, { db });
  await app.register(dataRuleRoutes, { db });
  await app.register(fieldCheckRoutes, { db });
  await app.register(phoneLoginRoutes, { db });
  // Stored files: one store (and its read cache) and one signing key for every route.
  const store = new DatabaseFileStore(db, config.filesDir);
  const signer = new FileSigner(db);
  await app.register(fileRoutes, { db, store, signer });
  await app.register(accountRoutes, { db, store });
  await app.register(registerRoutes, { db, store, signer });
  await app.register(registerReviewRoutes, { db, signer });
  await app.register(enterpriseRoutes, { db, store, signer });
  await app.register(pluginAdminRoutes, { db, store, signatures: config.pluginSignatures });
  await app.register(pluginEntityRoutes, { db, store, signer });
  await app.register(iconAdminRoutes, { db });
  await app.register(monitorRoutes, { db, config, searchIndex });
  await app.register(opsRoutes, { config, readiness, metrics });
  await app.register(cmsAdminRoutes, { db, store, signer });
  await app.register(thirdLoginRoutes, { db, config });
  await app.register(casRoutes, { db, config });

  const site = await registerStatic(app, {
    staticRoot: config.staticRoot,
    sourceMaps: config.appEnv !== 'production',
    installedPlugins: {
      find: (id, name) => findInstalledPluginFile(db, id, name),
      read: (sha256) => store.read(sha256),
      enabled: (id) => isPluginEnabled(db, id),
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (isRestPath(request.url)) return sendFailure(request, reply, new ApiError('404', '接口不存在'));
    return site.fallback(request, reply);
  });

  return app;
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
