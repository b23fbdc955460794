import { Type, type Static } from 'typebox';
import { DICT_CODE_PATTERN, DICT_ITEM_CODE_PATTERN } from '../validators/basedata.js';
import { IDENTIFIER_PATTERN } from '../validators/patterns.js';
import { defineCall, defineCodes } from './call';
import { IdListText, Nullable, RecordId } from './common';
import { ListAnswer, ListDeleted, ListExportBody, ListImportResult, ListRequest } from './list';
import { BanksResult, QueryBanksBody } from './register';
import { BANK_CODE_PATTERN, REGION_CODE_PATTERN } from '../validators/codes.js';

// 系统管理 › 数据字典, 区域管理, 银行管理 (docs/architecture.md "Dictionaries, regions and banks:
// administration"): `/rest/dict/…`, `/rest/dictItem/…`, `/rest/region/…`, `/rest/bank/…` calls
// of the back office. Lists are generic admin lists (contracts/list.ts). Codes are handles
// that consumers and stored records hold: fixed once created (no update body carries one).

/** '1' 启用, '2' 停用. */
export const BaseDataStatus = Type.Union([Type.Literal('1'), Type.Literal('2')], {
  title: '状态',
  errorMessage: '只能是 1（启用）或 2（停用）',
});
export type BaseDataStatus = Static<typeof BaseDataStatus>;

const Sort = Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, title: '排序' }));
const Description = Type.Optional(Nullable(Type.String({ maxLength: 256, title: '描述' })));

// ---- 数据字典: categories ----

/** A dictionary category as the administration list shows it. */
export const AdminDictRow = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  /** Items, and how many of them are enabled. */
  itemCount: Type.Integer(),
  enabledCount: Type.Integer(),
  /** Read by the product's own pages or checks (注册, 仓库, 仓单…): not deletable, items only disabled. */
  system: Type.Boolean(),
  /** ISO 8601. */
  createTime: Type.String(),
});
export type AdminDictRow = Static<typeof AdminDictRow>;

/** `POST /rest/dict/getDictPage` → `dataSet`; filters `code`, `name` (any part), sort on `code`, `name`, `itemCount`, `createTime`. */
export const AdminDictPage = ListAnswer(AdminDictRow);
export type AdminDictPage = Static<typeof AdminDictPage>;

/** `POST /rest/dict/addDict`. */
export const AddDictBody = Type.Object({
  code: Type.String({
    minLength: 2,
    maxLength: 64,
    pattern: DICT_CODE_PATTERN.source,
    title: '字典编码',
    errorMessage: '字典编码为 2～64 位字母、数字或下划线，以字母开头，如 WHS_TYPE',
  }),
  name: Type.String({ minLength: 1, maxLength: 64, title: '字典名称' }),
  description: Description,
});
export type AddDictBody = Static<typeof AddDictBody>;

/** `POST /rest/dict/updDict`: name and description; the code is fixed. */
export const UpdDictBody = Type.Object({
  id: RecordId('字典编号'),
  name: Type.String({ minLength: 1, maxLength: 64, title: '字典名称' }),
  description: Description,
});
export type UpdDictBody = Static<typeof UpdDictBody>;

/** `POST /rest/dict/delDict`: with their items; refused for a category the product reads. */
export const DelDictBody = Type.Object({ ids: IdListText('字典编号') });
export type DelDictBody = Static<typeof DelDictBody>;

// ---- 数据字典: items ----

/** An item of a category as the administration list shows it. */
export const AdminDictItemRow = Type.Object({
  id: Type.String(),
  categoryCode: Type.String(),
  itemCode: Type.String(),
  itemValue: Type.String(),
  sort: Type.Integer(),
  status: Type.String(),
  /** ISO 8601. */
  createTime: Type.String(),
});
export type AdminDictItemRow = Static<typeof AdminDictItemRow>;

/**
 * `POST /rest/dictItem/getDictItemPage` → `dataSet`: the items of `filters.categoryCode`
 * (required); filters `itemCode`, `itemValue` (any part), `status`; sort on `sort` (default,
 * ascending), `itemCode`, `itemValue`, `createTime`.
 */
export const AdminDictItemPage = ListAnswer(AdminDictItemRow);
export type AdminDictItemPage = Static<typeof AdminDictItemPage>;

const ItemValue = Type.String({ minLength: 1, maxLength: 128, title: '字典项名称' });

/** `POST /rest/dictItem/addDictItem`. */
export const AddDictItemBody = Type.Object({
  categoryCode: Type.String({
    maxLength: 64,
    pattern: IDENTIFIER_PATTERN.source,
    title: '字典编码',
    errorMessage: '应为字典编码（字母、数字、下划线）',
  }),
  itemCode: Type.String({
    minLength: 1,
    maxLength: 32,
    pattern: DICT_ITEM_CODE_PATTERN.source,
    title: '字典项编码',
    errorMessage: '字典项编码为 1～32 位字母、数字、_、. 或 -',
  }),
  itemValue: ItemValue,
  sort: Sort,
  status: BaseDataStatus,
});
export type AddDictItemBody = Static<typeof AddDictItemBody>;

/** `POST /rest/dictItem/updDictItem`: name, order, status; the item code is fixed. */
export const UpdDictItemBody = Type.Object({
  id: RecordId('字典项编号'),
  itemValue: ItemValue,
  sort: Sort,
  status: BaseDataStatus,
});
export type UpdDictItemBody = Static<typeof UpdDictItemBody>;

/** `POST /rest/dictItem/delDictItem`: refused in a category the product reads (停用 instead). */
export const DelDictItemBody = Type.Object({ ids: IdListText('字典项编号') });
export type DelDictItemBody = Static<typeof DelDictItemBody>;

/** `POST /rest/dictItem/updDictItemStatus`: 启用 / 停用 one item or several. */
export const DictItemStatusBody = Type.Object({ ids: IdListText('字典项编号'), status: BaseDataStatus });
export type DictItemStatusBody = Static<typeof DictItemStatusBody>;

/** `POST /rest/dictItem/moveDictItem`: one place up or down in its category's order. */
export const MoveDictItemBody = Type.Object({
  id: RecordId('字典项编号'),
  direction: Type.Union([Type.Literal('up'), Type.Literal('down')], {
    title: '方向',
    errorMessage: '只能是 up（上移）或 down（下移）',
  }),
});
export type MoveDictItemBody = Static<typeof MoveDictItemBody>;

// ---- 区域管理 ----

const RegionCode = (title: string) =>
  Type.String({
    maxLength: 6,
    pattern: REGION_CODE_PATTERN.source,
    title,
    errorMessage: '应为 6 位数字的行政区划代码',
  });

/** A region as the administration list shows it (disabled ones too). */
export const AdminRegionRow = Type.Object({
  id: Type.String(),
  code: Type.String(),
  parentCode: Nullable(Type.String()),
  name: Type.String(),
  /** 1 province, 2 city, 3 county. */
  level: Type.Integer(),
  sort: Type.Integer(),
  status: Type.String(),
  /** Regions directly below, disabled ones included. */
  childCount: Type.Integer(),
});
export type AdminRegionRow = Static<typeof AdminRegionRow>;

/**
 * `POST /rest/region/getRegionPage` → `dataSet`: one level of the tree, `filters.parentCode`
 * (absent with a name or code searched: every level); filters `code`, `name` (any part),
 * `level`, `status`; sort on `sort` (default), `code`, `name`.
 */
export const AdminRegionPage = ListAnswer(AdminRegionRow);
export type AdminRegionPage = Static<typeof AdminRegionPage>;

const RegionName = Type.String({ minLength: 1, maxLength: 64, title: '区域名称' });

/** `POST /rest/region/addRegion`: a child of `parentCode`, its code in the GB/T 2260 shape of its level. */
export const AddRegionBody = Type.Object({
  parentCode: RegionCode('上级区域代码'),
  code: RegionCode('区域代码'),
  name: RegionName,
  sort: Sort,
});
export type AddRegionBody = Static<typeof AddRegionBody>;

/** `POST /rest/region/updRegion`: name and order; the code is fixed. */
export const UpdRegionBody = Type.Object({ code: RegionCode('区域代码'), name: RegionName, sort: Sort });
export type UpdRegionBody = Static<typeof UpdRegionBody>;

/** `POST /rest/region/updRegionStatus`: 启用 / 停用 (a disabled region hides what lies below it from the pickers). */
export const RegionStatusBody = Type.Object({ code: RegionCode('区域代码'), status: BaseDataStatus });
export type RegionStatusBody = Static<typeof RegionStatusBody>;

// ---- 银行管理 ----

/** A bank as the administration list shows it. */
export const AdminBankRow = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  sort: Type.Integer(),
  status: Type.String(),
  /** Offered for settlement accounts (`/rest/bank/queryAccountBanks`). */
  accountBank: Type.Boolean(),
  /** ISO 8601. */
  createTime: Type.String(),
});
export type AdminBankRow = Static<typeof AdminBankRow>;

/** `POST /rest/bank/getBankPage` → `dataSet`; filters `code`, `name` (any part), `status`, `accountBank` ('1'/'0'); sort on `sort` (default), `code`, `name`. */
export const AdminBankPage = ListAnswer(AdminBankRow);
export type AdminBankPage = Static<typeof AdminBankPage>;

const bankFields = {
  name: Type.String({ minLength: 2, maxLength: 100, title: '银行名称' }),
  sort: Sort,
  status: BaseDataStatus,
  accountBank: Type.Boolean({ title: '结算账户开户行' }),
};

/** `POST /rest/bank/addBank`: the code is the bank's CNAPS 行别代码 and fixed once created. */
export const AddBankBody = Type.Object({
  code: Type.String({
    minLength: 3,
    maxLength: 12,
    pattern: BANK_CODE_PATTERN.source,
    title: '银行代码',
    errorMessage: '银行代码为 3～12 位数字（支付系统行别代码或行号）',
  }),
  ...bankFields,
});
export type AddBankBody = Static<typeof AddBankBody>;

/** `POST /rest/bank/updBank`. */
export const UpdBankBody = Type.Object({ id: RecordId('银行编号'), ...bankFields });
export type UpdBankBody = Static<typeof UpdBankBody>;

/** `POST /rest/bank/updBankStatus`: 启用 / 停用 one bank or several. */
export const BankStatusBody = Type.Object({ ids: IdListText('银行编号'), status: BaseDataStatus });
export type BankStatusBody = Static<typeof BankStatusBody>;

/** `dataSet` of an add: the new row's id. */
export const BaseDataAdded = Type.Object({ id: Type.String() });
export type BaseDataAdded = Static<typeof BaseDataAdded>;

/** `dataSet` of an update, a status change or a move: how many rows changed. */
export const BaseDataUpdated = Type.Object({ updated: Type.Integer() });
export type BaseDataUpdated = Static<typeof BaseDataUpdated>;

// ---- Permission codes and calls ----

/** 系统管理 › 数据字典's permission codes. */
export const dictAdminCodes = defineCodes({
  list: 'system:dict:list',
  add: 'system:dict:add',
  edit: 'system:dict:edit',
  delete: 'system:dict:delete',
  import: 'system:dict:import',
});

/** 系统管理 › 数据字典's calls: categories (`/rest/dict/…`) and their items (`/rest/dictItem/…`). */
export const dictAdminCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/dict/getDictPage',
    permission: dictAdminCodes.list,
    body: ListRequest,
    answer: AdminDictPage,
  }),
  /** The list's query and the selected ids → 数据字典.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/dict/exportXls',
    permission: dictAdminCodes.list,
    body: ListExportBody,
    kind: 'download',
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/dict/addDict',
    permission: dictAdminCodes.add,
    body: AddDictBody,
    answer: BaseDataAdded,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/dict/updDict',
    permission: dictAdminCodes.edit,
    body: UpdDictBody,
    answer: BaseDataUpdated,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/rest/dict/delDict',
    permission: dictAdminCodes.delete,
    body: DelDictBody,
    answer: ListDeleted,
  }),
  itemPage: defineCall({
    method: 'POST',
    path: '/rest/dictItem/getDictItemPage',
    permission: dictAdminCodes.list,
    body: ListRequest,
    answer: AdminDictItemPage,
  }),
  /** The items list's query and the selected ids → 字典项.xlsx. */
  itemExport: defineCall({
    method: 'POST',
    path: '/rest/dictItem/exportXls',
    permission: dictAdminCodes.list,
    body: ListExportBody,
    kind: 'download',
  }),
  itemAdd: defineCall({
    method: 'POST',
    path: '/rest/dictItem/addDictItem',
    permission: dictAdminCodes.add,
    body: AddDictItemBody,
    answer: BaseDataAdded,
  }),
  itemUpdate: defineCall({
    method: 'POST',
    path: '/rest/dictItem/updDictItem',
    permission: dictAdminCodes.edit,
    body: UpdDictItemBody,
    answer: BaseDataUpdated,
  }),
  itemStatus: defineCall({
    method: 'POST',
    path: '/rest/dictItem/updDictItemStatus',
    permission: dictAdminCodes.edit,
    body: DictItemStatusBody,
    answer: BaseDataUpdated,
  }),
  itemMove: defineCall({
    method: 'POST',
    path: '/rest/dictItem/moveDictItem',
    permission: dictAdminCodes.edit,
    body: MoveDictItemBody,
    answer: BaseDataUpdated,
  }),
  itemDelete: defineCall({
    method: 'POST',
    path: '/rest/dictItem/delDictItem',
    permission: dictAdminCodes.delete,
    body: DelDictItemBody,
    answer: ListDeleted,
  }),
  /** The import's header row (required columns marked *) → 字典项导入模板.xlsx. */
  itemImportTemplate: defineCall({
    method: 'POST',
    path: '/rest/dictItem/importTemplate',
    permission: dictAdminCodes.import,
    kind: 'download',
  }),
  /** An `.xlsx` as the multipart field `file` (one file of at most 2 MB) and the text field `categoryCode`, the dictionary the items go into: each row a 新增字典项. */
  itemImport: defineCall({
    method: 'POST',
    path: '/rest/dictItem/importXls',
    permission: dictAdminCodes.import,
    answer: ListImportResult,
    kind: 'upload',
  }),
};

/** 系统管理 › 区域管理's permission codes. */
export const regionAdminCodes = defineCodes({
  list: 'system:region:list',
  add: 'system:region:add',
  edit: 'system:region:edit',
  import: 'system:region:import',
});

/** 系统管理 › 区域管理's calls (the public region calls: contracts/region.ts). */
export const regionAdminCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/region/getRegionPage',
    permission: regionAdminCodes.list,
    body: ListRequest,
    answer: AdminRegionPage,
  }),
  /** The list's query and the selected ids → 区域.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/region/exportXls',
    permission: regionAdminCodes.list,
    body: ListExportBody,
    kind: 'download',
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/region/addRegion',
    permission: regionAdminCodes.add,
    body: AddRegionBody,
    answer: BaseDataAdded,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/region/updRegion',
    permission: regionAdminCodes.edit,
    body: UpdRegionBody,
    answer: BaseDataUpdated,
  }),
  status: defineCall({
    method: 'POST',
    path: '/rest/region/updRegionStatus',
    permission: regionAdminCodes.edit,
    body: RegionStatusBody,
    answer: BaseDataUpdated,
  }),
  /** The import's header row (required columns marked *) → 区域导入模板.xlsx. */
  importTemplate: defineCall({
    method: 'POST',
    path: '/rest/region/importTemplate',
    permission: regionAdminCodes.import,
    kind: 'download',
  }),
  /** An `.xlsx` as the multipart field `file` (one file of at most 2 MB); 上级区域 by its code, in the tree or earlier in the file: each row a 新增区域. */
  import: defineCall({
    method: 'POST',
    path: '/rest/region/importXls',
    permission: regionAdminCodes.import,
    answer: ListImportResult,
    kind: 'upload',
  }),
};

/** 系统管理 › 银行管理's permission codes. */
export const bankCodes = defineCodes({
  list: 'system:bank:list',
  add: 'system:bank:add',
  edit: 'system:bank:edit',
  import: 'system:bank:import',
});

/** Banks: registration's pickers (anonymous) and 系统管理 › 银行管理. */
export const bankCalls = {
  /** The enabled banks whose name contains `keyWord` (registration's bank picker). */
  query: defineCall({ method: 'POST', path: '/rest/bank/queryBanks', body: QueryBanksBody, answer: BanksResult }),
  /** The same among the banks flagged 结算账户开户行 (the settlement account's picker). */
  queryAccount: defineCall({
    method: 'POST',
    path: '/rest/bank/queryAccountBanks',
    body: QueryBanksBody,
    answer: BanksResult,
  }),
  page: defineCall({
    method: 'POST',
    path: '/rest/bank/getBankPage',
    permission: bankCodes.list,
    body: ListRequest,
    answer: AdminBankPage,
  }),
  /** The list's query and the selected ids → 银行.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/bank/exportXls',
    permission: bankCodes.list,
    body: ListExportBody,
    kind: 'download',
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/bank/addBank',
    permission: bankCodes.add,
    body: AddBankBody,
    answer: BaseDataAdded,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/bank/updBank',
    permission: bankCodes.edit,
    body: UpdBankBody,
    answer: BaseDataUpdated,
  }),
  status: defineCall({
    method: 'POST',
    path: '/rest/bank/updBankStatus',
    permission: bankCodes.edit,
    body: BankStatusBody,
    answer: BaseDataUpdated,
  }),
  /** The import's header row (required columns marked *) → 银行导入模板.xlsx. */
  importTemplate: defineCall({
    method: 'POST',
    path: '/rest/bank/importTemplate',
    permission: bankCodes.import,
    kind: 'download',
  }),
  /** An `.xlsx` as the multipart field `file` (one file of at most 2 MB): each row a 新增银行. */
  import: defineCall({
    method: 'POST',
    path: '/rest/bank/importXls',
    permission: bankCodes.import,
    answer: ListImportResult,
    kind: 'upload',
  }),
};
