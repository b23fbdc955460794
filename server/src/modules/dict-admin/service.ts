import type {
  AddDictBody,
  AddDictItemBody,
  AdminDictItemRow,
  AdminDictRow,
  BaseDataStatus,
  ListExportBody,
  ListRequest,
  UpdDictBody,
  UpdDictItemBody,
} from '@cotton/sdk/contracts';
import { dictAdminCodes } from '@cotton/sdk/contracts';
import { trimmed } from '@cotton/sdk/validators';
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { dictCategories, dictItems } from '../../db/schema/index';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { defineList, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { recordAudit } from '../shared/audit';
import { chinaTime } from '../shared/china-time';
import { parseIdList } from '../shared/id-list';

/**
 * 系统管理 › 数据字典 (docs/architecture.md "Dictionaries, regions and banks: administration").
 *
 * Codes are fixed once created: a category's code is what pages and checks ask for, an item's
 * code is what stored records hold (a registration's 证件类型 `1`), so renaming either would
 * cut them off silently. Names, order and 启用/停用 change freely; a disabled item leaves every
 * picker at once (the change signal); records holding it keep its code.
 */

/**
 * The categories the product itself reads, by whom: deleting one, or an item of one, would
 * break that page or check, so they are only edited and their items only disabled.
 */
export const SYSTEM_DICT_CATEGORIES: Readonly<Record<string, string>> = {
  WAREHOUSE_AREA_TYPE: '仓库查询、后台初始化',
  WAREHOUSE_STATUS: '仓单查询、后台初始化',
  TRADER_TYPE: '交易商注册',
  LR_CERTIFICATE_TYPE: '交易商注册',
  VTA_INVOICE_TRADER_TYPE: '交易商注册',
  WHS_TYPE: '仓库详情',
  WHS_BIZ_TYPE: '仓库详情',
  FREIGHT_YARD_TYPE: '仓库详情',
  STOCK_NAME: '仓单查询',
  PROCESSING_METHOD: '仓单查询',
  PICK_MODE: '仓单查询',
  PRODUCING_AREA: '仓单查询',
  PRODUCT_YEAR: '仓单查询',
  COLOR_GRADE: '仓单查询',
  MICRONAIRE_GRADE: '仓单查询',
  LENGTH_GRADE: '仓单查询',
};

export const DICT_ADMIN_MESSAGES = {
  notFound: '字典不存在或已删除',
  itemNotFound: '字典项不存在或已删除',
  codeTaken: '该字典编码已被使用，请更换',
  nameEmpty: '请输入字典名称',
  itemCodeTaken: '该字典项编码在本字典中已被使用，请更换',
  itemValueEmpty: '请输入字典项名称',
  noCategory: '请先选择字典',
  system: (names: string, users: string) => `字典「${names}」被系统功能（${users}）使用，不能删除`,
  systemItems: (name: string) => `字典「${name}」被系统功能使用，其字典项不能删除，请改为停用`,
} as const;

const itemCount = sql<number>`(
  select count(*)::int from ${dictItems} where ${dictItems.categoryCode} = ${dictCategories.code}
)`;
const enabledCount = sql<number>`(
  select count(*)::int from ${dictItems}
  where ${dictItems.categoryCode} = ${dictCategories.code} and ${dictItems.status} = '1'
)`;

/** The categories' allow-list: what the client may filter, sort and super-query on. */
export const dictList = defineList<AdminDictRow>()({
  table: dictCategories,
  key: dictCategories.id,
  fields: {
    code: {
      label: '字典编码',
      column: dictCategories.code,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 26 },
    },
    name: {
      label: '字典名称',
      column: dictCategories.name,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 20 },
    },
    description: {
      label: '描述',
      column: dictCategories.description,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 30 },
    },
    itemCount: {
      label: '字典项数',
      column: itemCount,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 10 },
    },
    enabledCount: { label: '启用项数', export: { width: 10 } },
    system: { label: '系统字典', export: { width: 10, value: (row) => (row.system ? '是' : '否') } },
    createTime: {
      label: '创建时间',
      column: dictCategories.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
  defaultSort: { field: 'code', order: 'asc' },
});

function dictRows(db: AppDatabase) {
  return async (query: CompiledList) => {
    const rows = await db
      .select({
        id: dictCategories.id,
        code: dictCategories.code,
        name: dictCategories.name,
        description: dictCategories.description,
        itemCount,
        enabledCount,
        createdAt: dictCategories.createdAt,
      })
      .from(dictCategories)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(({ createdAt, ...row }): AdminDictRow => ({
      ...row,
      id: String(row.id),
      system: Object.hasOwn(SYSTEM_DICT_CATEGORIES, row.code),
      createTime: createdAt.toISOString(),
    }));
  };
}

export async function dictPage(db: AppDatabase, body: ListRequest) {
  return dictList.page<AdminDictRow>(db, body, { rows: dictRows(db) });
}

export async function dictExport(db: AppDatabase, body: ListExportBody) {
  return dictList.exportRows(db, body, { rows: dictRows(db) });
}

/** 新增 / 编辑 / 删除 of categories (lib/admin-resource); a delete skips the ids gone. */
export const dictResource = defineAdminResource({
  entity: 'dict',
  action: 'dict',
  table: dictCategories,
  key: dictCategories.id,
  audited: {
    id: dictCategories.id,
    code: dictCategories.code,
    name: dictCategories.name,
    description: dictCategories.description,
  },
  notFound: DICT_ADMIN_MESSAGES.notFound,
  missing: 'ignore',
  duplicateCheck: { codes: [dictAdminCodes.add, dictAdminCodes.edit], open: ['code'] },
  unique: [{ field: 'code', message: DICT_ADMIN_MESSAGES.codeTaken, caseInsensitive: true }],
});

function dictFields(body: AddDictBody | UpdDictBody) {
  const name = trimmed(body.name);
  if (name === '') throw new ApiError('400', DICT_ADMIN_MESSAGES.nameEmpty);
  const description = trimmed(body.description);
  return { name, description: description === '' ? null : description };
}

export async function addDict(db: AppDatabase, request: FastifyRequest, body: AddDictBody) {
  const row = await dictResource.add(db, request, { code: body.code.trim(), ...dictFields(body) });
  return { id: String(row.id) };
}

export async function updateDict(db: AppDatabase, request: FastifyRequest, body: UpdDictBody) {
  return dictResource.update(db, request, Number(body.id), dictFields(body));
}

/** Deletes categories with their items; refused as a whole when one is read by the product. */
export async function deleteDicts(db: AppDatabase, request: FastifyRequest, idsText: string) {
  return dictResource.remove(db, request, parseIdList(idsText, '字典编号'), {
    check(_tx, categories) {
      const system = categories.filter((category) => Object.hasOwn(SYSTEM_DICT_CATEGORIES, category.code));
      if (system.length === 0) return;
      const users = [...new Set(system.flatMap((category) => SYSTEM_DICT_CATEGORIES[category.code].split('、')))];
      throw new ApiError(
        '400',
        DICT_ADMIN_MESSAGES.system(system.map((category) => category.name).join('、'), users.join('、')),
      );
    },
    // Each category's audit record keeps its items (they go with it).
    async audit(tx, categories) {
      const items = await tx
        .select({ categoryCode: dictItems.categoryCode, itemCode: dictItems.itemCode, itemValue: dictItems.itemValue })
        .from(dictItems)
        .where(
          inArray(
            dictItems.categoryCode,
            categories.map((category) => category.code),
          ),
        );
      return categories.map((category) => ({
        ...category,
        items: items.filter((item) => item.categoryCode === category.code),
      }));
    },
  });
}

// ---- items ----

/** The items' allow-list. `categoryCode` is required (the page always names its category). */
export const dictItemList = defineList<AdminDictItemRow>()({
  table: dictItems,
  key: dictItems.id,
  fields: {
    // Not a column of the page (one dictionary's items), but in every export: a re-import needs it.
    categoryCode: {
      label: '字典编码',
      column: dictItems.categoryCode,
      type: 'code',
      filter: 'eq',
      export: { width: 26, always: true },
    },
    itemCode: {
      label: '字典项编码',
      column: dictItems.itemCode,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 14 },
    },
    itemValue: {
      label: '字典项名称',
      column: dictItems.itemValue,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 24 },
    },
    sort: {
      label: '排序',
      column: dictItems.sort,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 8 },
    },
    status: {
      label: '状态',
      column: dictItems.status,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => (row.status === '2' ? '停用' : '启用') },
    },
    createTime: {
      label: '创建时间',
      column: dictItems.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
  defaultSort: { field: 'sort', order: 'asc' },
});

function requireCategory(body: Partial<ListRequest>): void {
  const category = body.filters?.categoryCode;
  if (typeof category !== 'string' || category.trim() === '') throw new ApiError('400', DICT_ADMIN_MESSAGES.noCategory);
}

function dictItemRows(db: AppDatabase) {
  return async (query: CompiledList) => {
    const rows = await db
      .select({
        id: dictItems.id,
        categoryCode: dictItems.categoryCode,
        itemCode: dictItems.itemCode,
        itemValue: dictItems.itemValue,
        sort: dictItems.sort,
        status: dictItems.status,
        createdAt: dictItems.createdAt,
      })
      .from(dictItems)
      .where(query.where)
      .orderBy(...query.orderBy, asc(dictItems.itemCode))
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(({ createdAt, ...row }): AdminDictItemRow => ({
      ...row,
      id: String(row.id),
      createTime: createdAt.toISOString(),
    }));
  };
}

export async function dictItemPage(db: AppDatabase, body: ListRequest) {
  requireCategory(body);
  return dictItemList.page<AdminDictItemRow>(db, body, { rows: dictItemRows(db) });
}

export async function dictItemExport(db: AppDatabase, body: ListExportBody) {
  requireCategory(body);
  return dictItemList.exportRows(db, body, { rows: dictItemRows(db) });
}

const AUDITED_ITEM = {
  id: dictItems.id,
  categoryCode: dictItems.categoryCode,
  itemCode: dictItems.itemCode,
  itemValue: dictItems.itemValue,
  sort: dictItems.sort,
  status: dictItems.status,
};

/** 新增 / 编辑 / 启用 / 停用 / 删除 of items (lib/admin-resource); a batch skips the ids gone. */
export const dictItemResource = defineAdminResource({
  entity: 'dictItem',
  action: 'dictItem',
  table: dictItems,
  key: dictItems.id,
  audited: AUDITED_ITEM,
  label: 'itemValue',
  notFound: DICT_ADMIN_MESSAGES.itemNotFound,
  missing: 'ignore',
  // The category's code comes as `withinVal`.
  duplicateCheck: { codes: [dictAdminCodes.add, dictAdminCodes.edit] },
  unique: [
    {
      field: 'itemCode',
      message: DICT_ADMIN_MESSAGES.itemCodeTaken,
      caseInsensitive: true,
      within: ['categoryCode'],
    },
  ],
});

function itemValueOf(text: string): string {
  const value = trimmed(text);
  if (value === '') throw new ApiError('400', DICT_ADMIN_MESSAGES.itemValueEmpty);
  return value;
}

export async function addDictItem(db: AppDatabase, request: FastifyRequest, body: AddDictItemBody) {
  const itemCode = body.itemCode.trim();
  const itemValue = itemValueOf(body.itemValue);
  const row = await dictItemResource.add(db, request, async (tx) => {
    const [category] = await tx
      .select({ code: dictCategories.code })
      .from(dictCategories)
      .where(eq(dictCategories.code, body.categoryCode));
    if (!category) throw new ApiError('404', DICT_ADMIN_MESSAGES.notFound);
    const sort = body.sort ?? (await nextSort(tx, category.code));
    return { categoryCode: category.code, itemCode, itemValue, sort, status: body.status };
  });
  return { id: String(row.id) };
}

/** After the category's last item. */
async function nextSort(tx: Tx, categoryCode: string): Promise<number> {
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${dictItems.sort}), 0)::int` })
    .from(dictItems)
    .where(eq(dictItems.categoryCode, categoryCode));
  return Math.min(last + 1, 9999);
}

export async function updateDictItem(db: AppDatabase, request: FastifyRequest, body: UpdDictItemBody) {
  const itemValue = itemValueOf(body.itemValue);
  return dictItemResource.update(db, request, Number(body.id), (_tx, before) => ({
    itemValue,
    sort: body.sort ?? before.sort,
    status: body.status,
  }));
}

export async function setDictItemStatus(
  db: AppDatabase,
  request: FastifyRequest,
  idsText: string,
  status: BaseDataStatus,
) {
  return dictItemResource.setStatus(db, request, parseIdList(idsText, '字典项编号'), status);
}

/**
 * One place up or down among its category's items (by 排序, then code): the two swap their
 * sort numbers, or take distinct ones when they were equal.
 */
export async function moveDictItem(db: AppDatabase, request: FastifyRequest, id: number, direction: 'up' | 'down') {
  return db.transaction(async (tx) => {
    const [item] = await tx.select(AUDITED_ITEM).from(dictItems).where(eq(dictItems.id, id));
    if (!item) throw new ApiError('404', DICT_ADMIN_MESSAGES.itemNotFound);
    const before =
      direction === 'up'
        ? or(lt(dictItems.sort, item.sort), and(eq(dictItems.sort, item.sort), lt(dictItems.itemCode, item.itemCode)))
        : or(gt(dictItems.sort, item.sort), and(eq(dictItems.sort, item.sort), gt(dictItems.itemCode, item.itemCode)));
    const order = direction === 'up' ? desc : asc;
    const [neighbour] = await tx
      .select(AUDITED_ITEM)
      .from(dictItems)
      .where(and(eq(dictItems.categoryCode, item.categoryCode), before))
      .orderBy(order(dictItems.sort), order(dictItems.itemCode))
      .limit(1);
    if (!neighbour) return { updated: 0 };
    let itemSort = neighbour.sort;
    let neighbourSort = item.sort;
    if (itemSort === neighbourSort) {
      // Equal numbers order by code: give the moved item one on the right side instead.
      itemSort = direction === 'up' ? Math.max(0, neighbour.sort - 1) : Math.min(9999, neighbour.sort + 1);
      neighbourSort = neighbour.sort;
    }
    await tx.update(dictItems).set({ sort: itemSort }).where(eq(dictItems.id, item.id));
    await tx.update(dictItems).set({ sort: neighbourSort }).where(eq(dictItems.id, neighbour.id));
    await recordAudit(tx, request, {
      action: 'dictItem.move',
      entity: 'dictItem',
      entityId: item.id,
      before: { ...item, neighbour: { itemCode: neighbour.itemCode, sort: neighbour.sort } },
      after: { ...item, sort: itemSort, neighbour: { itemCode: neighbour.itemCode, sort: neighbourSort } },
    });
    return { updated: 2 };
  });
}

/** Deletes items; refused in a category the product reads (停用 them instead). */
export async function deleteDictItems(db: AppDatabase, request: FastifyRequest, idsText: string) {
  return dictItemResource.remove(db, request, parseIdList(idsText, '字典项编号'), {
    async check(tx, items) {
      const system = items.find((item) => Object.hasOwn(SYSTEM_DICT_CATEGORIES, item.categoryCode));
      if (!system) return;
      const [category] = await tx
        .select({ name: dictCategories.name })
        .from(dictCategories)
        .where(eq(dictCategories.code, system.categoryCode));
      throw new ApiError('400', DICT_ADMIN_MESSAGES.systemItems(category?.name ?? system.categoryCode));
    },
  });
}
