import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { pickColumns, sendXlsx } from '../../lib/list/xlsx';
import { ok } from '../../http/envelope';
import {
  AddBankBody,
  AddedResponse,
  AdminBankPageResponse,
  BankStatusBody,
  BanksResponse,
  ListExportBody,
  ListRequest,
  QueryBanksBody,
  UpdatedResponse,
  UpdBankBody,
} from './schema';
import {
  addBank,
  BANK_ADD_PERMISSION,
  BANK_EDIT_PERMISSION,
  BANK_EXPORT_COLUMNS,
  BANK_LIST_PERMISSION,
  bankExport,
  bankPage,
  searchBanks,
  setBankStatus,
  updateBank,
} from './service';

/** Banks: registration's pickers (anonymous) and 系统管理 › 银行管理. */
export const bankRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/bank/queryBanks',
    { schema: { body: QueryBanksBody, response: { 200: BanksResponse } } },
    async (request) => ok(await searchBanks(db, request.body.keyWord, false)),
  );

  app.post(
    '/rest/bank/queryAccountBanks',
    { schema: { body: QueryBanksBody, response: { 200: BanksResponse } } },
    async (request) => ok(await searchBanks(db, request.body.keyWord, true)),
  );

  app.post(
    '/rest/bank/getBankPage',
    {
      config: { permission: BANK_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: AdminBankPageResponse } },
    },
    async (request) => ok(await bankPage(db, request.body)),
  );

  app.post(
    '/rest/bank/exportXls',
    // A file, not an envelope: no response schema; a refusal before the first byte is an envelope.
    { config: { permission: BANK_LIST_PERMISSION }, schema: { body: ListExportBody } },
    async (request, reply) => {
      const { columns, batches } = await bankExport(db, request.body);
      return sendXlsx(reply, {
        filename: '银行.xlsx',
        sheetName: '银行',
        columns: pickColumns(BANK_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );

  app.post(
    '/rest/bank/addBank',
    { config: { permission: BANK_ADD_PERMISSION }, schema: { body: AddBankBody, response: { 200: AddedResponse } } },
    async (request) => ok(await addBank(db, request, request.body)),
  );

  app.post(
    '/rest/bank/updBank',
    {
      config: { permission: BANK_EDIT_PERMISSION },
      schema: { body: UpdBankBody, response: { 200: UpdatedResponse } },
    },
    async (request) => ok(await updateBank(db, request, request.body)),
  );

  app.post(
    '/rest/bank/updBankStatus',
    {
      config: { permission: BANK_EDIT_PERMISSION },
      schema: { body: BankStatusBody, response: { 200: UpdatedResponse } },
    },
    async (request) => ok(await setBankStatus(db, request, request.body.ids, request.body.status)),
  );
};
