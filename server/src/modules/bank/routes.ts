import { bankCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import { importRows, registerListImport } from '../../lib/list/import-rows';
import { bankImport, BANK_IMPORT_SHEET } from './import';
import { addBank, bankExport, bankPage, searchBanks, setBankStatus, updateBank } from './service';

/** Banks: registration's pickers (anonymous) and 系统管理 › 银行管理. */
export const bankRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, bankCalls.query, (request) => searchBanks(db, request.body.keyWord, false));
  route(app, bankCalls.queryAccount, (request) => searchBanks(db, request.body.keyWord, true));

  route(app, bankCalls.page, (request) => bankPage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, bankCalls.export, async (request, reply) => {
    const { columns, batches } = await bankExport(db, request.body);
    return sendXlsx(reply, {
      filename: '银行.xlsx',
      sheetName: '银行',
      columns,
      batches,
    });
  });

  route(app, bankCalls.add, (request) => addBank(db, request, request.body));
  route(app, bankCalls.update, (request) => updateBank(db, request, request.body));
  route(app, bankCalls.status, (request) => setBankStatus(db, request, request.body.ids, request.body.status));

  await registerListImport(
    app,
    { template: bankCalls.importTemplate, upload: bankCalls.import },
    { filename: '银行导入模板.xlsx', sheetName: '银行', sheet: BANK_IMPORT_SHEET },
    (request, rows) => importRows(db, rows, bankImport(request)),
  );
};
