import { Type, type Static } from 'typebox';
import { FILE_ID_PATTERN } from '../validators/file-id';
import { defineCall } from './call';

// Enterprise registration (spec registration-and-login §2–§9; docs/registration.md): the
// account types, the server-driven form, the checks of name and credit code, the offices,
// uploads and the submission. All public (anonymous) calls.

/** Identity of an account type: 1 交易商 (trader), 2 普通企业 (ordinary enterprise). */
export const RegisterIdentity = Type.Union([Type.Literal('1'), Type.Literal('2')]);
export type RegisterIdentity = Static<typeof RegisterIdentity>;

export const RegisterAccountType = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  identity: RegisterIdentity,
  /** 交易商 / 普通企业 */
  identityName: Type.String(),
  description: Type.String(),
});
export type RegisterAccountType = Static<typeof RegisterAccountType>;

/** `POST /rest/accountType/getRegisterAccountType` (`{}`) → `dataSet`. */
export const RegisterAccountTypesResult = Type.Object({ registerAccountTypeList: Type.Array(RegisterAccountType) });
export type RegisterAccountTypesResult = Static<typeof RegisterAccountTypesResult>;

/** `POST /rest/accountType/getRegisterAccountTypeDetail/1`: the chosen type ids, comma-joined. */
export const RegisterAccountTypeDetailBody = Type.Object({
  ids: Type.String({ maxLength: 100, minLength: 1, pattern: '^\\d{1,9}(,\\d{1,9}){0,9}$', title: '账户类型' }),
});
export type RegisterAccountTypeDetailBody = Static<typeof RegisterAccountTypeDetailBody>;

/** A field the form shows: `isRequired` '1' required, '0' optional. */
export const RegisterFieldFlag = Type.Object({ isRequired: Type.Union([Type.Literal('0'), Type.Literal('1')]) });
export type RegisterFieldFlag = Static<typeof RegisterFieldFlag>;

const SectionFlags = Type.Record(Type.String(), RegisterFieldFlag);

/**
 * The form of the chosen types: per section, the fields it shows (a section absent is not
 * shown). `usbkeyDefault`: '1' when these types ask for an electronic-signature key by
 * default (the section open on 是); `usbkeyLocked`: '1' when a key is already on record for
 * the applicant, so 否 is disabled (a new applicant: '0').
 */
export const AccountRegisterDetail = Type.Object({
  accountTypeIds: Type.Array(Type.String()),
  traderInfo: Type.Optional(SectionFlags),
  lrInfo: Type.Optional(SectionFlags),
  vtaInvoiceInfo: Type.Optional(SectionFlags),
  contacterInfo: Type.Optional(SectionFlags),
  usbkeyInfo: Type.Optional(SectionFlags),
  usbkeyDefault: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  usbkeyLocked: Type.Union([Type.Literal('0'), Type.Literal('1')]),
});
export type AccountRegisterDetail = Static<typeof AccountRegisterDetail>;

/** `getRegisterAccountTypeDetail/1` → `dataSet`. */
export const RegisterAccountTypeDetailResult = Type.Object({ accountRegisterDetail: AccountRegisterDetail });
export type RegisterAccountTypeDetailResult = Static<typeof RegisterAccountTypeDetailResult>;

/** `POST /rest/entryagreement/previewEntryAgreement/1` (`{}`) → `dataSet`: where the entry agreement reads. */
export const EntryAgreementPreview = Type.Object({ url: Type.String() });
export type EntryAgreementPreview = Static<typeof EntryAgreementPreview>;

/**
 * `POST /rest/anon/agreement` (`{ code }`): an agreement the registration links to — `entry`
 * 入市协议 (the entry-agreement preview's `url` is `/register/agreement/entry`), `register`
 * 交易商注册协议 and `privacy` 个人信息保护政策 (the two beside the agree box), each read at
 * `/register/agreement/<code>`.
 */
export const RegisterAgreementBody = Type.Object({
  code: Type.String({ maxLength: 32, pattern: '^[a-z][a-z0-9-]{0,31}$', title: '协议' }),
});
export type RegisterAgreementBody = Static<typeof RegisterAgreementBody>;

export const RegisterAgreement = Type.Object({
  code: Type.String(),
  title: Type.String(),
  /** Plain text; paragraphs separated by blank lines. */
  content: Type.String(),
});
export type RegisterAgreement = Static<typeof RegisterAgreement>;

/** An office of the centre (服务区域) with what the completion dialog shows. */
export const ServiceArea = Type.Object({
  serviceAreaCode: Type.String(),
  serviceAreaName: Type.String(),
  phone: Type.String(),
  phone2: Type.String(),
  address: Type.String(),
  postcode: Type.String(),
  /** The provinces it serves, as shown (e.g. 新疆北疆地区). */
  provinces: Type.String(),
  /** '1' for the headquarters' customer-service centre (shown last). */
  headquarters: Type.Union([Type.Literal('0'), Type.Literal('1')]),
});
export type ServiceArea = Static<typeof ServiceArea>;

/** `POST /rest/serviceArea/getAllServiceArea` (`{}`) → `dataSet`. */
export const ServiceAreasResult = Type.Object({ serviceAreaList: Type.Array(ServiceArea) });
export type ServiceAreasResult = Static<typeof ServiceAreasResult>;

/** `POST /rest/traderregister/getServiceAreaPhone`. */
export const ServiceAreaPhoneBody = Type.Object({
  serviceAreaCode: Type.String({ maxLength: 32, minLength: 1, title: '服务区域' }),
});
export type ServiceAreaPhoneBody = Static<typeof ServiceAreaPhoneBody>;
export const ServiceAreaPhoneResult = Type.Object({ serviceAreaName: Type.String(), phone: Type.String() });
export type ServiceAreaPhoneResult = Static<typeof ServiceAreaPhoneResult>;

/**
 * `POST /rest/traderregister/checkTraderName`: `0000` when the name is free; `504` with the
 * message when an enterprise or an application under review already has it.
 */
export const CheckTraderNameBody = Type.Object({ traderName: Type.String({ maxLength: 200, title: '企业名称' }) });
export type CheckTraderNameBody = Static<typeof CheckTraderNameBody>;

/** `POST /rest/traderregister/judgeExistEnterpriseInfo/1`: the credit code (with the name), same answers. */
export const JudgeEnterpriseBody = Type.Object({
  uniformCreditCode: Type.String({ maxLength: 40, title: '统一社会信用代码' }),
  traderName: Type.Optional(Type.String({ maxLength: 200, title: '企业名称' })),
});
export type JudgeEnterpriseBody = Static<typeof JudgeEnterpriseBody>;

/**
 * `POST /rest/bank/queryBanks` (the enabled banks) and `/rest/bank/queryAccountBanks` (the
 * enabled banks an enterprise may open its settlement account with): those whose name
 * contains `keyWord`, at most 50, in 银行管理's order.
 */
export const QueryBanksBody = Type.Object({ keyWord: Type.Optional(Type.String({ maxLength: 50, title: '关键字' })) });
export type QueryBanksBody = Static<typeof QueryBanksBody>;
export const BanksResult = Type.Object({
  banks: Type.Array(Type.Object({ code: Type.String(), value: Type.String() })),
});
export type BanksResult = Static<typeof BanksResult>;

/**
 * `POST /webUpload` (anonymous) and `/auth/webUpload` (logged in), multipart: `file` and the
 * spec's `sendSysName`, `sendSysCode`, `receiveSysName`, `receiveSysCode`, `requestTime`, and
 * before `file` the submission part it is for (`field`: `copyBusinessLicenseFile` takes png and
 * jpeg only — else 图片格式错误 —, the others also pdf; required: without it the upload is refused,
 * 上传请求未注明文件所属的表单项（field）…). The
 * applicant's uploads belong to an upload token: sent as `X-Upload-Token` when the browser
 * has one, issued in the answer when it has not. Only png, jpeg and pdf (by content).
 */
export const UploadedFile = Type.Object({
  fileId: Type.String(),
  fileName: Type.String(),
  fileSize: Type.Integer(),
  /** png, jpg or pdf: what the content is. */
  fileType: Type.String(),
  /** The applicant's upload token (new or the one sent). */
  uploadToken: Type.String(),
});
export type UploadedFile = Static<typeof UploadedFile>;

/** `POST /rest/file/queryFileInfoByFileId`. */
export const FileInfoBody = Type.Object({ fileId: Type.String({ maxLength: 64, minLength: 1, title: '文件' }) });
export type FileInfoBody = Static<typeof FileInfoBody>;
export const FileVo = Type.Object({
  fileId: Type.String(),
  fileName: Type.String(),
  fileSize: Type.Integer(),
  fileType: Type.String(),
  /** A short-lived address of the file for an `<img>` or a new tab. */
  previewUrl: Type.String(),
});
export type FileVo = Static<typeof FileVo>;
export const FileInfoResult = Type.Object({ fileVos: Type.Array(FileVo) });
export type FileInfoResult = Static<typeof FileInfoResult>;

const Section = (fields: Record<string, number>) =>
  Type.Object(
    Object.fromEntries(
      Object.entries(fields).map(([name, maxLength]) => [name, Type.Optional(Type.String({ maxLength: maxLength }))]),
    ),
    { additionalProperties: false },
  );

/**
 * The application (`registerApplyVo`, JSON in the submission's multipart). Values are
 * strings as typed (the server trims); regions are codes joined by commas; file fields are
 * not here but file parts (`copyBusinessLicenseFile`, `lrCertificateFile`, `feeFile`,
 * `usbkeyAgentFile`). `requestId`: made once per form (a UUID), so that a second submission
 * of the same form is 请勿重复提交.
 */
export const RegisterApplyVo = Type.Object(
  {
    requestId: Type.String({ maxLength: 64, minLength: 8, pattern: '^[A-Za-z0-9-]{8,64}$' }),
    accountTypeIds: Type.Array(Type.String({ maxLength: 9 }), { maxItems: 10, minItems: 1 }),
    traderInfo: Section({
      traderName: 200,
      serviceAreaCode: 32,
      serviceAreaName: 64,
      registeredCapital: 40,
      traderType: 8,
      uniformCreditCode: 40,
      postcode: 20,
      traderRegisteredAddress: 64,
      traderRegisteredDetailedAddress: 400,
      traderMailingAddress: 64,
      traderMailingDetailedAddress: 400,
    }),
    lrInfo: Type.Optional(Section({ lrCertificateType: 8, lrName: 100, lrCertificateNumber: 60, lrPhone: 40 })),
    vtaInvoiceInfo: Type.Optional(
      Section({
        vtaInvoiceTraderType: 8,
        vtaInvoiceAccount: 80,
        vtaInvoiceBank: 200,
        vtaInvoicePhone: 40,
        vtaInvoiceAddress: 400,
        taxpayerIdentificationNumber: 40,
        digitalInvoiceEmail: 200,
      }),
    ),
    contacterInfo: Type.Optional(
      Section({
        contacterName: 100,
        contacterFixedTelephone: 40,
        contacterPhone: 40,
        contacterEmail: 200,
        mailContacterName: 100,
        mailContacterFixedTelephone: 40,
        mailContacterPhone: 40,
        mailContacterEmail: 200,
      }),
    ),
    usbkeyInfo: Type.Optional(
      Section({
        isNeedUsbkey: 1,
        ukeyApplyTime: 10,
        certDeadline: 4,
        ukeyUseRemark: 100,
        ukeyUserName: 200,
        ukeyUniformCreditCode: 40,
        ukeyUserPhone: 40,
        ukeyMailingAddress: 400,
        ukeyAgentUserName: 100,
        ukeyAgentUserPhone: 40,
      }),
    ),
    /** Spec §3's extra fields of the key application, kept as sent. */
    applyAccountRelationIds: Type.Optional(Type.String({ maxLength: 200 })),
    usbKeyExtInfoDto: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 200 }))),
    /**
     * A resubmission only (`resubmitRegisterApply`): the files of the returned application
     * that stay, by id; the file parts are the new ones.
     */
    keepFileIds: Type.Optional(
      Type.Array(Type.String({ maxLength: 32, pattern: FILE_ID_PATTERN.source }), { maxItems: 7, uniqueItems: true }),
    ),
  },
  { additionalProperties: false },
);
export type RegisterApplyVo = Static<typeof RegisterApplyVo>;

/**
 * `POST /rest/traderregister/addRegisterApply` (multipart: `registerApplyVo`, the file parts,
 * `serviceType` registerApply, `serviceId` addRegisterApply, `serviceVersion` 1) →
 * `dataSet`. A refused field answers `400` with `dataSet.errors` (`section.field` →
 * message) so the form shows each under its field.
 */
/**
 * `POST /rest/usbkey/getCFCAFileIdAndUrl/1` (`{}`) → `dataSet`: the CFCA certificate service
 * agreement the first consent of the electronic-signature section names, and where it reads.
 */
export const CfcaAgreementLink = Type.Object({ fileId: Type.String(), url: Type.String() });
export type CfcaAgreementLink = Static<typeof CfcaAgreementLink>;

export const RegisterApplyResult = Type.Object({
  applyId: Type.String(),
  serviceAreaCode: Type.String(),
});
export type RegisterApplyResult = Static<typeof RegisterApplyResult>;

export const RegisterFieldErrors = Type.Object({ errors: Type.Record(Type.String(), Type.String()) });
export type RegisterFieldErrors = Static<typeof RegisterFieldErrors>;

/** The body of a registration call without parameters: any small JSON object. */
const NoParameters = Type.Object({}, { additionalProperties: true, maxProperties: 8 });

/**
 * Enterprise registration's calls (all public). `apply` and `resubmit` are the submission's
 * multipart (`registerApplyVo` and the file parts); `resubmit` carries the applicant's status
 * token in `X-Register-Status-Token`. The two checks answer `0000` with nothing, or `504` with
 * the reason.
 */
/** The header a resubmission carries the applicant's status token in. */
export const STATUS_TOKEN_HEADER = 'x-register-status-token';
export const StatusTokenHeaders = Type.Object({
  [STATUS_TOKEN_HEADER]: Type.Optional(Type.String({ maxLength: 200 })),
});

export const registerCalls = {
  accountTypes: defineCall({
    method: 'POST',
    path: '/rest/accountType/getRegisterAccountType',
    body: NoParameters,
    answer: RegisterAccountTypesResult,
  }),
  accountTypeDetail: defineCall({
    method: 'POST',
    path: '/rest/accountType/getRegisterAccountTypeDetail/1',
    body: RegisterAccountTypeDetailBody,
    answer: RegisterAccountTypeDetailResult,
  }),
  entryAgreement: defineCall({
    method: 'POST',
    path: '/rest/entryagreement/previewEntryAgreement/1',
    body: NoParameters,
    answer: EntryAgreementPreview,
  }),
  agreement: defineCall({
    method: 'POST',
    path: '/rest/anon/agreement',
    body: RegisterAgreementBody,
    answer: RegisterAgreement,
  }),
  cfcaAgreement: defineCall({
    method: 'POST',
    path: '/rest/usbkey/getCFCAFileIdAndUrl/1',
    body: NoParameters,
    answer: CfcaAgreementLink,
  }),
  serviceAreas: defineCall({
    method: 'POST',
    path: '/rest/serviceArea/getAllServiceArea',
    body: NoParameters,
    answer: ServiceAreasResult,
  }),
  serviceAreaPhone: defineCall({
    method: 'POST',
    path: '/rest/traderregister/getServiceAreaPhone',
    body: ServiceAreaPhoneBody,
    answer: ServiceAreaPhoneResult,
  }),
  checkTraderName: defineCall({
    method: 'POST',
    path: '/rest/traderregister/checkTraderName',
    body: CheckTraderNameBody,
    answer: Type.Null(),
  }),
  checkCreditCode: defineCall({
    method: 'POST',
    path: '/rest/traderregister/judgeExistEnterpriseInfo/1',
    body: JudgeEnterpriseBody,
    answer: Type.Null(),
  }),
  apply: defineCall({
    method: 'POST',
    path: '/rest/traderregister/addRegisterApply',
    kind: 'upload',
    answer: RegisterApplyResult,
  }),
  /** The correction of a returned application: the same parts, the status token in its header. */
  resubmit: defineCall({
    method: 'POST',
    path: '/rest/traderregister/resubmitRegisterApply',
    kind: 'upload',
    headers: StatusTokenHeaders,
    answer: RegisterApplyResult,
  }),
};
