import { Type, type Static } from 'typebox';
import { defineCall } from './call';
import { CodeValue, Nullable, NullableNumber, NullableString, PageParameter, Pagination } from './common';
import { PROVINCE_CODE_LIST_PATTERN } from '../validators/codes.js';

// Warehouses (docs/architecture.md, "Warehouses"): `/rest/anon/queryWhsPage`,
// `/rest/anon/queryWhsDetail`.

/** Comma-joined 6-digit province codes (level 1: `xx0000`), e.g. `650000,410000`. */
export const PROVINCE_CODE_LIST = PROVINCE_CODE_LIST_PATTERN.source;

/** The filters of the warehouse list; absent or empty ones do not filter. */
export const WhsSearchParam = Type.Object(
  {
    warehouseName: Type.Optional(Type.String({ maxLength: 100, title: '仓库名称' })),
    /** Comma-joined province codes. */
    regionProviceCode: Type.Optional(
      Type.String({
        pattern: PROVINCE_CODE_LIST,
        maxLength: 300,
        title: '省份',
        errorMessage: '应为逗号分隔的 6 位省级行政区划代码，如 650000,410000',
      }),
    ),
    /** '1' Xinjiang, '2' inland. */
    warehouseAreaType: Type.Optional(
      Type.String({
        maxLength: 8,
        pattern: '^[12]?$',
        title: '仓库区域类型',
        errorMessage: '只能是 1（新疆）或 2（内地）',
      }),
    ),
  },
  { default: {} },
);
export type WhsSearchParam = Static<typeof WhsSearchParam>;

export const QueryWhsPageBody = Type.Object({
  searchParam: WhsSearchParam,
  pageParameter: PageParameter,
});
export type QueryWhsPageBody = Static<typeof QueryWhsPageBody>;

/** One row of the warehouse list. Fees are yuan; `null` when the warehouse does not charge it. */
export const WhsRow = Type.Object({
  whsId: Type.String(),
  warehouseCode: Type.String(),
  warehouseName: Type.String(),
  /** '1' Xinjiang, '2' inland. */
  warehouseAreaType: Type.String(),
  regionProviceCode: Type.String(),
  regionProviceName: NullableString(),
  addressDetail: Type.String(),
  contactName: NullableString(),
  contactPhone: NullableString(),
  cottonAutomobileInFee: NullableNumber({ description: '元/吨' }),
  cottonAutomobileOutFee: NullableNumber({ description: '元/吨' }),
  cottonIndoorRate: NullableNumber({ description: '元/吨·天' }),
  cottonOutdoorRate: NullableNumber({ description: '元/吨·天' }),
  cottonExamineMoveFee: NullableNumber({ description: '元/吨' }),
});
export type WhsRow = Static<typeof WhsRow>;

/** `/rest/anon/queryWhsPage` → `dataSet`, ordered by warehouse code. */
export const WhsPage = Type.Object({ pagination: Pagination(WhsRow) });
export type WhsPage = Static<typeof WhsPage>;

export const QueryWhsDetailBody = Type.Object({
  whsCode: Type.String({ minLength: 1, maxLength: 32, title: '仓库代码' }),
});
export type QueryWhsDetailBody = Static<typeof QueryWhsDetailBody>;

export const WhsBase = Type.Object({
  warehouseCode: Type.String(),
  warehouseName: Type.String(),
  /** YYYY-MM-DD */
  foundTime: NullableString(),
  warehouseNote: NullableString(),
  synopsis: NullableString(),
  addressDetail: Type.String(),
  postalCode: NullableString(),
  stationName: NullableString(),
  /** '1' yes, '0' no: the warehouse has a railway siding. */
  specialRailwayLine: Type.String(),
  specialRailwayLineName: NullableString(),
});
export type WhsBase = Static<typeof WhsBase>;

export const WhsBiz = Type.Object({
  /** Comma-joined WHS_TYPE codes. */
  whsTypes: NullableString(),
  /** Comma-joined WHS_BIZ_TYPE codes. */
  whsBizTypes: NullableString(),
  storageCapacityMax: NullableNumber({ description: '吨' }),
  dispatchMin: NullableNumber({ description: '吨/日' }),
  /** '1' yes, '0' no: open for business. */
  canWork: Type.String(),
  officeWarehouseName: NullableString(),
  quanlityMonitorWeight: NullableNumber({ description: '吨' }),
  province: CodeValue,
  city: Nullable(CodeValue),
  county: Nullable(CodeValue),
});
export type WhsBiz = Static<typeof WhsBiz>;

export const WhsContact = Type.Object({
  contactName: NullableString(),
  contactPhone: NullableString(),
  contactMobile: NullableString(),
  contactFax: NullableString(),
  bizContactName: NullableString(),
  bizContactPhone: NullableString(),
  bizContactMobile: NullableString(),
});
export type WhsContact = Static<typeof WhsContact>;

const perTonne = { description: '元/吨' };
const perBag = { description: '元/包' };
/** Fees and rates in yuan; `null` when the warehouse does not charge it. */
export const WhsFee = Type.Object({
  cottonAutomobileInFee: NullableNumber(perTonne),
  cottonAutomobileOutFee: NullableNumber(perTonne),
  cottonTrainInFee: NullableNumber(perTonne),
  cottonTrainOutFee: NullableNumber(perTonne),
  cottonWaterInFee: NullableNumber(perTonne),
  cottonWaterOutFee: NullableNumber(perTonne),
  yarnAutomobileInFee: NullableNumber(perTonne),
  yarnAutomobileOutFee: NullableNumber(perTonne),
  yarnTrainInFee: NullableNumber(perTonne),
  yarnTrainOutFee: NullableNumber(perTonne),
  yarnWaterInFee: NullableNumber(perTonne),
  yarnWaterOutFee: NullableNumber(perTonne),
  cottonExamineMoveFee: NullableNumber(perTonne),
  reconditionFee: NullableNumber(perTonne),
  restoreFee: NullableNumber(perBag),
  sewingBagFee: NullableNumber(perBag),
  cottonIndoorRate: NullableNumber({ description: '元/吨·天' }),
  cottonOutdoorRate: NullableNumber({ description: '元/吨·天' }),
  loadingHelpFee: NullableNumber({ description: '元/车' }),
});
export type WhsFee = Static<typeof WhsFee>;

export const WhsFreight = Type.Object({
  stationName: Type.String(),
  /** FREIGHT_YARD_TYPE code */
  freightYardType: Type.String(),
  freightYardName: Type.String(),
  whsName: Type.String(),
});
export type WhsFreight = Static<typeof WhsFreight>;

/** `/rest/anon/queryWhsDetail` → `dataSet`. */
export const WhsDetail = Type.Object({
  whsInfo: Type.Object({
    anonWhsBaseVo: WhsBase,
    anonWhsBizVo: WhsBiz,
    anonWhsContactVo: WhsContact,
    anonWhsFeeVo: WhsFee,
    anonWhsFreightVos: Type.Array(WhsFreight),
  }),
});
export type WhsDetail = Static<typeof WhsDetail>;

/** The public warehouse list and detail (kept per change: the public answer cache). */
export const warehouseCalls = {
  page: defineCall({ method: 'POST', path: '/rest/anon/queryWhsPage', body: QueryWhsPageBody, answer: WhsPage }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/anon/queryWhsDetail',
    body: QueryWhsDetailBody,
    answer: WhsDetail,
  }),
};
