import type {
  AddBankBody,
  AdminBankRow,
  BaseDataStatus,
  ListExportBody,
  ListRequest,
  UpdBankBody,
} from '@cotton/sdk/contracts';
import { trimmed } from '@cotton/sdk/validators';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { banks } from '../../db/schema/index';
import { defineList, escapeLike, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { recordAudit } from '../shared/audit';
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

const AUDITED_BANK = {
  id: banks.id,
  code: banks.code,
  name: banks.name,
  sort: banks.sort,
  status: banks.status,
  accountBank: banks.accountBank,
};

function bankFields(body: AddBankBody | UpdBankBody) {
  const name = trimmed(body.name);
  if (name === '') throw new ApiError('400', BANK_MESSAGES.nameEmpty);
  return { name, status: body.status, accountBank: body.accountBank };
}

async function checkNameFree(tx: Tx, name: string): Promise<void> {
  const [taken] = await tx.select({ id: banks.id }).from(banks).where(eq(banks.name, name)).limit(1);
  if (taken) throw new ApiError('400', BANK_MESSAGES.nameTaken);
}

export async function addBank(db: AppDatabase, request: FastifyRequest, body: AddBankBody) {
  const fields = bankFields(body);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: banks.id }).from(banks).where(eq(banks.code, body.code)).limit(1);
    if (taken) throw new ApiError('400', BANK_MESSAGES.codeTaken);
    await checkNameFree(tx, fields.name);
    const sort =
      body.sort ??
      (await tx.select({ last: sql<number>`coalesce(max(${banks.sort}), 0)::int` }).from(banks))[0].last + 1;
    const values = { code: body.code, ...fields, sort };
    const [row] = await tx.insert(banks).values(values).returning({ id: banks.id });
    await recordAudit(tx, request, { action: 'bank.add', entity: 'bank', entityId: row.id, after: values });
    return { id: String(row.id) };
  });
}

export async function updateBank(db: AppDatabase, request: FastifyRequest, body: UpdBankBody) {
  const fields = bankFields(body);
  const id = Number(body.id);
  return db.transaction(async (tx) => {
    const [before] = await tx.select(AUDITED_BANK).from(banks).where(eq(banks.id, id));
    if (!before) throw new ApiError('404', BANK_MESSAGES.notFound);
    // Registration stores and checks the bank by its name: a rename would orphan applications.
    if (fields.name !== before.name) throw new ApiError('400', BANK_MESSAGES.nameFixed);
    const changed = { ...fields, sort: body.sort ?? before.sort };
    await tx.update(banks).set(changed).where(eq(banks.id, id));
    await recordAudit(tx, request, {
      action: 'bank.update',
      entity: 'bank',
      entityId: id,
      before,
      after: { ...before, ...changed },
    });
    return { updated: 1 };
  });
}

export async function setBankStatus(db: AppDatabase, request: FastifyRequest, idsText: string, status: BaseDataStatus) {
  const ids = parseIdList(idsText, '银行编号');
  return db.transaction(async (tx) => {
    const rows = await tx.select(AUDITED_BANK).from(banks).where(inArray(banks.id, ids));
    const changing = rows.filter((row) => row.status !== status);
    if (changing.length === 0) return { updated: 0 };
    await tx
      .update(banks)
      .set({ status })
      .where(
        inArray(
          banks.id,
          changing.map((row) => row.id),
        ),
      );
    for (const row of changing) {
      await recordAudit(tx, request, {
        action: status === '1' ? 'bank.enable' : 'bank.disable',
        entity: 'bank',
        entityId: row.id,
        before: row,
        after: { ...row, status },
      });
    }
    return { updated: changing.length };
  });
}
