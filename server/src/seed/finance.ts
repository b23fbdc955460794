import type { AppDatabase } from '../db/client';
import {
  financeAdvantages,
  financeContacts,
  financingModes,
  financingProducts,
  type FinanceProcessStep,
} from '../db/schema/finance';
import { createRandom, type Random } from './random';
import { REGION_GROUPS } from './regions';

/**
 * The financial service page's data (spec §2 /financialService, §9): four advantages,
 * three financing modes with their process steps, the four online financing products of
 * the partner banks and the contact table of the centre's offices and the banks.
 * Phone numbers and street numbers come from their own seeded stream, so that adding
 * finance data never shifts the warehouses.
 */

const FINANCE_SEED = 20260318 ^ 0x0f1a;

export interface AdvantageSeed {
  iconKey: 'rate' | 'speed' | 'convenience' | 'risk';
  title: string;
  description: string;
}

export const FINANCE_ADVANTAGES: AdvantageSeed[] = [
  {
    iconKey: 'rate',
    title: '利率优惠',
    description: '以监管仓库中的棉花仓单作质押，风险缓释充分，合作银行给予优惠利率，年化利率 3.6% 起。',
  },
  {
    iconKey: 'speed',
    title: '放款高效',
    description: '仓单信息、公证检验数据在线可查，银行无需重复验货，审批通过并完成质押登记后即可放款。',
  },
  {
    iconKey: 'convenience',
    title: '手续便捷',
    description: '在线选择产品、提交申请，电子仓单质押登记和解押在交易中心系统内完成，无需另行提供不动产抵押。',
  },
  {
    iconKey: 'risk',
    title: '风险可控',
    description: '质押期间仓单冻结、货物由监管仓库全程看管，交易中心每日盯市，价格波动超限及时提示补仓。',
  },
];

export interface ModeSeed {
  code: 'receipt-pledge' | 'prepayment' | 'standard-receipt';
  name: string;
  intro: string;
  steps: FinanceProcessStep[];
}

export const FINANCING_MODES: ModeSeed[] = [
  {
    code: 'receipt-pledge',
    name: '仓单质押融资',
    intro:
      '货主将存放在交易中心指定监管仓库、已注册的棉花电子仓单质押给合作银行取得贷款，按检验后的货值核定额度，最高可贷货值的 80%；到期还款后仓单解押，可提货或继续交易。',
    steps: [
      { title: '仓单注册', description: '棉花入监管仓库，经公证检验后注册为电子仓单' },
      { title: '融资申请', description: '在线选择融资产品，提交申请和企业资料' },
      { title: '银行审批', description: '银行审核企业资质与仓单货值，核定授信额度' },
      { title: '质押登记', description: '签订质押合同，交易中心办理仓单质押登记并冻结' },
      { title: '银行放款', description: '银行按核定额度发放贷款至企业账户' },
      { title: '还款解押', description: '企业还本付息，银行通知解押，仓单恢复可用' },
    ],
  },
  {
    code: 'prepayment',
    name: '预付款融资',
    intro:
      '纺织企业等买方在交易中心成交后，交纳不低于货款 20% 的保证金，由银行向卖方支付其余货款；货物入监管仓库形成仓单后质押给银行，买方分批还款、分批提货。',
    steps: [
      { title: '签订合同', description: '买卖双方在交易中心成交，签订购销合同' },
      { title: '交纳保证金', description: '买方向银行交纳不低于货款 20% 的保证金' },
      { title: '银行审批', description: '银行审核买方资信与购销合同，核定额度' },
      { title: '银行付款', description: '银行向卖方支付其余货款' },
      { title: '入库质押', description: '货物入监管仓库生成仓单，质押登记给银行' },
      { title: '还款提货', description: '买方分批还款，银行分批解押，买方提货' },
    ],
  },
  {
    code: 'standard-receipt',
    name: '标准仓单融资',
    intro:
      '以在期货交易所注册的棉花标准仓单作质押，标准仓单品质、重量经交割检验确认，流动性好，银行审批快，适合参与期现业务的棉花贸易和加工企业。',
    steps: [
      { title: '仓单注册', description: '棉花在交割仓库检验合格，注册为标准仓单' },
      { title: '融资申请', description: '企业提交标准仓单清单和融资申请' },
      { title: '银行审批', description: '银行按标准仓单市值核定贷款额度' },
      { title: '质押冻结', description: '办理标准仓单质押手续，仓单冻结' },
      { title: '银行放款', description: '银行发放贷款' },
      { title: '还款解冻', description: '到期还款后仓单解冻，可交割或提货' },
    ],
  },
];

export interface ProductSeed {
  name: string;
  bankName: string;
  modeCode: ModeSeed['code'];
  maxLoanRatio: number;
  termMonths: number;
  annualRate: number;
  summary: string;
  target: string;
  guarantee: string;
  repayment: string;
  conditions: string[];
  materials: string[];
}

const COMMON_MATERIALS = [
  '营业执照（统一社会信用代码）',
  '法定代表人身份证明及授权委托书',
  '近两年财务报表及最近一期财务报表',
  '企业征信授权书',
];

/** Spec §9: four products, loan ratio up to 80 %, term 6 months, rates 3.85 %, 3.6 %, 3.6 %, 3.85 %. */
export const FINANCING_PRODUCTS: ProductSeed[] = [
  {
    name: '棉花仓单质押贷款',
    bankName: '中国农业发展银行',
    modeCode: 'receipt-pledge',
    maxLoanRatio: 80,
    termMonths: 6,
    annualRate: 3.85,
    summary:
      '面向棉花收购加工企业的流动资金贷款，以存放在监管仓库的棉花电子仓单作质押，用于棉花收购、加工和销售环节的资金周转。',
    target: '在交易中心开户、持有已注册棉花仓单的棉花收购加工企业和贸易企业',
    guarantee: '棉花电子仓单质押，仓单由交易中心冻结，货物由监管仓库看管',
    repayment: '到期一次还本，按月付息；可提前部分还款并按比例解押仓单',
    conditions: [
      '依法设立并有效存续，信用记录良好',
      '持有交易中心已注册、无权利瑕疵的棉花仓单',
      '在贷款银行开立结算账户',
    ],
    materials: [...COMMON_MATERIALS, '棉花仓单清单及公证检验证书', '棉花加工资格或经营许可相关证明'],
  },
  {
    name: '棉花仓单融资',
    bankName: '中国农业银行',
    modeCode: 'standard-receipt',
    maxLoanRatio: 80,
    termMonths: 6,
    annualRate: 3.6,
    summary: '以棉花标准仓单作质押的短期融资，按标准仓单前一交易日结算价核定货值，额度随仓单增减灵活调整。',
    target: '持有棉花标准仓单的棉花贸易、加工及纺织企业',
    guarantee: '棉花标准仓单质押，办理质押冻结',
    repayment: '到期一次还本付息，或随借随还、按日计息',
    conditions: ['依法设立并有效存续，近两年无不良信用记录', '持有已注册的棉花标准仓单', '在贷款银行开立结算账户'],
    materials: [...COMMON_MATERIALS, '标准仓单持有凭证'],
  },
  {
    name: '棉花预付款融资',
    bankName: '中国银行',
    modeCode: 'prepayment',
    maxLoanRatio: 80,
    termMonths: 6,
    annualRate: 3.6,
    summary: '买方在交易中心采购棉花时，由银行代付其余货款，货物入监管仓库形成仓单后质押给银行，缓解买方采购资金压力。',
    target: '在交易中心采购棉花的纺织企业和棉花贸易企业',
    guarantee: '买方保证金加采购货物形成的棉花仓单质押',
    repayment: '分批还款、分批解押提货，到期结清',
    conditions: ['依法设立并有效存续，连续经营两年以上', '与卖方在交易中心签订购销合同', '交纳不低于货款 20% 的保证金'],
    materials: [...COMMON_MATERIALS, '交易中心成交合同', '保证金交存凭证'],
  },
  {
    name: '棉花仓单在线融资',
    bankName: '中国建设银行',
    modeCode: 'receipt-pledge',
    maxLoanRatio: 80,
    termMonths: 6,
    annualRate: 3.85,
    summary: '线上申请、线上签约的仓单质押贷款，银行直连交易中心仓单系统核验仓单和质押状态，额度内可循环使用。',
    target: '在交易中心开户、持有已注册棉花仓单的企业',
    guarantee: '棉花电子仓单质押，线上办理质押登记',
    repayment: '额度内随借随还，按日计息；到期一次还本',
    conditions: [
      '依法设立并有效存续，信用记录良好',
      '持有交易中心已注册、无权利瑕疵的棉花仓单',
      '开通贷款银行企业网银',
    ],
    materials: [...COMMON_MATERIALS, '棉花仓单清单及公证检验证书'],
  },
];

export interface ContactSeed {
  contactType: 'office' | 'bank';
  organization: string;
  contactName: string;
  phone: string;
  address: string;
}

interface Place {
  areaCode: string;
  localDigits: 7 | 8;
  /** Address up to the street; the number is drawn. */
  street: string;
}

/** Where each office of the centre (region group `office`) sits. */
const OFFICE_PLACES: Record<string, Place> = {
  WLMQ: { areaCode: '0991', localDigits: 7, street: '新疆维吾尔自治区乌鲁木齐市沙依巴克区友好北路' },
  KEL: { areaCode: '0996', localDigits: 7, street: '新疆维吾尔自治区巴音郭楞蒙古自治州库尔勒市人民东路' },
  AKS: { areaCode: '0997', localDigits: 7, street: '新疆维吾尔自治区阿克苏地区阿克苏市西大街' },
  KS: { areaCode: '0998', localDigits: 7, street: '新疆维吾尔自治区喀什地区喀什市人民西路' },
  ZZ: { areaCode: '0371', localDigits: 8, street: '河南省郑州市郑东新区商务外环路' },
  QD: { areaCode: '0532', localDigits: 8, street: '山东省青岛市市南区香港中路' },
};

/** The lending banks' Xinjiang branches, where most of the pledged cotton is stored. */
const BANK_BRANCHES: Array<{ bankName: string; organization: string; place: Place }> = [
  {
    bankName: '中国农业发展银行',
    organization: '中国农业发展银行新疆维吾尔自治区分行',
    place: { areaCode: '0991', localDigits: 7, street: '新疆维吾尔自治区乌鲁木齐市天山区解放南路' },
  },
  {
    bankName: '中国农业银行',
    organization: '中国农业银行新疆维吾尔自治区分行',
    place: { areaCode: '0991', localDigits: 7, street: '新疆维吾尔自治区乌鲁木齐市天山区中山路' },
  },
  {
    bankName: '中国银行',
    organization: '中国银行新疆维吾尔自治区分行',
    place: { areaCode: '0991', localDigits: 7, street: '新疆维吾尔自治区乌鲁木齐市天山区东风路' },
  },
  {
    bankName: '中国建设银行',
    organization: '中国建设银行新疆维吾尔自治区分行',
    place: { areaCode: '0991', localDigits: 7, street: '新疆维吾尔自治区乌鲁木齐市沙依巴克区西北路' },
  },
];

const SURNAMES =
  '王李张刘陈杨赵黄周吴徐孙马胡朱郭何罗高林郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余杜叶程魏苏吕丁任沈姚卢钟姜崔';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚英华建国文斌玉兰志红海燕鹏飞俊峰新宇雪梅晓东春生';

function personName(random: Random): string {
  const given = random.chance(0.7) ? random.pick([...GIVEN]) + random.pick([...GIVEN]) : random.pick([...GIVEN]);
  return random.pick([...SURNAMES]) + given;
}

/** A landline in the `0991-2345678` form (area code, hyphen, 7 or 8 digits not starting with 0 or 1). */
function landline(random: Random, place: Place): string {
  return `${place.areaCode}-${random.int(2, 8)}${random.digits(place.localDigits - 1)}`;
}

function address(random: Random, place: Place): string {
  return `${place.street}${random.int(1, 480)}号`;
}

/** The contact table: the centre's offices in their order, then the four banks in the products' order. */
export function generateFinanceContacts(random: Random = createRandom(FINANCE_SEED)): ContactSeed[] {
  const offices = REGION_GROUPS.filter((group) => group.groupType === 'office').map((office) => {
    const place = OFFICE_PLACES[office.code];
    if (!place) throw new Error(`no address for office ${office.code}`);
    return {
      contactType: 'office' as const,
      organization: office.name,
      contactName: personName(random),
      phone: landline(random, place),
      address: address(random, place),
    };
  });
  const banks = FINANCING_PRODUCTS.map((product) => {
    const branch = BANK_BRANCHES.find((bank) => bank.bankName === product.bankName);
    if (!branch) throw new Error(`no branch for ${product.bankName}`);
    return {
      contactType: 'bank' as const,
      organization: branch.organization,
      contactName: personName(random),
      phone: landline(random, branch.place),
      address: address(random, branch.place),
    };
  });
  return [...offices, ...banks];
}

export interface FinanceSeedSummary {
  financingProducts: number;
  financingModes: number;
  financeContacts: number;
}

/** Replaces the financial service data; call inside the seed transaction. */
export async function seedFinance(db: AppDatabase): Promise<FinanceSeedSummary> {
  const contacts = generateFinanceContacts();
  await db.delete(financingProducts);
  await db.delete(financingModes);
  await db.delete(financeContacts);
  await db.delete(financeAdvantages);

  await db
    .insert(financeAdvantages)
    .values(FINANCE_ADVANTAGES.map((advantage, index) => ({ ...advantage, sort: index + 1 })));
  await db.insert(financingModes).values(FINANCING_MODES.map((mode, index) => ({ ...mode, sort: index + 1 })));
  await db
    .insert(financingProducts)
    .values(FINANCING_PRODUCTS.map((product, index) => ({ ...product, sort: index + 1 })));
  await db.insert(financeContacts).values(contacts.map((contact, index) => ({ ...contact, sort: index + 1 })));
  return {
    financingProducts: FINANCING_PRODUCTS.length,
    financingModes: FINANCING_MODES.length,
    financeContacts: contacts.length,
  };
}
