import cluster, { type Worker } from 'node:cluster';
import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from './app';
import { prepareDatabase } from './bootstrap';
import { loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { whilePreparing } from './db/prepare-lock';
import { JOB_TYPES } from './job-types';
import { registerJobScheduler } from './jobs/scheduler';
import { notifyTaskFailure } from './modules/task/failure-notice';
import { readyMessage } from './logger';
import { serveClusterMetrics } from './modules/ops/cluster-metrics';
import type { App } from './app';

/** The primary's word to a worker: stop serving, close, exit. */
const SHUTDOWN = 'shutdown';

/**
 * The drain (docs/deployment.md "Draining"): `/readyz` answers 503 and every answer closes its
 * connection at once; after `SHUTDOWN_DELAY_MS` (time for the load balancer to see it) the port
 * closes — no new connection — and the requests in flight finish, for `SHUTDOWN_GRACE_MS` at
 * most: then their connections are cut. Resolves once Fastify is closed (its onClose hooks
 * run after the last connection: jobs, heartbeat).
 */
async function drainAndClose(app: App, config: Config): Promise<void> {
  app.readiness.drain();
  if (config.shutdownDelayMs > 0 && app.server.listening) {
    app.log.info({ ms: config.shutdownDelayMs }, '就绪检查已答 503，稍后停止接受新连接');
    await delay(config.shutdownDelayMs);
  }
  const grace = setTimeout(() => {
    app.log.warn({ ms: config.shutdownGraceMs }, '停止宽限期已到，断开仍未完成的请求');
    app.server.closeAllConnections();
  }, config.shutdownGraceMs);
  app.log.info('停止接受新连接，等待进行中的请求完成');
  try {
    await app.close();
  } finally {
    clearTimeout(grace);
  }
}

/**
 * One server process: opens the database, builds the app and listens. Alone (`prepare`),
 * it first migrates, registers the bundled plugins and seeds an empty database; as a
 * cluster worker the primary has done that. SIGINT/SIGTERM (alone) or the primary's
 * `shutdown` (worker) drain and close Fastify, then the database (PGlite keeps Node alive
 * otherwise); a stop during start-up waits for it to settle.
 */
async function serve(config: Config, { prepare }: { prepare: boolean }): Promise<void> {
  let app: App | undefined;
  let database: DatabaseHandle | undefined;
  let stopping = false;

  const startup = (async () => {
    const opened = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onPoolError: (error) => app?.log.error({ err: error }, '数据库连接异常'),
    });
    database = opened;
    const built = await buildApp({ db: opened.db, config });
    app = built;
    registerJobScheduler(built, opened.db, config, JOB_TYPES, notifyTaskFailure, (run) => {
      built.opsMetrics.jobRuns.inc({ job: run.jobType, outcome: run.status });
      built.opsMetrics.jobDuration.observe({ job: run.jobType }, run.durationMs / 1000);
    });
    if (prepare)
      // Nodes started together take turns (db/prepare-lock.ts).
      await whilePreparing(config.databaseUrl, () =>
        prepareDatabase(opened, {
          staticRoot: config.staticRoot,
          filesDir: config.filesDir,
          seedSize: config.seedSize,
          appEnv: config.appEnv,
          log: built.log,
        }),
      );
    if (!stopping) {
      await app.listen({ port: config.port, host: config.host });
      if (prepare) app.log.info(readyMessage(config, listeningPort(app)));
    }
  })();

  const shutdown = async () => {
    try {
      if (app) await drainAndClose(app, config);
      await database?.close();
    } catch (error) {
      app?.log.error({ err: error }, '停止服务时出错');
      process.exitCode = 1;
    }
  };

  const stop = (reason: string) => {
    if (stopping) {
      // A worker hears Ctrl-C and the primary's word for the same stop: once is enough.
      if (cluster.isWorker) return;
      app?.log.warn({ signal: reason }, '再次收到停止信号，立即退出');
      process.exit(1);
    }
    stopping = true;
    app?.log.info({ signal: reason }, '正在停止服务');
    void startup
      .catch(() => undefined)
      .then(shutdown)
      .then(() => {
        app?.log.info('服务已停止');
        // The IPC channel to the primary would keep a worker alive.
        if (cluster.isWorker) process.disconnect();
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (cluster.isWorker) {
    process.on('message', (message) => message === SHUTDOWN && stop(SHUTDOWN));
    // The primary is gone (killed): stop too rather than serve unsupervised.
    process.on('disconnect', () => stop('disconnect'));
  }

  try {
    await startup;
  } catch (error) {
    if (app) app.log.fatal({ err: error }, '启动失败');
    else console.error('启动失败', error);
    process.exitCode = 1;
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await shutdown();
    if (cluster.isWorker) process.disconnect();
  }
}

/**
 * The cluster's primary (`SERVER_WORKERS` > 1, PostgreSQL only): prepares the database once,
 * then forks the workers, which share the port (the primary hands them connections in
 * turn). A worker that dies after it was serving is replaced; one that dies while starting
 * stops the cluster (a broken start would only fail again). SIGINT/SIGTERM drain every
 * worker (each as a lone process would), a second one kills them. It also gathers the
 * workers' figures for `/metrics` (modules/ops/cluster-metrics.ts).
 */
async function supervise(config: Config): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ db: database.db, config });
  const log = app.log;
  try {
    await whilePreparing(config.databaseUrl, () =>
      prepareDatabase(database, {
        staticRoot: config.staticRoot,
        filesDir: config.filesDir,
        seedSize: config.seedSize,
        appEnv: config.appEnv,
        log,
      }),
    );
  } finally {
    await app.close();
    await database.close();
  }

  // A scrape reaches one worker; the primary answers it with every worker's figures.
  serveClusterMetrics();
  let stopping = false;
  const serving = new WeakSet<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => serving.add(worker));
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) log.info('服务已停止');
      return;
    }
    if (serving.has(worker)) {
      log.error({ workerPid: worker.process.pid, code, signal }, '服务进程意外退出，重新启动一个');
      fork();
      return;
    }
    log.fatal({ workerPid: worker.process.pid, code, signal }, '服务进程启动失败，停止全部服务进程');
    process.exitCode = 1;
    stopAll('startup-failure');
  });

  const stopAll = (reason: string) => {
    if (stopping) {
      log.warn({ signal: reason }, '再次收到停止信号，立即结束服务进程');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal: reason, workers: Object.keys(cluster.workers ?? {}).length }, '正在停止服务');
    for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) worker.send(SHUTDOWN);
  };
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);

  log.info({ workers: config.workers }, '启动服务进程');
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === config.workers) log.info(readyMessage(config, address.port));
  });
  for (let i = 0; i < config.workers; i++) fork();
}

function listeningPort(app: App): number {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : 0;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && config.workers > 1) await supervise(config);
  else await serve(config, { prepare: cluster.isPrimary });
}

main().catch((error: unknown) => {
  console.error('启动失败：', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
