import { AddOrgBody } from '@cotton/sdk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sysOrgs } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import type { RowImport } from '../../lib/list/import-rows';
import type { ImportSheet } from '../../lib/list/xlsx-import';
import { authOf } from '../auth/authenticate';
import { addOrg } from './service';

/**
 * 机构管理 › 导入: each row is a 新增机构 (lib/list/import-rows.ts) — within the importer's data
 * scope, by the ceiling guard, as 新增 — under the organisation its 上级机构编码 names: one of
 * the enterprise's, or a row of the same file (stored first); blank: at the top.
 */

type OrgImportKey = 'code' | 'name' | 'parentCode' | 'sort';

export const ORG_IMPORT_SHEET: ImportSheet<OrgImportKey> = {
  columns: [
    { key: 'code', header: '机构编码', width: 18, required: true },
    { key: 'name', header: '机构名称', width: 24, required: true },
    { key: 'parentCode', header: '上级机构编码', width: 18 },
    { key: 'sort', header: '排序', width: 8 },
  ],
  maxRows: 500,
};

export const ORG_IMPORT_MESSAGES = {
  parentUnknown: (code: string) => `上级机构「${code}」不存在`,
} as const;

export function orgImport(request: FastifyRequest): RowImport<OrgImportKey, typeof AddOrgBody> {
  const enterpriseId = authOf(request).user.enterpriseId;
  return {
    sheet: ORG_IMPORT_SHEET,
    body: AddOrgBody,
    unique: ['code'],
    tree: { key: 'code', parent: 'parentCode' },
    toBody: (read) => ({ code: read.text('code'), name: read.text('name'), sort: read.integer('sort') }),
    async store(tx, body, { values }) {
      let parentId: string | null = null;
      if (values.parentCode !== '') {
        const [parent] = await tx
          .select({ id: sysOrgs.id })
          .from(sysOrgs)
          .where(and(eq(sysOrgs.enterpriseId, enterpriseId), sql`lower(${sysOrgs.code}) = lower(${values.parentCode})`))
          .limit(1);
        if (!parent) throw new ApiError('400', ORG_IMPORT_MESSAGES.parentUnknown(values.parentCode.slice(0, 32)));
        parentId = String(parent.id);
      }
      return addOrg(tx, request, { ...body, parentId });
    },
  };
}
