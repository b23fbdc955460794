import { REGISTER_FIELDS, REGISTER_SECTIONS, type RegisterSection } from '@cotton/sdk/validators';
import type { Tx } from '../db/client';
import {
  banks,
  files,
  registerAccountTypes,
  registerAgreements,
  registerApplyFiles,
  serviceAreas,
  type RegisterFormFields,
} from '../db/schema/index';
import { generateFinanceContacts } from './finance';
import { REGION_GROUPS } from './regions';

/**
 * Registration's reference data (docs/registration.md "Reference data"): the account types
 * and the form each shows, the agreements, the offices with their contacts, the banks. Like
 * the dictionaries, demo data the seed writes; a production database gets the centre's own.
 */

/** Every field of the sections listed, required unless named in `optional`; `omit` leaves fields out. */
function form(sections: RegisterSection[], optional: string[] = [], omit: string[] = []): RegisterFormFields {
  const result: RegisterFormFields = {};
  for (const section of REGISTER_SECTIONS) {
    if (!sections.includes(section)) continue;
    result[section] = Object.fromEntries(
      Object.keys(REGISTER_FIELDS[section])
        .filter((name) => !omit.includes(name))
        .map((name) => [name, section === 'usbkeyInfo' || optional.includes(name) ? '0' : '1']),
    );
  }
  return result;
}

const ALL_SECTIONS: RegisterSection[] = ['traderInfo', 'lrInfo', 'vtaInvoiceInfo', 'contacterInfo', 'usbkeyInfo'];
const CONTACT_OPTIONAL = [
  'contacterFixedTelephone',
  'mailContacterName',
  'mailContacterFixedTelephone',
  'mailContacterPhone',
  'mailContacterEmail',
];

export const SEED_ACCOUNT_TYPES = [
  {
    code: 'COTTON_TRADER',
    name: '棉花交易商',
    identity: '1',
    description: '参与棉花挂牌、竞买与仓单交易的企业',
    roleCode: 'trader_admin',
    usbkeyDefault: '1',
    fields: form(ALL_SECTIONS, CONTACT_OPTIONAL),
    sort: 1,
  },
  {
    code: 'YARN_TRADER',
    name: '纱线交易商',
    identity: '1',
    description: '参与棉纱挂牌与交易的企业',
    roleCode: 'trader_admin',
    usbkeyDefault: '1',
    fields: form(ALL_SECTIONS, CONTACT_OPTIONAL),
    sort: 2,
  },
  {
    code: 'WAREHOUSE',
    name: '仓储企业',
    identity: '2',
    description: '承担棉花入库、保管与出库的监管仓库',
    roleCode: 'enterprise_admin',
    usbkeyDefault: '0',
    fields: form(ALL_SECTIONS, [...CONTACT_OPTIONAL, 'registeredCapital', 'digitalInvoiceEmail'], ['feeId']),
    sort: 3,
  },
  {
    code: 'LOGISTICS',
    name: '物流企业',
    identity: '2',
    description: '承运棉花的公路、铁路物流企业',
    roleCode: 'enterprise_admin',
    usbkeyDefault: '0',
    fields: form(['traderInfo', 'lrInfo', 'contacterInfo', 'usbkeyInfo'], [...CONTACT_OPTIONAL, 'registeredCapital']),
    sort: 4,
  },
] as const;

const paragraphs = (...lines: string[]) => lines.join('\n\n');

export const SEED_AGREEMENTS = [
  {
    code: 'entry',
    title: '交易商入市协议',
    content: paragraphs(
      '第一条 本协议由交易中心与申请入市的企业（以下简称交易商）订立，交易商在交易中心开展棉花、棉纱交易及相关业务，适用本协议。',
      '第二条 交易商应当遵守国家法律法规和交易中心发布的交易规则、结算规则、交割规则及各项管理办法。',
      '第三条 交易商应当如实提交注册资料，资料发生变更的，应当在变更之日起十个工作日内向所属服务区域办理变更。',
      '第四条 交易商按照交易中心公布的标准缴纳资格费及交易手续费；资格费自审核通过之日起计算有效期。',
      '第五条 交易商应妥善保管业务代码、用户名、密码及电子签章证书，因保管不善造成的损失由交易商自行承担。',
      '第六条 本协议自交易商注册申请审核通过之日起生效。',
    ),
  },
  {
    code: 'register',
    title: '交易商注册协议',
    content: paragraphs(
      '一、申请人自愿申请注册为交易中心交易商，并保证所填报的企业信息、法定代表人信息、发票信息及联系人信息真实、准确、完整。',
      '二、申请人上传的营业执照复印件、证件及汇款凭证须加盖企业公章；因资料不实导致审核不通过或产生纠纷的，由申请人承担责任。',
      '三、交易中心在收到申请后进行审核，审核结果以短信方式通知申请人预留的手机号码；资料需补正的，申请人可在补正后重新提交。',
      '四、审核通过后，交易中心为申请人开立交易账户，并将业务代码、管理员用户名及初始密码以短信发送；初次登录须修改初始密码。',
    ),
  },
  {
    code: 'cfca',
    title: 'CFCA数字证书服务协议',
    content: paragraphs(
      '一、本协议由中国金融认证中心（CFCA，以下简称认证中心）与申请电子签章数字证书的单位（以下简称订户）订立；交易中心作为注册机构受理订户的申请。',
      '二、订户应当提供真实、完整、准确的申请资料，并授权经办人办理数字证书的申请、领取、更新与注销；资料变更的，应当及时申请变更。',
      '三、数字证书有效期以申请时选择的年限为准，期满前订户可以申请更新；证书及其介质（USBKey）的密码由订户自行设置并妥善保管。',
      '四、证书介质遗失、密码泄露或可能被他人冒用的，订户应当立即通过交易中心申请冻结或注销证书；此前使用证书产生的后果由订户承担。',
      '五、订户使用数字证书进行的电子签名与手写签名或者盖章具有同等的法律效力。',
      '六、本协议自订户的注册申请审核通过、数字证书签发之日起生效。',
    ),
  },
  {
    code: 'privacy',
    title: '个人信息保护政策',
    content: paragraphs(
      '一、为办理注册与审核，交易中心收集法定代表人、联系人及经办人的姓名、证件号码、手机号码、电子邮箱等信息。',
      '二、上述信息仅用于注册审核、账户管理、业务通知及法律法规要求的用途，不向无关第三方提供。',
      '三、上传的证件影像存放于交易中心服务器，仅申请人本人及具有审核权限的工作人员可以查看。',
      '四、您可以通过所属服务区域查询、更正您的个人信息。',
    ),
  },
];

/** Where each office stands besides what the finance contacts say (postcode, the second line, what it serves). */
const OFFICE_DETAILS: Record<string, { postcode: string; phone2Suffix: string; provinces: string }> = {
  WLMQ: {
    postcode: '830000',
    phone2Suffix: '1',
    provinces: '新疆北疆地区（乌鲁木齐、昌吉、石河子、塔城、博州、伊犁、阿勒泰）',
  },
  KEL: { postcode: '841000', phone2Suffix: '2', provinces: '新疆巴音郭楞蒙古自治州、兵团第二师' },
  AKS: { postcode: '843000', phone2Suffix: '3', provinces: '新疆阿克苏地区、克孜勒苏柯尔克孜自治州、兵团第一师' },
  KS: { postcode: '844000', phone2Suffix: '4', provinces: '新疆喀什地区、和田地区、兵团第三师' },
  ZZ: { postcode: '450000', phone2Suffix: '5', provinces: '河南、河北、山东、江苏、湖北、安徽等内地省份' },
};

/** The offices registration knows (the five that take applicants; 青岛 does not) and the headquarters' centre. */
export function generateServiceAreas() {
  const contacts = new Map(
    generateFinanceContacts()
      .filter((contact) => contact.contactType === 'office')
      .map((contact) => [contact.organization, contact]),
  );
  const offices = REGION_GROUPS.filter((group) => group.groupType === 'office' && group.code in OFFICE_DETAILS).map(
    (office, index) => {
      const contact = contacts.get(office.name)!;
      const details = OFFICE_DETAILS[office.code];
      return {
        code: office.code,
        name: office.name,
        phone: contact.phone,
        // The second line: the same exchange, the last digit differs.
        phone2: contact.phone.slice(0, -1) + details.phone2Suffix,
        address: contact.address,
        postcode: details.postcode,
        provinces: details.provinces,
        headquarters: '0',
        sort: index + 1,
      };
    },
  );
  return [
    ...offices,
    {
      code: 'HQ',
      name: '交易中心客户服务中心',
      phone: '010-66258888',
      phone2: '400-810-6600',
      address: '北京市西城区西直门南小街28号',
      postcode: '100035',
      provinces: '全国',
      headquarters: '1',
      sort: offices.length + 1,
    },
  ];
}

/** Banks by their CNAPS head-office codes. */
export const SEED_BANKS: Array<[string, string]> = [
  ['102', '中国工商银行'],
  ['103', '中国农业银行'],
  ['104', '中国银行'],
  ['105', '中国建设银行'],
  ['201', '国家开发银行'],
  ['202', '中国进出口银行'],
  ['203', '中国农业发展银行'],
  ['301', '交通银行'],
  ['302', '中信银行'],
  ['303', '中国光大银行'],
  ['304', '华夏银行'],
  ['305', '中国民生银行'],
  ['306', '广发银行'],
  ['307', '平安银行'],
  ['308', '招商银行'],
  ['309', '兴业银行'],
  ['310', '上海浦东发展银行'],
  ['315', '恒丰银行'],
  ['316', '浙商银行'],
  ['318', '渤海银行'],
  ['403', '中国邮政储蓄银行'],
  ['313', '乌鲁木齐银行'],
  ['314', '新疆农村信用社'],
  ['319', '徽商银行'],
  ['320', '郑州银行'],
];

/** The settlement banks (`/rest/bank/queryAccountBanks`); migration 0030 flags the same codes. */
export const SEED_ACCOUNT_BANKS: readonly string[] = ['102', '103', '104', '105', '203', '301'];

/** Replaces registration's reference data (and forgets every stored file's row: the applications went with seedAuth). */
export async function seedRegister(tx: Tx): Promise<void> {
  await tx.delete(registerApplyFiles);
  await tx.delete(files);
  await tx.delete(registerAccountTypes);
  await tx.delete(registerAgreements);
  await tx.delete(serviceAreas);
  await tx.delete(banks);
  await tx.insert(registerAccountTypes).values(SEED_ACCOUNT_TYPES.map((type) => ({ ...type, fields: type.fields })));
  await tx.insert(registerAgreements).values(SEED_AGREEMENTS);
  await tx.insert(serviceAreas).values(generateServiceAreas());
  await tx.insert(banks).values(
    SEED_BANKS.map(([code, name], index) => ({
      code,
      name,
      sort: index + 1,
      accountBank: SEED_ACCOUNT_BANKS.includes(code),
    })),
  );
}
