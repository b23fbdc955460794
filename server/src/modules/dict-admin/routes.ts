import { dictAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import { importRows, registerListImport } from '../../lib/list/import-rows';
import { dictItemImport, DICT_ITEM_IMPORT_SHEET, importCategory } from './import';
import {
  addDict,
  addDictItem,
  deleteDictItems,
  deleteDicts,
  dictExport,
  dictItemExport,
  dictItemPage,
  dictPage,
  moveDictItem,
  setDictItemStatus,
  updateDict,
  updateDictItem,
} from './service';

/** 系统管理 › 数据字典: categories (`/rest/dict/…`) and their items (`/rest/dictItem/…`). */
export const dictAdminRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, dictAdminCalls.page, (request) => dictPage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, dictAdminCalls.export, async (request, reply) => {
    const { columns, batches } = await dictExport(db, request.body);
    return sendXlsx(reply, {
      filename: '数据字典.xlsx',
      sheetName: '数据字典',
      columns,
      batches,
    });
  });

  route(app, dictAdminCalls.add, (request) => addDict(db, request, request.body));
  route(app, dictAdminCalls.update, (request) => updateDict(db, request, request.body));
  route(app, dictAdminCalls.delete, (request) => deleteDicts(db, request, request.body.ids));

  route(app, dictAdminCalls.itemPage, (request) => dictItemPage(db, request.body));

  route(app, dictAdminCalls.itemExport, async (request, reply) => {
    const { columns, batches } = await dictItemExport(db, request.body);
    return sendXlsx(reply, {
      filename: '字典项.xlsx',
      sheetName: '字典项',
      columns,
      batches,
    });
  });

  route(app, dictAdminCalls.itemAdd, (request) => addDictItem(db, request, request.body));
  route(app, dictAdminCalls.itemUpdate, (request) => updateDictItem(db, request, request.body));
  route(app, dictAdminCalls.itemStatus, (request) =>
    setDictItemStatus(db, request, request.body.ids, request.body.status),
  );
  route(app, dictAdminCalls.itemMove, (request) =>
    moveDictItem(db, request, Number(request.body.id), request.body.direction),
  );
  route(app, dictAdminCalls.itemDelete, (request) => deleteDictItems(db, request, request.body.ids));

  // The items go into the dictionary sent with the file (`categoryCode`).
  await registerListImport(
    app,
    { template: dictAdminCalls.itemImportTemplate, upload: dictAdminCalls.itemImport },
    { filename: '字典项导入模板.xlsx', sheetName: '字典项', sheet: DICT_ITEM_IMPORT_SHEET },
    async (request, rows, fields) => importRows(db, rows, dictItemImport(request, await importCategory(db, fields))),
  );
};
