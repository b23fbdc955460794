import type {
  AddBankBody,
  AdminBankRow,
  BaseDataStatus,
  ListExportBody,
  ListRequest,
  UpdBankBody,
} from '@cotton/sdk/contracts';
import { bankCodes } from '@cotton/sdk/contracts';
import { trimmed } from '@cotton/sdk/validators';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { banks } from '../../db/schema/index';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { defineList, escapeLike, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { chinaTime } from '../shared/china-time';
import { parseIdList } from '../shared/id-list';

/**
 * Banks (docs/architecture.md "Dictionaries, regions and banks: administration"): the
 * registration form's bank picker (`queryBanks`: the enabled banks) and the settlement
 * account's (`queryAccountBanks`: the enabled banks flagged 结算账户开户行), and 系统管理 ›
 * 银行管理. A bank is disabled, not deleted: applications hold its name. Its code (the CNAPS
 * 行别代码) is fixed once created.
 */

export const BANK_MESSAGES = {
  notFound: '银行不存在',
  codeTaken: '该银行代码已被使用，请更换',
  nameTaken: '该银行名称已被使用，请更换',
  nameEmpty: '请输入银行名称',
  nameFixed: '银行名称创建后不能修改：已提交的申请按名称保存所选银行。如需更名，请停用该银行后新增',
} as const;

/** The enabled banks whose name contains `keyWord` (at most 50); `accountOnly`: the settlement banks. */
export async function searchBanks(db: AppDatabase, keyWord: string | undefined, accountOnly: boolean) {
  const word = (keyWord ?? '').trim();
  const rows = await db
    .select({ code: banks.code, value: banks.name })
    .from(banks)
    .where(
      and(
        eq(banks.status, '1'),
        accountOnly ? eq(banks.accountBank, true) : undefined,
        word === '' ? undefined : like(banks.name, `%${escapeLike(word)}%`),
      ),
    )
    .orderBy(asc(banks.sort), asc(banks.code))
    .limit(50);
  return { banks: rows };
}

const accountBankCode = sql<string>`case when ${banks.accountBank} then '1' else '0' end`;

export const bankList = defineList<AdminBankRow>()({
  table: banks,
  key: banks.id,
  fields: {
    code: {
      label: '银行代码',
      column: banks.code,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 14 },
    },
    name: {
      label: '银行名称',
      column: banks.name,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 28 },
    },
    sort: { label: '排序', column: banks.sort, type: 'number', sortable: true, superQuery: true, export: { width: 8 } },
    status: {
      label: '状态',
      column: banks.status,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => (row.status === '2' ? '停用' : '启用') },
    },
    accountBank: {
      label: '结算账户开户行',
      column: accountBankCode,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 16, value: (row) => (row.accountBank ? '是' : '否') },
    },
    createTime: {
      label: '创建时间',
      column: banks.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
  defaultSort: { field: 'sort', order: 'asc' },
});

function bankRows(db: AppDatabase) {
  return async (query: CompiledList) => {
    const rows = await db
      .select({
        id: banks.id,
        code: banks.code,
        name: banks.name,
        sort: banks.sort,
        status: banks.status,
        accountBank: banks.accountBank,
        createdAt: banks.createdAt,
      })
      .from(banks)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(({ createdAt, ...row }): AdminBankRow => ({
      ...row,
      id: String(row.id),
      createTime: createdAt.toISOString(),
    }));
  };
}

export async function bankPage(db: AppDatabase, body: ListRequest) {
  return bankList.page<AdminBankRow>(db, body, { rows: bankRows(db) });
}

export async function bankExport(db: AppDatabase, body: ListExportBody) {
  return bankList.exportRows(db, body, { rows: bankRows(db) });
}

/** 新增 / 编辑 / 启用 / 停用 (lib/admin-resource); a status change skips the ids gone. */
export const bankResource = defineAdminResource({
  entity: 'bank',
  action: 'bank',
  table: banks,
  key: banks.id,
  audited: {
    id: banks.id,
    code: banks.code,
    name: banks.name,
    sort: banks.sort,
    status: banks.status,
    accountBank: banks.accountBank,
  },
  notFound: BANK_MESSAGES.notFound,
  missing: 'ignore',
  duplicateCheck: { codes: [bankCodes.add, bankCodes.edit] },
  unique: [
    { field: 'code', message: BANK_MESSAGES.codeTaken },
    { field: 'name', message: BANK_MESSAGES.nameTaken },
  ],
});

function bankFields(body: AddBankBody | UpdBankBody) {
  const name = trimmed(body.name);
  if (name === '') throw new ApiError('400', BANK_MESSAGES.nameEmpty);
  return { name, status: body.status, accountBank: body.accountBank };
}

export async function addBank(db: AppDatabase, request: FastifyRequest, body: AddBankBody) {
  const fields = bankFields(body);
  const row = await bankResource.add(db, request, async (tx) => ({
    code: body.code,
    ...fields,
    sort:
      body.sort ??
      (await tx.select({ last: sql<number>`coalesce(max(${banks.sort}), 0)::int` }).from(banks))[0].last + 1,
  }));
  return { id: String(row.id) };
}

export async function updateBank(db: AppDatabase, request: FastifyRequest, body: UpdBankBody) {
  const fields = bankFields(body);
  return bankResource.update(db, request, Number(body.id), (_tx, before) => {
    // Registration stores and checks the bank by its name: a rename would orphan applications.
    if (fields.name !== before.name) throw new ApiError('400', BANK_MESSAGES.nameFixed);
    return { ...fields, sort: body.sort ?? before.sort };
  });
}

export async function setBankStatus(db: AppDatabase, request: FastifyRequest, idsText: string, status: BaseDataStatus) {
  return bankResource.setStatus(db, request, parseIdList(idsText, '银行编号'), status);
}
