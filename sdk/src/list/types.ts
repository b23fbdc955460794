import type { ReactNode } from 'react';
import type { BrowserCall } from '../contracts/call';
import type { ListFilterValue, ListSort, SuperQueryRule } from '../contracts/list';

/** A column of the list's table. `sortable` asks the server to sort by `dataIndex`. */
export interface ListColumn<Row> {
  /** The header text. */
  title: string;
  /** The row's field shown (and, when `sortable`, the field sent as `sort.field`). */
  dataIndex: string;
  /** Sorted on the server by `dataIndex` when the header is clicked. */
  sortable?: boolean;
  /** Width in px (150 when absent, for the table's scroll width). */
  width?: number;
  /** The cell's content; the field's value as it is when absent. */
  render?: (value: unknown, row: Row, index: number) => ReactNode;
}

/** An option of a select (search form, super query). */
export interface ListOption {
  /** The text shown. */
  label: string;
  /** The value sent. */
  value: string;
}

/** A field of the search form: `name` is the filter's key in the request. */
export interface ListSearchField {
  /** The filter's key in the request's `filters`. */
  name: string;
  /** The form item's label. */
  label: string;
  /** An input, a select of `options`, or a date picker (`YYYY-MM-DD`). */
  kind: 'text' | 'select' | 'date';
  /** The choices of a `select`. */
  options?: ListOption[];
  /** 请输入… / 请选择… with the label when absent. */
  placeholder?: string;
}

/** The kinds of value a super query field holds; each allows its own operators. */
export type SuperQueryFieldType = 'text' | 'number' | 'date' | 'code';

/** A field of the super query (高级查询). `code`: one of `options`. */
export interface ListSuperQueryField {
  /** The field sent as `superQueryParams[].field`. */
  name: string;
  /** Its name in the field select. */
  label: string;
  /** Decides the operators offered and the value's input. */
  type: SuperQueryFieldType;
  /** The choices of a `code` field. */
  options?: ListOption[];
}

/** One condition of the super query as the user edits it. */
export interface SuperQueryCondition {
  /** A `ListSuperQueryField`'s name. */
  field: string;
  /** The operator. */
  rule: SuperQueryRule;
  /** `in`: several values; `empty` / `not_empty`: none. */
  value?: string | number | string[] | null;
}

/** The super query: its conditions and whether all (`and`) or any (`or`) must hold. */
export interface SuperQueryState {
  /** The conditions as edited; incomplete ones are not sent. */
  conditions: SuperQueryCondition[];
  /** 全部满足 (`and`) or 任一满足 (`or`). */
  matchType: 'and' | 'or';
}

/** A call of `@cotton/sdk/calls`. */
export type ListCall = BrowserCall;

/** The calls of a list (`@cotton/sdk/calls`): each sent through the SDK's request client. */
export interface ListCalls<Row> {
  /** Answers `ListAnswer<Row>` to a `ListRequest`. */
  list: ListCall;
  /** Deletes one row; the body is `{ id: row[rowKey] }` unless `body` says otherwise. */
  delete?: { call: ListCall; body?: (row: Row) => unknown };
  /** Deletes the selected rows; the body is `{ ids: 'k1,k2' }` unless `body` says otherwise. */
  batchDelete?: { call: ListCall; body?: (keys: string[]) => unknown };
  /** Downloads the list's query (and the selected keys as `selections`) as a file. */
  export?: ListCall;
  /** 导入 and 下载模板. */
  import?: ListImportCalls;
}

/**
 * 导入: `call` takes an `.xlsx` as the multipart field `file` and answers `ListImportResult`;
 * `template` (POSTed `{}`) answers the file to fill in.
 */
export interface ListImportCalls {
  /** Takes the file, answers `ListImportResult`. */
  call: ListCall;
  /** Answers the template. */
  template?: ListCall;
  /** Text fields sent with the file, ahead of it: where the rows go (the dictionary of 字典项). */
  fields?: Readonly<Record<string, string>>;
}

/** Permission codes: a button is shown only to users holding its code (none: to everyone). */
export interface ListPermissions {
  /** 新增 (checked by the page's own toolbar button). */
  add?: string;
  /** The row's 编辑 (`rowActions.edit`). */
  edit?: string;
  /** The row's 删除, 批量删除 and the selection. */
  delete?: string;
  /** 导出. */
  export?: string;
  /** 导入 and 下载模板. */
  import?: string;
}

/** A line of the 详情 drawer. */
export interface ListDetailField<Row> {
  /** A column's `dataIndex` to draw that line differently, or a name of its own (a new line). */
  key: string;
  /** The label. */
  label: string;
  /** The value (`--` when it draws nothing); the record is the row, or the row with what `load` answered. */
  render: (record: ListDetailRecord<Row>) => ReactNode;
}

/** The row the 详情 drawer shows: the list's row, with the fields `load` answered over it. */
export type ListDetailRecord<Row> = Row & Readonly<Record<string, unknown>>;

/**
 * 详情, the read-only drawer of a row: every column of the list (hidden ones too) with its
 * title and the value as the cell draws it, in the columns' order, then `fields`.
 */
export interface ListDetailConfig<Row> {
  /** Columns (their `dataIndex`) the drawer leaves out. */
  omit?: string[];
  /** Lines drawn differently (same `key` as a column: in its place) or added (after the columns). */
  fields?: ListDetailField<Row>[];
  /**
   * Fetches the whole record first; its answer's fields go over the row's. The body is
   * `{ id: row[rowKey] }` unless `body` says otherwise.
   */
  load?: { call: ListCall; body?: (row: Row) => unknown };
}

/** A page's own button in the 操作 column (授权, 冻结, 重置密码 …). */
export interface ListRowAction<Row> {
  /** The button's part of its `data-testid` (`<testIdPrefix>-<key>-<row>`); one per action. */
  key: string;
  /** The text (with `icon`, the accessible name). */
  label: string | ((row: Row) => string);
  /** Shown only to holders of this code. */
  permission?: string;
  /** Shown only on the rows it answers true for. */
  visible?: (row: Row) => boolean;
  /** What it does, after the confirmation when there is one (a promise keeps it open). */
  onClick: (row: Row) => unknown;
  /** Asked first in a popconfirm. */
  confirm?: (row: Row) => string;
  /** A red button with a red 确定. */
  danger?: boolean;
  /** The colour of a button that is not `danger`. */
  status?: 'warning' | 'success' | ((row: Row) => 'warning' | 'success' | undefined);
  /** An icon-only button (上移 / 下移). */
  icon?: ReactNode;
}

/**
 * The 操作 column: 详情 (unless `detail: false`), 编辑 (`edit`, holders of `permissions.edit`),
 * the page's `actions`, then 删除 (`calls.delete`, holders of `permissions.delete`, confirmed).
 */
export interface ListRowActions<Row> {
  /** The buttons' `data-testid` is `<testIdPrefix>-<detail|edit|delete|key>-<row>` (`list` when absent). */
  testIdPrefix?: string;
  /** The row's part of the test ids (its `rowKey` when absent). */
  testId?: (row: Row) => string;
  /** 编辑: opens the page's form. */
  edit?: { onClick: (row: Row) => unknown; visible?: (row: Row) => boolean };
  /** 删除's confirmation (确定删除这条记录吗？ when absent) and the rows it is offered on. */
  delete?: { confirm?: (row: Row) => string; visible?: (row: Row) => boolean };
  /** The page's own, between 编辑 and 删除, in order. */
  actions?: ListRowAction<Row>[];
  /** The column's least width in px (200 when absent); it grows to hold its buttons. */
  width?: number;
}

/** The whole description of an admin list. */
export interface ListConfig<Row> {
  /** The field that identifies a row (the selection's keys, the default delete body). */
  rowKey: keyof Row & string;
  /** The table's columns, in order. */
  columns: ListColumn<Row>[];
  /**
   * Filters sent with every list and export call whatever the form or the page says, kept by
   * 重置 (the items of one dictionary: `{ categoryCode }`).
   */
  fixedFilters?: Record<string, ListFilterValue>;
  /** The search form (none when absent or empty). */
  searchFields?: ListSearchField[];
  /** The fields of 高级查询 (no button when absent or empty). */
  superQueryFields?: ListSuperQueryField[];
  /** The server calls. */
  calls: ListCalls<Row>;
  /** The codes that show the buttons. */
  permissions?: ListPermissions;
  /** 详情: every column by default; `false`: none (the page has a view of its own). */
  detail?: ListDetailConfig<Row> | false;
  /** The 操作 column's 编辑, page actions and 删除's confirmation. */
  rowActions?: ListRowActions<Row>;
  /** The sort when none is chosen: `createTime` descending unless given (`null`: the server's). */
  defaultSort?: ListSort | null;
  /** Remembers the hidden columns (列设置) under this name. */
  storageKey?: string;
  /** The export's file name. */
  exportFileName?: string;
  /** The import template's file name. */
  importTemplateFileName?: string;
}

/** Row height of the table: 54, 46 or 38 px. */
export type ListDensity = 'default' | 'middle' | 'small';
