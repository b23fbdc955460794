import { sql } from 'drizzle-orm';
import type { SearchIndexState } from '@cotton/sdk/contracts';
import { changeSignalOf } from '../../db/change-signal';
import type { AppDatabase } from '../../db/client';

/** What may keep a process from taking traffic, as `/readyz` names it. */
export type NotReady = 'database' | 'change-signal' | 'search-index' | 'draining';

const NOT_READY_WORDS: Record<NotReady, string> = {
  database: '数据库无应答',
  'change-signal': '变更信号未在监听',
  'search-index': '仓单检索索引尚未建立',
  draining: '正在停止服务',
};

/** How long `/readyz` waits for the database before it says it does not answer. */
export const DATABASE_CHECK_MS = 2_000;

export interface ReadinessReport {
  ready: boolean;
  failing: NotReady[];
  message: string;
}

/**
 * Whether this process should get traffic (docs/deployment.md "Health and readiness"): the
 * database answers, the change signal listens (else every cache reads the database and
 * another node's writes could be missed by one kept before), the receipt search index is
 * built, and the process is not stopping. Each check reads what its owner already knows.
 */
export class Readiness {
  private drainingSince: number | null = null;

  /**
   * `buildIndex` starts building the receipt index when it is neither built nor building: its
   * first build may have failed at start-up (it is otherwise retried on the first search, and
   * a node that is not ready gets no search).
   */
  constructor(
    private readonly db: AppDatabase,
    private readonly searchIndex: () => SearchIndexState | null,
    private readonly buildIndex: () => void = () => undefined,
  ) {}

  /** From now on `/readyz` answers 503 and every answer closes its connection (main.ts, on SIGTERM). */
  drain(): void {
    this.drainingSince ??= Date.now();
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  async check(): Promise<ReadinessReport> {
    const failing: NotReady[] = [];
    if (!(await this.databaseAnswers())) failing.push('database');
    if (!(changeSignalOf(this.db)?.status().live ?? false)) failing.push('change-signal');
    const index = this.searchIndex();
    if ((index?.rows ?? null) === null) {
      failing.push('search-index');
      if (!index?.building) this.buildIndex();
    }
    if (this.draining) failing.push('draining');
    return {
      ready: failing.length === 0,
      failing,
      message: failing.length === 0 ? '就绪' : `未就绪：${failing.map((name) => NOT_READY_WORDS[name]).join('、')}`,
    };
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
      timer.unref();
    });
    const answered = this.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([answered, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
