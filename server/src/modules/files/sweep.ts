import { and, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { AppDatabase } from '../../db/client';
import { fileBlobs, files, pluginFiles } from '../../db/schema/index';
import type { JobType } from '../../jobs/job-type';
import { DatabaseFileStore, type FileStore } from './store';

/** Loose uploads (a form's previews that no application took) are kept a day. */
export const LOOSE_UPLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A temporary file this old while the server runs is one a crashed worker left (uploads take minutes at most). */
export const STALE_TEMPORARY_MS = 60 * 60 * 1000;
/** Stored bytes looked at per transaction of the sweep. */
const BLOB_BATCH = 200;

export interface SweepCounts {
  temporary: number;
  looseRows: number;
  bytes: number;
}

/**
 * DESIGN's sweep, hourly as the job `sweep-files` (claimed in the database: one node runs
 * each hour's run): loose uploads past their day (rows), then the stored bytes no row names
 * any more (those rows' and others' — a replaced avatar, a deleted plugin), and this node's
 * temporary files an hour old. Safe beside uploads under way on any node: see {@link sweepBlobs}.
 */
export async function sweepFiles(
  db: AppDatabase,
  store: FileStore,
  { now = new Date() }: { now?: Date } = {},
): Promise<SweepCounts> {
  const temporary = await store.clearTemporary(STALE_TEMPORARY_MS);
  const looseRows = (
    await db
      .delete(files)
      .where(and(isNull(files.attachedAt), lt(files.createdAt, new Date(now.getTime() - LOOSE_UPLOAD_RETENTION_MS))))
      .returning({ id: files.id })
  ).length;
  return { temporary, looseRows, bytes: await sweepBlobs(db) };
}

/** PostgreSQL's foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = '23503';

function isForeignKeyViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
  }
  return false;
}

/**
 * Deletes the stored bytes no `files` or `plugin_files` row names, a batch per transaction.
 * Bytes an upload under way is storing or naming are locked by its transaction (the store's
 * `for key share`, the foreign key's check) and skipped; bytes a row named just after this
 * statement looked make the delete fail on the foreign key — that batch is then taken one
 * by one, and what is named stays.
 */
export async function sweepBlobs(db: AppDatabase): Promise<number> {
  const unnamed = (only?: string) =>
    and(
      only === undefined ? undefined : eq(fileBlobs.sha256, only),
      notExists(
        db
          .select({ one: sql`1` })
          .from(files)
          .where(eq(files.sha256, fileBlobs.sha256)),
      ),
      notExists(
        db
          .select({ one: sql`1` })
          .from(pluginFiles)
          .where(eq(pluginFiles.sha256, fileBlobs.sha256)),
      ),
    );
  const remove = (limit: number, only?: string) =>
    db.transaction(async (tx) => {
      const locked = tx
        .select({ sha256: fileBlobs.sha256 })
        .from(fileBlobs)
        .where(unnamed(only))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await tx
        .delete(fileBlobs)
        .where(inArray(fileBlobs.sha256, locked))
        .returning({ sha256: fileBlobs.sha256 });
      return rows.length;
    });
  let removed = 0;
  for (;;) {
    let count: number;
    try {
      count = await remove(BLOB_BATCH);
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      // A row named some of them meanwhile: the batch again, one by one (each its own
      // transaction); what is named stays, and the next hour's sweep looks again.
      const candidates = await db
        .select({ sha256: fileBlobs.sha256 })
        .from(fileBlobs)
        .where(unnamed())
        .limit(BLOB_BATCH);
      for (const { sha256 } of candidates) {
        try {
          removed += await remove(1, sha256);
        } catch (single) {
          if (!isForeignKeyViolation(single)) throw single;
        }
      }
      return removed;
    }
    removed += count;
    if (count < BLOB_BATCH) return removed;
  }
}

/** 清理上传文件: the hourly sweep (the start clears only the node's temporary folder). */
export const sweepFilesJob: JobType = {
  name: 'sweep-files',
  title: '清理上传文件',
  description: '删除一天内未被任何申请使用的上传文件、不再被引用的文件内容，以及中断上传留下的临时文件',
  params: Type.Object({}),
  defaultCron: '30 * * * *',
  async run({ db, config, scheduledAt }) {
    const counts = await sweepFiles(db, new DatabaseFileStore(db, config.filesDir), { now: scheduledAt });
    return `已清理临时文件 ${counts.temporary} 个，未使用的上传 ${counts.looseRows} 条，不再引用的文件内容 ${counts.bytes} 份`;
  },
};
