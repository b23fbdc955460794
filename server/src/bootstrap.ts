import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db/client';
import { registerBundledPlugins } from './modules/plugin-registry/service';
import { isAuthSeeded, seedAuth } from './seed/auth';
import { isWarehouseTableEmpty, seedDatabase, type SeedSize } from './seed/index';

export interface PrepareOptions {
  staticRoot: string;
  seedSize: SeedSize;
  log: FastifyBaseLogger;
}

/**
 * Start-up work on the database: migrate, register the bundled plugins found under
 * `staticRoot`, and seed `seedSize` when there are no warehouses yet (a new user sees a
 * living portal).
 */
export async function prepareDatabase(database: DatabaseHandle, { staticRoot, seedSize, log }: PrepareOptions): Promise<void> {
  await database.migrate();
  log.info({ driver: database.driver }, '数据库迁移完成');
  await registerBundledPlugins(database.db, staticRoot, log);
  if (await isWarehouseTableEmpty(database.db)) {
    const summary = await seedDatabase(database.db, seedSize);
    log.info({ seedSize, ...summary }, '数据库为空，已写入种子数据');
  }
  // A database seeded before the accounts existed (issue 4) gets them on its next start.
  if (!(await isAuthSeeded(database.db))) {
    await database.db.transaction((tx) => seedAuth(tx));
    log.info('账号与菜单为空，已写入种子数据');
  }
}
