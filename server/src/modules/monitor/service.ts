import { cpus, freemem, hostname, loadavg, platform, totalmem } from 'node:os';
import type { DatabaseInfo, ServerInfo, ServerProcess } from '@cotton/sdk/contracts';
import { asc, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysProcessHeartbeats } from '../../db/schema/index';
import { LOST_AFTER_MS, type ProcessHeartbeat } from './heartbeat';

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

function roleLabel(role: string): string {
  const worker = /^worker:(\d{1,6})$/.exec(role);
  return worker ? `工作进程 ${worker[1]}` : '主进程';
}

async function databaseInfo(db: AppDatabase, driver: DatabaseInfo['driver']): Promise<DatabaseInfo> {
  const started = performance.now();
  try {
    const [row] = rowsOf<{ version: string; size: string | number; connections: string | number }>(
      await db.execute(sql`
        select version() as version,
               pg_database_size(current_database()) as size,
               (select count(*) from pg_stat_activity where datname = current_database()) as connections`),
    );
    return {
      driver,
      status: 'up',
      error: null,
      version: row?.version ?? null,
      sizeBytes: row ? Number(row.size) : null,
      connections: row ? Number(row.connections) : null,
      latencyMs: Math.round((performance.now() - started) * 100) / 100,
    };
  } catch (error) {
    return {
      driver,
      status: 'down',
      error: error instanceof Error ? error.message.slice(0, 200) : '数据库无应答',
      version: null,
      sizeBytes: null,
      connections: null,
      latencyMs: null,
    };
  }
}

/**
 * `POST /rest/monitor/getServerInfo`: this host, every process from its heartbeat (this one's
 * written first, so it is never stale), and the database.
 */
export async function serverInfo(
  db: AppDatabase,
  heartbeat: ProcessHeartbeat,
  driver: DatabaseInfo['driver'],
  now = new Date(),
): Promise<ServerInfo> {
  const database = await databaseInfo(db, driver);
  let processes: ServerProcess[] = [];
  if (database.status === 'up') {
    await heartbeat.beat(now);
    const rows = await db
      .select()
      .from(sysProcessHeartbeats)
      .orderBy(asc(sysProcessHeartbeats.host), asc(sysProcessHeartbeats.startedAt), asc(sysProcessHeartbeats.pid));
    processes = rows.map((row) => ({
      host: row.host,
      pid: row.pid,
      role: roleLabel(row.role),
      nodeVersion: row.nodeVersion,
      startedAt: row.startedAt.toISOString(),
      uptimeSeconds: Math.max(0, Math.round((row.beatAt.getTime() - row.startedAt.getTime()) / 1000)),
      beatAt: row.beatAt.toISOString(),
      lost: now.getTime() - row.beatAt.getTime() > LOST_AFTER_MS,
      current: row.instanceId === heartbeat.instanceId,
      rssBytes: row.rssBytes,
      heapUsedBytes: row.heapUsedBytes,
      heapTotalBytes: row.heapTotalBytes,
      eventLoopDelayMs: row.eventLoopDelayMs,
      searchIndex: row.searchIndex,
    }));
  }
  return {
    readAt: now.toISOString(),
    host: {
      hostname: hostname(),
      platform: `${platform()} ${process.arch}`,
      cpus: cpus().length,
      loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
      totalMemoryBytes: totalmem(),
      freeMemoryBytes: freemem(),
    },
    processes,
    database,
  };
}
