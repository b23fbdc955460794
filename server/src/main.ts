import { buildApp } from './app';
import { prepareDatabase } from './bootstrap';
import { loadConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import type { App } from './app';

/**
 * Reads the configuration, opens the database, migrates, registers the bundled plugins,
 * seeds an empty database and listens. SIGINT/SIGTERM close Fastify, then the database
 * (PGlite keeps Node alive otherwise); a signal during start-up waits for it to settle.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  let app: App | undefined;
  let database: DatabaseHandle | undefined;
  let stopping = false;

  const startup = (async () => {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onPoolError: (error) => app?.log.error({ err: error }, '数据库连接异常'),
    });
    app = await buildApp({ db: database.db, config });
    await prepareDatabase(database, { staticRoot: config.staticRoot, seedSize: config.seedSize, log: app.log });
    if (!stopping) await app.listen({ port: config.port, host: config.host });
  })();

  const shutdown = async () => {
    try {
      await app?.close();
      await database?.close();
    } catch (error) {
      app?.log.error({ err: error }, '停止服务时出错');
      process.exitCode = 1;
    }
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      app?.log.warn({ signal }, '再次收到停止信号，立即退出');
      process.exit(1);
    }
    stopping = true;
    app?.log.info({ signal }, '正在停止服务');
    void startup
      .catch(() => undefined)
      .then(shutdown)
      .then(() => app?.log.info('服务已停止'));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    await startup;
  } catch (error) {
    if (app) app.log.fatal({ err: error }, '启动失败');
    else console.error('启动失败', error);
    process.exitCode = 1;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await shutdown();
  }
}

main().catch((error: unknown) => {
  console.error('启动失败：', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
