import { Type, type Static, type TNumber } from 'typebox';
import { defineCall } from './call';
import { NullableNumber, NullableString } from './common';

/**
 * Request and response schemas of the receipt calls (docs/architecture.md,
 * "Receipts and batch quality"). Empty strings, empty arrays and `null` count as absent: every filter's
 * schema admits them and the service drops them.
 */

/** A multi-select filter: an array of codes (a single string is accepted as a one-item array); `''` items are ignored. */
function CodeList(title: string, pattern: string, errorMessage: string) {
  return Type.Optional(
    Type.Unsafe<string[] | null>({
      type: ['array', 'null'],
      items: { type: 'string', maxLength: 8, pattern, title, errorMessage },
      maxItems: 100,
      title,
    }),
  );
}

/**
 * A slider bound, 0…100: a JSON number, a numeric string, or `null` / `''` for none. Declared
 * as a string so that Ajv's coercion turns numbers into their text and `null` into `''`
 * (never into 0) before one pattern checks them; the service parses the text.
 */
function Bound(title: string) {
  return Type.Optional(
    Type.Unsafe<string | number | null>(
      Type.String({
        maxLength: 32,
        // Surrounding spaces are allowed, but only one way to match them (linear time).
        pattern: '^\\s*(?:(?:100(?:\\.0+)?|\\d{1,2}(?:\\.\\d+)?)\\s*)?$',
        title,
        errorMessage: '应为 0～100 之间的数字',
      }),
    ),
  );
}

function OptionalText(title: string, maxLength: number) {
  return Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength, title }));
}

export type SortField = 'batchNumber' | 'warehouseReceiptNumber' | 'length';
export const SORT_FIELDS: readonly SortField[] = ['batchNumber', 'warehouseReceiptNumber', 'length'];
export type SortOrder = 'asc' | 'desc' | 'ASC' | 'DESC';

export const SortColumn = Type.Object({
  field: Type.String({
    maxLength: 32,
    pattern: `^(${SORT_FIELDS.join('|')})$`,
    title: '排序字段',
    errorMessage: '只能是 batchNumber（批号）、warehouseReceiptNumber（仓单号）或 length（长度）',
  }),
  order: Type.String({
    maxLength: 4,
    pattern: '^(asc|desc|ASC|DESC)$',
    title: '排序方向',
    errorMessage: '只能是 asc（升序）或 desc（降序）',
  }),
});
export type SortColumn = { field: SortField; order: SortOrder };

/** `stgWareHouseQueryParameters` of the receipt search. Absent, empty and `null` filters do not filter. */
export const StgWareHouseQuery = Type.Object(
  {
    batchOrReceiptNumber: Type.Optional(
      Type.Unsafe<string | null>({
        type: ['string', 'null'],
        maxLength: 64,
        pattern: '^\\s*(?:[0-9A-Za-z]{4,20}\\s*)?$',
        title: '批号/仓单号',
        errorMessage: '应为完整的批号或仓单号，或其前 4 位以上（字母和数字）',
      }),
    ),
    sortColumns: Type.Optional(
      Type.Unsafe<SortColumn[] | null>({
        type: ['array', 'null'],
        items: SortColumn,
        maxItems: 3,
        title: '排序',
      }),
    ),
    productYear: CodeList('年度', '^(\\d{4})?$', '应为 4 位年份，如 2024'),
    stockName: CodeList('品名', '^[12]?$', '只能是 1（细绒棉）或 2（长绒棉）'),
    processingMethod: CodeList('加工方式', '^[12]?$', '只能是 1（锯齿）或 2（皮辊）'),
    whsPickMode: CodeList('采摘方式', '^[12]?$', '只能是 1（手摘棉）或 2（机采棉）'),
    warehouseStatus: CodeList('仓单状态', '^[1-5]?$', '只能是 1～5（正常、注册中、注销中、移库中、过户中）'),
    origin: CodeList(
      '产地',
      '^([1-5]|北疆|南疆|东疆|地产|地产棉|兵团)?$',
      '只能是 1～5（北疆、南疆、东疆、地产棉、兵团）',
    ),
    colorGrade: CodeList('颜色级', '^(11|21|31|41|51|12|22|32|13|23|33|14|24)?$', '应为颜色级代码，如 31'),
    macronGrade: CodeList('马克隆值级', '^(C1|B1|A|B2|C2)?$', '只能是 C1、B1、A、B2 或 C2'),
    lengthGrade: CodeList('长度级', '^(2[5-9]|3[0-2])?$', '应为 25～32'),
    strengthMin: Bound('断裂比强度下限'),
    strengthMax: Bound('断裂比强度上限'),
    uniformityMin: Bound('长度整齐度下限'),
    uniformityMax: Bound('长度整齐度上限'),
    impurityMin: Bound('含杂率下限'),
    impurityMax: Bound('含杂率上限'),
    moistureMin: Bound('回潮率下限'),
    moistureMax: Bound('回潮率上限'),
    rdMin: Bound('反射率下限'),
    rdMax: Bound('反射率上限'),
    plusBMin: Bound('黄度下限'),
    plusBMax: Bound('黄度上限'),
    storagePlace: CodeList('存放地点', '^(\\d{6})?$', '应为 6 位行政区划代码'),
    whsName: OptionalText('仓库名称', 128),
    factoryName: OptionalText('加工单位', 64),
  },
  { default: {} },
);
export type StgWareHouseQuery = Static<typeof StgWareHouseQuery>;

export const ReceiptPageParameter = Type.Object(
  {
    pageNum: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, title: '页码' }),
    pageSize: Type.Integer({ minimum: 1, maximum: 50, default: 10, title: '每页条数' }),
  },
  { default: {} },
);
export type ReceiptPageParameter = Static<typeof ReceiptPageParameter>;

/** `POST /rest/esQuery/esqueryWareHouseData/1`. */
export const ReceiptSearchBody = Type.Object({
  stgWareHouseQueryParameters: Type.Unsafe<StgWareHouseQuery | null>({
    ...StgWareHouseQuery,
    type: ['object', 'null'],
    title: '查询条件',
  }),
  pageParameter: ReceiptPageParameter,
});
export type ReceiptSearchBody = Static<typeof ReceiptSearchBody>;

/** One receipt of the search, with the detail fields (spec §3). Weights in tonnes; `null` = no value. */
export const ReceiptItem = Type.Object({
  batchNumber: Type.String(),
  warehouseReceiptNumber: Type.String(),
  colorGradeCode: NullableString(),
  colorGradeName: NullableString(),
  macron: NullableNumber({ description: '平均马克隆值，2 位小数' }),
  macronGrade: NullableString(),
  strengthScale: NullableNumber({ description: 'cN/tex，1 位小数' }),
  principalPartRank: Type.String(),
  processingMethod: Type.String(),
  whsPickMode: Type.String(),
  stockName: Type.String(),
  moistureRegain: NullableNumber({ description: '%' }),
  dirty: NullableNumber({ description: '%' }),
  roughWeight: Type.Number({ description: '吨' }),
  conditionedWeight: Type.Number({ description: '吨' }),
  quantity: Type.Integer(),
  productYear: Type.String(),
  factoryName: Type.String(),
  whsName: Type.String(),
  placeName: Type.String(),
  warehouseStatus: Type.String(),
  // Detail fields (receipt detail page).
  machineDate: Type.String(),
  inspectDate: Type.String(),
  inspectCompany: Type.String(),
  storageWs: Type.String(),
  netWeight: Type.Number({ description: '吨' }),
  tidyAvg: NullableNumber({ description: '平均长度整齐度，%' }),
});
export type ReceiptItem = Static<typeof ReceiptItem>;

/** The receipt search → `dataSet`. */
export const ReceiptPage = Type.Object({
  pageWareHouse: Type.Object({
    result: Type.Array(ReceiptItem),
    /** Exact: the number of receipts matching the filters. */
    totalCount: Type.Integer(),
  }),
});
export type ReceiptPage = Static<typeof ReceiptPage>;

export type SuggestionField = 'whsName' | 'factoryName';

/** `POST /rest/esQuery/superStgWareHouseDatasearchSuggestions/1`. */
export const SuggestionBody = Type.Object({
  fieldName: Type.Unsafe<SuggestionField>(
    Type.String({
      maxLength: 16,
      pattern: '^(whsName|factoryName)$',
      title: '字段',
      errorMessage: '只能是 whsName（仓库名称）或 factoryName（加工单位）',
    }),
  ),
  fieldValue: Type.String({ minLength: 1, maxLength: 50, title: '输入内容' }),
});
export type SuggestionBody = Static<typeof SuggestionBody>;

/** The suggestions call → `dataSet`: at most 10 names that contain the text, best matches first. */
export const Suggestions = Type.Object({ result: Type.Array(Type.String()) });
export type Suggestions = Static<typeof Suggestions>;

/** `POST /rest/esQuery/factoryBatchWeightInspectquery/1`. */
export const InspectionBody = Type.Object({
  batchCode: Type.String({ minLength: 1, maxLength: 32, title: '批号' }),
});
export type InspectionBody = Static<typeof InspectionBody>;

/** Bales of one grade (a distribution chart's bar). */
export const GradeCount = Type.Object({ grade: Type.String(), count: Type.Integer() });
export type GradeCount = Static<typeof GradeCount>;

function rates<K extends string>(keys: readonly K[]): Record<K, TNumber> {
  return Object.fromEntries(keys.map((key) => [key, Type.Number({ description: '%' })])) as unknown as Record<
    K,
    TNumber
  >;
}

export const LENGTH_RATE_KEYS = [
  'lengthRate25',
  'lengthRate26',
  'lengthRate27',
  'lengthRate28',
  'lengthRate29',
  'lengthRate30',
  'lengthRate31',
  'lengthRate32',
] as const;
export const COLOR_RATE_KEYS = [
  'whiteRate1',
  'whiteRate2',
  'whiteRate3',
  'whiteRate4',
  'whiteRate5',
  'spotRate1',
  'spotRate2',
  'spotRate3',
  'yellowishRate1',
  'yellowishRate2',
  'yellowishRate3',
  'yellowRate1',
  'yellowRate2',
] as const;
export const MICRONAIRE_RATE_KEYS = [
  'micronaireRateC1',
  'micronaireRateB1',
  'micronaireRateA',
  'micronaireRateB2',
  'micronaireRateC2',
] as const;
export const UNIFORMITY_RATE_KEYS = [
  'uniformityRateU1',
  'uniformityRateU2',
  'uniformityRateU3',
  'uniformityRateU4',
  'uniformityRateU5',
] as const;
export const STRENGTH_RATE_KEYS = [
  'strengthRateS1',
  'strengthRateS2',
  'strengthRateS3',
  'strengthRateS4',
  'strengthRateS5',
] as const;

/** A batch's inspection summary: weights in tonnes (3 decimals), rates in % of bales; `null` = no main grade. */
export const BatchInspection = Type.Object({
  batchNumber: Type.String(),
  inspectDate: Type.String(),
  inspectCompany: Type.String(),
  packetNum: Type.Integer(),
  grossWeight: Type.Number(),
  tareWeight: Type.Number(),
  netWeight: Type.Number(),
  pubWeight: Type.Number(),
  moistureRate: Type.Number(),
  impurityRate: Type.Number(),
  mainLength: NullableNumber(),
  avgLength: Type.Number(),
  ...rates(LENGTH_RATE_KEYS),
  mainColorGrade: NullableString(),
  ...rates(COLOR_RATE_KEYS),
  mainMicronaire: NullableString(),
  avgMicronaire: Type.Number(),
  ...rates(MICRONAIRE_RATE_KEYS),
  minUniformity: Type.Number(),
  maxUniformity: Type.Number(),
  avgUniformity: Type.Number(),
  ...rates(UNIFORMITY_RATE_KEYS),
  minStrength: Type.Number(),
  maxStrength: Type.Number(),
  avgStrength: Type.Number(),
  ...rates(STRENGTH_RATE_KEYS),
  avgRd: Type.Number(),
  avgPlusB: Type.Number(),
  distributions: Type.Object({
    colorGrade: Type.Array(GradeCount),
    length: Type.Array(GradeCount),
    micronaire: Type.Array(GradeCount),
    strength: Type.Array(GradeCount),
  }),
});

export type BatchInspection = Static<typeof BatchInspection>;

/** `/rest/esQuery/factoryBatchWeightInspectquery/1` → `dataSet`. */
export const InspectionResult = Type.Object({ result: BatchInspection });
export type InspectionResult = Static<typeof InspectionResult>;

/** Warehouse receipts and batch quality: public calls. */
export const receiptCalls = {
  /** The receipt search (answered from the server's in-memory index). */
  search: defineCall({
    method: 'POST',
    path: '/rest/esQuery/esqueryWareHouseData/1',
    body: ReceiptSearchBody,
    answer: ReceiptPage,
  }),
  /** Up to ten warehouse or factory names containing the text typed. */
  suggestions: defineCall({
    method: 'POST',
    path: '/rest/esQuery/superStgWareHouseDatasearchSuggestions/1',
    body: SuggestionBody,
    answer: Suggestions,
  }),
  /** A batch's inspection certificate (kept per change: the public answer cache). */
  inspection: defineCall({
    method: 'POST',
    path: '/rest/esQuery/factoryBatchWeightInspectquery/1',
    body: InspectionBody,
    answer: InspectionResult,
  }),
};
