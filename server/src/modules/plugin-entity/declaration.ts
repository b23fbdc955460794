import {
  ENTITY_FIELD_PATTERN,
  ENTITY_FIELD_TYPES,
  ENTITY_FILE_ACCEPTS,
  ENTITY_LIMITS,
  ENTITY_NAME_PATTERN,
  ENTITY_PATTERNS,
  ENTITY_RESERVED_FIELDS,
  type EntityDeclaration,
  type EntityFieldDeclaration,
  type EntityFileAccept,
  type EntityFieldType,
  type EntityListDeclaration,
} from '@cotton/sdk/contracts';
import {
  DAY_PATTERN,
  DICT_CODE_PATTERN,
  DICT_ITEM_CODE_PATTERN,
  FILE_ID_PATTERN,
  REGION_CODE_PATTERN,
} from '@cotton/sdk/validators';
import { ApiError } from '../../http/envelope';

/**
 * The `entities` of a plugin's manifest, checked (docs/plugins.md "Plugin data"): every name
 * against its allow-list, every type, pattern and limit against the lists of
 * contracts/plugin-entity.ts. A refusal is a 400 naming the entity and the field in Chinese.
 * What passes is rebuilt from the checked parts only (no property of the archive is kept as it
 * came), so the DDL and the routes read nothing but checked values.
 */

/** A name from the archive as a message shows it: short, and only if it is plain. */
function shown(value: unknown): string {
  if (typeof value !== 'string') return String(typeof value);
  const plain = /^[\w\-\u4e00-\u9fa5]{1,40}$/.test(value);
  return plain ? value : `${value.slice(0, 20).replace(/[^\w\-\u4e00-\u9fa5]/g, '?')}…`;
}

const refuse = (message: string) => new ApiError('400', `插件的数据实体声明无效：${message}`);

export const DECLARATION_MESSAGES = {
  notList: '「entities」应为数组',
  tooManyEntities: `一个插件最多声明 ${ENTITY_LIMITS.entities} 个数据实体`,
  longPluginId: `声明数据实体的插件，插件标识不能超过 ${ENTITY_LIMITS.pluginIdLength} 个字符`,
  entityName: (name: unknown) =>
    `实体名「${shown(name)}」无效：应以小写字母开头，只含小写字母、数字和 _，不超过 ${ENTITY_LIMITS.nameLength} 个字符`,
  entityTwice: (name: string) => `实体「${name}」重复声明`,
  fieldName: (entity: string, name: unknown) =>
    `实体「${entity}」的字段名「${shown(name)}」无效：应以小写字母开头，只含字母和数字，不超过 ${ENTITY_LIMITS.nameLength} 个字符`,
  fieldReserved: (entity: string, name: string) => `实体「${entity}」的字段名「${name}」是系统字段，请更换`,
  fieldTwice: (entity: string, name: string) => `实体「${entity}」的字段「${name}」重复声明`,
  label: (where: string) =>
    `${where}的名称（label）应为 1～${ENTITY_LIMITS.labelLength} 个字符的文字，不含 / \\ : * ? [ ] ' 和控制字符`,
  noFields: (entity: string) => `实体「${entity}」至少需要一个字段`,
  tooManyFields: (entity: string) => `实体「${entity}」最多 ${ENTITY_LIMITS.fields} 个字段`,
  unknownKey: (where: string, key: string) => `${where}有不支持的属性「${shown(key)}」`,
  fieldType: (where: string, type: unknown) =>
    `${where}的类型「${shown(type)}」不受支持，可用的类型：${ENTITY_FIELD_TYPES.join('、')}`,
  maxLength: (where: string) => `${where}是文字，须声明最大长度 maxLength（1～${ENTITY_LIMITS.stringLength} 的整数）`,
  notFor: (where: string, key: string, type: string) => `${where}的类型为 ${type}，不能声明「${key}」`,
  scale: (where: string) => `${where}的小数位数 scale 应为 0～${ENTITY_LIMITS.decimalScale} 的整数`,
  dictCode: (where: string) => `${where}是字典项，须声明字典编码 dictCode（字母开头，2～64 位字母、数字或 _）`,
  flag: (where: string, key: string) => `${where}的「${key}」应为 true 或 false`,
  uniqueType: (where: string, type: string) => `${where}的类型为 ${type}，不能设为唯一`,
  pattern: (where: string, pattern: unknown) =>
    `${where}的校验规则「${shown(pattern)}」不受支持，可用的规则：${Object.keys(ENTITY_PATTERNS).join('、')}`,
  defaultValue: (where: string) => `${where}的默认值与字段的类型或规则不符`,
  accept: (where: string, accept: unknown) =>
    `${where}接受的文件「${shown(accept)}」不受支持，可用的取值：image（图片）、imageOrPdf（图片或 PDF）`,
  owner: (entity: string) => `实体「${entity}」的 owner 只能是 org（所属机构）或 enterprise（所属企业）`,
  listKey: (entity: string, key: string) => `实体「${entity}」的列表设置 ${key} 应为字段名的数组`,
  listField: (entity: string, key: string, name: unknown) =>
    `实体「${entity}」的列表设置 ${key} 中的「${shown(name)}」不是该实体的字段`,
  listFileFilter: (entity: string, name: string) => `实体「${entity}」的文件字段「${name}」不能用作查询条件或排序`,
  defaultSort: (entity: string) => `实体「${entity}」的默认排序应为 { field: 可排序的字段, order: asc 或 desc }`,
} as const;

const ENTITY_KEYS = new Set(['name', 'label', 'fields', 'list', 'owner']);
const FIELD_KEYS = new Set([
  'name',
  'label',
  'type',
  'maxLength',
  'scale',
  'dictCode',
  'required',
  'unique',
  'default',
  'pattern',
  'accept',
]);
const LIST_KEYS = new Set(['columns', 'filters', 'superQuery', 'sorts', 'defaultSort']);
const RESERVED = new Set<string>(ENTITY_RESERVED_FIELDS.map((name) => name.toLowerCase()));
/** The server's own columns a list may show, sort and query on. */
export const SYSTEM_LIST_FIELDS = ['createTime', 'updateTime'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A label's characters: none of what a worksheet's name refuses (`/ \\ : * ? [ ]` and `'`: an
 * entity's label names its export's sheet, a field's heads a column of the import template,
 * where `*` marks the required ones), no control, zero-width or direction-override character.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const LABEL_TEXT = /^[^\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff/\\:*?[\]']+$/;

const isLabel = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.trim().length >= 1 &&
  value.length <= ENTITY_LIMITS.labelLength &&
  LABEL_TEXT.test(value);

const wholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

export const INT4 = { min: -2147483648, max: 2147483647 } as const;
/** A decimal's text: at most 18 digits in all, `scale` after the point. */
export function decimalPattern(scale: number): RegExp {
  const whole = 18 - scale;
  return scale === 0 ? new RegExp(`^-?\\d{1,${whole}}$`) : new RegExp(`^-?\\d{1,${whole}}(?:\\.\\d{1,${scale}})?$`);
}
/** A region's code (区划代码). */
export const REGION_VALUE = REGION_CODE_PATTERN;
/** A dictionary item's code. */
export const DICT_VALUE = DICT_ITEM_CODE_PATTERN;
/** A file's id (files module). */
export const FILE_VALUE = FILE_ID_PATTERN;

/** Whether `text` is a day the calendar has (`2026-02-30` is not). */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function checkDefault(field: EntityFieldDeclaration, value: unknown, where: string): string | number | boolean {
  const bad = () => refuse(DECLARATION_MESSAGES.defaultValue(where));
  switch (field.type) {
    case 'string': {
      if (typeof value !== 'string' || value.length > Math.min(field.maxLength!, ENTITY_LIMITS.defaultLength))
        throw bad();
      // eslint-disable-next-line no-control-regex -- control characters are what it refuses
      if (/[\u0000-\u001f]/.test(value)) throw bad();
      if (field.pattern && value !== '' && !ENTITY_PATTERNS[field.pattern].pattern.test(value)) throw bad();
      return value;
    }
    case 'integer':
      if (!wholeIn(value, INT4.min, INT4.max)) throw bad();
      return value;
    case 'decimal': {
      const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      if (typeof text !== 'string' || !decimalPattern(field.scale!).test(text)) throw bad();
      return text;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw bad();
      return value;
    case 'date':
      if (typeof value !== 'string' || !isCalendarDay(value)) throw bad();
      return value;
    case 'dict':
      if (typeof value !== 'string' || !DICT_VALUE.test(value)) throw bad();
      return value;
    case 'region':
      if (typeof value !== 'string' || !REGION_VALUE.test(value)) throw bad();
      return value;
    default:
      // datetime and file: no default (a fixed time or file is not what a new row wants).
      throw refuse(DECLARATION_MESSAGES.notFor(where, 'default', field.type));
  }
}

function checkField(entity: string, value: unknown, index: number): EntityFieldDeclaration {
  if (!isRecord(value)) throw refuse(DECLARATION_MESSAGES.fieldName(entity, `#${index + 1}`));
  const name = value.name;
  if (typeof name !== 'string' || !ENTITY_FIELD_PATTERN.test(name))
    throw refuse(DECLARATION_MESSAGES.fieldName(entity, name));
  if (RESERVED.has(name.toLowerCase())) throw refuse(DECLARATION_MESSAGES.fieldReserved(entity, name));
  const where = `实体「${entity}」的字段「${name}」`;
  for (const key of Object.keys(value))
    if (!FIELD_KEYS.has(key)) throw refuse(DECLARATION_MESSAGES.unknownKey(where, key));
  if (!isLabel(value.label)) throw refuse(DECLARATION_MESSAGES.label(where));
  const type = value.type;
  if (typeof type !== 'string' || !(ENTITY_FIELD_TYPES as readonly string[]).includes(type))
    throw refuse(DECLARATION_MESSAGES.fieldType(where, type));
  const field: EntityFieldDeclaration = { name, label: value.label.trim(), type: type as EntityFieldType };
  const only = (key: string, types: EntityFieldType[]) => {
    if (value[key] !== undefined && !types.includes(field.type))
      throw refuse(DECLARATION_MESSAGES.notFor(where, key, field.type));
  };
  only('maxLength', ['string']);
  only('scale', ['decimal']);
  only('dictCode', ['dict']);
  only('pattern', ['string']);
  only('accept', ['file']);
  if (field.type === 'string') {
    if (!wholeIn(value.maxLength, 1, ENTITY_LIMITS.stringLength)) throw refuse(DECLARATION_MESSAGES.maxLength(where));
    field.maxLength = value.maxLength;
  }
  if (field.type === 'decimal') {
    if (value.scale !== undefined && !wholeIn(value.scale, 0, ENTITY_LIMITS.decimalScale))
      throw refuse(DECLARATION_MESSAGES.scale(where));
    field.scale = (value.scale as number | undefined) ?? 2;
  }
  if (field.type === 'dict') {
    if (typeof value.dictCode !== 'string' || !DICT_CODE_PATTERN.test(value.dictCode))
      throw refuse(DECLARATION_MESSAGES.dictCode(where));
    field.dictCode = value.dictCode;
  }
  for (const flag of ['required', 'unique'] as const) {
    if (value[flag] === undefined) continue;
    if (typeof value[flag] !== 'boolean') throw refuse(DECLARATION_MESSAGES.flag(where, flag));
    if (value[flag]) field[flag] = true;
  }
  if (field.unique && (field.type === 'boolean' || field.type === 'file'))
    throw refuse(DECLARATION_MESSAGES.uniqueType(where, field.type));
  if (value.pattern !== undefined) {
    if (typeof value.pattern !== 'string' || !Object.hasOwn(ENTITY_PATTERNS, value.pattern))
      throw refuse(DECLARATION_MESSAGES.pattern(where, value.pattern));
    field.pattern = value.pattern as keyof typeof ENTITY_PATTERNS;
  }
  if (value.default !== undefined) field.default = checkDefault(field, value.default, where);
  if (value.accept !== undefined) {
    if (typeof value.accept !== 'string' || !(ENTITY_FILE_ACCEPTS as readonly string[]).includes(value.accept))
      throw refuse(DECLARATION_MESSAGES.accept(where, value.accept));
    field.accept = value.accept as EntityFileAccept;
  }
  return field;
}

function checkNames(entity: string, key: string, value: unknown, allowed: Set<string>): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > ENTITY_LIMITS.listFields)
    throw refuse(DECLARATION_MESSAGES.listKey(entity, key));
  const names: string[] = [];
  for (const name of value) {
    if (typeof name !== 'string' || !allowed.has(name)) throw refuse(DECLARATION_MESSAGES.listField(entity, key, name));
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

function checkList(entity: string, value: unknown, fields: EntityFieldDeclaration[]): EntityListDeclaration {
  if (value === undefined) return {};
  const where = `实体「${entity}」的列表设置（list）`;
  if (!isRecord(value)) throw refuse(DECLARATION_MESSAGES.listKey(entity, 'list'));
  for (const key of Object.keys(value))
    if (!LIST_KEYS.has(key)) throw refuse(DECLARATION_MESSAGES.unknownKey(where, key));
  const own = new Set(fields.map((field) => field.name));
  const all = new Set([...own, ...SYSTEM_LIST_FIELDS]);
  const list: EntityListDeclaration = {};
  const columns = checkNames(entity, 'columns', value.columns, all);
  const filters = checkNames(entity, 'filters', value.filters, own);
  const superQuery = checkNames(entity, 'superQuery', value.superQuery, all);
  const sorts = checkNames(entity, 'sorts', value.sorts, all);
  for (const name of [...(filters ?? []), ...(superQuery ?? []), ...(sorts ?? [])]) {
    if (fields.find((field) => field.name === name)?.type === 'file')
      throw refuse(DECLARATION_MESSAGES.listFileFilter(entity, name));
  }
  if (columns) list.columns = columns;
  if (filters) list.filters = filters;
  if (superQuery) list.superQuery = superQuery;
  if (sorts) list.sorts = sorts;
  if (value.defaultSort !== undefined) {
    const sort = value.defaultSort;
    const sortable = new Set([...(sorts ?? []), ...SYSTEM_LIST_FIELDS]);
    if (
      !isRecord(sort) ||
      typeof sort.field !== 'string' ||
      !sortable.has(sort.field) ||
      (sort.order !== 'asc' && sort.order !== 'desc') ||
      Object.keys(sort).some((key) => key !== 'field' && key !== 'order')
    )
      throw refuse(DECLARATION_MESSAGES.defaultSort(entity));
    list.defaultSort = { field: sort.field, order: sort.order };
  }
  return list;
}

function checkEntity(value: unknown): EntityDeclaration {
  if (!isRecord(value) || typeof value.name !== 'string' || !ENTITY_NAME_PATTERN.test(value.name))
    throw refuse(DECLARATION_MESSAGES.entityName(isRecord(value) ? value.name : value));
  const name = value.name;
  const where = `实体「${name}」`;
  for (const key of Object.keys(value))
    if (!ENTITY_KEYS.has(key)) throw refuse(DECLARATION_MESSAGES.unknownKey(where, key));
  if (!isLabel(value.label)) throw refuse(DECLARATION_MESSAGES.label(where));
  if (!Array.isArray(value.fields) || value.fields.length === 0) throw refuse(DECLARATION_MESSAGES.noFields(name));
  if (value.fields.length > ENTITY_LIMITS.fields) throw refuse(DECLARATION_MESSAGES.tooManyFields(name));
  const fields: EntityFieldDeclaration[] = [];
  const seen = new Set<string>();
  value.fields.forEach((item, index) => {
    const field = checkField(name, item, index);
    if (seen.has(field.name.toLowerCase())) throw refuse(DECLARATION_MESSAGES.fieldTwice(name, field.name));
    seen.add(field.name.toLowerCase());
    fields.push(field);
  });
  if (value.owner !== undefined && value.owner !== 'org' && value.owner !== 'enterprise')
    throw refuse(DECLARATION_MESSAGES.owner(name));
  const entity: EntityDeclaration = {
    name,
    label: value.label.trim(),
    fields,
    list: checkList(name, value.list, fields),
  };
  if (value.owner) entity.owner = value.owner;
  return entity;
}

/**
 * The checked entities of plugin `pluginId` (empty when the manifest declares none); a 400
 * naming the entity and field otherwise.
 */
export function checkEntities(pluginId: string, value: unknown): EntityDeclaration[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw refuse(DECLARATION_MESSAGES.notList);
  if (value.length === 0) return [];
  if (value.length > ENTITY_LIMITS.entities) throw refuse(DECLARATION_MESSAGES.tooManyEntities);
  if (pluginId.length > ENTITY_LIMITS.pluginIdLength) throw refuse(DECLARATION_MESSAGES.longPluginId);
  const entities: EntityDeclaration[] = [];
  for (const item of value) {
    const entity = checkEntity(item);
    if (entities.some((other) => other.name === entity.name))
      throw refuse(DECLARATION_MESSAGES.entityTwice(entity.name));
    entities.push(entity);
  }
  return entities;
}

export const UPGRADE_MESSAGES = {
  entityDropped: (entity: string, label: string) =>
    `新版本没有数据实体「${label}」（${entity}），该实体已有数据表；升级只能新增实体和字段，不能删除`,
  fieldDropped: (entity: string, field: EntityFieldDeclaration) =>
    `新版本的数据实体「${entity}」没有字段「${field.label}」（${field.name}），删除字段会丢失数据，不能安装`,
  typeChanged: (entity: string, field: EntityFieldDeclaration, type: string) =>
    `数据实体「${entity}」的字段「${field.label}」（${field.name}）的类型不能从 ${field.type} 改为 ${type}`,
  narrowed: (entity: string, field: EntityFieldDeclaration, what: string) =>
    `数据实体「${entity}」的字段「${field.label}」（${field.name}）${what}，已有数据可能放不下，不能安装`,
  requiredNow: (entity: string, field: EntityFieldDeclaration) =>
    `数据实体「${entity}」的字段「${field.label}」（${field.name}）不能改为必填：已有记录可能没有值`,
  uniqueNow: (entity: string, field: EntityFieldDeclaration) =>
    `数据实体「${entity}」的字段「${field.label}」（${field.name}）不能改为唯一：已有记录可能重复`,
  newRequired: (entity: string, field: EntityFieldDeclaration) =>
    `数据实体「${entity}」新增的字段「${field.label}」（${field.name}）是必填的，须有默认值（default），已有记录才能取值`,
  newUnique: (entity: string, field: EntityFieldDeclaration) =>
    `数据实体「${entity}」新增的字段「${field.label}」（${field.name}）不能设为唯一：已有记录会重复`,
  ownerChanged: (entity: string) => `数据实体「${entity}」的数据归属（owner）不能更改`,
} as const;

/** What changes in an existing table from `stored` (the fields the table has) to `next`: refused changes throw. */
export function upgradeOf(
  stored: { name: string; label: string; fields: EntityFieldDeclaration[]; owner: string | null },
  next: EntityDeclaration,
): {
  added: EntityFieldDeclaration[];
  widened: EntityFieldDeclaration[];
  notUnique: EntityFieldDeclaration[];
  /** Required before, optional now: the column takes nulls from now on. */
  optional: EntityFieldDeclaration[];
} {
  const entity = next.label;
  if ((next.owner ?? null) !== stored.owner) throw new ApiError('400', UPGRADE_MESSAGES.ownerChanged(entity));
  const widened: EntityFieldDeclaration[] = [];
  const notUnique: EntityFieldDeclaration[] = [];
  const optional: EntityFieldDeclaration[] = [];
  for (const old of stored.fields) {
    const now = next.fields.find((field) => field.name === old.name);
    if (!now) throw new ApiError('400', UPGRADE_MESSAGES.fieldDropped(entity, old));
    if (now.type !== old.type) throw new ApiError('400', UPGRADE_MESSAGES.typeChanged(entity, old, now.type));
    if (old.type === 'string' && now.maxLength! < old.maxLength!)
      throw new ApiError(
        '400',
        UPGRADE_MESSAGES.narrowed(entity, old, `的最大长度不能从 ${old.maxLength} 减为 ${now.maxLength}`),
      );
    if (old.type === 'decimal' && now.scale !== old.scale)
      throw new ApiError(
        '400',
        UPGRADE_MESSAGES.narrowed(entity, old, `的小数位数不能从 ${old.scale} 改为 ${now.scale}`),
      );
    if (now.required && !old.required) throw new ApiError('400', UPGRADE_MESSAGES.requiredNow(entity, old));
    if (now.unique && !old.unique) throw new ApiError('400', UPGRADE_MESSAGES.uniqueNow(entity, old));
    if (old.type === 'string' && now.maxLength! > old.maxLength!) widened.push(now);
    if (old.unique && !now.unique) notUnique.push(now);
    if (old.required && !now.required) optional.push(now);
  }
  const added = next.fields.filter((field) => !stored.fields.some((old) => old.name === field.name));
  for (const field of added) {
    if (field.required && field.default === undefined)
      throw new ApiError('400', UPGRADE_MESSAGES.newRequired(entity, field));
    if (field.unique) throw new ApiError('400', UPGRADE_MESSAGES.newUnique(entity, field));
  }
  return { added, widened, notUnique, optional };
}
