import { AddDictItemBody } from '@cotton/sdk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { dictCategories } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import type { RowImport } from '../../lib/list/import-rows';
import type { ImportSheet } from '../../lib/list/xlsx-import';
import { addDictItem, DICT_ADMIN_MESSAGES } from './service';

/**
 * 数据字典 › 字典项 › 导入: each row is a 新增字典项 (lib/list/import-rows.ts) of the dictionary
 * chosen on the page, sent with the file as the field `categoryCode`.
 */

type DictItemImportKey = 'itemCode' | 'itemValue' | 'sort' | 'status';

export const DICT_ITEM_IMPORT_SHEET: ImportSheet<DictItemImportKey> = {
  columns: [
    { key: 'itemCode', header: '字典项编码', width: 16, required: true },
    { key: 'itemValue', header: '字典项名称', width: 24, required: true },
    { key: 'sort', header: '排序', width: 8 },
    { key: 'status', header: '状态', width: 10 },
  ],
  maxRows: 1000,
};

/** The dictionary the file's items go into: it must exist. */
export async function importCategory(db: AppDatabase, fields: Map<string, string>): Promise<string> {
  const code = (fields.get('categoryCode') ?? '').trim();
  if (code === '') throw new ApiError('400', DICT_ADMIN_MESSAGES.noCategory);
  const [category] = await db
    .select({ code: dictCategories.code })
    .from(dictCategories)
    .where(eq(dictCategories.code, code.slice(0, 64)));
  if (!category) throw new ApiError('404', DICT_ADMIN_MESSAGES.notFound);
  return category.code;
}

export function dictItemImport(
  request: FastifyRequest,
  categoryCode: string,
): RowImport<DictItemImportKey, typeof AddDictItemBody> {
  return {
    sheet: DICT_ITEM_IMPORT_SHEET,
    body: AddDictItemBody,
    unique: ['itemCode'],
    toBody: (read) => ({
      categoryCode,
      itemCode: read.text('itemCode'),
      itemValue: read.text('itemValue'),
      sort: read.integer('sort'),
      status: read.status('status'),
    }),
    store: (tx, body) => addDictItem(tx, request, body),
  };
}
