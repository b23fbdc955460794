import type { FastifyBaseLogger } from 'fastify';
import type { AppEnv } from './config';
import type { DatabaseHandle } from './db/client';
import { runDataMigrations, type DataMigration } from './db/data-migrations';
import { FILES_TO_DATABASE_MIGRATION } from './modules/files/import';
import { DatabaseFileStore } from './modules/files/store';
import { registerBundledPlugins } from './modules/plugin-registry/service';
import { WITHDRAWN_STATUS_MIGRATION } from './modules/cms-admin/withdrawn-status';
import { PRODUCT_YEARS_MIGRATION } from './modules/dict/product-years';
import { REGISTER_KEYS_MIGRATION } from './modules/register/recompute-keys';
import { isAuthSeeded, seedAuth, seedEnterpriseAccounts } from './seed/auth';
import {
  demoAccountName,
  demoAccountsWithDemoPassword,
  DISABLE_DEMO_ACCOUNTS_COMMAND,
  type DemoAccount,
} from './seed/demo-accounts';
import { isWarehouseTableEmpty, seedDatabase, type SeedSize } from './seed/index';

export interface PrepareOptions {
  staticRoot: string;
  /**
   * This node's files folder (`FILES_DIR`): its temporary uploads (cut off by a stop) are
   * cleared at start, and an upgrade from files on disk copies them into the database from here.
   */
  filesDir?: string;
  seedSize: SeedSize;
  appEnv: AppEnv;
  log: FastifyBaseLogger;
}

export const PRODUCTION_SEED_REFUSED =
  '数据库中没有数据：生产环境（APP_ENV=production）不会写入演示数据（演示账号的密码是公开的）。请连接已有正式数据的数据库；只想试用时不要设置 APP_ENV=production。';

/** Why a production start stops on a database whose demo accounts still open with their published passwords. */
export function demoAccountsRefused(
  accounts: ReadonlyArray<Pick<DemoAccount, 'enterpriseCode' | 'loginName'>>,
): string {
  return (
    `生产环境（APP_ENV=production）不能在演示账号可以登录时启动：${accounts.map(demoAccountName).join('、')} ` +
    `仍使用 README 中公开的演示密码。请先停止服务，用相同的 DATABASE_URL 或 DATA_DIR 运行 ${DISABLE_DEMO_ACCOUNTS_COMMAND}` +
    '（冻结这些账号并换成随机密码），再启动。'
  );
}

/**
 * The data migrations (db/data-migrations.ts), in order, each applied once after the SQL
 * migrations: row work that needs the server's own code.
 */
export const DATA_MIGRATIONS: readonly DataMigration[] = [
  REGISTER_KEYS_MIGRATION,
  PRODUCT_YEARS_MIGRATION,
  WITHDRAWN_STATUS_MIGRATION,
  FILES_TO_DATABASE_MIGRATION,
];

/**
 * Start-up work on the database: migrate, register the bundled plugins found under
 * `staticRoot`, and seed the demo data set `seedSize` when there are no warehouses yet (a
 * new user sees a living portal). The demo data — its accounts with passwords printed in
 * the README above all — never goes into a production database: there an empty database
 * stops the start with {@link PRODUCTION_SEED_REFUSED}, missing accounts are not made up, and
 * demo accounts a demo start left that still have their published passwords stop it with
 * {@link demoAccountsRefused}.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  { staticRoot, filesDir, seedSize, appEnv, log }: PrepareOptions,
): Promise<void> {
  await database.migrate();
  for (const { name, result } of await runDataMigrations(database.db, DATA_MIGRATIONS, { filesDir: filesDir ?? null }))
    log.info({ migration: name, ...result }, '数据迁移完成');
  log.info({ driver: database.driver }, '数据库迁移完成');
  if (filesDir) {
    // Before this node's processes serve: no upload is under way in its temporary folder (the
    // stored bytes are the database's, swept by the hourly job whichever node runs it).
    const temporary = await new DatabaseFileStore(database.db, filesDir).clearTemporary(0);
    if (temporary > 0) log.info({ temporary }, '已清理中断上传留下的临时文件');
  }
  await registerBundledPlugins(database.db, staticRoot, log);
  const emptyData = await isWarehouseTableEmpty(database.db);
  const noAccounts = !(await isAuthSeeded(database.db));
  if (appEnv === 'production') {
    if (emptyData) throw new Error(PRODUCTION_SEED_REFUSED);
    if (noAccounts) log.warn('数据库中没有账号：生产环境不写入演示账号，后台暂时无法登录');
    // A database first started as a demo keeps its accounts. One scrypt per demo account:
    // here, once, in the process that prepares the database — never per worker or request.
    const live = await demoAccountsWithDemoPassword(database.db);
    if (live.length > 0) throw new Error(demoAccountsRefused(live));
    return;
  }
  if (emptyData) {
    const summary = await seedDatabase(database.db, seedSize);
    log.info({ seedSize, ...summary }, '数据库为空，已写入演示数据');
  } else if (noAccounts) {
    // A database seeded before the accounts existed (issue 4) gets them on its next start.
    await database.db.transaction(async (tx) => {
      await seedAuth(tx);
      await seedEnterpriseAccounts(tx);
    });
    log.info('账号与菜单为空，已写入演示数据');
  }
}
