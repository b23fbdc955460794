import { request } from '@cotton/sdk';
import {
  bankCalls,
  enterpriseCalls,
  filesCalls,
  regionCalls,
  registerCalls,
  registerStatusCalls,
} from '@cotton/sdk/calls';
import type {
  BanksResult,
  CfcaAgreementLink,
  CheckTraderNameBody,
  EnterpriseChangeForm,
  EntryAgreementPreview,
  FileInfoBody,
  FileVo,
  GetRegionGroupsBody,
  JudgeEnterpriseBody,
  QueryBanksBody,
  RegisterAccountTypeDetailBody,
  RegisterAccountTypeDetailResult,
  RegisterAccountTypesResult,
  RegisterAgreement,
  RegisterAgreementBody,
  RegisterApplicantView,
  RegisterApplyResult,
  RegisterApplyVo,
  RegisterStatusCodeBody,
  RegisterStatusCodeResult,
  RegisterStatusQueryBody,
  RegisterStatusTokenBody,
  ServiceAreaPhoneBody,
  ServiceAreaPhoneResult,
  ServiceAreasResult,
  UploadedFile,
} from '@cotton/sdk/contracts';
import type { CodeValue } from '@cotton/sdk';

// The registration calls (spec registration-and-login §7 "Registration"); the calls and shapes
// are the wire contracts of sdk/src/contracts/register.ts, register-status.ts, files.ts,
// enterprise.ts (企业管理 › 企业信息变更申请, docs/registration.md "Change requests") and region.ts.

/** The page the change request comes from and goes back to (plugins/enterprise). */
export const ENTERPRISE_INFO_PATH = '/enterprise/info';

/** Uploads and the submission may take long (spec §9: 90 s). */
export const UPLOAD_TIMEOUT_MS = 90_000;

/** Where the applicant's upload token is kept for the tab's life (sent as `X-Upload-Token`). */
export const UPLOAD_TOKEN_KEY = 'dandelion__REGISTER_UPLOAD_TOKEN';

/** The multipart system fields of an upload (spec §7). */
export const UPLOAD_SYSTEM_FIELDS = {
  sendSysName: 'portal',
  sendSysCode: 'PORTAL',
  receiveSysName: 'trade',
  receiveSysCode: 'TRADE',
} as const;

export function getRegisterAccountTypes(): Promise<RegisterAccountTypesResult> {
  return request.call(registerCalls.accountTypes, {});
}

export function getRegisterAccountTypeDetail(ids: string): Promise<RegisterAccountTypeDetailResult> {
  const body: RegisterAccountTypeDetailBody = { ids };
  return request.call(registerCalls.accountTypeDetail, body);
}

export function previewEntryAgreement(): Promise<EntryAgreementPreview> {
  return request.call(registerCalls.entryAgreement, {});
}

export function getAgreement(code: string): Promise<RegisterAgreement> {
  const body: RegisterAgreementBody = { code };
  return request.call(registerCalls.agreement, body);
}

export async function getOfficeGroups(): Promise<CodeValue[]> {
  const body: GetRegionGroupsBody = { code: 'office' };
  const { regionGroups } = await request.call(regionCalls.groups, body);
  return regionGroups ?? [];
}

/** Resolves when the name is free; rejects (`504` with the message) when it is taken. */
export function checkTraderName(traderName: string): Promise<unknown> {
  const body: CheckTraderNameBody = { traderName };
  return request.call(registerCalls.checkTraderName, body);
}

/** Resolves when the credit code is free; rejects (`504` with the message) when it is taken. */
export function judgeExistEnterprise(uniformCreditCode: string, traderName?: string): Promise<unknown> {
  const body: JudgeEnterpriseBody = traderName ? { uniformCreditCode, traderName } : { uniformCreditCode };
  return request.call(registerCalls.checkCreditCode, body);
}

export async function queryBanks(keyWord: string): Promise<BanksResult['banks']> {
  const body: QueryBanksBody = { keyWord };
  const { banks } = await request.call(bankCalls.query, body);
  return banks ?? [];
}

function storedUploadToken(): string | null {
  try {
    return sessionStorage.getItem(UPLOAD_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The upload token as a header, when the tab has one: it owns the applicant's files. */
function uploadTokenHeaders(): { headers: Record<string, string> } | Record<string, never> {
  const token = storedUploadToken();
  return token ? { headers: { 'X-Upload-Token': token } } : {};
}

function storeUploadToken(token: string): void {
  try {
    sessionStorage.setItem(UPLOAD_TOKEN_KEY, token);
  } catch {
    // Storage refused (privacy mode): the next upload asks for a new token.
  }
}

/**
 * Sends one file to `/webUpload` with the system fields and the submission part it is for
 * (`field`: the server checks its content as that part's field does — 营业执照 images only),
 * under the applicant's upload token when the tab has one; keeps the token the answer carries.
 */
export async function uploadFile(file: File, field?: string): Promise<UploadedFile> {
  const form = new FormData();
  for (const [key, value] of Object.entries(UPLOAD_SYSTEM_FIELDS)) form.append(key, value);
  form.append('requestTime', new Date().toISOString());
  if (field) form.append('field', field);
  form.append('file', file, file.name);
  const uploaded = await request.upload(filesCalls.upload, form, {
    timeout: UPLOAD_TIMEOUT_MS,
    ...uploadTokenHeaders(),
  });
  if (uploaded?.uploadToken) storeUploadToken(uploaded.uploadToken);
  return uploaded;
}

/** The stored file's details; `previewUrl` shows it. Only its upload token may ask (the header). */
export async function queryFileInfo(fileId: string): Promise<FileVo | undefined> {
  const body: FileInfoBody = { fileId };
  const { fileVos } = await request.call(filesCalls.info, body, uploadTokenHeaders());
  return fileVos?.[0];
}

/**
 * The submission: the service fields, the application as JSON, one part per file (named by its
 * field), under the upload token when the tab has one (the stored files then belong to it).
 */
export function addRegisterApply(
  apply: RegisterApplyVo,
  files: ReadonlyArray<{ field: string; file: File }>,
): Promise<RegisterApplyResult> {
  return request.upload(registerCalls.apply, submissionForm('addRegisterApply', apply, files), {
    timeout: UPLOAD_TIMEOUT_MS,
    ...uploadTokenHeaders(),
  });
}

/**
 * The corrected application of a returned one (its files that stay are `apply.keepFileIds`),
 * under the status token the query gave.
 */
export function resubmitRegisterApply(
  apply: RegisterApplyVo,
  files: ReadonlyArray<{ field: string; file: File }>,
  statusToken: string,
): Promise<RegisterApplyResult> {
  const { headers = {} } = uploadTokenHeaders() as { headers?: Record<string, string> };
  return request.upload(registerCalls.resubmit, submissionForm('resubmitRegisterApply', apply, files), {
    timeout: UPLOAD_TIMEOUT_MS,
    headers: { ...headers, 'X-Register-Status-Token': statusToken },
  });
}

function submissionForm(
  serviceId: string,
  apply: RegisterApplyVo,
  files: ReadonlyArray<{ field: string; file: File }>,
): FormData {
  const form = new FormData();
  form.append('serviceType', 'registerApply');
  form.append('serviceId', serviceId);
  form.append('serviceVersion', '1');
  form.append('requestTime', new Date().toISOString());
  form.append('registerApplyVo', JSON.stringify(apply));
  for (const { field, file } of files) form.append(field, file, file.name);
  return form;
}

/** 获取验证码 on the status page: a code to the mobile the application gave (answered masked). */
export function sendStatusCode(uniformCreditCode: string, proof: string): Promise<RegisterStatusCodeResult> {
  const body: RegisterStatusCodeBody = { uniformCreditCode, proof };
  return request.call(registerStatusCalls.sendCode, body);
}

/** 查询: the application of the credit code, for the right SMS code. */
export function queryStatus(uniformCreditCode: string, smsCode: string): Promise<RegisterApplicantView> {
  const body: RegisterStatusQueryBody = { uniformCreditCode, smsCode };
  return request.call(registerStatusCalls.query, body);
}

/** The same view again with the token a query gave (a reload, after a resubmission). */
export function getStatus(statusToken: string): Promise<RegisterApplicantView> {
  const body: RegisterStatusTokenBody = { statusToken };
  return request.call(registerStatusCalls.get, body);
}

/** Where the CFCA certificate service agreement (the key section's first consent) reads. */
export function getCfcaAgreement(): Promise<CfcaAgreementLink> {
  return request.call(registerCalls.cfcaAgreement, {});
}

export function getAllServiceAreas(): Promise<ServiceAreasResult> {
  return request.call(registerCalls.serviceAreas, {});
}

export function getServiceAreaPhone(serviceAreaCode: string): Promise<ServiceAreaPhoneResult> {
  const body: ServiceAreaPhoneBody = { serviceAreaCode };
  return request.call(registerCalls.serviceAreaPhone, body);
}

/** What the change form starts from: the returned change request, else the registered information. */
export function getChangeForm(): Promise<EnterpriseChangeForm> {
  return request.call(enterpriseCalls.changeForm, {});
}

/** An enterprise's change request: the submission's multipart, the files kept in `apply.keepFileIds`. */
export function submitChangeApply(
  apply: RegisterApplyVo,
  files: ReadonlyArray<{ field: string; file: File }>,
): Promise<RegisterApplyResult> {
  return request.upload(enterpriseCalls.submitChange, submissionForm('submitChangeApply', apply, files), {
    timeout: UPLOAD_TIMEOUT_MS,
    ...uploadTokenHeaders(),
  });
}
