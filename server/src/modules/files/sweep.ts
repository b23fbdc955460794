import { and, inArray, isNull, lt } from 'drizzle-orm';
import { Type } from 'typebox';
import type { AppDatabase } from '../../db/client';
import { files, pluginFiles } from '../../db/schema/index';
import type { JobType } from '../../jobs/job-type';
import { LocalFileStore, type FileStore } from './store';

/** Loose uploads (a form's previews that no application took) are kept a day. */
export const LOOSE_UPLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A temporary file this old while the server runs is one a crashed worker left (uploads take minutes at most). */
export const STALE_TEMPORARY_MS = 60 * 60 * 1000;

export interface SweepCounts {
  temporary: number;
  looseRows: number;
  bytes: number;
}

/**
 * DESIGN's sweep. Every hour: loose uploads past their day (rows) and temporary files an hour
 * old. At start only — before any process serves, when nothing can be under way — also every
 * temporary file and the bytes no row names. Bytes are never removed while processes serve:
 * a submission puts its bytes in place (or finds them there) before its transaction commits,
 * and a sweep between the two would delete what the commit is about to name.
 */
export async function sweepFiles(
  db: AppDatabase,
  store: FileStore,
  { atStart, now = new Date() }: { atStart: boolean; now?: Date },
): Promise<SweepCounts> {
  const temporary = await store.clearTemporary(atStart ? 0 : STALE_TEMPORARY_MS);
  const looseRows = (
    await db
      .delete(files)
      .where(and(isNull(files.attachedAt), lt(files.createdAt, new Date(now.getTime() - LOOSE_UPLOAD_RETENTION_MS))))
      .returning({ id: files.id })
  ).length;
  let bytes = 0;
  if (!atStart) return { temporary, looseRows, bytes };
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    // Bytes a file row or an installed plugin's file names are kept.
    const named = new Set(
      [
        ...(await db.select({ sha256: files.sha256 }).from(files).where(inArray(files.sha256, batch))),
        ...(await db
          .select({ sha256: pluginFiles.sha256 })
          .from(pluginFiles)
          .where(inArray(pluginFiles.sha256, batch))),
      ].map((row) => row.sha256),
    );
    for (const sha256 of batch) {
      if (named.has(sha256)) continue;
      await store.remove(sha256);
      bytes += 1;
    }
    batch = [];
  };
  for await (const sha256 of store.list()) {
    batch.push(sha256);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return { temporary, looseRows, bytes };
}

/** 清理上传文件: the hourly sweep while the server runs (the start's sweep is prepareDatabase's). */
export const sweepFilesJob: JobType = {
  name: 'sweep-files',
  title: '清理上传文件',
  description: '删除一天内未被任何申请使用的上传文件，以及中断上传留下的临时文件',
  params: Type.Object({}),
  defaultCron: '30 * * * *',
  async run({ db, config, scheduledAt }) {
    const counts = await sweepFiles(db, new LocalFileStore(config.filesDir), { atStart: false, now: scheduledAt });
    return `已清理临时文件 ${counts.temporary} 个，未使用的上传 ${counts.looseRows} 条`;
  },
};
