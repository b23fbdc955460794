import { AddBankBody } from '@cotton/sdk/contracts';
import type { FastifyRequest } from 'fastify';
import type { RowImport } from '../../lib/list/import-rows';
import type { ImportSheet } from '../../lib/list/xlsx-import';
import { addBank } from './service';

/** 银行管理 › 导入: each row is a 新增银行 (lib/list/import-rows.ts). */

type BankImportKey = 'code' | 'name' | 'sort' | 'status' | 'accountBank';

export const BANK_IMPORT_SHEET: ImportSheet<BankImportKey> = {
  columns: [
    { key: 'code', header: '银行代码', width: 14, required: true },
    { key: 'name', header: '银行名称', width: 28, required: true },
    { key: 'sort', header: '排序', width: 8 },
    { key: 'status', header: '状态', width: 10 },
    { key: 'accountBank', header: '结算账户开户行', width: 16 },
  ],
  maxRows: 1000,
};

export function bankImport(request: FastifyRequest): RowImport<BankImportKey, typeof AddBankBody> {
  return {
    sheet: BANK_IMPORT_SHEET,
    body: AddBankBody,
    unique: ['code', 'name'],
    toBody: (read) => ({
      code: read.text('code'),
      name: read.text('name'),
      sort: read.integer('sort'),
      status: read.status('status'),
      accountBank: read.yesNo('accountBank'),
    }),
    store: (tx, body) => addBank(tx, request, body),
  };
}
