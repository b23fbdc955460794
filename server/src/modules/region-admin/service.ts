import type {
  AddRegionBody,
  AdminRegionRow,
  BaseDataStatus,
  ListExportBody,
  ListRequest,
  UpdRegionBody,
} from '@cotton/sdk/contracts';
import { regionAdminCodes } from '@cotton/sdk/contracts';
import { trimmed } from '@cotton/sdk/validators';
import { eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { regions } from '../../db/schema/index';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { defineList, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';

/**
 * 系统管理 › 区域管理 (docs/architecture.md "Dictionaries, regions and banks: administration"):
 * the GB/T 2260 tree one level at a time, a child added under a region, names and order
 * edited, regions disabled and enabled. A code is fixed once created (warehouses, enterprises
 * and applications hold it). A disabled region leaves `getregions` — and so every cascader —
 * with what lies below it, at once in every process (the change signal).
 */

/** The country, root of the tree: neither listed nor disabled. */
export const ROOT_CODE = '100000';

export const REGION_ADMIN_MESSAGES = {
  notFound: '区域不存在',
  parentNotFound: '上级区域不存在',
  codeTaken: '该区域代码已被使用，请更换',
  nameEmpty: '请输入区域名称',
  nameTaken: '同一上级区域下已有同名区域，请更换',
  root: '全国根节点不能修改或停用',
  tooDeep: '区县级区域下不能再添加下级区域',
  directCounty: '省直辖县级行政区下不能再添加下级区域',
  province: '省级区域代码应为前两位省级代码（11～82）加 0000，如 650000',
  city: (prefix: string) =>
    `市级区域代码应以上级代码前两位「${prefix}」开头、中间两位不为 00、末两位为 00（省直辖县级行政区为 ${prefix}90xx），如 ${prefix}0100`,
  county: (prefix: string) => `区县级区域代码应以上级代码前四位「${prefix}」开头，末两位不为 00，如 ${prefix}02`,
} as const;

/**
 * Whether `code` has the GB/T 2260 shape of a child of `parent`: a province `PP0000`, a city
 * `PPCC00` (or a province-administered county-level city `PP90NN`), a county `PPCCNN`. Null
 * when it has; else the message.
 */
export function regionCodeProblem(parent: { code: string; level: number }, code: string): string | null {
  if (parent.level >= 3) return REGION_ADMIN_MESSAGES.tooDeep;
  if (parent.level === 0)
    return /^[1-8]\d0000$/.test(code) && code !== ROOT_CODE ? null : REGION_ADMIN_MESSAGES.province;
  if (parent.level === 1) {
    const prefix = parent.code.slice(0, 2);
    const middle = code.slice(2, 4);
    const last = code.slice(4, 6);
    const shaped = code.startsWith(prefix) && middle !== '00' && (middle === '90' ? last !== '00' : last === '00');
    return shaped ? null : REGION_ADMIN_MESSAGES.city(prefix);
  }
  if (parent.code.slice(2, 4) === '90') return REGION_ADMIN_MESSAGES.directCounty;
  const prefix = parent.code.slice(0, 4);
  return code.startsWith(prefix) && code.slice(4, 6) !== '00' ? null : REGION_ADMIN_MESSAGES.county(prefix);
}

const childCount = sql<number>`(
  select count(*)::int from ${regions} as child where child.parent_code = ${regions}.${sql.identifier('code')}
)`;

/** The list's allow-list: one level (`parentCode`) or, searched by name or code, every level. */
export const regionList = defineList<AdminRegionRow>()({
  table: regions,
  key: regions.id,
  fields: {
    code: {
      label: '区域代码',
      column: regions.code,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 12 },
    },
    name: {
      label: '区域名称',
      column: regions.name,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 24 },
    },
    // The level the page shows; in every export, as a re-import needs it.
    parentCode: {
      label: '上级区域代码',
      column: regions.parentCode,
      type: 'code',
      filter: 'eq',
      export: { width: 14, always: true },
    },
    level: {
      label: '级别',
      column: regions.level,
      type: 'number',
      filter: 'eq',
      sortable: true,
      superQuery: true,
      export: { width: 8, value: (row) => LEVEL_NAMES[row.level] ?? String(row.level) },
    },
    sort: {
      label: '排序',
      column: regions.sort,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 8 },
    },
    status: {
      label: '状态',
      column: regions.status,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => (row.status === '2' ? '停用' : '启用') },
    },
    childCount: { label: '下级区域数', export: { width: 12 } },
  },
  defaultSort: { field: 'sort', order: 'asc' },
});

/** Every region but the root. */
const NOT_ROOT = gt(regions.level, 0);

function regionRows(db: AppDatabase) {
  return async (query: CompiledList) => {
    const rows = await db
      .select({
        id: regions.id,
        code: regions.code,
        parentCode: regions.parentCode,
        name: regions.name,
        level: regions.level,
        sort: regions.sort,
        status: regions.status,
        childCount,
      })
      .from(regions)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((row): AdminRegionRow => ({ ...row, id: String(row.id) }));
  };
}

export async function regionPage(db: AppDatabase, body: ListRequest) {
  return regionList.page<AdminRegionRow>(db, body, { scope: NOT_ROOT, rows: regionRows(db) });
}

const LEVEL_NAMES: Record<number, string> = { 1: '省级', 2: '市级', 3: '区县级' };

export async function regionExport(db: AppDatabase, body: ListExportBody) {
  return regionList.exportRows(db, body, { scope: NOT_ROOT, rows: regionRows(db) });
}

/**
 * 新增 / 编辑 / 启用 / 停用 (lib/admin-resource), by code; a name is unique among its
 * siblings. The root is neither changed nor disabled.
 */
export const regionResource = defineAdminResource({
  entity: 'region',
  action: 'region',
  table: regions,
  key: regions.code,
  audited: {
    id: regions.id,
    code: regions.code,
    parentCode: regions.parentCode,
    name: regions.name,
    level: regions.level,
    sort: regions.sort,
    status: regions.status,
  },
  notFound: REGION_ADMIN_MESSAGES.notFound,
  // 区域名称 among the children of the parent the form names (`withinVal`, its code).
  duplicateCheck: { codes: [regionAdminCodes.add, regionAdminCodes.edit], fields: ['code', 'name'] },
  unique: [
    { field: 'code', message: REGION_ADMIN_MESSAGES.codeTaken },
    { field: 'name', message: REGION_ADMIN_MESSAGES.nameTaken, within: ['parentCode'] },
  ],
});

function nameOf(text: string): string {
  const name = trimmed(text);
  if (name === '') throw new ApiError('400', REGION_ADMIN_MESSAGES.nameEmpty);
  return name;
}

export async function addRegion(db: AppDatabase, request: FastifyRequest, body: AddRegionBody) {
  const name = nameOf(body.name);
  const row = await regionResource.add(db, request, async (tx) => {
    const [parent] = await tx
      .select({ code: regions.code, level: regions.level })
      .from(regions)
      .where(eq(regions.code, body.parentCode));
    if (!parent) throw new ApiError('404', REGION_ADMIN_MESSAGES.parentNotFound);
    const problem = regionCodeProblem(parent, body.code);
    if (problem) throw new ApiError('400', problem);
    return { code: body.code, parentCode: parent.code, name, level: parent.level + 1, sort: body.sort ?? 0 };
  });
  return { id: String(row.id) };
}

function editable(code: string) {
  if (code === ROOT_CODE) throw new ApiError('400', REGION_ADMIN_MESSAGES.root);
  return code;
}

export async function updateRegion(db: AppDatabase, request: FastifyRequest, body: UpdRegionBody) {
  const name = nameOf(body.name);
  return regionResource.update(db, request, editable(body.code), (_tx, before) => ({
    name,
    sort: body.sort ?? before.sort,
  }));
}

export async function setRegionStatus(db: AppDatabase, request: FastifyRequest, code: string, status: BaseDataStatus) {
  return regionResource.setStatus(db, request, [editable(code)], status);
}
