import type { CallDeclaration, ListImportResult } from '@cotton/sdk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static, TObject } from 'typebox';
import { Value } from 'typebox/value';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { ApiError } from '../../http/envelope';
import { ruleText } from '../../http/validation-messages';
import {
  readSheet,
  readUploadForm,
  registerImportUpload,
  sendImportTemplate,
  type ImportedRow,
  type ImportSheet,
} from './xlsx-import';

/**
 * 导入 of a generic admin list whose rows staff create (docs/architecture.md "Generic admin
 * list"): the file's rows (xlsx-import.ts) are checked as 新增 checks its form — each row turned
 * into the add call's body and checked against that call's own schema, so both ways in follow
 * the same rules — and against the other rows of the file; the rows that pass are then stored,
 * in one transaction, each by the module's own add (its database checks, the ceiling guard, its
 * audit row) inside a savepoint: a row the add refuses leaves nothing behind and is answered with
 * its number and the add's message, the others are kept. The import call itself is in 操作日志
 * (kind 导入), with the audit rows of the records it added.
 */

export const IMPORT_ROW_MESSAGES = {
  inFile: (header: string, row: number) => `${header}与第 ${row} 行重复`,
  integer: (header: string) => `${header}应为整数`,
  status: (header: string) => `${header}只能填写 启用 或 停用`,
  yesNo: (header: string) => `${header}只能填写 是 或 否`,
} as const;

/**
 * Reads a row's cells as the add's body wants them, keeping why a cell cannot be read:
 * `read.integer(values, 'sort')` is the number typed (blank: absent, the add's default).
 */
export class RowReader<Key extends string> {
  readonly reasons: string[] = [];
  private readonly headers: Map<Key, string>;

  constructor(
    sheet: ImportSheet<Key>,
    private readonly values: Record<Key, string>,
  ) {
    this.headers = new Map(sheet.columns.map((column) => [column.key, column.header]));
  }

  private refuse(reason: (header: string) => string, key: Key): undefined {
    this.reasons.push(reason(this.headers.get(key) ?? key));
    return undefined;
  }

  /** The text as typed (trimmed); blank is ''. */
  text(key: Key): string {
    return this.values[key];
  }

  /** Blank: null (the add's 无), else the text. */
  optional(key: Key): string | null {
    return this.values[key] === '' ? null : this.values[key];
  }

  /** A whole number (`12`, `-3`); blank: undefined. */
  integer(key: Key): number | undefined {
    const text = this.values[key];
    if (text === '') return undefined;
    if (!/^-?\d{1,9}$/.test(text)) return this.refuse(IMPORT_ROW_MESSAGES.integer, key);
    return Number(text);
  }

  /** 启用 / 停用 (or the codes 1 / 2); blank: 启用. */
  status(key: Key): '1' | '2' {
    const text = this.values[key];
    if (text === '停用' || text === '2') return '2';
    if (text !== '' && text !== '启用' && text !== '1') this.refuse(IMPORT_ROW_MESSAGES.status, key);
    return '1';
  }

  /** 是 / 否; blank: 否. */
  yesNo(key: Key): boolean {
    const text = this.values[key];
    if (text === '是') return true;
    if (text !== '' && text !== '否') this.refuse(IMPORT_ROW_MESSAGES.yesNo, key);
    return false;
  }

  /** Names in one cell, split on 、 , ， ; ； or a line break; blanks dropped. */
  list(key: Key): string[] {
    return this.values[key]
      .split(/[、,，;；\n]/)
      .map((item) => item.trim())
      .filter(Boolean);
  }
}

/** How one list imports: its sheet, its add's body and the add itself. */
export interface RowImport<Key extends string, Body extends TObject> {
  sheet: ImportSheet<Key>;
  /** The add call's body schema (the contract's): every row is checked against it. */
  body: Body;
  /**
   * The row as 新增's form would send it, read from its cells: text as typed, numbers, 启用 / 停用
   * as codes (a cell that cannot be read is one of the row's reasons).
   */
  toBody(read: RowReader<Key>): Record<string, unknown>;
  /** Columns no two rows of the file may share (compared without case): the record's handle. */
  unique?: Key[];
  /**
   * A tree's rows: the row whose `key` cell another row's `parent` cell names is stored first,
   * wherever it stands in the file.
   */
  tree?: { key: Key; parent: Key };
  /**
   * Stores one checked row as 新增 does (its own checks, the ceiling guard, its audit row); `tx`
   * is a savepoint of the import's transaction. An `ApiError` refuses the row with its message.
   */
  store(tx: AppDatabase, body: Static<Body>, row: ImportedRow<Key>): Promise<unknown>;
}

type SchemaNode = Record<string, unknown>;

/** The schemas from the body's root down to `schemaPath` (`#/properties/code`, `#/properties/v/items`). */
function schemasAlong(root: TObject, schemaPath: string): SchemaNode[] {
  const nodes: SchemaNode[] = [root as unknown as SchemaNode];
  let node: unknown = root;
  for (const segment of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    node =
      node && typeof node === 'object'
        ? (node as SchemaNode)[segment.replace(/~1/g, '/').replace(/~0/g, '~')]
        : undefined;
    if (node && typeof node === 'object' && !Array.isArray(node)) nodes.push(node as SchemaNode);
  }
  return nodes;
}

const CUSTOM_KEYWORDS = new Set(['pattern', 'format', 'enum', 'const', 'anyOf', 'minLength', 'maxLength']);

/**
 * Why `body` breaks `schema`, one reason a field, in the words of the form: the field's title
 * and the broken rule (`排序不能大于 9999`), or the schema's own message for a shape
 * (`岗位编码为 2～32 位字母…`) — an empty field is `<title>不能为空` whatever its shape.
 */
export function schemaReasons(schema: TObject, body: unknown): string[] {
  const reasons: string[] = [];
  const seen = new Set<string>();
  for (const error of Value.Errors(schema, body)) {
    const params = error.params as Record<string, unknown>;
    const required = error.keyword === 'required' ? (params.requiredProperties as string[] | undefined) : undefined;
    const field = required?.[0] ?? error.instancePath.split('/')[1] ?? '';
    if (seen.has(field)) continue;
    seen.add(field);
    const nodes = required
      ? schemasAlong(schema, `#/properties/${field}`)
      : schemasAlong(schema, error.schemaPath).slice(1);
    const title = nodes.findLast((node) => typeof node.title === 'string')?.title as string | undefined;
    const name = title ?? field;
    const empty = required !== undefined || (error.keyword === 'minLength' && params.limit === 1);
    const custom = nodes.findLast((node) => typeof node.errorMessage === 'string')?.errorMessage as string | undefined;
    if (empty) reasons.push(`${name}不能为空`);
    else if (custom !== undefined && CUSTOM_KEYWORDS.has(error.keyword))
      reasons.push(custom.startsWith(name) ? custom : `${name}${custom}`);
    else reasons.push(`${name}${ruleText(error.keyword, params)}`);
  }
  return reasons;
}

/** Rows in file order, except that a tree's child comes after its parent named in the file. */
function parentsFirst<Key extends string, T extends { values: Record<Key, string> }>(
  items: T[],
  tree: { key: Key; parent: Key } | undefined,
): T[] {
  if (!tree) return items;
  const byKey = new Map(items.map((item) => [item.values[tree.key].toLowerCase(), item]));
  const placed = new Set<T>();
  const ordered: T[] = [];
  const place = (item: T, depth: number) => {
    if (placed.has(item)) return;
    placed.add(item);
    // A cycle (A under B under A) stops here: its rows then find no parent and are refused.
    const parent = byKey.get(item.values[tree.parent].toLowerCase());
    if (parent && depth < items.length) place(parent, depth + 1);
    ordered.push(item);
  };
  for (const item of items) place(item, 0);
  return ordered;
}

/**
 * Imports `rows` by `spec` (see the file's comment): every reason a row has without the
 * database, then each remaining row stored by the add in its own savepoint.
 */
export async function importRows<Key extends string, Body extends TObject>(
  db: AppDatabase,
  rows: Array<ImportedRow<Key>>,
  spec: RowImport<Key, Body>,
): Promise<ListImportResult> {
  const refused: ListImportResult['refused'] = [];
  const firstRows = new Map<Key, Map<string, number>>((spec.unique ?? []).map((key) => [key, new Map()]));
  const headers = new Map(spec.sheet.columns.map((column) => [column.key, column.header]));
  const checked: Array<{ row: ImportedRow<Key>; body: Static<Body>; values: Record<Key, string> }> = [];

  for (const row of rows) {
    const read = new RowReader(spec.sheet, row.values);
    const body = spec.toBody(read);
    const reasons = [...read.reasons, ...schemaReasons(spec.body, body)];
    for (const [key, seen] of firstRows) {
      const value = row.values[key].toLowerCase();
      if (value === '') continue;
      const first = seen.get(value);
      if (first === undefined) seen.set(value, row.row);
      else reasons.push(IMPORT_ROW_MESSAGES.inFile(headers.get(key) ?? key, first));
    }
    if (reasons.length > 0) refused.push({ row: row.row, reasons });
    else checked.push({ row, body: body as Static<Body>, values: row.values });
  }

  const stored = await db.transaction(async (tx) => {
    let count = 0;
    for (const item of parentsFirst(checked, spec.tree)) {
      try {
        await tx.transaction((savepoint) => spec.store(savepoint, item.body, item.row));
        count += 1;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        refused.push({ row: item.row.row, reasons: [error.message] });
      }
    }
    return count;
  });
  refused.sort((a, b) => a.row - b.row);
  return { stored, refused };
}

/**
 * The two routes of a list's 导入: `template` answers the header row (required columns marked
 * *), `upload` takes the file as multipart (parsed only in an encapsulated plugin holding that
 * route) and answers `ListImportResult` from `handle`, which gets the rows and the text fields
 * sent with the file.
 */
export async function registerListImport<Key extends string>(
  app: FastifyInstance,
  calls: { template: CallDeclaration; upload: CallDeclaration },
  file: { filename: string; sheetName: string; sheet: ImportSheet<Key> },
  handle: (
    request: FastifyRequest,
    rows: Array<ImportedRow<Key>>,
    fields: Map<string, string>,
  ) => Promise<ListImportResult>,
): Promise<void> {
  route(app, calls.template, (_request, reply) => sendImportTemplate(reply, file));
  await app.register(async (upload) => {
    await registerImportUpload(upload);
    route(upload, calls.upload, async (request) => {
      const { bytes, fields } = await readUploadForm(request);
      return handle(request, await readSheet(bytes, file.sheet), fields);
    });
  });
}
