import { AddRegionBody } from '@cotton/sdk/contracts';
import type { FastifyRequest } from 'fastify';
import type { RowImport } from '../../lib/list/import-rows';
import type { ImportSheet } from '../../lib/list/xlsx-import';
import { addRegion, ROOT_CODE } from './service';

/**
 * 区域管理 › 导入: each row is a 新增区域 (lib/list/import-rows.ts) under the region its
 * 上级区域代码 names — one in the tree, or a row of the same file (stored first); blank: a
 * province, under 全国 — its code in the GB/T 2260 shape of its level, as 新增 checks.
 */

type RegionImportKey = 'code' | 'name' | 'parentCode' | 'sort';

export const REGION_IMPORT_SHEET: ImportSheet<RegionImportKey> = {
  columns: [
    { key: 'code', header: '区域代码', width: 12, required: true },
    { key: 'name', header: '区域名称', width: 20, required: true },
    { key: 'parentCode', header: '上级区域代码', width: 14 },
    { key: 'sort', header: '排序', width: 8 },
  ],
  maxRows: 1000,
};

export function regionImport(request: FastifyRequest): RowImport<RegionImportKey, typeof AddRegionBody> {
  return {
    sheet: REGION_IMPORT_SHEET,
    body: AddRegionBody,
    unique: ['code'],
    tree: { key: 'code', parent: 'parentCode' },
    toBody: (read) => ({
      parentCode: read.text('parentCode') || ROOT_CODE,
      code: read.text('code'),
      name: read.text('name'),
      sort: read.integer('sort'),
    }),
    store: (tx, body) => addRegion(tx, request, body),
  };
}
