import { COLOR_GRADE_NAMES, COLOR_GRADES, LENGTH_GRADES } from '@cotton/sdk/validators';

/**
 * Dictionaries: category code (UPPER_SNAKE) → options `[code, value]` in display order.
 * Codes are short strings; the spec's stock filter options (§3) are all here.
 */
export interface DictionarySeed {
  code: string;
  name: string;
  items: Array<[code: string, value: string]>;
}

export const DICTIONARIES: DictionarySeed[] = [
  {
    code: 'WAREHOUSE_AREA_TYPE',
    name: '仓库区域类型',
    items: [
      ['1', '新疆'],
      ['2', '内地'],
    ],
  },
  {
    code: 'WHS_TYPE',
    name: '仓库类型',
    items: [
      ['1', '棉花交割仓库'],
      ['2', '棉纱交割仓库'],
      ['3', '储备棉承储库'],
      ['4', '监管仓库'],
    ],
  },
  {
    code: 'WHS_BIZ_TYPE',
    name: '仓库业务类型',
    items: [
      ['1', '仓单注册'],
      ['2', '公证检验'],
      ['3', '现货交收'],
      ['4', '储备棉轮入'],
      ['5', '储备棉轮出'],
      ['6', '质押监管'],
    ],
  },
  {
    code: 'FREIGHT_YARD_TYPE',
    name: '货场类型',
    items: [
      ['1', '铁路专用线'],
      ['2', '铁路货场'],
      ['3', '公路货场'],
      ['4', '港口码头'],
    ],
  },
  {
    code: 'TRADER_TYPE',
    name: '交易商类型',
    items: [
      ['1', '轧花企业'],
      ['2', '纺织企业'],
      ['3', '棉花贸易企业'],
      ['4', '仓储物流企业'],
      ['5', '其他'],
    ],
  },
  {
    code: 'LR_CERTIFICATE_TYPE',
    name: '法定代表人证件类型',
    items: [
      ['1', '居民身份证'],
      ['2', '护照'],
      ['3', '港澳居民来往内地通行证'],
      ['4', '台湾居民来往大陆通行证'],
      ['5', '外国人永久居留身份证'],
    ],
  },
  {
    code: 'VTA_INVOICE_TRADER_TYPE',
    name: '增值税纳税人类型',
    items: [
      ['1', '一般纳税人'],
      ['2', '小规模纳税人'],
    ],
  },
  {
    code: 'PRODUCT_YEAR',
    name: '加工年度',
    items: [
      ['2020', '2020'],
      ['2021', '2021'],
      ['2022', '2022'],
      ['2023', '2023'],
      ['2024', '2024'],
      ['2025', '2025'],
    ],
  },
  {
    code: 'STOCK_NAME',
    name: '品名',
    items: [
      ['1', '细绒棉'],
      ['2', '长绒棉'],
    ],
  },
  {
    code: 'PROCESSING_METHOD',
    name: '加工方式',
    items: [
      ['1', '锯齿'],
      ['2', '皮辊'],
    ],
  },
  {
    code: 'PICK_MODE',
    name: '采摘方式',
    items: [
      ['1', '手摘棉'],
      ['2', '机采棉'],
    ],
  },
  {
    code: 'WAREHOUSE_STATUS',
    name: '仓单状态',
    items: [
      ['1', '正常'],
      ['2', '注册中'],
      ['3', '注销中'],
      ['4', '移库中'],
      ['5', '过户中'],
    ],
  },
  {
    code: 'PRODUCING_AREA',
    name: '产地',
    items: [
      ['1', '北疆'],
      ['2', '南疆'],
      ['3', '东疆'],
      ['4', '地产棉'],
      ['5', '兵团'],
    ],
  },
  {
    code: 'COLOR_GRADE',
    name: '颜色级',
    items: COLOR_GRADES.map((grade) => [grade, COLOR_GRADE_NAMES[grade]] as [string, string]),
  },
  {
    code: 'MICRONAIRE_GRADE',
    name: '马克隆值级',
    items: [
      ['C1', 'C1'],
      ['B1', 'B1'],
      ['A', 'A'],
      ['B2', 'B2'],
      ['C2', 'C2'],
    ],
  },
  {
    code: 'LENGTH_GRADE',
    name: '长度级',
    items: LENGTH_GRADES.map((mm) => [mm, `${mm}mm`] as [string, string]),
  },
  {
    code: 'STRENGTH_GRADE',
    name: '断裂比强度档',
    items: [
      ['S1', '很强'],
      ['S2', '强'],
      ['S3', '中等'],
      ['S4', '差'],
      ['S5', '很差'],
    ],
  },
  {
    code: 'UNIFORMITY_GRADE',
    name: '长度整齐度档',
    items: [
      ['U1', '很高'],
      ['U2', '高'],
      ['U3', '中等'],
      ['U4', '低'],
      ['U5', '很低'],
    ],
  },
  {
    code: 'GINNING_QUALITY',
    name: '轧工质量',
    items: [
      ['P1', '好'],
      ['P2', '中'],
      ['P3', '差'],
    ],
  },
];
