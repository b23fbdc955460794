import { randomBytes } from 'node:crypto';
import cluster from 'node:cluster';
import { hostname } from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { eq, lt } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import type { SearchIndexState } from '@cotton/sdk/contracts';
import { sysProcessHeartbeats } from '../../db/schema/index';

/** How often each process writes its figures. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** A process silent this long is shown as lost (stopped, or its event loop stuck). */
export const LOST_AFTER_MS = 4 * HEARTBEAT_INTERVAL_MS;
/** …and its row is removed after this long. */
export const FORGET_AFTER_MS = 10 * 60_000;

/**
 * This process's row of `sys_process_heartbeats` (docs/architecture.md "Monitor"). Each
 * application instance has its own id: a request reaches one process, so 系统监控 reads the
 * others' figures from the rows they keep fresh.
 */
export class ProcessHeartbeat {
  readonly instanceId: string;
  readonly startedAt = new Date(Date.now() - Math.round(process.uptime() * 1000));
  private readonly delay: IntervalHistogram;

  constructor(
    private readonly db: AppDatabase,
    private readonly searchIndex: () => SearchIndexState | null,
  ) {
    this.instanceId = `${hostname().slice(0, 80)}:${process.pid}:${randomBytes(6).toString('hex')}`;
    this.delay = monitorEventLoopDelay({ resolution: 20 });
    this.delay.enable();
  }

  /** Writes the current figures; the rows of processes gone for long are removed on the way. */
  async beat(now = new Date()): Promise<void> {
    const memory = process.memoryUsage();
    // The histogram's mean is NaN before its first sample.
    const meanMs = this.delay.count > 0 ? this.delay.mean / 1e6 : null;
    this.delay.reset();
    const figures = {
      host: hostname().slice(0, 128),
      pid: process.pid,
      role: cluster.isWorker && cluster.worker ? `worker:${cluster.worker.id}` : 'main',
      nodeVersion: process.version.slice(0, 32),
      startedAt: this.startedAt,
      beatAt: now,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      eventLoopDelayMs: meanMs === null ? null : Math.round(meanMs * 100) / 100,
      searchIndex: this.searchIndex(),
    };
    await this.db
      .insert(sysProcessHeartbeats)
      .values({ instanceId: this.instanceId, ...figures })
      .onConflictDoUpdate({ target: sysProcessHeartbeats.instanceId, set: figures });
    await this.db
      .delete(sysProcessHeartbeats)
      .where(lt(sysProcessHeartbeats.beatAt, new Date(now.getTime() - FORGET_AFTER_MS)));
  }

  /** A process that stops cleanly takes its row away (one that crashes is shown as lost). */
  async stop(): Promise<void> {
    this.delay.disable();
    await this.db.delete(sysProcessHeartbeats).where(eq(sysProcessHeartbeats.instanceId, this.instanceId));
  }
}
