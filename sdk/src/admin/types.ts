import type { ReactNode } from 'react';
import type { ListStore } from '../list/store';
import type { ListFilterValue, ListSort } from '../contracts/list';
import type {
  ListCall,
  ListColumn,
  ListConfig,
  ListImportCalls,
  ListOption,
  ListRowAction,
  ListSuperQueryField,
} from '../list/types';
import type { FormValidatorRule, NotTakenTarget } from '../form/rules';

/** The kinds of control a declared form field is drawn as. */
export type AdminFieldType =
  'text' | 'textarea' | 'password' | 'number' | 'select' | 'multiselect' | 'radio' | 'checkbox' | 'switch' | 'date';

/**
 * Where a choice field's options come from: a static list, a dictionary category (its enabled
 * entries, `/rest/dict/getdictlist`, shared with `DictSelect`), or a call whose answer `options`
 * turns into the list (fetched each time the drawer opens; fields naming the same call and body,
 * and the form's `load`, share one request). A call's `body` may follow the record edited
 * (`null` when adding): 用户管理 asks which roles, organisations and posts a user may be given
 * and, for an existing user, which they hold.
 */
export type AdminFieldOptions<Row = unknown> =
  | readonly ListOption[]
  | { readonly dict: string }
  | {
      readonly call: ListCall;
      readonly body?: unknown | ((row: Row | null) => unknown);
      readonly options: (answer: never) => ListOption[];
    };

/** A pattern of `@cotton/sdk/validators` and the message shown when the value does not match. */
export interface AdminFieldPattern {
  /** The pattern (the one the field's contract uses, e.g. `POST_CODE_PATTERN`). */
  match: RegExp;
  /** The message under the field. */
  message: string;
}

/**
 * A field's duplicate check (`unique`): the pair the server allows, and for a value unique
 * only among rows alike in another field (a name among a parent's children) either that
 * field's fixed value (`withinVal`) or the form field holding it (`withinField`: its value as
 * the field is checked, else the edited row's).
 */
export interface AdminFieldUnique<Values> extends Omit<NotTakenTarget, 'dataId' | 'withinVal'> {
  withinVal?: string | null;
  withinField?: keyof Values & string;
}

/**
 * One field of the add / edit drawer. `Values` is what the form holds (usually the add call's
 * body); `Row` the list's row (what an edit starts from).
 */
export interface AdminFormField<Values, Row = unknown> {
  /**
   * The value's key in `Values` (and, by default, in the row when editing). A dotted path
   * (`params.days`) is a value inside an object of the form's (定时任务's parameters).
   */
  name: keyof Values & string;
  /** The label; also the word that puts a server refusal naming it under the field. */
  label: string;
  /** The control. */
  type: AdminFieldType;
  /**
   * Refuses an empty value: `true` says 请输入<label> (请选择<label> for choices); a text is
   * the message. A text field's blank value (spaces only) is empty too.
   */
  required?: boolean | string;
  /** The value must match (a text field; the pattern and message the contract uses). */
  pattern?: AdminFieldPattern;
  /** The most characters a text takes (the contract's `maxLength`). */
  maxLength?: number;
  /** The fewest characters a text needs, with the message when it has fewer. */
  minLength?: { length: number; message: string };
  /** A number's least value (0 when absent). */
  min?: number;
  /** A number's greatest value. */
  max?: number;
  /** A number's decimals (0 when absent). */
  precision?: number;
  /**
   * A value no other record may hold, checked as the field is left (and on 保存) through the
   * duplicate check (`notTaken`); the edited record's own value is not taken.
   */
  unique?: AdminFieldUnique<Values>;
  /** More checks, after the declared ones. */
  rules?: FormValidatorRule[];
  /**
   * A check that reads the other fields too: the message, or nothing when the value passes.
   * Checked again as the fields of `dependencies` change.
   */
  check?: (value: unknown, values: Partial<Values>) => string | null | undefined;
  /**
   * The fields `check` reads: the field is checked as it is typed and again when they change
   * (短信模板's content against its variables).
   */
  dependencies?: readonly (keyof Values & string)[];
  /**
   * The choices of `select`, `multiselect` and `radio`. A required `select` whose loaded options
   * are only one takes it in the add form.
   */
  options?: AdminFieldOptions<Row>;
  /** Shown but not changed when editing (a code, a login name); left out of the default update body. */
  readOnlyOnEdit?: boolean;
  /**
   * Shown but not changed in the edit of the rows it answers true for (a system template's
   * variables); the value is sent as it stands.
   */
  disabled?: (row: Row) => boolean;
  /** Only in the add form, or only in the edit form. */
  only?: 'add' | 'edit';
  /** Shown (and sent) only while the form's values answer true (接收角色 when the audience is 指定角色). */
  when?: (values: Partial<Values>) => boolean;
  /** The value a new record starts with. */
  initialValue?: Values[keyof Values & string];
  /** A line of help under the control; a function reads the form's values (a hint that follows a choice). */
  hint?: string | ((values: Partial<Values>) => ReactNode);
  /** The placeholder (请输入<label> / 请选择<label> when absent). */
  placeholder?: string;
  /** A `checkbox`'s text beside the box. */
  text?: string;
  /** `data-testid` of the control. */
  testId?: string;
  /**
   * As the user changes the value (not as the form is filled): the values other fields take
   * (定时任务's job type fills the name, the schedule and its parameters' defaults). A required
   * `select` taking its only option counts as a change.
   */
  onChange?: (value: unknown, values: Partial<Values>) => Partial<Values> | undefined;
  /** Other words of a server refusal that point at this field (the label always does). */
  refusal?: readonly string[];
  /** A control of the page's own instead of the declared type's (a tree, an upload). */
  render?: (context: AdminFieldContext<Values, Row>) => ReactNode;
}

/** What a field's own `render` knows. */
export interface AdminFieldContext<Values, Row = unknown> {
  /** True in the edit form. */
  editing: boolean;
  /** True when the field is read-only here (`readOnlyOnEdit`, `disabled`). */
  disabled: boolean;
  /** The record edited (with what `load` answered); `null` in the add form. */
  row: Row | null;
  /** The field's options, loaded. */
  options: ListOption[];
  /** The form's values as they stand. */
  values: Partial<Values>;
  /**
   * The whole answer of the field's options call (`undefined` before it comes, and for other
   * sources): what a control of the page's own needs beyond the options (an organisation's
   * parent, whether it may be chosen).
   */
  answer: unknown;
}

/** The save of one form: a declared call and the body it is sent. */
export interface AdminSave<Args extends unknown[]> {
  /** The call (`@cotton/sdk/calls`). */
  call: ListCall;
  /** The body; see {@link AdminFormConfig} for the default. */
  body?: (...args: Args) => unknown;
}

/**
 * The add / edit drawer of an admin list, declared. The form's values are sent cleaned: texts
 * trimmed (a blank one as `null`), a cleared choice or day as `null`, a box or a switch as
 * `true` / `false`, a cleared number left out. The add body is those values; the update body adds the row's key (`rowKey`) and leaves
 * out the fields read-only on edit. A `body` function gets the cleaned values (all the form's
 * fields, read-only ones too) when the call wants another shape.
 */
export interface AdminFormConfig<Row, Values> {
  /** What a row is called: the titles are 新增<noun> and 编辑<noun>. */
  noun: string;
  /** The fields, in order. */
  fields: readonly AdminFormField<Values, Row>[];
  /** 新增's call (`body(values)`). */
  add: AdminSave<[values: Values]>;
  /** 编辑's call (`body(values, row)`). */
  update: AdminSave<[values: Values, row: Row]>;
  /** A note above the fields (`row`: the record edited, `null` when adding). */
  intro?: (row: Row | null) => ReactNode;
  /**
   * Fetches the whole record before an edit (what the list's rows lack: a text, the chosen
   * users); its answer's fields go over the row's. The body is `{ id: row[rowKey] }` unless
   * `body` says otherwise.
   */
  load?: { call: ListCall; body?: (row: Row) => unknown };
  /** The values an edit starts from (the row's fields of the same names when absent). */
  values?: (row: Row) => Partial<Values>;
  /** The save button's text (保存 when absent; 保存为草稿 for a notice published later). */
  saveText?: string;
  /** What is said once saved (保存成功 when absent). */
  savedText?: string;
  /** The drawer's width in px (480 when absent). */
  width?: number;
}

/** What a page's own parts (its actions, its cells, its drawers) may ask of the admin page. */
export interface AdminPageHandle<Row extends object, Filters extends object> {
  /** The list's store (made once, from the page's `list`). */
  readonly store: ListStore<Row, Filters>;
  /** Loads the current page again (after a write of the page's own). */
  reload: () => Promise<void>;
  /** Opens the add form. */
  add: () => void;
  /** Opens the edit form on a row. */
  edit: (row: Row) => void;
}

/** The props of `<AdminListPage>`. */
export interface AdminListPageProps<Row extends object, Filters extends object, Values extends object> {
  /** The page's title (岗位管理). */
  title: string;
  /** A note under the title (what the page's rules mean). */
  description?: ReactNode;
  /**
   * The page's test ids: `<testId>-list` (the page), `<testId>-add` (新增), `<testId>-form` (the
   * drawer), and the row buttons' prefix when `rowActions.testIdPrefix` is absent.
   */
  testId: string;
  /**
   * The page's own `data-testid` in place of `<testId>-list`, for a page whose id its tests
   * already name (`sms-log`, `operation-log`); the other ids still start with `testId`.
   */
  pageTestId?: string;
  /**
   * The list (what `ListPage` takes), or a function making it once with the page's handle, for
   * actions and cells that open the form or reload. With a `form`, 编辑 is the form's unless
   * `rowActions.edit` says otherwise, and 新增 is shown to holders of `permissions.add`.
   */
  list: ListConfig<Row> | ((page: AdminPageHandle<Row, Filters>) => ListConfig<Row>);
  /** The add / edit drawer; none when absent (a list that only reads). */
  form?: AdminFormConfig<Row, Values>;
  /**
   * The page's own add / edit drawer in place of `form` (文章: the rich-text editor): the page
   * still draws 新增 and 编辑 by their codes and opens it; it closes and the list reloads on
   * `onSaved`.
   */
  drawer?: (slot: AdminDrawerSlot<Row>) => ReactNode;
  /** 新增's text (新增 when absent). */
  addText?: string;
  /**
   * A list inside another page's drawer (a dictionary's items): no title nor frame of its own;
   * `title` names it for assistive technology only.
   */
  embedded?: boolean;
  /** The table's height before it scrolls (`ListPage`'s `scrollY`). */
  scrollY?: number;
  /** The page's own line under the title (注册审核's status tabs). */
  header?: (page: AdminPageHandle<Row, Filters>) => ReactNode;
  /** A panel of the page's own beside the list, on its left (用户管理's organisation tree). */
  aside?: (page: AdminPageHandle<Row, Filters>) => ReactNode;
  /**
   * What `list` needs is still loading (a filter's options): the page shows its title and a
   * spinner, and makes the list once this is false.
   */
  waiting?: boolean;
  /** Buttons of the page's own, after 新增. */
  toolbar?: (page: AdminPageHandle<Row, Filters>) => ReactNode;
  /** The page's own drawers and dialogs. */
  children?: (page: AdminPageHandle<Row, Filters>) => ReactNode;
}

/** What `AdminListPageProps.drawer` is given: the row edited (`null` adds one). */
export interface AdminDrawerSlot<Row> {
  visible: boolean;
  /** The row 编辑 was pressed on; `null` for 新增. It stays while the drawer closes. */
  row: Row | null;
  onClose: () => void;
  /** After a save: the drawer closes and the list reloads. */
  onSaved: () => void;
}

/** What a tree page's own parts may ask of it. */
export interface AdminTreeHandle<Row> {
  /** Loads the tree again. */
  reload: () => Promise<void>;
  /** Opens the add form, under `parent` (at the top when absent). */
  add: (parent?: Row) => void;
  /** Opens the edit form on a row. */
  edit: (row: Row) => void;
}

/**
 * A tree loaded a level at a time (区域): `load` answers the top rows; a row that `has`
 * children gets an expander, and its children are asked for (`load.call` with `body(row)`)
 * the first time it opens. A reload asks again for every level opened.
 */
export interface AdminTreeLazy<Row> {
  /** The body of `load.call` answering a row's children. */
  body: (row: Row) => unknown;
  /** Whether the row has children (before they are loaded). */
  has: (row: Row) => boolean;
}

/**
 * 查询 over the tree: a text box whose text is sent through `load.call` with `body(text)`; the
 * rows answered (of any level) are shown in place of the tree until 重置.
 */
export interface AdminTreeSearch {
  /** The box's placeholder (请输入区域名称). */
  placeholder: string;
  /**
   * The body of `load.call` for a text; with `export`, also the 导出's query (a list call's
   * `filters` and `sort`: the export call must accept what it holds). Needed only without `list`.
   */
  body?: (text: string) => unknown;
  /**
   * The rows found shown as a generic list (`ListStore` / `ListPage`) instead of a tree: 高级查询
   * over `superQueryFields`, the `sortable` columns sorted by the server, the pager, 列设置, 详情
   * and 导出 of what the list shows (its query, 高级查询, sort, ticked rows and shown columns).
   * The tree gains a 高级查询 button that leads there. Without it, the found rows are a tree.
   */
  list?: AdminTreeSearchList;
}

/** The found rows of a tree page as a generic list (`AdminTreeSearch.list`). */
export interface AdminTreeSearchList {
  /**
   * The paged list call answering the rows found (a `ListRequest`): `load.call` when absent,
   * which must then be one (区域); a tree answered whole (机构, 栏目) names its own.
   */
  call?: ListCall;
  /** The list call's `filters` for a text typed in the box. */
  filters: (text: string) => Record<string, ListFilterValue>;
  /** 高级查询's fields (the server checks each against its list's allow-list). */
  superQueryFields?: ListSuperQueryField[];
  /** The columns (their `dataIndex`) sorted by the server when their header is clicked. */
  sortable?: readonly string[];
  /** The order before a header is clicked (`null`: the server's). */
  defaultSort?: ListSort | null;
  /** The key the export's `selections` name (the tree's `rowKey` when absent). */
  rowKey?: string;
}

/** A tree of rows (菜单, 机构, 区域, 栏目): the flat rows the server answers and how they nest. */
export interface AdminTreeConfig<Row> {
  /** The field that identifies a row. */
  rowKey: keyof Row & string;
  /** The field naming the row's parent (`null` or a key not in the tree: a top row). */
  parentKey: keyof Row & string;
  /**
   * The call answering the whole tree (or, with `lazy`, its top rows), and the rows in its
   * answer, flat, in display order.
   */
  load: { call: ListCall; body?: unknown; rows: (answer: never) => Row[] };
  /** Children loaded as a row opens, not the whole tree at once. */
  lazy?: AdminTreeLazy<Row>;
  /** A text search over the tree. */
  search?: AdminTreeSearch;
  /** Whether 新增下级 is offered on a row (every row when absent; 菜单: not under a button). */
  canAddUnder?: (row: Row) => boolean;
  /** The table's columns, the first one indented by depth (no sort: the tree's order is the rows'). */
  columns: ListColumn<Row>[];
  /** The codes of 新增 / 新增下级, 编辑, 删除, 导出 and 导入. */
  permissions?: { add?: string; edit?: string; delete?: string; export?: string; import?: string };
  /**
   * 导出: the tree as rows (the server's order), or the ticked rows (`selections`); the rows get
   * tick boxes. `fileName` is the file's name (else the server's).
   */
  export?: {
    call: ListCall;
    fileName?: string;
    /** The key a ticked row is sent as in `selections` (`rowKey` when absent: the list's key may be another field). */
    selection?: (row: Row) => string;
  };
  /**
   * 详情, the read-only drawer of a row: its lines from the rows loaded (a parent's name, the
   * path); the tree's columns when absent; `false`: none.
   */
  detail?: false | ((rows: readonly Row[]) => ListColumn<Row>[]);
  /** 导入 (with 下载模板): the upload and the template; the tree reloads, opened, once rows are stored. */
  import?: ListImportCalls;
  /** 删除: `{ id: row[rowKey] }` unless `body` says otherwise; confirmed with `confirm(row)`. */
  delete?: { call: ListCall; body?: (row: Row) => unknown; confirm?: (row: Row) => string };
  /**
   * 批量删除 of the ticked rows (the tree's and the found list's), by the 删除 code:
   * `{ ids: 'k1,k2' }` unless `body` says otherwise; the rows get tick boxes.
   */
  batchDelete?: { call: ListCall; body?: (keys: string[]) => unknown };
  /** The page's own buttons, between 编辑 and 删除. */
  actions?: ListRowAction<Row>[];
  /** The row's part of the buttons' test ids (its key when absent). */
  testId?: (row: Row) => string;
  /** The text of an empty tree. */
  empty?: string;
  /** The 操作 column's width in px (220 when absent). */
  actionsWidth?: number;
}

/** The parent field a tree page adds at the top of its form. */
export interface AdminTreeParentField<Values, Row = unknown> {
  /** The form field (and body key) of the parent: `null` for a top row. */
  name: keyof Values & string;
  /** Its label (上级机构); also the word that puts a refusal under it. */
  label: string;
  /** The choice meaning "no parent" (无（顶级机构）). */
  rootLabel: string;
  /** Other words of a refusal that point at it (下级机构之下). */
  refusal?: readonly string[];
  /** Whether a row may be a parent (菜单: a button may not); every row when absent. */
  choosable?: (row: Row) => boolean;
  /** A check that reads the other fields too (a button needs a parent): the message, or nothing. */
  check?: (value: unknown, values: Partial<Values>) => string | null | undefined;
  /**
   * The name of the edited row's parent when the parent is not in the tree (outside what the
   * caller may see): shown as the current choice instead of its key.
   */
  outsideName?: (row: Row) => string | null | undefined;
  /**
   * Not chosen but fixed (区域: the code's shape follows the parent): an add takes the row
   * whose 新增下级 was pressed (or the top, `rootValue`), shown read-only; an edit keeps it.
   */
  fixed?: {
    /** The value sent for a top row. */
    rootValue: string;
    /** How the parent reads in the form (区域名（代码）). */
    describe: (row: Row) => string;
  };
}

/** The props of `<AdminTreePage>`. */
export interface AdminTreePageProps<Row extends object, Values extends object> {
  /** The page's title (机构管理). */
  title: string;
  /** A note under the title. */
  description?: ReactNode;
  /**
   * Test ids: `<testId>-list` (the page), `<testId>-add-root`, `<testId>-form`, and the row
   * buttons `<testId>-<add-child|edit|delete|key>-<row>`.
   */
  testId: string;
  /** The tree, or a function making it once with the page's handle. */
  tree: AdminTreeConfig<Row> | ((page: AdminTreeHandle<Row>) => AdminTreeConfig<Row>);
  /** The add / edit drawer; none when absent. */
  form?: AdminFormConfig<Row, Values>;
  /** The parent choice put first in the form (a tree select; a row cannot move under itself). */
  parent?: AdminTreeParentField<Values, Row>;
  /** 新增 at the top's text (新增顶级<noun> when absent). */
  addRootText?: string;
  /** Buttons of the page's own, after the built-in ones. */
  toolbar?: (page: AdminTreeHandle<Row>) => ReactNode;
  /** The page's own drawers and dialogs. */
  children?: (page: AdminTreeHandle<Row>) => ReactNode;
}
