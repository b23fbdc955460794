import { AddPostBody } from '@cotton/sdk/contracts';
import type { FastifyRequest } from 'fastify';
import type { RowImport } from '../../lib/list/import-rows';
import type { ImportSheet } from '../../lib/list/xlsx-import';
import { addPost } from './service';

/** 岗位管理 › 导入: each row is a 新增岗位 (lib/list/import-rows.ts). */

type PostImportKey = 'code' | 'name' | 'sort' | 'status' | 'description';

export const POST_IMPORT_SHEET: ImportSheet<PostImportKey> = {
  columns: [
    { key: 'code', header: '岗位编码', width: 18, required: true },
    { key: 'name', header: '岗位名称', width: 20, required: true },
    { key: 'sort', header: '排序', width: 8 },
    { key: 'status', header: '状态', width: 10 },
    { key: 'description', header: '描述', width: 32 },
  ],
  maxRows: 1000,
};

export function postImport(request: FastifyRequest): RowImport<PostImportKey, typeof AddPostBody> {
  return {
    sheet: POST_IMPORT_SHEET,
    body: AddPostBody,
    unique: ['code', 'name'],
    toBody: (read) => ({
      code: read.text('code'),
      name: read.text('name'),
      sort: read.integer('sort'),
      status: read.status('status'),
      description: read.optional('description'),
    }),
    store: (tx, body) => addPost(tx, request, body),
  };
}
