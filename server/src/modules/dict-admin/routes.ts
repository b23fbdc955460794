import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { pickColumns, sendXlsx } from '../../lib/list/xlsx';
import { ok } from '../../http/envelope';
import {
  AddDictBody,
  AddDictItemBody,
  AddedResponse,
  AdminDictItemPageResponse,
  AdminDictPageResponse,
  DelDictBody,
  DelDictItemBody,
  DeletedResponse,
  DictItemStatusBody,
  ListExportBody,
  ListRequest,
  MoveDictItemBody,
  UpdatedResponse,
  UpdDictBody,
  UpdDictItemBody,
} from './schema';
import {
  addDict,
  addDictItem,
  deleteDictItems,
  deleteDicts,
  DICT_ADD_PERMISSION,
  DICT_DELETE_PERMISSION,
  DICT_EDIT_PERMISSION,
  DICT_EXPORT_COLUMNS,
  DICT_ITEM_EXPORT_COLUMNS,
  DICT_LIST_PERMISSION,
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
export const dictAdminRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/dict/getDictPage',
    {
      config: { permission: DICT_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: AdminDictPageResponse } },
    },
    async (request) => ok(await dictPage(db, request.body)),
  );

  app.post(
    '/rest/dict/exportXls',
    // A file, not an envelope: no response schema; a refusal before the first byte is an envelope.
    { config: { permission: DICT_LIST_PERMISSION }, schema: { body: ListExportBody } },
    async (request, reply) => {
      const { columns, batches } = await dictExport(db, request.body);
      return sendXlsx(reply, {
        filename: '数据字典.xlsx',
        sheetName: '数据字典',
        columns: pickColumns(DICT_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );

  app.post(
    '/rest/dict/addDict',
    { config: { permission: DICT_ADD_PERMISSION }, schema: { body: AddDictBody, response: { 200: AddedResponse } } },
    async (request) => ok(await addDict(db, request, request.body)),
  );

  app.post(
    '/rest/dict/updDict',
    {
      config: { permission: DICT_EDIT_PERMISSION },
      schema: { body: UpdDictBody, response: { 200: UpdatedResponse } },
    },
    async (request) => ok(await updateDict(db, request, request.body)),
  );

  app.post(
    '/rest/dict/delDict',
    {
      config: { permission: DICT_DELETE_PERMISSION },
      schema: { body: DelDictBody, response: { 200: DeletedResponse } },
    },
    async (request) => ok(await deleteDicts(db, request, request.body.ids)),
  );

  app.post(
    '/rest/dictItem/getDictItemPage',
    {
      config: { permission: DICT_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: AdminDictItemPageResponse } },
    },
    async (request) => ok(await dictItemPage(db, request.body)),
  );

  app.post(
    '/rest/dictItem/exportXls',
    { config: { permission: DICT_LIST_PERMISSION }, schema: { body: ListExportBody } },
    async (request, reply) => {
      const { columns, batches } = await dictItemExport(db, request.body);
      return sendXlsx(reply, {
        filename: '字典项.xlsx',
        sheetName: '字典项',
        columns: pickColumns(DICT_ITEM_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );

  app.post(
    '/rest/dictItem/addDictItem',
    {
      config: { permission: DICT_ADD_PERMISSION },
      schema: { body: AddDictItemBody, response: { 200: AddedResponse } },
    },
    async (request) => ok(await addDictItem(db, request, request.body)),
  );

  app.post(
    '/rest/dictItem/updDictItem',
    {
      config: { permission: DICT_EDIT_PERMISSION },
      schema: { body: UpdDictItemBody, response: { 200: UpdatedResponse } },
    },
    async (request) => ok(await updateDictItem(db, request, request.body)),
  );

  app.post(
    '/rest/dictItem/updDictItemStatus',
    {
      config: { permission: DICT_EDIT_PERMISSION },
      schema: { body: DictItemStatusBody, response: { 200: UpdatedResponse } },
    },
    async (request) => ok(await setDictItemStatus(db, request, request.body.ids, request.body.status)),
  );

  app.post(
    '/rest/dictItem/moveDictItem',
    {
      config: { permission: DICT_EDIT_PERMISSION },
      schema: { body: MoveDictItemBody, response: { 200: UpdatedResponse } },
    },
    async (request) => ok(await moveDictItem(db, request, Number(request.body.id), request.body.direction)),
  );

  app.post(
    '/rest/dictItem/delDictItem',
    {
      config: { permission: DICT_DELETE_PERMISSION },
      schema: { body: DelDictItemBody, response: { 200: DeletedResponse } },
    },
    async (request) => ok(await deleteDictItems(db, request, request.body.ids)),
  );
};
