import { isCreditCode } from './credit-code';
import { isIdCard } from './id-card';
import { messages } from './messages';
import { isEmail, isMobile, isMoney, isPhone, isPostcode } from './patterns';
import { hasInvisibleChar, invisibleCharMessage } from './text';

/**
 * Enterprise registration (spec registration-and-login §3, §5): the fields of the five
 * sections, their empty messages, their format rules, and the upload rules. The browser
 * builds its form rules from these; the server checks a submitted application with
 * {@link checkRegisterApply} — the same code, so a form the browser passes fails on the
 * server only for what the browser cannot know (a name or code already registered).
 */

/** The five sections, in their order on the form (1–5). */
export const REGISTER_SECTIONS = ['traderInfo', 'lrInfo', 'vtaInvoiceInfo', 'contacterInfo', 'usbkeyInfo'] as const;
export type RegisterSection = (typeof REGISTER_SECTIONS)[number];

export const REGISTER_SECTION_TITLES: Record<RegisterSection, string> = {
  traderInfo: '企业信息',
  lrInfo: '法定代表人信息',
  vtaInvoiceInfo: '增值税发票信息',
  contacterInfo: '联系人信息',
  usbkeyInfo: '电子签章',
};

/** How a field is entered (the browser's control); the server checks the value's format by `rule`. */
export type RegisterFieldKind = 'text' | 'money' | 'select' | 'dict' | 'radio' | 'region' | 'bank' | 'files' | 'date';

/** A format rule of spec §5 (the messages of `messages` in validators/messages.ts). */
export type RegisterRule = 'money' | 'creditCode' | 'postcode' | 'idCard' | 'mobile' | 'phone' | 'email';

/** What an upload field takes (spec §5 "Uploads"). */
export type RegisterFileKind = 'image' | 'imageOrPdf';

export interface RegisterFieldSpec {
  label: string;
  kind: RegisterFieldKind;
  /** The message when a required field is empty (spec §5, verbatim where it gives one). */
  empty: string;
  rule?: RegisterRule;
  /** Longest value (characters, after trimming). */
  maxLength: number;
  /** `dict`: the dictionary category. */
  dict?: string;
  /** `files`: what it takes and how many. */
  files?: { kind: RegisterFileKind; max: number; field: string };
  placeholder?: string;
}

const text = (label: string, maxLength = 100, empty = `请输入${label}`): RegisterFieldSpec => ({
  label,
  kind: 'text',
  empty,
  maxLength,
});

/**
 * Every field of every section, in the form's order. Which of them a registration shows,
 * and which are required, the server decides per account type
 * (`getRegisterAccountTypeDetail`); the file fields' values are file counts on the form and
 * file parts named `files.field` on submit.
 */
export const REGISTER_FIELDS: { [S in RegisterSection]: Record<string, RegisterFieldSpec> } = {
  traderInfo: {
    traderName: text('企业名称', 100),
    serviceAreaCode: { label: '所属服务区域', kind: 'select', empty: '请选择所属服务区域', maxLength: 32 },
    registeredCapital: {
      label: '注册资本（万元）',
      kind: 'money',
      empty: '注册资本不能为空',
      rule: 'money',
      maxLength: 20,
    },
    traderType: { label: '企业类型', kind: 'dict', dict: 'TRADER_TYPE', empty: '请选择企业类型', maxLength: 8 },
    uniformCreditCode: { ...text('统一社会信用代码', 20), rule: 'creditCode' },
    postcode: { label: '邮编', kind: 'text', empty: '邮编不能为空', rule: 'postcode', maxLength: 6 },
    traderRegisteredAddress: { label: '注册地址', kind: 'region', empty: '请选择注册地址', maxLength: 64 },
    traderRegisteredDetailedAddress: text('注册详细地址', 200),
    traderMailingAddress: { label: '通讯地址', kind: 'region', empty: '请选择通讯地址', maxLength: 64 },
    traderMailingDetailedAddress: text('通讯详细地址', 200),
    copyBusinessLicenseId: {
      label: '营业执照复印件',
      kind: 'files',
      empty: '请上传营业执照复印件',
      maxLength: 0,
      files: { kind: 'image', max: 2, field: 'copyBusinessLicenseFile' },
    },
  },
  lrInfo: {
    lrCertificateType: {
      label: '法定代表人证件类型',
      kind: 'dict',
      dict: 'LR_CERTIFICATE_TYPE',
      empty: '请选择法定代表人证件类型',
      maxLength: 8,
    },
    lrName: text('法定代表人姓名', 50),
    lrCertificateNumber: {
      label: '法定代表人证件号码',
      kind: 'text',
      empty: '法定代表人证件号码不能为空',
      rule: 'idCard',
      maxLength: 30,
    },
    lrPhone: { label: '手机号码', kind: 'text', empty: '手机号码不能为空', rule: 'mobile', maxLength: 11 },
    lrCertificateId: {
      label: '法定代表人证件',
      kind: 'files',
      empty: '请上传证件',
      maxLength: 0,
      files: { kind: 'imageOrPdf', max: 2, field: 'lrCertificateFile' },
    },
  },
  vtaInvoiceInfo: {
    vtaInvoiceTraderType: {
      label: '增值税纳税人类型',
      kind: 'radio',
      dict: 'VTA_INVOICE_TRADER_TYPE',
      empty: '请选择增值税纳税人类型',
      maxLength: 8,
    },
    vtaInvoiceAccount: text('开户账号', 40),
    vtaInvoiceBank: { label: '开户银行', kind: 'bank', empty: '请选择开户银行', maxLength: 100 },
    vtaInvoicePhone: { ...text('开票电话', 20), rule: 'phone' },
    vtaInvoiceAddress: text('开票地址', 200),
    taxpayerIdentificationNumber: { ...text('纳税人识别号', 20), rule: 'creditCode' },
    digitalInvoiceEmail: { ...text('数电发票接收邮箱', 100), rule: 'email' },
    feeId: {
      label: '资格费汇款凭证',
      kind: 'files',
      empty: '请上传资格费汇款凭证',
      maxLength: 0,
      files: { kind: 'imageOrPdf', max: 2, field: 'feeFile' },
    },
  },
  contacterInfo: {
    contacterName: text('联系人姓名', 50),
    contacterFixedTelephone: { ...text('联系人固定电话', 20, '其他联系电话不能为空'), rule: 'phone' },
    contacterPhone: { ...text('联系人手机号码', 11, '手机号码不能为空'), rule: 'mobile' },
    contacterEmail: { ...text('联系人邮箱', 100, '邮箱不能为空'), rule: 'email' },
    mailContacterName: text('邮寄联系人姓名', 50),
    mailContacterFixedTelephone: { ...text('邮寄联系人固定电话', 20, '其他联系电话不能为空'), rule: 'phone' },
    mailContacterPhone: { ...text('邮寄联系人手机号码', 11, '手机号码不能为空'), rule: 'mobile' },
    mailContacterEmail: { ...text('邮寄联系人邮箱', 100, '邮箱不能为空'), rule: 'email' },
  },
  usbkeyInfo: {
    ukeyApplyTime: { label: '申请日期', kind: 'date', empty: '请选择申请日期', maxLength: 10 },
    certDeadline: { label: '证书有效期（年）', kind: 'text', empty: '请输入证书有效期', maxLength: 2 },
    ukeyUseRemark: text('用途', 50),
    ukeyUserName: text('企业名称', 100),
    ukeyUniformCreditCode: { ...text('统一社会信用代码', 20), rule: 'creditCode' },
    ukeyUserPhone: { ...text('联系电话', 20), rule: 'phone' },
    ukeyMailingAddress: text('邮寄地址', 200, '邮寄地址不能为空'),
    ukeyAgentUserName: text('经办人姓名', 50, '经办人姓名不能为空'),
    ukeyAgentUserPhone: { ...text('经办人电话', 20), rule: 'phone' },
    usbkeyAgentFile: {
      label: '经办人身份证复印件',
      kind: 'files',
      empty: '经办人身份证复印件不能为空',
      maxLength: 0,
      files: { kind: 'imageOrPdf', max: 1, field: 'usbkeyAgentFile' },
    },
  },
};

/** The electronic-signature fields required whenever a key is asked for (spec §5 "Signature section"). */
export const USBKEY_REQUIRED_FIELDS = [
  'ukeyUserName',
  'ukeyUniformCreditCode',
  'ukeyUserPhone',
  'ukeyMailingAddress',
  'ukeyAgentUserName',
  'ukeyAgentUserPhone',
  'usbkeyAgentFile',
] as const;

/** The certificate type whose number is not an ID card number (护照): its format is not checked. */
export const PASSPORT_CERTIFICATE_TYPE = '2';

/** 是否申请电子签章: the two choices the form offers ('0' 否, '1' 是; spec §3). */
export const USBKEY_CHOICES = ['0', '1'] as const;

/** 办理类型 of a key applied for with the registration (spec §3: shown as 申请办理), sent in `usbKeyExtInfoDto.handleType`. */
export const USBKEY_HANDLE_TYPE = '申请办理';

/** Defaults of the signature section (spec §3). */
export const USBKEY_DEFAULTS = { certDeadline: '3', ukeyUseRemark: '电子签章' } as const;

export const REGISTER_MESSAGES = {
  noAccountType: '请选择开通哪种业务类型权限',
  agreement: '请先阅读并同意相关协议',
  usbkeyConsents: '请先勾选电子签章的三项确认',
  duplicate: '请勿重复提交',
  failed: '请求失败',
  submitted: '信息已提交，请等待审核',
  imageType: '图片格式错误',
  imageSize: '图片大小不能超过10M',
  fileType: '文件格式错误',
  fileSize: '文件大小不能超过10M',
  tooManyFiles: (max: number) => `最多上传 ${max} 个文件`,
} as const;

/** 10 MB per file (spec §9). */
export const REGISTER_FILE_MAX_BYTES = 10 * 1024 * 1024;

const RULES: Record<RegisterRule, (value: string) => boolean> = {
  money: isMoney,
  creditCode: isCreditCode,
  postcode: isPostcode,
  idCard: (value) => isIdCard(value),
  mobile: isMobile,
  phone: isPhone,
  email: isEmail,
};

/** The types a file field takes, by extension (the browser) — the server checks the content. */
export function registerFileAccepts(kind: RegisterFileKind): readonly string[] {
  return kind === 'image' ? ['png', 'jpg', 'jpeg'] : ['png', 'jpg', 'jpeg', 'pdf'];
}

/**
 * What the file part `part` of a submission takes (`copyBusinessLicenseFile` images only,
 * `lrCertificateFile`, `feeFile`, `usbkeyAgentFile` images or PDF), or null for no such part.
 * An upload names it (multipart field `field`) so it is refused as its field would refuse it.
 */
export function registerFilePartKind(part: string): RegisterFileKind | null {
  for (const section of REGISTER_SECTIONS)
    for (const spec of Object.values(REGISTER_FIELDS[section])) if (spec.files?.field === part) return spec.files.kind;
  return null;
}

/**
 * The message for a file the field cannot take (`type`: the extension in the browser, the
 * detected type on the server: png, jpeg/jpg or pdf), or null.
 */
export function checkRegisterFile(kind: RegisterFileKind, file: { type: string; size: number }): string | null {
  const image = kind === 'image';
  if (!registerFileAccepts(kind).includes(file.type.toLowerCase())) {
    return image ? REGISTER_MESSAGES.imageType : REGISTER_MESSAGES.fileType;
  }
  if (file.size > REGISTER_FILE_MAX_BYTES) return image ? REGISTER_MESSAGES.imageSize : REGISTER_MESSAGES.fileSize;
  return null;
}

/**
 * The message for one field's value (trimmed first), or null. `required` comes from the
 * server's `isRequired`; for a file field `value` is the number of files.
 * `context.certificateType`: the legal representative's certificate type (type 2 skips the
 * ID card format).
 */
export function checkRegisterField(
  section: RegisterSection,
  name: string,
  value: string | number | null | undefined,
  required: boolean,
  context: { certificateType?: string | null } = {},
): string | null {
  const spec = REGISTER_FIELDS[section][name];
  if (!spec) return null;
  if (spec.kind === 'files') {
    const count = typeof value === 'number' ? value : 0;
    if (count === 0) return required ? spec.empty : null;
    return count > spec.files!.max ? REGISTER_MESSAGES.tooManyFiles(spec.files!.max) : null;
  }
  const textValue = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (textValue === '') return required ? spec.empty : null;
  // Before the format: `9165…\u200b` is a credit code with a hidden character, not a wrong one.
  if (hasInvisibleChar(textValue)) return invisibleCharMessage(spec.label);
  // A format says more than a length: 8300001 is a wrong postcode, not a long one.
  const formatChecked = spec.rule && !(spec.rule === 'idCard' && context.certificateType === PASSPORT_CERTIFICATE_TYPE);
  if (formatChecked && !RULES[spec.rule!](textValue)) return messages[spec.rule!];
  return textValue.length > spec.maxLength ? `${spec.label}不能超过 ${spec.maxLength} 个字` : null;
}

/** Which fields a registration shows, and which it requires: `section → field → '0' | '1'`. */
export type RegisterFieldFlags = Partial<Record<RegisterSection, Record<string, { isRequired: string }>>>;

/** The sections' values as submitted: strings, and file counts for the file fields. */
export type RegisterValues = Partial<Record<RegisterSection, Record<string, string | number | null | undefined>>>;

/**
 * Every message of an application, keyed `section.field` (empty when it passes): the
 * fields the registration shows, required as it says; the signature section's fields all
 * required when a key is asked for (`usbkeyInfo.isNeedUsbkey` = '1'), skipped otherwise.
 */
export function checkRegisterApply(flags: RegisterFieldFlags, values: RegisterValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const certificateType = String(values.lrInfo?.lrCertificateType ?? '').trim();
  const needKey = String(values.usbkeyInfo?.isNeedUsbkey ?? '0') === '1';
  for (const section of REGISTER_SECTIONS) {
    const shown = flags[section];
    if (!shown) continue;
    if (section === 'usbkeyInfo' && !needKey) continue;
    for (const [name, flag] of Object.entries(shown)) {
      if (!(name in REGISTER_FIELDS[section])) continue;
      const required =
        flag.isRequired === '1' ||
        (section === 'usbkeyInfo' && (USBKEY_REQUIRED_FIELDS as readonly string[]).includes(name));
      const message = checkRegisterField(section, name, values[section]?.[name], required, { certificateType });
      if (message) errors[`${section}.${name}`] = message;
    }
  }
  return errors;
}
