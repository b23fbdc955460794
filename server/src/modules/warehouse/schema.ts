import { Type, type Static } from '@fastify/type-provider-typebox';
import { envelopeSchema } from '../../plugins/envelope';
import { CodeValue, Nullable, NullableNumber, NullableString, PageParameter } from '../shared/schema';

/** Comma-joined 6-digit province codes (level 1: `xx0000`), e.g. `650000,410000`. */
export const PROVINCE_CODE_LIST = '^\\s*(\\d{2}0000\\s*(,\\s*\\d{2}0000\\s*)*)?$';

export const QueryWhsPageBody = Type.Object({
  searchParam: Type.Object(
    {
      warehouseName: Type.Optional(Type.String({ maxLength: 100, title: '仓库名称' })),
      regionProviceCode: Type.Optional(
        Type.String({
          pattern: PROVINCE_CODE_LIST,
          maxLength: 300,
          title: '省份',
          errorMessage: '应为逗号分隔的 6 位省级行政区划代码，如 650000,410000',
        }),
      ),
      warehouseAreaType: Type.Optional(
        Type.String({ pattern: '^[12]?$', title: '仓库区域类型', errorMessage: '只能是 1（新疆）或 2（内地）' }),
      ),
    },
    { default: {} },
  ),
  pageParameter: PageParameter,
});
export type QueryWhsPageBody = Static<typeof QueryWhsPageBody>;

export const WhsRow = Type.Object({
  whsId: Type.String(),
  warehouseCode: Type.String(),
  warehouseName: Type.String(),
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

export const WhsPage = Type.Object({
  pagination: Type.Object({
    result: Type.Array(WhsRow),
    totalCount: Type.Integer(),
    pageNum: Type.Integer(),
    pageSize: Type.Integer(),
  }),
});
export type WhsPage = Static<typeof WhsPage>;

export const QueryWhsDetailBody = Type.Object({
  whsCode: Type.String({ minLength: 1, maxLength: 32, title: '仓库代码' }),
});

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
  /** '1' yes, '0' no */
  specialRailwayLine: Type.String(),
  specialRailwayLineName: NullableString(),
});

export const WhsBiz = Type.Object({
  /** Comma-joined WHS_TYPE codes. */
  whsTypes: NullableString(),
  /** Comma-joined WHS_BIZ_TYPE codes. */
  whsBizTypes: NullableString(),
  storageCapacityMax: NullableNumber({ description: '吨' }),
  dispatchMin: NullableNumber({ description: '吨/日' }),
  /** '1' yes, '0' no */
  canWork: Type.String(),
  officeWarehouseName: NullableString(),
  quanlityMonitorWeight: NullableNumber({ description: '吨' }),
  province: CodeValue,
  city: Nullable(CodeValue),
  county: Nullable(CodeValue),
});

export const WhsContact = Type.Object({
  contactName: NullableString(),
  contactPhone: NullableString(),
  contactMobile: NullableString(),
  contactFax: NullableString(),
  bizContactName: NullableString(),
  bizContactPhone: NullableString(),
  bizContactMobile: NullableString(),
});

const perTonne = { description: '元/吨' };
const perBag = { description: '元/包' };
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

export const WhsFreight = Type.Object({
  stationName: Type.String(),
  /** FREIGHT_YARD_TYPE code */
  freightYardType: Type.String(),
  freightYardName: Type.String(),
  whsName: Type.String(),
});

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

export const WhsPageResponse = envelopeSchema(WhsPage);
export const WhsDetailResponse = envelopeSchema(WhsDetail);
