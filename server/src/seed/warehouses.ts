import type { Random } from './random';

/**
 * Warehouses of the seed: realistic names, addresses, contacts and fees, placed at real
 * cotton warehouse locations (Xinjiang cities and corps towns; inland textile provinces).
 *
 * Warehouse code: `WH` + the two-digit province prefix of GB/T 2260 + a three-digit serial
 * within that province, in generation order: `WH65001` (the first Xinjiang warehouse),
 * `WH37003` (the third in 山东).
 */

export type SeedSize = 'small' | 'large';

/** Warehouses per size: Xinjiang, inland. */
export const WAREHOUSE_COUNTS: Record<SeedSize, { xinjiang: number; inland: number }> = {
  small: { xinjiang: 40, inland: 20 },
  large: { xinjiang: 400, inland: 200 },
};

interface WarehouseLocation {
  province: string;
  city: string;
  county: string | null;
  /** Short place name used in company and yard names, e.g. 库尔勒. */
  place: string;
  station: string;
  postcode: string;
  /** Telephone area code and length of local numbers. */
  areaCode: string;
  localDigits: 7 | 8;
  office: string;
  /** Xinjiang reservation area (region group `reservation_area`). */
  reservationArea?: 'BJ' | 'NJ' | 'DJ' | 'BT';
  /** River or sea port: the warehouse also takes cotton by water. */
  port?: string;
  /** Relative share of the warehouses placed here beyond the first one. */
  weight: number;
  corps?: boolean;
}

const site = (s: WarehouseLocation) => s;

const XINJIANG_SITES: WarehouseLocation[] = [
  site({
    province: '650000',
    city: '650100',
    county: '650109',
    place: '米东',
    station: '米泉站',
    postcode: '831400',
    areaCode: '0991',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BJ',
    weight: 2,
  }),
  site({
    province: '650000',
    city: '650100',
    county: '650106',
    place: '乌鲁木齐',
    station: '乌鲁木齐西站',
    postcode: '830023',
    areaCode: '0991',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BJ',
    weight: 2,
  }),
  site({
    province: '650000',
    city: '652300',
    county: '652301',
    place: '昌吉',
    station: '昌吉站',
    postcode: '831100',
    areaCode: '0994',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BJ',
    weight: 3,
  }),
  site({
    province: '650000',
    city: '652300',
    county: '652323',
    place: '呼图壁',
    station: '呼图壁站',
    postcode: '831200',
    areaCode: '0994',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BJ',
    weight: 2,
  }),
  site({
    province: '650000',
    city: '652300',
    county: '652324',
    place: '玛纳斯',
    station: '玛纳斯站',
    postcode: '832200',
    areaCode: '0994',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BJ',
    weight: 2,
  }),
  site({
    province: '650000',
    city: '652700',
    county: '652701',
    place: '博乐',
    station: '博乐站',
    postcode: '833400',
    areaCode: '0909',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BJ',
    weight: 2,
  }),
  site({
    province: '650000',
    city: '652700',
    county: '652722',
    place: '精河',
    station: '精河站',
    postcode: '833300',
    areaCode: '0909',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BJ',
    weight: 2,
  }),
  site({
    province: '650000',
    city: '654200',
    county: '654202',
    place: '乌苏',
    station: '乌苏站',
    postcode: '833000',
    areaCode: '0992',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BJ',
    weight: 3,
  }),
  site({
    province: '650000',
    city: '654200',
    county: '654203',
    place: '沙湾',
    station: '沙湾市站',
    postcode: '832100',
    areaCode: '0993',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BJ',
    weight: 3,
  }),
  site({
    province: '650000',
    city: '654000',
    county: '654003',
    place: '奎屯',
    station: '奎屯站',
    postcode: '833200',
    areaCode: '0992',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BJ',
    weight: 3,
  }),
  site({
    province: '650000',
    city: '650200',
    county: '650202',
    place: '独山子',
    station: '独山子站',
    postcode: '833600',
    areaCode: '0992',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BJ',
    weight: 1,
  }),
  site({
    province: '650000',
    city: '659001',
    county: null,
    place: '石河子',
    station: '石河子站',
    postcode: '832000',
    areaCode: '0993',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BT',
    weight: 4,
    corps: true,
  }),
  site({
    province: '650000',
    city: '659004',
    county: null,
    place: '五家渠',
    station: '五家渠站',
    postcode: '831300',
    areaCode: '0994',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'BT',
    weight: 2,
    corps: true,
  }),
  site({
    province: '650000',
    city: '652800',
    county: '652801',
    place: '库尔勒',
    station: '库尔勒站',
    postcode: '841000',
    areaCode: '0996',
    localDigits: 7,
    office: 'KEL',
    reservationArea: 'NJ',
    weight: 5,
  }),
  site({
    province: '650000',
    city: '652800',
    county: '652823',
    place: '尉犁',
    station: '尉犁站',
    postcode: '841500',
    areaCode: '0996',
    localDigits: 7,
    office: 'KEL',
    reservationArea: 'NJ',
    weight: 3,
  }),
  site({
    province: '650000',
    city: '652800',
    county: '652822',
    place: '轮台',
    station: '轮台站',
    postcode: '841600',
    areaCode: '0996',
    localDigits: 7,
    office: 'KEL',
    reservationArea: 'NJ',
    weight: 2,
  }),
  site({
    province: '650000',
    city: '659006',
    county: null,
    place: '铁门关',
    station: '库尔勒站',
    postcode: '841007',
    areaCode: '0996',
    localDigits: 7,
    office: 'KEL',
    reservationArea: 'BT',
    weight: 2,
    corps: true,
  }),
  site({
    province: '650000',
    city: '652900',
    county: '652901',
    place: '阿克苏',
    station: '阿克苏站',
    postcode: '843000',
    areaCode: '0997',
    localDigits: 7,
    office: 'AKS',
    reservationArea: 'NJ',
    weight: 5,
  }),
  site({
    province: '650000',
    city: '652900',
    county: '652902',
    place: '库车',
    station: '库车站',
    postcode: '842000',
    areaCode: '0997',
    localDigits: 7,
    office: 'AKS',
    reservationArea: 'NJ',
    weight: 3,
  }),
  site({
    province: '650000',
    city: '652900',
    county: '652924',
    place: '沙雅',
    station: '沙雅站',
    postcode: '842200',
    areaCode: '0997',
    localDigits: 7,
    office: 'AKS',
    reservationArea: 'NJ',
    weight: 3,
  }),
  site({
    province: '650000',
    city: '652900',
    county: '652925',
    place: '新和',
    station: '新和站',
    postcode: '842100',
    areaCode: '0997',
    localDigits: 7,
    office: 'AKS',
    reservationArea: 'NJ',
    weight: 2,
  }),
  site({
    province: '650000',
    city: '652900',
    county: '652928',
    place: '阿瓦提',
    station: '阿克苏站',
    postcode: '843200',
    areaCode: '0997',
    localDigits: 7,
    office: 'AKS',
    reservationArea: 'NJ',
    weight: 3,
  }),
  site({
    province: '650000',
    city: '659002',
    county: null,
    place: '阿拉尔',
    station: '阿拉尔站',
    postcode: '843300',
    areaCode: '0997',
    localDigits: 7,
    office: 'AKS',
    reservationArea: 'BT',
    weight: 4,
    corps: true,
  }),
  site({
    province: '650000',
    city: '653100',
    county: '653101',
    place: '喀什',
    station: '喀什站',
    postcode: '844000',
    areaCode: '0998',
    localDigits: 7,
    office: 'KS',
    reservationArea: 'NJ',
    weight: 3,
  }),
  site({
    province: '650000',
    city: '653100',
    county: '653130',
    place: '巴楚',
    station: '巴楚站',
    postcode: '843800',
    areaCode: '0998',
    localDigits: 7,
    office: 'KS',
    reservationArea: 'NJ',
    weight: 3,
  }),
  site({
    province: '650000',
    city: '653100',
    county: '653127',
    place: '麦盖提',
    station: '麦盖提站',
    postcode: '844600',
    areaCode: '0998',
    localDigits: 7,
    office: 'KS',
    reservationArea: 'NJ',
    weight: 2,
  }),
  site({
    province: '650000',
    city: '653100',
    county: '653125',
    place: '莎车',
    station: '莎车站',
    postcode: '844700',
    areaCode: '0998',
    localDigits: 7,
    office: 'KS',
    reservationArea: 'NJ',
    weight: 2,
  }),
  site({
    province: '650000',
    city: '659003',
    county: null,
    place: '图木舒克',
    station: '图木舒克站',
    postcode: '843806',
    areaCode: '0998',
    localDigits: 7,
    office: 'KS',
    reservationArea: 'BT',
    weight: 2,
    corps: true,
  }),
  site({
    province: '650000',
    city: '650500',
    county: '650502',
    place: '哈密',
    station: '哈密站',
    postcode: '839000',
    areaCode: '0902',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'DJ',
    weight: 2,
  }),
  site({
    province: '650000',
    city: '650400',
    county: '650402',
    place: '吐鲁番',
    station: '吐鲁番站',
    postcode: '838000',
    areaCode: '0995',
    localDigits: 7,
    office: 'WLMQ',
    reservationArea: 'DJ',
    weight: 1,
  }),
];

const INLAND_SITES: WarehouseLocation[] = [
  site({
    province: '370000',
    city: '370200',
    county: '370211',
    place: '青岛',
    station: '黄岛站',
    postcode: '266500',
    areaCode: '0532',
    localDigits: 8,
    office: 'QD',
    port: '青岛港',
    weight: 3,
  }),
  site({
    province: '370000',
    city: '370200',
    county: '370281',
    place: '胶州',
    station: '胶州站',
    postcode: '266300',
    areaCode: '0532',
    localDigits: 8,
    office: 'QD',
    weight: 2,
  }),
  site({
    province: '370000',
    city: '371400',
    county: '371427',
    place: '夏津',
    station: '夏津站',
    postcode: '253200',
    areaCode: '0534',
    localDigits: 7,
    office: 'QD',
    weight: 2,
  }),
  site({
    province: '370000',
    city: '371500',
    county: '371581',
    place: '临清',
    station: '临清站',
    postcode: '252600',
    areaCode: '0635',
    localDigits: 7,
    office: 'QD',
    weight: 2,
  }),
  site({
    province: '370000',
    city: '371600',
    county: '371602',
    place: '滨州',
    station: '滨州站',
    postcode: '256600',
    areaCode: '0543',
    localDigits: 7,
    office: 'QD',
    weight: 2,
  }),
  site({
    province: '410000',
    city: '410100',
    county: '410104',
    place: '郑州',
    station: '圃田站',
    postcode: '450000',
    areaCode: '0371',
    localDigits: 8,
    office: 'ZZ',
    weight: 3,
  }),
  site({
    province: '410000',
    city: '410100',
    county: '410122',
    place: '中牟',
    station: '中牟站',
    postcode: '451450',
    areaCode: '0371',
    localDigits: 8,
    office: 'ZZ',
    weight: 1,
  }),
  site({
    province: '410000',
    city: '411600',
    county: '411602',
    place: '周口',
    station: '周口站',
    postcode: '466000',
    areaCode: '0394',
    localDigits: 7,
    office: 'ZZ',
    port: '周口港',
    weight: 2,
  }),
  site({
    province: '410000',
    city: '411400',
    county: '411403',
    place: '商丘',
    station: '商丘站',
    postcode: '476100',
    areaCode: '0370',
    localDigits: 7,
    office: 'ZZ',
    weight: 2,
  }),
  site({
    province: '130000',
    city: '130500',
    county: '130581',
    place: '南宫',
    station: '邢台站',
    postcode: '051800',
    areaCode: '0319',
    localDigits: 7,
    office: 'ZZ',
    weight: 2,
  }),
  site({
    province: '130000',
    city: '131100',
    county: '131103',
    place: '冀州',
    station: '衡水站',
    postcode: '053200',
    areaCode: '0318',
    localDigits: 7,
    office: 'ZZ',
    weight: 2,
  }),
  site({
    province: '130000',
    city: '130900',
    county: '130984',
    place: '河间',
    station: '沧州站',
    postcode: '062450',
    areaCode: '0317',
    localDigits: 7,
    office: 'ZZ',
    weight: 1,
  }),
  site({
    province: '130000',
    city: '130100',
    county: '130109',
    place: '藁城',
    station: '藁城站',
    postcode: '052160',
    areaCode: '0311',
    localDigits: 8,
    office: 'ZZ',
    weight: 2,
  }),
  site({
    province: '420000',
    city: '420100',
    county: '420112',
    place: '武汉',
    station: '汉西站',
    postcode: '430040',
    areaCode: '027',
    localDigits: 8,
    office: 'ZZ',
    port: '武汉阳逻港',
    weight: 3,
  }),
  site({
    province: '420000',
    city: '421000',
    county: '421002',
    place: '荆州',
    station: '荆州站',
    postcode: '434000',
    areaCode: '0716',
    localDigits: 7,
    office: 'ZZ',
    port: '荆州港',
    weight: 2,
  }),
  site({
    province: '420000',
    city: '429006',
    county: null,
    place: '天门',
    station: '天门站',
    postcode: '431700',
    areaCode: '0728',
    localDigits: 7,
    office: 'ZZ',
    weight: 1,
  }),
  site({
    province: '420000',
    city: '420900',
    county: '420984',
    place: '汉川',
    station: '汉川站',
    postcode: '431600',
    areaCode: '0712',
    localDigits: 7,
    office: 'ZZ',
    weight: 1,
  }),
  site({
    province: '320000',
    city: '320600',
    county: '320612',
    place: '南通',
    station: '南通站',
    postcode: '226300',
    areaCode: '0513',
    localDigits: 8,
    office: 'QD',
    port: '南通港',
    weight: 3,
  }),
  site({
    province: '320000',
    city: '320900',
    county: '320924',
    place: '射阳',
    station: '射阳站',
    postcode: '224300',
    areaCode: '0515',
    localDigits: 8,
    office: 'QD',
    weight: 1,
  }),
  site({
    province: '320000',
    city: '320500',
    county: '320582',
    place: '张家港',
    station: '张家港站',
    postcode: '215600',
    areaCode: '0512',
    localDigits: 8,
    office: 'QD',
    port: '张家港港',
    weight: 2,
  }),
];

const PROVINCE_SHORT: Record<string, string> = {
  '370000': '鲁',
  '410000': '豫',
  '130000': '冀',
  '420000': '鄂',
  '320000': '苏',
};

const XINJIANG_NAMES = [
  '新疆银隆农业国际合作股份有限公司{p}分公司',
  '中储棉{p}直属库',
  '中华棉花集团{p}仓储有限公司',
  '新疆农资（集团）有限责任公司{p}棉麻仓储分公司',
  '新疆供销棉麻（集团）{p}仓储有限公司',
  '{p}天海腾惠物流有限公司',
  '{p}瑞丰棉麻仓储物流有限公司',
  '{p}金棉物流园有限公司',
  '新疆中泰纺织集团{p}仓储有限公司',
  '{p}兴棉仓储有限责任公司',
  '新疆丝路棉麻储运有限公司{p}库',
  '{p}国棉物流有限公司',
];
const CORPS_NAMES = [
  '新疆兵团棉麻有限公司{p}分公司',
  '{p}垦区棉花仓储有限公司',
  '兵团{p}西部物流有限公司',
  '新疆银隆农业国际合作股份有限公司{p}分公司',
  '中储棉{p}直属库',
  '{p}天宇棉麻储运有限公司',
];
const INLAND_NAMES = [
  '中储棉{p}直属库',
  '中国供销集团{p}棉麻仓储有限公司',
  '{p}{s}棉仓储物流有限公司',
  '中棉集团{p}物流有限公司',
  '{p}棉麻储运有限公司',
  '{p}华棉仓储有限公司',
  '{p}国家棉花储备中转库',
  '{p}纺织原料仓储有限公司',
];
const PORT_NAMES = ['{p}港务集团棉花仓储有限公司', '{p}港口物流棉花仓储有限公司'];

const ROADS = [
  '工业园区纬二路',
  '物流园区棉麻路',
  '经济技术开发区迎宾大道',
  '火车站货场路',
  '工业园区创业大道',
  '城北物流园区仓储路',
  '高新区发展大道',
  '棉纺工业园区纺织路',
  '商贸物流园区储运路',
  '开发区建设路',
];

const SURNAMES =
  '王李张刘陈杨赵黄周吴徐孙马胡朱郭何罗高林郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢钟姜崔谭陆汪范金石廖贾夏韦付方邹熊白孟秦邱侯江尹薛闫段雷龙黎史陶贺毛郝顾龚邵万覃武钱戴严莫孔向常汤';
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华建国文斌玉兰志红海燕鹏飞俊峰新宇雪梅晓东春生金凤永庆立伟国栋';
const UYGHUR_NAMES = [
  '艾尔肯·吐尔逊',
  '阿不都热合曼·买买提',
  '麦麦提·艾力',
  '古丽米拉·阿不来提',
  '买买提江·吾斯曼',
  '热依汗古丽·艾则孜',
  '阿迪力·努尔',
  '帕提古丽·吐尔洪',
];
const MOBILE_PREFIXES = [
  '133',
  '135',
  '136',
  '138',
  '139',
  '150',
  '151',
  '152',
  '158',
  '159',
  '177',
  '180',
  '181',
  '186',
  '187',
  '189',
  '199',
];

export interface WarehouseSeed {
  code: string;
  name: string;
  areaType: '1' | '2';
  provinceCode: string;
  cityCode: string;
  countyCode: string | null;
  officeCode: string;
  reservationAreaCode: string | null;
  addressDetail: string;
  postalCode: string;
  foundTime: string;
  warehouseNote: string | null;
  synopsis: string;
  stationName: string;
  specialRailwayLine: '0' | '1';
  specialRailwayLineName: string | null;
  whsTypes: string;
  whsBizTypes: string;
  storageCapacityMax: number;
  dispatchMin: number;
  canWork: '0' | '1';
  quanlityMonitorWeight: number;
  contactName: string;
  contactPhone: string;
  contactMobile: string;
  contactFax: string;
  bizContactName: string;
  bizContactPhone: string;
  bizContactMobile: string;
  cottonAutomobileInFee: number;
  cottonAutomobileOutFee: number;
  cottonTrainInFee: number | null;
  cottonTrainOutFee: number | null;
  cottonWaterInFee: number | null;
  cottonWaterOutFee: number | null;
  yarnAutomobileInFee: number | null;
  yarnAutomobileOutFee: number | null;
  yarnTrainInFee: number | null;
  yarnTrainOutFee: number | null;
  yarnWaterInFee: number | null;
  yarnWaterOutFee: number | null;
  cottonExamineMoveFee: number;
  reconditionFee: number;
  restoreFee: number;
  sewingBagFee: number;
  cottonIndoorRate: number;
  cottonOutdoorRate: number | null;
  loadingHelpFee: number;
  freightYards: Array<{ stationName: string; freightYardType: string; freightYardName: string }>;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function personName(random: Random, uyghurShare: number): string {
  if (random.chance(uyghurShare)) return random.pick(UYGHUR_NAMES);
  const given = random.chance(0.7) ? random.pick([...GIVEN]) + random.pick([...GIVEN]) : random.pick([...GIVEN]);
  return random.pick([...SURNAMES]) + given;
}

function mobile(random: Random): string {
  return random.pick(MOBILE_PREFIXES) + random.digits(8);
}

function landline(random: Random, where: WarehouseLocation): string {
  return `${where.areaCode}-${random.int(2, 8)}${random.digits(where.localDigits - 1)}`;
}

/** Sites for `count` warehouses: each site once, then by weight. */
function placeWarehouses(random: Random, sites: WarehouseLocation[], count: number): WarehouseLocation[] {
  const placed = sites.slice(0, count);
  const weights = sites.map((s) => s.weight);
  while (placed.length < count) placed.push(sites[random.weighted(weights)]);
  return placed;
}

function warehouseName(random: Random, where: WarehouseLocation, used: Set<string>): string {
  const templates =
    where.province === '650000'
      ? where.corps
        ? CORPS_NAMES
        : XINJIANG_NAMES
      : [...INLAND_NAMES, ...(where.port ? PORT_NAMES : [])];
  const fill = (template: string) =>
    template.replace('{p}', where.place).replace('{s}', PROVINCE_SHORT[where.province] ?? '');
  const fresh = templates.map(fill).filter((name) => !used.has(name));
  let name = fresh.length > 0 ? random.pick(fresh) : '';
  for (let branch = 2; !name; branch++) {
    const candidate = `${fill(random.pick(templates))}（${branch}号库区）`;
    if (!used.has(candidate)) name = candidate;
  }
  used.add(name);
  return name;
}

function codes(list: string[]): string {
  return list.join(',');
}

function buildWarehouse(
  random: Random,
  where: WarehouseLocation,
  code: string,
  name: string,
  regionNames: Map<string, string>,
): WarehouseSeed {
  const xinjiang = where.province === '650000';
  const cityName = regionNames.get(where.city) ?? '';
  const countyName = where.county ? (regionNames.get(where.county) ?? '') : '';
  const railway = random.chance(xinjiang ? 0.85 : 0.5);
  const lineName = railway
    ? `${where.station.replace(/站$/, '')}${random.pick(['棉麻', '储运', '物流', '仓储'])}专用线`
    : null;

  const truckIn = random.int(12, 26) + random.pick([0, 0, 0.5]);
  const truckOut = Math.min(30, Math.max(10, truckIn + random.pick([0, 0, 1, 2, -1])));
  const trainIn = railway ? random.int(18, 30) : null;
  const trainOut = trainIn === null ? null : trainIn + random.pick([0, 2, 3]);
  const waterIn = where.port ? random.int(20, 30) : null;
  const waterOut = waterIn === null ? null : waterIn + random.pick([0, 1, 2]);
  const yarn = random.chance(xinjiang ? 0.2 : 0.7);
  const yarnTruckIn = yarn ? random.int(8, 18) : null;
  const indoor = round2(random.int(8, 18) * 0.05);
  const outdoor = random.chance(0.6) ? round2(Math.max(0.3, indoor - random.int(2, 5) * 0.05)) : null;
  const capacity = (xinjiang ? random.int(8, 30) : random.int(3, 15)) * 10000;

  const types = ['1'];
  if (!xinjiang && random.chance(0.5)) types.push('2');
  if (random.chance(0.3)) types.push('3');
  if (random.chance(0.4)) types.push('4');
  const bizTypes = ['1', '2', ...random.sample(['3', '4', '5', '6'], random.int(0, 3))];

  const uyghurShare = xinjiang ? 0.15 : 0;
  const year = random.int(1995, 2019);
  const acres = random.int(80, 600);
  const sheds = random.int(6, 40);
  const synopsis =
    `${name}位于${cityName}${countyName}，成立于${year}年，占地约${acres}亩，建有标准库房${sheds}栋，` +
    `设计仓储能力${capacity / 10000}万吨。${railway ? `库区有${lineName}直通${where.station}，` : `距${where.station}约${random.int(3, 25)}公里，`}` +
    `主要承担棉花${xinjiang ? '公证检验、仓单注册和现货交收' : '仓单注册、现货交收和储备棉承储'}业务。`;

  const yardCandidates: WarehouseSeed['freightYards'] = [];
  if (lineName) yardCandidates.push({ stationName: where.station, freightYardType: '1', freightYardName: lineName });
  yardCandidates.push({ stationName: where.station, freightYardType: '2', freightYardName: `${where.station}货场` });
  yardCandidates.push({
    stationName: where.station,
    freightYardType: '3',
    freightYardName: `${where.place}公路物流港`,
  });
  if (where.port)
    yardCandidates.push({
      stationName: where.port,
      freightYardType: '4',
      freightYardName: `${where.port}棉花作业区码头`,
    });
  yardCandidates.push({
    stationName: where.station,
    freightYardType: '2',
    freightYardName: `${where.station}集装箱办理站`,
  });
  const yards = random.chance(0.9)
    ? random.sample(yardCandidates, random.int(2, Math.min(4, yardCandidates.length)))
    : [];

  return {
    code,
    name,
    areaType: xinjiang ? '1' : '2',
    provinceCode: where.province,
    cityCode: where.city,
    countyCode: where.county,
    officeCode: where.office,
    reservationAreaCode: where.reservationArea ?? null,
    addressDetail: `${cityName}${countyName}${random.pick(ROADS)}${random.int(1, 888)}号`,
    postalCode: where.postcode,
    foundTime: `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    warehouseNote: random.pick([
      null,
      '本库为全国棉花交易市场指定交割仓库。',
      '入库车辆请提前一天预约，节假日正常作业。',
      '可办理公证检验、仓单注册和出入库业务。',
    ]),
    synopsis,
    stationName: where.station,
    specialRailwayLine: railway ? '1' : '0',
    specialRailwayLineName: lineName,
    whsTypes: codes(types),
    whsBizTypes: codes(bizTypes),
    storageCapacityMax: capacity,
    dispatchMin: random.pick([300, 500, 800, 1000, 1500, 2000]),
    canWork: random.chance(0.92) ? '1' : '0',
    quanlityMonitorWeight: Math.round((capacity * random.int(40, 80)) / 100 / 1000) * 1000,
    contactName: personName(random, uyghurShare),
    contactPhone: landline(random, where),
    contactMobile: mobile(random),
    contactFax: landline(random, where),
    bizContactName: personName(random, uyghurShare),
    bizContactPhone: landline(random, where),
    bizContactMobile: mobile(random),
    cottonAutomobileInFee: truckIn,
    cottonAutomobileOutFee: truckOut,
    cottonTrainInFee: trainIn,
    cottonTrainOutFee: trainOut,
    cottonWaterInFee: waterIn,
    cottonWaterOutFee: waterOut,
    yarnAutomobileInFee: yarnTruckIn,
    yarnAutomobileOutFee: yarnTruckIn === null ? null : yarnTruckIn + random.pick([0, 1, 2]),
    yarnTrainInFee: yarn && railway ? random.int(15, 25) : null,
    yarnTrainOutFee: yarn && railway ? random.int(15, 25) : null,
    yarnWaterInFee: yarn && where.port ? random.int(18, 28) : null,
    yarnWaterOutFee: yarn && where.port ? random.int(18, 28) : null,
    cottonExamineMoveFee: random.chance(0.3) ? 0 : random.int(6, 15),
    reconditionFee: random.int(5, 12),
    restoreFee: random.pick([3, 4, 5, 6, 8]),
    sewingBagFee: random.pick([1, 1.5, 2, 2.5, 3]),
    cottonIndoorRate: indoor,
    cottonOutdoorRate: outdoor,
    loadingHelpFee: random.pick([50, 80, 100, 120, 150, 200]),
    freightYards: yards,
  };
}

/**
 * The warehouses of a seed size, Xinjiang first, each group in site order so that codes
 * read naturally (WH65001… then WH37001…). `regionNames` maps region codes to names.
 */
export function generateWarehouses(random: Random, size: SeedSize, regionNames: Map<string, string>): WarehouseSeed[] {
  const counts = WAREHOUSE_COUNTS[size];
  const order = (sites: WarehouseLocation[]) => (a: WarehouseLocation, b: WarehouseLocation) =>
    sites.indexOf(a) - sites.indexOf(b);
  const placed = [
    ...placeWarehouses(random, XINJIANG_SITES, counts.xinjiang).sort(order(XINJIANG_SITES)),
    ...placeWarehouses(random, INLAND_SITES, counts.inland).sort(order(INLAND_SITES)),
  ];
  const serials = new Map<string, number>();
  const usedNames = new Set<string>();
  return placed.map((where) => {
    const serial = (serials.get(where.province) ?? 0) + 1;
    serials.set(where.province, serial);
    const code = `WH${where.province.slice(0, 2)}${String(serial).padStart(3, '0')}`;
    return buildWarehouse(random, where, code, warehouseName(random, where, usedNames), regionNames);
  });
}
