import { Message } from '@arco-design/web-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestHooks, setRequestHooks } from '../request/hooks';
import { createListStore } from './store';
import type { ListConfig } from './types';

const post = vi.hoisted(() => vi.fn());
const download = vi.hoisted(() => vi.fn());
const upload = vi.hoisted(() => vi.fn());
// Only the transport is faked; the real client stays importable for the envelope test.
vi.mock('../request/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../request/client')>();
  // The calls are sent by path: the fakes below see the path, as the network would.
  const byPath =
    (fake: (...args: unknown[]) => unknown) =>
    (call: { path: string }, ...rest: unknown[]) =>
      fake(call.path, ...rest);
  return { ...actual, request: { call: byPath(post), download: byPath(download), upload: byPath(upload) } };
});
const { createRequestClient } = await import('../request/client');

interface Row {
  id: string;
  name: string;
}

const LIST_URL = '/rest/demo/page';
const DELETE_URL = '/rest/demo/delete';
const BATCH_URL = '/rest/demo/deleteBatch';
const post_ = (path: `/${string}`) => ({ method: 'POST', path }) as const;
const LIST = post_(LIST_URL);
const DELETE = post_(DELETE_URL);
const BATCH = post_(BATCH_URL);

function config(overrides: Partial<ListConfig<Row>> = {}): ListConfig<Row> {
  return {
    rowKey: 'id',
    columns: [{ title: '名称', dataIndex: 'name' }],
    calls: { list: LIST, delete: { call: DELETE }, batchDelete: { call: BATCH } },
    ...overrides,
  };
}

function page(rows: Row[], totalCount = rows.length) {
  return { pagination: { result: rows, totalCount, pageNum: 1, pageSize: 10 } };
}

const listBodies = () => post.mock.calls.filter(([url]) => url === LIST_URL).map(([, body]) => body);

let warning: ReturnType<typeof vi.fn>;
let error: ReturnType<typeof vi.fn>;
let success: ReturnType<typeof vi.fn>;

beforeEach(() => {
  post.mockReset();
  download.mockReset();
  upload.mockReset();
  post.mockImplementation(async (url: string) => (url === LIST_URL ? page([{ id: '1', name: '甲' }], 31) : null));
  warning = vi.fn();
  error = vi.fn();
  success = vi.fn();
  vi.spyOn(Message, 'warning').mockImplementation(warning as unknown as typeof Message.warning);
  vi.spyOn(Message, 'error').mockImplementation(error as unknown as typeof Message.error);
  vi.spyOn(Message, 'success').mockImplementation(success as unknown as typeof Message.success);
});

afterEach(() => {
  vi.restoreAllMocks();
  resetRequestHooks();
});

describe('createListStore', () => {
  it('asks for page 1 of 10, newest first, and keeps the rows and the total', async () => {
    const store = createListStore<Row>(config());
    await store.load();
    expect(listBodies()).toEqual([
      { filters: {}, sort: { field: 'createTime', order: 'desc' }, pageNum: 1, pageSize: 10 },
    ]);
    expect(store.rows).toEqual([{ id: '1', name: '甲' }]);
    expect(store.total).toBe(31);
    expect(store.loading).toBe(false);
  });

  it('uses the configured default sort', async () => {
    const store = createListStore<Row>(config({ defaultSort: { field: 'name', order: 'asc' } }));
    await store.load();
    expect(listBodies()[0]).toMatchObject({ sort: { field: 'name', order: 'asc' } });
  });

  it('drops empty filter values and trims texts', async () => {
    const store = createListStore<Row, Record<string, unknown>>(config());
    await store.search({ name: ' 甲 ', code: '', blank: '   ', none: null, missing: undefined, list: [], status: '1' });
    expect(listBodies().at(-1)).toMatchObject({ filters: { name: '甲', status: '1' } });
  });

  it('keeps a filter set beside the search form (an organisation tree) across 查询, not across 重置', async () => {
    const store = createListStore<Row, Record<string, unknown>>(
      config({ searchFields: [{ name: 'name', label: '名称', kind: 'text' }] }),
    );
    await store.search({ orgId: '3,4' });
    await store.search({ name: '甲' });
    expect(listBodies().at(-1)).toMatchObject({ filters: { name: '甲', orgId: '3,4' } });
    await store.search({ name: '乙', orgId: '5' });
    expect(listBodies().at(-1)).toMatchObject({ filters: { name: '乙', orgId: '5' } });
    await store.reset();
    expect(listBodies().at(-1)).toMatchObject({ filters: {} });
  });

  it('sends its fixed filters with every call, 重置 and the form notwithstanding', async () => {
    const store = createListStore<Row, Record<string, unknown>>(
      config({
        fixedFilters: { categoryCode: 'PICK_MODE' },
        searchFields: [{ name: 'name', label: '名称', kind: 'text' }],
      }),
    );
    await store.load();
    expect(listBodies().at(-1)).toMatchObject({ filters: { categoryCode: 'PICK_MODE' } });
    await store.search({ name: '甲', categoryCode: 'OTHER' });
    expect(listBodies().at(-1)).toMatchObject({ filters: { name: '甲', categoryCode: 'PICK_MODE' } });
    await store.reset();
    expect(listBodies().at(-1)).toMatchObject({ filters: { categoryCode: 'PICK_MODE' } });
  });

  it('goes back to page 1 on search, reset and a new page size', async () => {
    const store = createListStore<Row, { name?: string }>(config());
    await store.setPage(3);
    expect(listBodies().at(-1)).toMatchObject({ pageNum: 3 });
    await store.search({ name: '乙' });
    expect(listBodies().at(-1)).toMatchObject({ filters: { name: '乙' }, pageNum: 1 });
    await store.setPage(2);
    await store.reset();
    expect(listBodies().at(-1)).toEqual({
      filters: {},
      sort: { field: 'createTime', order: 'desc' },
      pageNum: 1,
      pageSize: 10,
    });
    await store.setPage(4);
    await store.setPageSize(50);
    expect(listBodies().at(-1)).toMatchObject({ pageNum: 1, pageSize: 50 });
  });

  it('sends the sort chosen, and the default one again when cleared', async () => {
    const store = createListStore<Row>(config());
    await store.setSort({ field: 'name', order: 'asc' });
    expect(listBodies().at(-1)).toMatchObject({ sort: { field: 'name', order: 'asc' } });
    await store.setSort(null);
    expect(listBodies().at(-1)).toMatchObject({ sort: { field: 'createTime', order: 'desc' } });
  });

  it('sends the super query rows that are complete, with the match type', async () => {
    const store = createListStore<Row>(config());
    await store.setPage(2);
    await store.setSuperQuery({
      matchType: 'or',
      conditions: [
        { field: 'name', rule: 'like', value: ' 棉 ' },
        { field: 'status', rule: 'in', value: ['1', '2'] },
        { field: 'amount', rule: 'ge', value: 5 },
        { field: 'email', rule: 'empty' },
        { field: 'phone', rule: 'eq', value: '' },
      ],
    });
    expect(listBodies().at(-1)).toMatchObject({
      pageNum: 1,
      superQueryMatchType: 'or',
      superQueryParams: [
        { field: 'name', rule: 'like', value: '棉' },
        { field: 'status', rule: 'in', value: '1,2' },
        { field: 'amount', rule: 'ge', value: 5 },
        { field: 'email', rule: 'empty' },
      ],
    });
    await store.setSuperQuery({ matchType: 'and', conditions: [] });
    expect(listBodies().at(-1)).not.toHaveProperty('superQueryParams');
  });

  it('deletes a row with { id }, then page 1, no selection, reloaded', async () => {
    const store = createListStore<Row>(config());
    await store.setPage(3);
    store.setSelection(['1', '2']);
    expect(await store.delete({ id: '7', name: '丙' })).toBe(true);
    expect(post).toHaveBeenCalledWith(DELETE_URL, { id: '7' });
    expect(success).toHaveBeenCalledWith('删除成功');
    expect(store.selection).toEqual([]);
    expect(listBodies().at(-1)).toMatchObject({ pageNum: 1 });
  });

  it('uses the configured delete bodies', async () => {
    const store = createListStore<Row>(
      config({
        calls: {
          list: LIST,
          delete: { call: DELETE, body: (row) => ({ ids: row.id }) },
          batchDelete: { call: BATCH, body: (keys) => ({ ids: keys.join(';') }) },
        },
      }),
    );
    await store.delete({ id: '7', name: '丙' });
    expect(post).toHaveBeenCalledWith(DELETE_URL, { ids: '7' });
    store.setSelection([1, 2]);
    await store.batchDelete();
    expect(post).toHaveBeenCalledWith(BATCH_URL, { ids: '1;2' });
  });

  it('batch deletes the selection comma-joined, then page 1 and no selection', async () => {
    const store = createListStore<Row>(config());
    await store.setPage(2);
    store.setSelection(['3', '5']);
    expect(await store.batchDelete()).toBe(true);
    expect(post).toHaveBeenCalledWith(BATCH_URL, { ids: '3,5' });
    expect(store.selection).toEqual([]);
    expect(store.pageNum).toBe(1);
    expect(listBodies().at(-1)).toMatchObject({ pageNum: 1 });
  });

  it('asks for a selection before a batch delete and calls nothing', async () => {
    const store = createListStore<Row>(config());
    expect(await store.batchDelete()).toBe(false);
    expect(warning).toHaveBeenCalledWith('请选择一条记录');
    expect(post).not.toHaveBeenCalled();
  });

  it('says 请设置calls.delete属性 when the list has no delete call', async () => {
    const store = createListStore<Row>(config({ calls: { list: LIST } }));
    expect(await store.delete({ id: '1', name: '甲' })).toBe(false);
    expect(error).toHaveBeenCalledWith('请设置calls.delete属性');
    expect(post).not.toHaveBeenCalled();
  });

  it('shows a failed load as an error and keeps the selection after a failed delete', async () => {
    const store = createListStore<Row>(config());
    post.mockRejectedValueOnce(new Error('服务器内部错误，请稍后再试'));
    await store.load();
    expect(error).toHaveBeenCalledWith('服务器内部错误，请稍后再试');
    store.setSelection(['1']);
    post.mockRejectedValueOnce(new Error('没有权限访问该功能'));
    expect(await store.batchDelete()).toBe(false);
    expect(error).toHaveBeenCalledWith('没有权限访问该功能');
    expect(store.selection).toEqual(['1']);
  });

  it('shows a 510 answer as a warning with its message, not as an error', async () => {
    // The shell's hook (shell/src/boot/request-hooks.ts): a 510 is Message.warning.
    setRequestHooks({ onWarning: (message) => Message.warning(message) });
    const answer = { rtnCode: '510', rtnMessage: '该数据已被他人修改，请刷新后重试', dataSet: null };
    const fetchImpl = (async () => new Response(JSON.stringify(answer), { status: 200 })) as typeof fetch;
    const client = createRequestClient({ fetch: fetchImpl });
    post.mockImplementation((url: string, body: unknown) => client.post(url, body));
    const store = createListStore<Row>(config());
    await store.load();
    expect(warning).toHaveBeenCalledTimes(1);
    expect(warning).toHaveBeenCalledWith('该数据已被他人修改，请刷新后重试');
    expect(error).not.toHaveBeenCalled();

    store.setSelection(['1']);
    await store.batchDelete();
    expect(warning).toHaveBeenCalledTimes(2);
    expect(error).not.toHaveBeenCalled();
  });

  it('exports the query and the selection', async () => {
    const store = createListStore<Row>(config({ calls: { list: LIST, export: post_('/rest/demo/export') } }));
    store.setSelection(['1', '4']);
    await store.exportFile();
    expect(download).toHaveBeenCalledWith(
      '/rest/demo/export',
      { filters: {}, sort: { field: 'createTime', order: 'desc' }, pageNum: 1, pageSize: 10, selections: '1,4' },
      undefined,
      expect.objectContaining({ onProgress: expect.any(Function) }),
    );
    expect(success).toHaveBeenCalledWith(expect.objectContaining({ content: '导出完成' }));
    expect(store.exporting).toBe(false);
  });

  it('exports only the columns shown when 列设置 hides some', async () => {
    const store = createListStore<Row>(
      config({
        columns: [
          { title: '编号', dataIndex: 'id' },
          { title: '名称', dataIndex: 'name' },
        ],
        calls: { list: LIST, export: post_('/rest/demo/export') },
      }),
    );
    store.setHiddenColumns(['id']);
    await store.exportFile();
    expect(download.mock.calls[0]?.[1]).toMatchObject({ field: 'name' });
    store.setHiddenColumns([]);
    await store.exportFile();
    expect(download.mock.calls[1]?.[1]).not.toHaveProperty('field');
  });

  it('counts the bytes received while exporting, and cannot start a second export meanwhile', async () => {
    const loading = vi
      .spyOn(Message, 'loading')
      .mockImplementation((() => () => undefined) as unknown as typeof Message.loading);
    let finish: () => void = () => undefined;
    download.mockImplementation(
      (_url: string, _body: unknown, _name: unknown, options: { onProgress: (loaded: number) => void }) =>
        new Promise<void>((resolve) => {
          options.onProgress(2 * 1024 * 1024);
          finish = resolve;
        }),
    );
    const store = createListStore<Row>(config({ calls: { list: LIST, export: post_('/rest/demo/export') } }));
    const first = store.exportFile();
    expect(store.exporting).toBe(true);
    expect(loading).toHaveBeenLastCalledWith(expect.objectContaining({ content: '正在导出… 已接收 2.0 MB' }));
    await store.exportFile();
    expect(download).toHaveBeenCalledTimes(1);
    finish();
    await first;
    expect(store.exporting).toBe(false);
  });

  describe('import', () => {
    const IMPORT = { call: post_('/rest/demo/import'), template: post_('/rest/demo/template') };
    const file = () => new File(['xlsx'], '用户.xlsx');
    // The loading message is not drawn: nothing of it outlives the test.
    beforeEach(() => {
      vi.spyOn(Message, 'loading').mockImplementation((() => () => undefined) as unknown as typeof Message.loading);
    });

    it('uploads the file as `file`, keeps the answer, and reloads page 1 when rows were stored', async () => {
      upload.mockResolvedValue({ stored: 2, refused: [{ row: 3, reasons: ['请输入姓名'] }] });
      const store = createListStore<Row>(config({ calls: { list: LIST, import: IMPORT } }));
      await store.setPage(3);
      store.setSelection(['1']);
      const result = await store.importFile(file());
      const [url, form] = upload.mock.calls[0] as [string, FormData];
      expect(url).toBe('/rest/demo/import');
      expect((form.get('file') as File).name).toBe('用户.xlsx');
      expect(result).toEqual({ stored: 2, refused: [{ row: 3, reasons: ['请输入姓名'] }] });
      expect(store.importResult).toEqual(result);
      expect(store.pageNum).toBe(1);
      expect(store.selection).toEqual([]);
      expect(listBodies().at(-1)).toMatchObject({ pageNum: 1 });
      expect(store.importing).toBe(false);
      store.closeImportResult();
      expect(store.importResult).toBeNull();
    });

    it('does not reload when nothing was stored, and shows a refused file as an error', async () => {
      upload.mockResolvedValueOnce({ stored: 0, refused: [{ row: 2, reasons: ['请输入登录名'] }] });
      const store = createListStore<Row>(config({ calls: { list: LIST, import: IMPORT } }));
      await store.importFile(file());
      expect(listBodies()).toHaveLength(0);
      const { ApiError } = await import('../request/api-error');
      upload.mockRejectedValueOnce(new ApiError('400', '文件缺少「姓名」列，请使用导入模板'));
      expect(await store.importFile(file())).toBeNull();
      expect(error).toHaveBeenCalledWith('文件缺少「姓名」列，请使用导入模板');
    });

    it('sends the import’s fields ahead of the file (the server reads those before it)', async () => {
      upload.mockResolvedValue({ stored: 0, refused: [] });
      const store = createListStore<Row>(
        config({ calls: { list: LIST, import: { ...IMPORT, fields: { categoryCode: 'WHS_TYPE' } } } }),
      );
      await store.importFile(file());
      const [, form] = upload.mock.calls[0] as [string, FormData];
      expect([...form.keys()]).toEqual(['categoryCode', 'file']);
      expect(form.get('categoryCode')).toBe('WHS_TYPE');
    });

    it('says 请设置calls.import属性 without an import call, and downloads the template', async () => {
      const bare = createListStore<Row>(config());
      expect(await bare.importFile(file())).toBeNull();
      expect(error).toHaveBeenCalledWith('请设置calls.import属性');
      expect(upload).not.toHaveBeenCalled();
      const store = createListStore<Row>(
        config({ calls: { list: LIST, import: IMPORT }, importTemplateFileName: '模板.xlsx' }),
      );
      await store.downloadTemplate();
      expect(download).toHaveBeenCalledWith('/rest/demo/template', {}, '模板.xlsx');
    });
  });
});
