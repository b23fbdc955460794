import { Message } from '@arco-design/web-react';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import type {
  ListAnswer,
  ListExportBody,
  ListFilterValue,
  ListImportResult,
  ListPageSize,
  ListRequest,
  ListSort,
  SuperQueryParam,
} from '../contracts/list';
import { request } from '../request/client';
import { showFailure } from '../request/show-failure';
import { EXPORT_MESSAGES, exportListFile } from './export-file';
import { ImportStore, IMPORTING_MESSAGE } from './import-store';
import type { ListCall, ListConfig, ListDensity, SuperQueryCondition, SuperQueryState } from './types';

/** The page sizes a list offers (the contract's `ListPageSize`), 10 by default. */
export const LIST_PAGE_SIZE_OPTIONS: readonly ListPageSize[] = [10, 20, 30, 50, 100, 200];

/** Sends a list's call with its body (the list's calls take and answer the list's shapes). */
function sendCall(call: ListCall, body: unknown): Promise<unknown> {
  return request.call(call, body as never);
}

/** The messages the list shows. */
export const LIST_MESSAGES = {
  selectFirst: '请选择一条记录',
  noDeleteCall: '请设置calls.delete属性',
  noBatchDeleteCall: '请设置calls.batchDelete属性',
  noExportCall: '请设置calls.export属性',
  exporting: EXPORT_MESSAGES.exporting,
  exported: EXPORT_MESSAGES.exported,
  noImportCall: '请设置calls.import属性',
  importing: IMPORTING_MESSAGE,
  deleted: '删除成功',
} as const;

const DEFAULT_SORT: ListSort = { field: 'createTime', order: 'desc' };

/** Drops the values that do not filter: '', blanks, null, undefined and []. Texts are trimmed. */
export function cleanFilters(values: object): Record<string, ListFilterValue> {
  const result: Record<string, ListFilterValue> = {};
  for (const [key, value] of Object.entries(values) as Array<[string, unknown]>) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text !== '') result[key] = text;
    } else if (Array.isArray(value)) {
      const texts = value.filter((item) => item !== undefined && item !== null && String(item).trim() !== '');
      if (texts.length > 0) result[key] = texts.map(String);
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      result[key] = value;
    }
  }
  return result;
}

/** The conditions worth sending: a field, an operator and (unless empty / not empty) a value. */
export function superQueryParams(conditions: SuperQueryCondition[]): SuperQueryParam[] {
  const params: SuperQueryParam[] = [];
  for (const { field, rule, value } of conditions) {
    if (!field || !rule) continue;
    if (rule === 'empty' || rule === 'not_empty') {
      params.push({ field, rule });
      continue;
    }
    if (Array.isArray(value)) {
      const texts = value.map((item) => String(item).trim()).filter(Boolean);
      if (texts.length > 0) params.push({ field, rule, value: texts.join(',') });
    } else if (typeof value === 'number') {
      if (Number.isFinite(value)) params.push({ field, rule, value });
    } else if (typeof value === 'string' && value.trim() !== '') {
      params.push({ field, rule, value: value.trim() });
    }
  }
  return params;
}

/**
 * The state of an admin list screen (`createListStore`): the search form's values, the super
 * query, sort, page, selection and the page of rows. Searching, resetting, a new page size, a
 * new super query and every delete go back to page 1; a delete also clears the selection.
 */
export class ListStore<Row extends object, Filters extends object = Record<string, unknown>> {
  /** The list's configuration, as given. */
  readonly config: ListConfig<Row>;
  /** The search form's values as last searched. */
  filters: Partial<Filters> = {};
  /** The super query as applied. */
  superQuery: SuperQueryState = { conditions: [], matchType: 'and' };
  /** The sort sent (`null`: the server's default). */
  sort: ListSort | null;
  /** 1-based. */
  pageNum = 1;
  /** Rows a page (10, 20, 30, 50, 100 or 200). */
  pageSize: ListPageSize = 10;
  /** The selected rows' keys. */
  selection: string[] = [];
  /** The current page's rows. */
  rows: Row[] = [];
  /** How many rows match (every page). */
  total = 0;
  /** A list call is under way. */
  loading = false;
  /** An export is being downloaded. */
  exporting = false;
  /** 导入's state, when the list has `calls.import`. */
  readonly importer: ImportStore | null;
  /** The table's row height. */
  density: ListDensity = 'default';
  /** The columns hidden by 列设置 (their `dataIndex`): the export leaves them out. */
  hiddenColumns: string[] = [];
  private sequence = 0;

  constructor(config: ListConfig<Row>) {
    this.config = config;
    this.sort = config.defaultSort === undefined ? DEFAULT_SORT : config.defaultSort;
    const calls = config.calls.import;
    this.importer = calls
      ? new ImportStore({
          calls,
          templateFileName: config.importTemplateFileName,
          // From page 1, the selection cleared: where the new rows show.
          onStored: async () => {
            runInAction(() => {
              this.pageNum = 1;
              this.selection = [];
            });
            await this.load();
          },
        })
      : null;
    makeAutoObservable<ListStore<Row, Filters>, 'sequence'>(
      this,
      { config: false, importer: false, rows: observable.ref, sequence: false },
      { autoBind: true },
    );
  }

  /** The body of the list call as things stand. */
  get listRequest(): ListRequest {
    const body: ListRequest = {
      filters: cleanFilters({ ...this.filters, ...this.config.fixedFilters }),
      sort: this.sort,
      pageNum: this.pageNum,
      pageSize: this.pageSize,
    };
    const params = superQueryParams(this.superQuery.conditions);
    if (params.length > 0) {
      body.superQueryParams = params;
      body.superQueryMatchType = this.superQuery.matchType;
    }
    return body;
  }

  /** A row's key as the selection holds it. */
  keyOf(row: Row): string {
    return String(row[this.config.rowKey]);
  }

  /** Loads the current page; the latest call wins. */
  async load(): Promise<void> {
    const sequence = ++this.sequence;
    this.loading = true;
    try {
      const answer = (await sendCall(this.config.calls.list, this.listRequest)) as ListAnswer<Row>;
      if (sequence !== this.sequence) return;
      runInAction(() => {
        this.rows = answer?.pagination?.result ?? [];
        this.total = answer?.pagination?.totalCount ?? 0;
      });
    } catch (error) {
      if (sequence === this.sequence) showFailure(error);
    } finally {
      if (sequence === this.sequence) runInAction(() => (this.loading = false));
    }
  }

  /**
   * Searches with the form's values (the last ones when omitted) from page 1. A filter that
   * is not a field of the search form (set by the page beside it, e.g. an organisation tree)
   * is kept; 重置 clears it too.
   */
  search(values?: Partial<Filters>): Promise<void> {
    if (values) {
      const formFields = new Set((this.config.searchFields ?? []).map((field) => field.name));
      const kept = Object.entries(this.filters).filter(([name]) => !formFields.has(name) && !(name in values));
      this.filters = { ...(Object.fromEntries(kept) as Partial<Filters>), ...values };
    }
    this.pageNum = 1;
    this.selection = [];
    return this.load();
  }

  /** Clears the search form and the super query, back to the default sort and page 1. */
  reset(): Promise<void> {
    this.filters = {};
    this.superQuery = { conditions: [], matchType: 'and' };
    this.sort = this.config.defaultSort === undefined ? DEFAULT_SORT : this.config.defaultSort;
    this.pageNum = 1;
    this.selection = [];
    return this.load();
  }

  /** Goes to a page. */
  setPage(pageNum: number): Promise<void> {
    this.pageNum = Math.max(1, Math.floor(pageNum));
    return this.load();
  }

  /** A new page size starts again at page 1. */
  setPageSize(pageSize: ListPageSize): Promise<void> {
    this.pageSize = pageSize;
    this.pageNum = 1;
    return this.load();
  }

  /** Sorts by a field (`null`: the default sort) and reloads. */
  setSort(sort: ListSort | null): Promise<void> {
    this.sort = sort ?? (this.config.defaultSort === undefined ? DEFAULT_SORT : this.config.defaultSort);
    return this.load();
  }

  /** Applies a super query (an empty one clears it) from page 1. */
  setSuperQuery(superQuery: SuperQueryState): Promise<void> {
    this.superQuery = { conditions: [...superQuery.conditions], matchType: superQuery.matchType };
    this.pageNum = 1;
    this.selection = [];
    return this.load();
  }

  /** The selected rows' keys (the table's selection). */
  setSelection(keys: Array<string | number>): void {
    this.selection = keys.map(String);
  }

  /** Switches the row height. */
  setDensity(density: ListDensity): void {
    this.density = density;
  }

  /** The columns 列设置 hides (the table tells the store). */
  setHiddenColumns(keys: string[]): void {
    this.hiddenColumns = [...keys];
  }

  /** The `field` of an export: the columns shown, comma-joined; undefined when all are. */
  get shownField(): string | undefined {
    const shown = this.config.columns
      .map((column) => column.dataIndex)
      .filter((dataIndex) => !this.hiddenColumns.includes(dataIndex));
    return shown.length === this.config.columns.length || shown.length === 0 ? undefined : shown.join(',');
  }

  /** After a delete: page 1, nothing selected, loaded again. */
  private async afterDelete() {
    Message.success(LIST_MESSAGES.deleted);
    runInAction(() => {
      this.pageNum = 1;
      this.selection = [];
    });
    await this.load();
  }

  /** Deletes one row (the screen confirms first). Resolves true when it went. */
  async delete(row: Row): Promise<boolean> {
    const call = this.config.calls.delete;
    if (!call) {
      Message.error(LIST_MESSAGES.noDeleteCall);
      return false;
    }
    try {
      await sendCall(call.call, call.body ? call.body(row) : { id: this.keyOf(row) });
    } catch (error) {
      showFailure(error);
      return false;
    }
    await this.afterDelete();
    return true;
  }

  /** Deletes the selected rows (the screen confirms first); with none selected, asks for one. */
  async batchDelete(): Promise<boolean> {
    if (this.selection.length === 0) {
      Message.warning(LIST_MESSAGES.selectFirst);
      return false;
    }
    const call = this.config.calls.batchDelete;
    if (!call) {
      Message.error(LIST_MESSAGES.noBatchDeleteCall);
      return false;
    }
    const keys = [...this.selection];
    try {
      await sendCall(call.call, call.body ? call.body(keys) : { ids: keys.join(',') });
    } catch (error) {
      showFailure(error);
      return false;
    }
    await this.afterDelete();
    return true;
  }

  /**
   * Downloads the list's query as a file; the selected rows only when some are selected, the
   * columns shown only when 列设置 hides some (`field`).
   * A message counts the bytes received while the server writes it.
   */
  async exportFile(): Promise<void> {
    const call = this.config.calls.export;
    if (!call) {
      Message.error(LIST_MESSAGES.noExportCall);
      return;
    }
    if (this.exporting) return;
    const body: ListExportBody = { ...this.listRequest };
    if (this.selection.length > 0) body.selections = this.selection.join(',');
    const field = this.shownField;
    if (field) body.field = field;
    this.exporting = true;
    try {
      await exportListFile(call, body, this.config.exportFileName);
    } finally {
      runInAction(() => {
        this.exporting = false;
      });
    }
  }

  /**
   * Imports an `.xlsx` (`importer`): the server stores the rows that pass and answers the
   * refused ones with their row numbers and reasons (`importResult`); the list reloads from
   * page 1 when any row was stored. Resolves the answer, or null when the call failed (said).
   */
  async importFile(file: File): Promise<ListImportResult | null> {
    if (!this.importer) {
      Message.error(LIST_MESSAGES.noImportCall);
      return null;
    }
    return this.importer.importFile(file);
  }

  /** A file is being imported. */
  get importing(): boolean {
    return this.importer?.importing ?? false;
  }

  /** The last import's answer, shown until `closeImportResult()`. */
  get importResult(): ListImportResult | null {
    return this.importer?.result ?? null;
  }

  /** Closes the import's result. */
  closeImportResult(): void {
    this.importer?.close();
  }

  /** Downloads the import template. */
  async downloadTemplate(): Promise<void> {
    await this.importer?.downloadTemplate();
  }
}

/** A list screen's store from its configuration; hand it to `<ListPage store>`. */
export function createListStore<Row extends object, Filters extends object = Record<string, unknown>>(
  config: ListConfig<Row>,
): ListStore<Row, Filters> {
  return new ListStore<Row, Filters>(config);
}
