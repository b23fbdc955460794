/**
 * `node server/dist/seed.js [--size small|large]` (or `node scripts/seed.mjs …`): replaces
 * the reference data and warehouses of the configured database (DATABASE_URL, or PGlite in
 * DATA_DIR) with the deterministic seed. Stop a server using the same PGlite folder first.
 */
import { loadConfig, SEED_SIZES, type SeedSize } from '../config';
import { openDatabase } from '../db/client';
import { seedDatabase } from './index';
import { extendLogs } from './logs';
import { extendReceipts, LARGE_RECEIPT_COUNT } from './receipt';

function parseSize(args: string[], fallback: SeedSize): SeedSize {
  let size: string = fallback;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--size') size = args[++i] ?? '';
    else if (arg.startsWith('--size=')) size = arg.slice('--size='.length);
    else throw new Error(`未知参数：${arg}（用法：seed [--size small|large]）`);
  }
  if (!(SEED_SIZES as readonly string[]).includes(size)) {
    throw new Error(`--size 取值无效：${size}（可选：${SEED_SIZES.join('、')}）`);
  }
  return size as SeedSize;
}

async function run(): Promise<void> {
  const config = loadConfig();
  const size = parseSize(process.argv.slice(2), config.seedSize);
  if (config.appEnv === 'production')
    throw new Error('生产环境（APP_ENV=production）不写入演示数据：它会替换正式数据，其中的演示账号密码是公开的');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => console.error('数据库连接异常', error),
  });
  try {
    await database.migrate();
    const started = Date.now();
    const summary = await seedDatabase(database.db, size);
    // The benchmark's million receipts (issue 3): PostgreSQL only, see seed/receipt.ts.
    if (size === 'large' && config.databaseUrl)
      await extendReceipts(database.db, size, LARGE_RECEIPT_COUNT, (done) =>
        console.log(`仓单 ${done} / ${LARGE_RECEIPT_COUNT}`),
      );
    // The admin lists' million log rows (issue 31): PostgreSQL only, see seed/logs.ts.
    if (size === 'large' && config.databaseUrl) {
      const logs = await extendLogs(database.db);
      console.log(`操作日志 ${logs.operations} 条，登录日志 ${logs.logins} 条`);
    }
    const target = config.databaseUrl ? 'PostgreSQL' : `PGlite ${config.dataDir}`;
    console.log(`种子数据（${size}）已写入 ${target}，用时 ${Date.now() - started} ms：`, summary);
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
