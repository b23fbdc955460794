/**
 * `npm run demo-accounts:disable` (`node server/dist/demo-accounts.js`): freezes every demo
 * account (seed/demo-accounts.ts) of the configured database (DATABASE_URL, or PGlite in
 * DATA_DIR) that still has its published password, and gives it a random one — what a
 * production start asks for when it finds them. Stop a server using the same PGlite folder
 * first. Accounts whose password was changed are left as they are; running it again changes
 * nothing.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { demoAccountName, disableDemoAccounts } from './demo-accounts';

async function run(): Promise<void> {
  if (process.argv.length > 2)
    throw new Error(`未知参数：${process.argv.slice(2).join(' ')}（用法：demo-accounts:disable）`);
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => console.error('数据库连接异常', error),
  });
  try {
    // The tables as the server about to start expects them.
    await database.migrate();
    const disabled = await disableDemoAccounts(database.db);
    const target = config.databaseUrl ? 'PostgreSQL' : `PGlite ${config.dataDir}`;
    const frozen = disabled.filter((account) => account.initialPassword === null);
    const kept = disabled.filter((account) => account.initialPassword !== null);
    if (disabled.length === 0) console.log(`${target} 中没有仍使用演示密码的演示账号，未做修改`);
    if (frozen.length > 0)
      console.log(
        `已冻结 ${target} 中仍使用演示密码的演示账号并换成随机密码：${frozen.map(demoAccountName).join('、')}（已记入操作审计）。需要使用时，由管理员在 用户管理 中重置密码并解冻。`,
      );
    // Printed once, here only: the one way into a database whose administrators were all demo accounts.
    for (const account of kept)
      console.log(
        `系统管理员 ${demoAccountName(account)} 未冻结，已换成新的初始密码：${account.initialPassword}（只显示这一次，首次登录须修改）`,
      );
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
