import type { AccountRegisterDetail, Region, RegisterAccountType, ServiceArea } from '@cotton/sdk/contracts';
import type { CodeValue } from '@cotton/sdk';

export const ACCOUNT_TYPES: RegisterAccountType[] = [
  {
    id: '11',
    code: 'TRADER_SPOT',
    name: '现货交易商',
    identity: '1',
    identityName: '交易商',
    description: '参与棉花现货挂牌、竞买交易',
  },
  {
    id: '12',
    code: 'TRADER_RESERVE',
    name: '储备棉交易商',
    identity: '1',
    identityName: '交易商',
    description: '参与储备棉轮换竞买',
  },
  {
    id: '21',
    code: 'ENTERPRISE_WAREHOUSE',
    name: '仓储企业',
    identity: '2',
    identityName: '普通企业',
    description: '办理仓单注册与入库预约',
  },
];

const flag = (isRequired: '0' | '1') => ({ isRequired });

/** Every field of every section, all required; a key not asked for by default. */
export function fullDetail(overrides: Partial<AccountRegisterDetail> = {}): AccountRegisterDetail {
  const all = (names: string[]) => Object.fromEntries(names.map((name) => [name, flag('1')]));
  return {
    accountTypeIds: ['11'],
    traderInfo: all([
      'traderName',
      'serviceAreaCode',
      'registeredCapital',
      'traderType',
      'uniformCreditCode',
      'postcode',
      'traderRegisteredAddress',
      'traderRegisteredDetailedAddress',
      'traderMailingAddress',
      'traderMailingDetailedAddress',
      'copyBusinessLicenseId',
    ]),
    lrInfo: all(['lrCertificateType', 'lrName', 'lrCertificateNumber', 'lrPhone', 'lrCertificateId']),
    vtaInvoiceInfo: all([
      'vtaInvoiceTraderType',
      'vtaInvoiceAccount',
      'vtaInvoiceBank',
      'vtaInvoicePhone',
      'vtaInvoiceAddress',
      'taxpayerIdentificationNumber',
      'digitalInvoiceEmail',
      'feeId',
    ]),
    contacterInfo: all([
      'contacterName',
      'contacterFixedTelephone',
      'contacterPhone',
      'contacterEmail',
      'mailContacterName',
      'mailContacterFixedTelephone',
      'mailContacterPhone',
      'mailContacterEmail',
    ]),
    usbkeyInfo: Object.fromEntries(
      [
        'ukeyApplyTime',
        'certDeadline',
        'ukeyUseRemark',
        'ukeyUserName',
        'ukeyUniformCreditCode',
        'ukeyUserPhone',
        'ukeyMailingAddress',
        'ukeyAgentUserName',
        'ukeyAgentUserPhone',
        'usbkeyAgentFile',
      ].map((name) => [name, flag('0')]),
    ),
    usbkeyDefault: '0',
    usbkeyLocked: '0',
    ...overrides,
  };
}

/** An ordinary enterprise's short form: the enterprise and its contact, some fields optional. */
export function shortDetail(overrides: Partial<AccountRegisterDetail> = {}): AccountRegisterDetail {
  return {
    accountTypeIds: ['21'],
    traderInfo: {
      traderName: flag('1'),
      serviceAreaCode: flag('1'),
      uniformCreditCode: flag('1'),
      postcode: flag('0'),
      traderRegisteredAddress: flag('0'),
      traderRegisteredDetailedAddress: flag('0'),
      traderMailingAddress: flag('0'),
      traderMailingDetailedAddress: flag('0'),
    },
    contacterInfo: { contacterName: flag('1'), contacterEmail: flag('0') },
    usbkeyDefault: '0',
    usbkeyLocked: '0',
    ...overrides,
  };
}

export const OFFICES: CodeValue[] = [
  { code: 'WLMQ', value: '乌鲁木齐办事处' },
  { code: 'KEL', value: '库尔勒办事处' },
  { code: 'AKS', value: '阿克苏办事处' },
  { code: 'KS', value: '喀什办事处' },
  { code: 'ZZ', value: '郑州办事处' },
  { code: 'QD', value: '青岛办事处' },
];

const area = (
  serviceAreaCode: string,
  serviceAreaName: string,
  phone: string,
  provinces: string,
  headquarters: '0' | '1' = '0',
): ServiceArea => ({
  serviceAreaCode,
  serviceAreaName,
  phone,
  phone2: phone.replace(/\d$/, '9'),
  address: `${serviceAreaName}地址`,
  postcode: '830000',
  provinces,
  headquarters,
});

export const SERVICE_AREAS: ServiceArea[] = [
  area('HQ', '总部客户服务中心', '010-58001111', '全国', '1'),
  area('WLMQ', '乌鲁木齐办事处', '0991-2811111', '新疆北疆地区'),
  area('KEL', '库尔勒办事处', '0996-2021111', '新疆巴州地区'),
  area('AKS', '阿克苏办事处', '0997-2121111', '新疆阿克苏地区'),
  area('KS', '喀什办事处', '0998-2821111', '新疆喀什地区'),
  area('ZZ', '郑州办事处', '0371-6551111', '河南、湖北等内地省份'),
];

export const DICTS: Record<string, CodeValue[]> = {
  TRADER_TYPE: [
    { code: '1', value: '轧花企业' },
    { code: '2', value: '纺织企业' },
  ],
  LR_CERTIFICATE_TYPE: [
    { code: '1', value: '居民身份证' },
    { code: '2', value: '护照' },
  ],
  VTA_INVOICE_TRADER_TYPE: [
    { code: '1', value: '一般纳税人' },
    { code: '2', value: '小规模纳税人' },
  ],
};

export const REGIONS: Record<string, Region[]> = {
  '100000': [
    { code: '110000', value: '北京市', level: 1, isLeaf: false },
    { code: '650000', value: '新疆维吾尔自治区', level: 1, isLeaf: false },
  ],
  '650000': [{ code: '650100', value: '乌鲁木齐市', level: 2, isLeaf: false }],
  '650100': [
    { code: '650102', value: '天山区', level: 3, isLeaf: true },
    { code: '650109', value: '米东区', level: 3, isLeaf: true },
  ],
};

export const BANKS: CodeValue[] = [
  { code: '102', value: '中国工商银行' },
  { code: '103', value: '中国农业银行' },
  { code: '105', value: '中国建设银行' },
];
