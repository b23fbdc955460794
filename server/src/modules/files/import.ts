import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { DataMigration } from '../../db/data-migrations';
import type { Tx } from '../../db/client';
import { SHA256, sha256Of, storeBytes } from './store';

/** How many unreadable files the refusal names (all are counted). */
const NAMED_MISSING = 5;

export function filesMissingMessage(filesDir: string | null, missing: string[]): string {
  const shown = missing.slice(0, NAMED_MISSING).join('、');
  return (
    `升级失败：数据库中有 ${missing.length} 个文件的内容不在文件目录 ${filesDir ?? '（未设置）'} 中或已损坏` +
    `（如 ${shown}${missing.length > NAMED_MISSING ? ' 等' : ''}）。` +
    '文件内容现已存入数据库，升级时要从原来的 FILES_DIR 读取一次：请在保存这些文件的机器上，' +
    '把 FILES_DIR 设为原来的文件目录后重新启动；本次升级未做任何改动。'
  );
}

/**
 * Upgrade to files in the database (migration 0047): copies the bytes every `files` and
 * `plugin_files` row names from `FILES_DIR/<sha256[0:2]>/<sha256>` into `file_blobs`, each
 * checked against its hash, then validates the foreign keys 0047 added unchecked. All in the
 * data migration's one transaction: a file missing or damaged stops the start with
 * {@link filesMissingMessage} and nothing is recorded, so the next start (with the right
 * `FILES_DIR`) tries again. The folder is left as it was: the operator removes it once the
 * portal runs (docs/deployment-files.md).
 */
export const FILES_TO_DATABASE_MIGRATION: DataMigration = {
  name: 'files-to-database',
  async run(tx, { filesDir }) {
    const named = rowsOf<{ sha256: string }>(
      await tx.execute(sql`
        select n.sha256 from (select sha256 from files union select sha256 from plugin_files) n
        where not exists (select 1 from file_blobs b where b.sha256 = n.sha256)
        order by n.sha256`),
    );
    const missing: string[] = [];
    let bytes = 0;
    for (const { sha256 } of named) {
      const content = filesDir && SHA256.test(sha256) ? await readStored(filesDir, sha256) : null;
      if (!content || sha256Of(content) !== sha256) {
        missing.push(sha256);
        continue;
      }
      await storeBytes(tx, sha256, content);
      bytes += content.length;
    }
    if (missing.length > 0) throw new Error(filesMissingMessage(filesDir, missing));
    await validateForeignKeys(tx);
    return { copied: named.length, bytes, from: filesDir };
  },
};

async function readStored(filesDir: string, sha256: string): Promise<Buffer | null> {
  try {
    return await readFile(join(filesDir, sha256.slice(0, 2), sha256));
  } catch {
    return null;
  }
}

async function validateForeignKeys(tx: Tx): Promise<void> {
  await tx.execute(sql`alter table files validate constraint files_sha256_fk`);
  await tx.execute(sql`alter table plugin_files validate constraint plugin_files_sha256_fk`);
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
