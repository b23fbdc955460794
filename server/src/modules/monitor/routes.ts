import { monitorCalls, type SearchIndexState } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { HEARTBEAT_INTERVAL_MS, ProcessHeartbeat } from './heartbeat';
import { serverInfo } from './service';

/** 系统管理 › 系统监控 (docs/architecture.md "Monitor"): the system administrator's view of the servers. */
export const monitorRoutes: FastifyPluginAsync<{
  db: AppDatabase;
  config: Config;
  searchIndex: () => SearchIndexState | null;
}> = async (app, { db, config, searchIndex }) => {
  const heartbeat = new ProcessHeartbeat(db, searchIndex);
  const driver = config.databaseUrl ? 'postgres' : 'pglite';
  let timer: ReturnType<typeof setInterval> | undefined;
  const beat = () =>
    heartbeat
      .beat()
      .catch((error: unknown) => app.log.warn({ err: error }, '进程心跳写入失败，系统监控将显示该进程失联'));
  app.addHook('onReady', async () => {
    void beat();
    timer = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await heartbeat.stop().catch(() => undefined);
  });

  route(app, monitorCalls.serverInfo, () => serverInfo(db, heartbeat, driver));
};
