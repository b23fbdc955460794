import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  RegisterApplyVo,
  type AccountRegisterDetail,
  type RegisterAccountType,
  type RegisterApplyResult,
  type ServiceArea,
} from '@cotton/sdk/contracts';
import {
  DAY_PATTERN,
  REGISTER_FIELDS,
  REGISTER_FILE_MAX_BYTES,
  REGISTER_MESSAGES,
  REGISTER_SECTIONS,
  checkRegisterApply,
  type RegisterFileKind,
  type RegisterSection,
  type RegisterValues,
} from '@cotton/sdk/validators';
import { Value } from 'typebox/value';
import type { AppDatabase } from '../../db/client';
import {
  banks,
  dictItems,
  files,
  registerAccountTypes,
  registerAgreements,
  registerApplies,
  registerApplyFiles,
  registerApplyRounds,
  regions,
  serviceAreas,
  sysEnterprises,
} from '../../db/schema/index';
import { fullLimit, takeLimits, takeLimitsAlone, type Limit } from '../../lib/limits/index';
import { ApiError } from '../../http/envelope';
import { refusedInput } from '../../http/refused-input';
import { compareKey } from './compare-key';
import { currentFiles, FILE_PATHS, STATUS_MESSAGES } from './status';
import { recordAudit } from '../shared/audit';
import {
  cleanFileName,
  FILE_MESSAGES,
  receivedFileProblem,
  tokenHash,
  UPLOAD_TOKEN_HEADER,
  verifiedUploadToken,
} from '../files/service';
import type { FileSigner } from '../files/signing';
import type { FileStore, ReceivedFile } from '../files/store';

/**
 * Enterprise registration (docs/registration.md): the account types and their forms, the
 * checks of name and credit code, the offices, the banks, and the submission — checked with
 * the SDK's rules the browser uses, stored with its files in one transaction.
 */

export const REGISTER_SERVER_MESSAGES = {
  unknownType: '所选的账户类型不存在或已停用，请重新选择',
  nameTaken: '该企业名称已注册，请勿重复注册',
  namePending: '该企业名称已提交注册申请，正在审核中',
  codeTaken: '该统一社会信用代码已注册，请勿重复注册',
  codePending: '该统一社会信用代码已提交注册申请，正在审核中',
  nameReturned: '该企业名称的注册申请已退回修改，请通过「注册进度查询」修改后重新提交',
  codeReturned: '该统一社会信用代码的注册申请已退回修改，请通过「注册进度查询」修改后重新提交',
  noAgreement: '协议不存在',
  noServiceArea: '服务区域不存在',
  badForm: '注册信息格式不正确，请刷新页面后重新填写',
  badText: '注册信息包含无法识别的字符，请检查后重新填写',
  unknownFile: '提交的文件不属于当前表单，请刷新页面后重新填写',
  tooManyFiles: '提交的文件过多，请检查后重新提交',
  cutOff: '上传中断，请重新提交',
  tooOften: '提交过于频繁，请稍后再试',
  badDate: '请输入正确的日期（如 2026-11-25）',
  badTerm: '证书有效期应为 1 至 10 年',
  keyNameMismatch: '须与企业信息中的企业名称一致',
  keyCodeMismatch: '须与企业信息中的统一社会信用代码一致',
} as const;

/** What a change request is refused for (docs/registration.md "Change requests"). */
export const CHANGE_MESSAGES = {
  unregistered: '本企业没有注册信息，不能提交变更申请',
  pending: '本企业已有待审核的变更申请，请等待审核结果',
  typesChanged: '变更申请不能更改账户类型',
} as const;

/**
 * What a submission makes: a registration, the correction of a returned one (the status
 * page's token named it), or a change request of an approved enterprise — new, or the
 * correction of its returned one — by one of its users.
 */
export type SubmissionTarget =
  | { kind: 'register' }
  | { kind: 'resubmit'; applyId: number }
  | { kind: 'change'; enterpriseId: number; phone: string | null };

const IDENTITY_NAMES: Record<string, string> = { '1': '交易商', '2': '普通企业' };

export async function accountTypes(db: AppDatabase): Promise<RegisterAccountType[]> {
  const rows = await db
    .select()
    .from(registerAccountTypes)
    .where(eq(registerAccountTypes.status, '1'))
    .orderBy(asc(registerAccountTypes.sort), asc(registerAccountTypes.id));
  return rows.map((row) => ({
    id: String(row.id),
    code: row.code,
    name: row.name,
    identity: row.identity as '1' | '2',
    identityName: IDENTITY_NAMES[row.identity] ?? '',
    description: row.description,
  }));
}

/** The enabled types of `ids`; any unknown or disabled one is a 400. */
async function chosenTypes(db: AppDatabase, ids: string[]) {
  const numbers = [...new Set(ids.map(Number))];
  if (numbers.length === 0 || numbers.some((id) => !Number.isSafeInteger(id) || id <= 0))
    throw new ApiError('400', REGISTER_SERVER_MESSAGES.unknownType);
  const rows = await db
    .select()
    .from(registerAccountTypes)
    .where(and(inArray(registerAccountTypes.id, numbers), eq(registerAccountTypes.status, '1')));
  if (rows.length !== numbers.length) throw new ApiError('400', REGISTER_SERVER_MESSAGES.unknownType);
  return rows;
}

/** The form of the chosen types: every field any of them shows, required when any requires it. */
export async function accountRegisterDetail(db: AppDatabase, ids: string[]): Promise<AccountRegisterDetail> {
  const types = await chosenTypes(db, ids);
  const flags: Partial<Record<RegisterSection, Record<string, { isRequired: '0' | '1' }>>> = {};
  for (const type of types) {
    for (const section of REGISTER_SECTIONS) {
      const fields = type.fields[section];
      if (!fields) continue;
      const target = (flags[section] ??= {});
      for (const [name, required] of Object.entries(fields)) {
        if (!(name in REGISTER_FIELDS[section])) continue;
        target[name] = { isRequired: target[name]?.isRequired === '1' || required === '1' ? '1' : '0' };
      }
    }
  }
  return {
    accountTypeIds: types.map((type) => String(type.id)),
    ...flags,
    usbkeyDefault: types.some((type) => type.usbkeyDefault === '1') ? '1' : '0',
    // A new applicant has no key on record; an existing one would (not a path of this form).
    usbkeyLocked: '0',
  };
}

export async function agreement(db: AppDatabase, code: string) {
  const [row] = await db.select().from(registerAgreements).where(eq(registerAgreements.code, code));
  if (!row) throw new ApiError('404', REGISTER_SERVER_MESSAGES.noAgreement);
  return row;
}

export async function allServiceAreas(db: AppDatabase): Promise<ServiceArea[]> {
  const rows = await db.select().from(serviceAreas).orderBy(asc(serviceAreas.sort));
  return rows.map((row) => ({
    serviceAreaCode: row.code,
    serviceAreaName: row.name,
    phone: row.phone,
    phone2: row.phone2,
    address: row.address,
    postcode: row.postcode,
    provinces: row.provinces,
    headquarters: row.headquarters === '1' ? '1' : '0',
  }));
}

export async function serviceAreaPhone(db: AppDatabase, code: string) {
  const [row] = await db.select().from(serviceAreas).where(eq(serviceAreas.code, code));
  if (!row) throw new ApiError('404', REGISTER_SERVER_MESSAGES.noServiceArea);
  return { serviceAreaName: row.name, phone: row.phone };
}

/** Whose name and code a check leaves out: they are not taken for the one who holds them. */
export interface TakenExcept {
  /** The application being corrected. */
  applyId?: number;
  /** The enterprise asking for a change: its name and code, and those its applications hold. */
  enterpriseId?: number;
}

/** Why `value` cannot be registered as `kind` (an enterprise has it, or a live application), or null. */
async function takenProblem(
  db: AppDatabase,
  kind: 'name' | 'code',
  value: string,
  except: TakenExcept = {},
): Promise<string | null> {
  const key = compareKey(value);
  if (key === '') return null;
  const messages =
    kind === 'name'
      ? {
          taken: REGISTER_SERVER_MESSAGES.nameTaken,
          pending: REGISTER_SERVER_MESSAGES.namePending,
          returned: REGISTER_SERVER_MESSAGES.nameReturned,
        }
      : {
          taken: REGISTER_SERVER_MESSAGES.codeTaken,
          pending: REGISTER_SERVER_MESSAGES.codePending,
          returned: REGISTER_SERVER_MESSAGES.codeReturned,
        };
  // Enterprises made by a registration are found by its live key below; the others (made by
  // hand) are compared the same way in SQL — PostgreSQL's normalize() is NFKC too.
  const column = kind === 'name' ? sysEnterprises.name : sysEnterprises.uniformCreditCode;
  const [enterprise] = await db
    .select({ id: sysEnterprises.id })
    .from(sysEnterprises)
    .where(
      and(
        sql`upper(btrim(normalize(${column}, NFKC))) = ${key}`,
        except.enterpriseId === undefined ? undefined : ne(sysEnterprises.id, except.enterpriseId),
      ),
    )
    .limit(1);
  if (enterprise) return messages.taken;
  const [apply] = await db
    .select({ status: registerApplies.status })
    .from(registerApplies)
    .where(
      and(
        eq(kind === 'name' ? registerApplies.nameKey : registerApplies.codeKey, key),
        inArray(registerApplies.status, ['0', '1', '3']),
        except.applyId === undefined ? undefined : ne(registerApplies.id, except.applyId),
        except.enterpriseId === undefined
          ? undefined
          : sql`${registerApplies.enterpriseId} is distinct from ${except.enterpriseId}`,
      ),
    )
    .limit(1);
  if (!apply) return null;
  return apply.status === '1' ? messages.taken : apply.status === '3' ? messages.returned : messages.pending;
}

/**
 * The anonymous name and credit-code checks (`checkTraderName`, `judgeExistEnterpriseInfo/1`)
 * per address, both together: far above what an applicant's form asks (a few checks as the
 * fields are left), far below what a crawler needs to read the register through them.
 */
export const REGISTER_CHECK_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 } as const;

/** Takes one anonymous check from the address's limit; over it → `429` 请求过于频繁，请稍后再试. */
export async function takeRegisterCheck(db: AppDatabase, ip: string): Promise<void> {
  if (await takeLimitsAlone(db, [{ key: `register-check:${ip}`, ...REGISTER_CHECK_LIMIT }])) throw new ApiError('429');
}

/** Why `traderName` cannot be registered, or null (`checkTraderName`, and the submission). */
export function traderNameProblem(db: AppDatabase, traderName: string, except?: TakenExcept): Promise<string | null> {
  return takenProblem(db, 'name', traderName, except);
}

/** Why the credit code cannot be registered, or null (`judgeExistEnterpriseInfo/1`, and the submission). */
export function creditCodeProblem(db: AppDatabase, code: string, except?: TakenExcept): Promise<string | null> {
  return takenProblem(db, 'code', code, except);
}

/** The file parts of a submission: part name → the form field it fills and what it takes. */
export const REGISTER_FILE_PARTS: Record<
  string,
  { section: RegisterSection; field: string; kind: RegisterFileKind; max: number }
> = Object.fromEntries(
  REGISTER_SECTIONS.flatMap((section) =>
    Object.entries(REGISTER_FIELDS[section])
      .filter(([, spec]) => spec.files)
      .map(([field, spec]) => [spec.files!.field, { section, field, kind: spec.files!.kind, max: spec.files!.max }]),
  ),
);

interface ReceivedPart {
  part: string;
  name: string;
  received: ReceivedFile;
}

/** The most JSON `registerApplyVo` may be. */
export const MAX_APPLY_JSON = 64 * 1024;
/** Files one address may submit in applications per hour (about ten applications). */
export const SUBMITTED_FILES_PER_ADDRESS_PER_HOUR = 70;

/** The address's share of submitted files (lib/limits): a submission takes one per new file. */
function submittedFilesLimit(ip: string): Limit {
  return { key: `register-files:${ip}`, max: SUBMITTED_FILES_PER_ADDRESS_PER_HOUR, windowMs: 3600_000 };
}

type Trimmed = Record<string, Record<string, string>>;

/** Field messages in the form's order (sections 1–5, fields as listed), so the first is the one the form shows first. */
function inFormOrder(errors: Record<string, string>): Record<string, string> {
  const ordered: Record<string, string> = {};
  for (const section of REGISTER_SECTIONS)
    for (const field of Object.keys(REGISTER_FIELDS[section])) {
      const key = `${section}.${field}`;
      if (errors[key]) ordered[key] = errors[key];
    }
  for (const [key, message] of Object.entries(errors)) ordered[key] ??= message;
  return ordered;
}

/**
 * The sections as stored: only the fields the form shows (the signature section's only when
 * a key is asked for), every value trimmed — nothing the form did not ask for is kept.
 */
function shownValues(apply: RegisterApplyVo, detail: AccountRegisterDetail): Trimmed {
  const needKey = apply.usbkeyInfo?.isNeedUsbkey === '1';
  const result: Trimmed = {};
  for (const section of REGISTER_SECTIONS) {
    const shown = detail[section];
    const values = (apply as Record<string, unknown>)[section] as Record<string, string> | undefined;
    if (!shown || !values) continue;
    if (section === 'usbkeyInfo') {
      result.usbkeyInfo = { isNeedUsbkey: needKey ? '1' : '0' };
      if (!needKey) continue;
    }
    for (const [name, value] of Object.entries(values))
      if (Object.hasOwn(shown, name)) (result[section] ??= {})[name] = value.trim();
  }
  return result;
}

/** The application as sent, refused when it is not one (the first thing a submission reads). */
function parseApply(text: string | undefined): RegisterApplyVo {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '');
  } catch {
    throw new ApiError('400', REGISTER_SERVER_MESSAGES.badForm);
  }
  if ((text ?? '').length > MAX_APPLY_JSON || !Value.Check(RegisterApplyVo, parsed))
    throw new ApiError('400', REGISTER_SERVER_MESSAGES.badForm);
  if (refusedInput(parsed) !== null) throw new ApiError('400', REGISTER_SERVER_MESSAGES.badText);
  return parsed;
}

/**
 * What the browser cannot know or could be lied to about: a choice that is not one of the
 * options (office, dictionary items, bank, regions), the key section's name and code not those
 * of the enterprise, a date or term that is no date or term.
 */
async function choiceProblems(db: AppDatabase, values: Trimmed): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const trader = values.traderInfo ?? {};
  if (trader.serviceAreaCode) {
    const [area] = await db
      .select({ code: serviceAreas.code })
      .from(serviceAreas)
      .where(eq(serviceAreas.code, trader.serviceAreaCode));
    if (!area) errors['traderInfo.serviceAreaCode'] = REGISTER_FIELDS.traderInfo.serviceAreaCode.empty;
  }
  for (const section of REGISTER_SECTIONS) {
    for (const [name, spec] of Object.entries(REGISTER_FIELDS[section])) {
      const value = values[section]?.[name];
      if (!value) continue;
      const key = `${section}.${name}`;
      if (spec.dict) {
        const [item] = await db
          .select({ code: dictItems.itemCode })
          .from(dictItems)
          .where(and(eq(dictItems.categoryCode, spec.dict), eq(dictItems.itemCode, value), eq(dictItems.status, '1')));
        if (!item) errors[key] = spec.empty;
      } else if (spec.kind === 'bank') {
        const [bank] = await db
          .select({ code: banks.code })
          .from(banks)
          .where(and(eq(banks.name, value), eq(banks.status, '1')));
        if (!bank) errors[key] = spec.empty;
      } else if (spec.kind === 'region') {
        const codes = value.split(',');
        const known =
          codes.length <= 3 && codes.every((code) => /^\d{6}$/.test(code))
            ? await db
                .select({ code: regions.code })
                .from(regions)
                .where(and(inArray(regions.code, codes), eq(regions.status, '1')))
            : [];
        if (known.length !== codes.length) errors[key] = spec.empty;
      } else if (spec.kind === 'date') {
        const day = new Date(`${value}T00:00:00Z`);
        if (!DAY_PATTERN.test(value) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value)
          errors[key] = REGISTER_SERVER_MESSAGES.badDate;
      }
    }
  }
  const key = values.usbkeyInfo;
  if (key?.isNeedUsbkey === '1') {
    if (key.certDeadline && !/^(?:[1-9]|10)$/.test(key.certDeadline))
      errors['usbkeyInfo.certDeadline'] = REGISTER_SERVER_MESSAGES.badTerm;
    if (key.ukeyUserName && trader.traderName && compareKey(key.ukeyUserName) !== compareKey(trader.traderName))
      errors['usbkeyInfo.ukeyUserName'] = REGISTER_SERVER_MESSAGES.keyNameMismatch;
    if (
      key.ukeyUniformCreditCode &&
      trader.uniformCreditCode &&
      compareKey(key.ukeyUniformCreditCode) !== compareKey(trader.uniformCreditCode)
    )
      errors['usbkeyInfo.ukeyUniformCreditCode'] = REGISTER_SERVER_MESSAGES.keyCodeMismatch;
  }
  return errors;
}

export interface SubmitContext {
  db: AppDatabase;
  store: FileStore;
  signer: FileSigner;
}

/**
 * Reads the submission's multipart. `registerApplyVo` must come before the files: it is
 * checked (`precheck`) before a single file byte is written, so a submission that is no
 * application, a repeat, or one over the address's hourly share costs no disk. The files
 * received are the caller's to keep or discard; on a failure here they are discarded.
 */
async function readSubmission(
  request: FastifyRequest,
  store: FileStore,
  precheck: (fields: Record<string, string>) => Promise<void>,
) {
  if (!request.isMultipart()) throw new ApiError('400', REGISTER_SERVER_MESSAGES.badForm);
  const fields: Record<string, string> = {};
  const parts: ReceivedPart[] = [];
  let checked = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // The application first: files before it are not read at all.
        if (!checked) {
          part.file.resume();
          throw new ApiError('400', REGISTER_SERVER_MESSAGES.badForm);
        }
        if (!Object.hasOwn(REGISTER_FILE_PARTS, part.fieldname)) {
          part.file.resume();
          throw new ApiError('400', REGISTER_SERVER_MESSAGES.unknownFile);
        }
        const received = await store.receive(part.file, REGISTER_FILE_MAX_BYTES);
        parts.push({ part: part.fieldname, name: part.filename, received });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
        if (part.fieldname === 'registerApplyVo' && !checked) {
          await precheck(fields);
          checked = true;
        }
      }
    }
    if (!checked) await precheck(fields);
  } catch (error) {
    await Promise.all(parts.map(({ received }) => store.discard(received)));
    throw submissionError(error);
  }
  return { fields, parts };
}

/** What the multipart parser or a cut connection throws, as the applicant should hear it. */
function submissionError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new ApiError('400', REGISTER_SERVER_MESSAGES.tooManyFiles);
  if (code === 'ECONNRESET' || code === 'FST_MP_PREMATURE_CLOSE' || code === 'ERR_STREAM_PREMATURE_CLOSE')
    return new ApiError('400', REGISTER_SERVER_MESSAGES.cutOff);
  return error;
}

/**
 * 提交 (`addRegisterApply`): the form checked as the browser checks it and for what the
 * browser cannot know (choices, name and code free), the files what their fields take (by
 * content) — any refusal is a 400 with every field's message (`dataSet.errors`); then the
 * files put in place and, in one transaction, their rows, the application and its file
 * list. A second submission of the same form (`requestId`) is 请勿重复提交.
 */
export async function submitApply(
  ctx: SubmitContext,
  request: FastifyRequest,
  target: SubmissionTarget = { kind: 'register' },
): Promise<RegisterApplyResult> {
  const { db, store, signer } = ctx;
  let apply: RegisterApplyVo | null = null;
  /** The returned application corrected (a registration's, or the change request's), in the round checked. */
  let corrected: { id: number; round: number } | null = null;
  /** Where the files kept (`keepFileIds`) must come from: the corrected round, or the registered information. */
  let keptFrom: { id: number; round: number } | null = null;
  const enterpriseId = target.kind === 'change' ? target.enterpriseId : undefined;
  const sameSet = (ids: string[]) => [...new Set(ids)].sort().join();
  const { parts } = await readSubmission(request, store, async (fields) => {
    apply = parseApply(fields.registerApplyVo);
    const [already] = await db
      .select({ id: registerApplies.id })
      .from(registerApplies)
      .where(eq(registerApplies.requestId, apply.requestId));
    if (already) throw new ApiError('400', REGISTER_MESSAGES.duplicate);
    if (target.kind === 'register') {
      if (apply.keepFileIds !== undefined) throw new ApiError('400', REGISTER_SERVER_MESSAGES.badForm);
    } else if (target.kind === 'resubmit') {
      // Only a returned application is corrected, for the account types it was made for.
      const [current] = await db
        .select({
          status: registerApplies.status,
          round: registerApplies.round,
          accountTypeIds: registerApplies.accountTypeIds,
          kind: registerApplies.kind,
        })
        .from(registerApplies)
        .where(eq(registerApplies.id, target.applyId));
      if (current?.status !== '3' || current.kind !== 'register')
        throw new ApiError('400', STATUS_MESSAGES.notReturned);
      corrected = keptFrom = { id: target.applyId, round: current.round };
      if (sameSet(apply.accountTypeIds) !== sameSet(current.accountTypeIds.split(',')))
        throw new ApiError('400', STATUS_MESSAGES.typesChanged);
    } else {
      // A change starts from the registered information, or corrects the returned change request;
      // one waiting for review is not joined by another.
      const [registered] = await db
        .select({
          id: registerApplies.id,
          round: registerApplies.round,
          accountTypeIds: registerApplies.accountTypeIds,
        })
        .from(sysEnterprises)
        .innerJoin(registerApplies, eq(registerApplies.id, sysEnterprises.registerApplyId))
        .where(eq(sysEnterprises.id, target.enterpriseId));
      if (!registered) throw new ApiError('400', CHANGE_MESSAGES.unregistered);
      const [open] = await db
        .select({ id: registerApplies.id, status: registerApplies.status, round: registerApplies.round })
        .from(registerApplies)
        .where(openChangeOf(target.enterpriseId));
      if (open?.status === '0') throw new ApiError('400', CHANGE_MESSAGES.pending);
      corrected = open ? { id: open.id, round: open.round } : null;
      keptFrom = corrected ?? { id: registered.id, round: registered.round };
      if (sameSet(apply.accountTypeIds) !== sameSet(registered.accountTypeIds.split(',')))
        throw new ApiError('400', CHANGE_MESSAGES.typesChanged);
    }
    await chosenTypes(db, apply.accountTypeIds);
    // A used-up share is refused before a byte of a file is received (only a hint: the
    // take in the transaction below decides, when the number of files is known).
    if (await fullLimit(db, [submittedFilesLimit(request.ip)]))
      throw new ApiError('429', REGISTER_SERVER_MESSAGES.tooOften);
  });
  try {
    const application = apply as RegisterApplyVo | null;
    if (!application) throw new ApiError('400', REGISTER_SERVER_MESSAGES.badForm);
    const detail = await accountRegisterDetail(db, application.accountTypeIds);
    const values = shownValues(application, detail);
    const errors: Record<string, string> = {};

    // The files: each part what its field takes (by content), as many as it takes; on a
    // resubmission, with the files of the returned round that stay.
    const counts: Record<string, number> = {};
    const from = keptFrom as { id: number; round: number } | null;
    const kept = from === null ? [] : await keptFiles(db, from.id, from.round, application.keepFileIds ?? []);
    // A file field the form does not show takes nothing (the signature section's only with 是).
    const shows = (section: RegisterSection, name: string) =>
      detail[section]?.[name] !== undefined && (section !== 'usbkeyInfo' || values.usbkeyInfo?.isNeedUsbkey === '1');
    for (const { field } of kept) {
      const key = FILE_PATHS[field];
      counts[key] = (counts[key] ?? 0) + 1;
      const [section, name] = key.split('.') as [RegisterSection, string];
      if (!shows(section, name)) errors[key] ??= REGISTER_SERVER_MESSAGES.unknownFile;
    }
    for (const { part, received } of parts) {
      const target = REGISTER_FILE_PARTS[part];
      const key = `${target.section}.${target.field}`;
      counts[key] = (counts[key] ?? 0) + 1;
      if (!shows(target.section, target.field)) errors[key] ??= REGISTER_SERVER_MESSAGES.unknownFile;
      if (!received.ok && received.reason === 'noSpace') throw new ApiError('503', FILE_MESSAGES.noSpace);
      const problem = receivedFileProblem(received, target.kind);
      if (problem) errors[key] ??= problem;
    }
    const checked: RegisterValues = {};
    for (const section of REGISTER_SECTIONS) {
      const sectionValues: Record<string, string | number> = { ...(values[section] ?? {}) };
      for (const [name, spec] of Object.entries(REGISTER_FIELDS[section]))
        if (spec.files) sectionValues[name] = counts[`${section}.${name}`] ?? 0;
      checked[section] = sectionValues;
    }
    for (const [key, message] of Object.entries(checkRegisterApply(detail, checked))) errors[key] ??= message;
    for (const [key, message] of Object.entries(await choiceProblems(db, values))) errors[key] ??= message;

    const trader = values.traderInfo ?? {};
    const correcting = corrected as { id: number; round: number } | null;
    const except: TakenExcept = { applyId: correcting?.id, enterpriseId };
    if (!errors['traderInfo.traderName']) {
      const problem = await traderNameProblem(db, trader.traderName ?? '', except);
      if (problem) errors['traderInfo.traderName'] = problem;
    }
    if (!errors['traderInfo.uniformCreditCode']) {
      const problem = await creditCodeProblem(db, trader.uniformCreditCode ?? '', except);
      if (problem) errors['traderInfo.uniformCreditCode'] = problem;
    }
    const ordered = inFormOrder(errors);
    const firstError = Object.values(ordered)[0];
    if (firstError) throw new ApiError('400', firstError, { errors: ordered });

    const token = await verifiedUploadToken(signer, request.headers[UPLOAD_TOKEN_HEADER]);
    const now = new Date();
    const stored = parts.map(({ part, name, received }) => {
      const ok = received as Extract<ReceivedFile, { ok: true }>;
      return {
        part,
        row: {
          id: randomBytes(16).toString('hex'),
          sha256: ok.sha256,
          size: ok.size,
          type: ok.type!,
          name: cleanFileName(name, ok.type!),
          ownerTokenHash: token ? tokenHash(token) : null,
          ownerUserId: request.auth?.user.id ?? null,
          ownerIp: request.ip.slice(0, 64),
          purpose: 'register',
          createdAt: now,
          attachedAt: now,
        },
      };
    });
    const [area] = trader.serviceAreaCode
      ? await db
          .select({ name: serviceAreas.name })
          .from(serviceAreas)
          .where(eq(serviceAreas.code, trader.serviceAreaCode))
      : [];
    if (area) values.traderInfo = { ...trader, serviceAreaName: area.name };
    const nameKey = compareKey(trader.traderName ?? '');
    const codeKey = compareKey(trader.uniformCreditCode ?? '');
    const record = {
      traderName: trader.traderName ?? '',
      uniformCreditCode: (trader.uniformCreditCode ?? '').toUpperCase(),
      // A change request holds only what its enterprise does not hold already ('' otherwise).
      nameKey:
        enterpriseId === undefined ? nameKey : await keyToHold(db, 'name', nameKey, enterpriseId, correcting?.id),
      codeKey:
        enterpriseId === undefined ? codeKey : await keyToHold(db, 'code', codeKey, enterpriseId, correcting?.id),
      serviceAreaCode: trader.serviceAreaCode || null,
      status: '0',
      payload: {
        ...values,
        accountTypeIds: detail.accountTypeIds,
        applyAccountRelationIds: application.applyAccountRelationIds ?? null,
        usbKeyExtInfoDto: application.usbKeyExtInfoDto ?? null,
      },
      requestId: application.requestId,
      accountTypeIds: detail.accountTypeIds.join(','),
      // Checked mobiles only (a field the form does not show is not kept); a change request's
      // decisions go to the enterprise user who submitted it.
      applicantPhone:
        target.kind === 'change'
          ? target.phone
          : values.lrInfo?.lrPhone || values.contacterInfo?.contacterPhone || null,
      ...(enterpriseId === undefined ? {} : { kind: 'change', enterpriseId }),
    };
    const applyId = await db
      .transaction(async (tx) => {
        // The address's share first, taken with the rows (a refused or failed submission takes none)…
        if (await takeLimits(tx, [submittedFilesLimit(request.ip)], { amount: parts.length }))
          throw new ApiError('429', REGISTER_SERVER_MESSAGES.tooOften);
        // …then the bytes in place (a crash now leaves bytes no row names: swept at the next
        // start; never bytes of a refused submission), then the rows, all or none.
        for (const { received } of parts) await store.keep(received);
        if (stored.length > 0) await tx.insert(files).values(stored.map(({ row }) => row));
        let id: number;
        let round = 1;
        const change = enterpriseId !== undefined;
        if (correcting === null) {
          [{ id }] = await tx.insert(registerApplies).values(record).returning({ id: registerApplies.id });
          if (change)
            await recordAudit(tx, request, {
              action: 'change.submit',
              entity: 'register_apply',
              entityId: id,
              before: null,
              after: { status: '0', round: 1, traderName: record.traderName, enterpriseId },
            });
        } else {
          // The round it replaces is kept; the application goes back to 待审核 as the next round.
          // Still returned, in the round the files kept and the checks were read from.
          const [old] = await tx
            .select()
            .from(registerApplies)
            .where(
              and(
                eq(registerApplies.id, correcting.id),
                eq(registerApplies.status, '3'),
                eq(registerApplies.round, correcting.round),
              ),
            )
            .for('update');
          if (!old) throw new ApiError('400', STATUS_MESSAGES.notReturned);
          await tx.insert(registerApplyRounds).values({
            applyId: old.id,
            round: old.round,
            traderName: old.traderName,
            uniformCreditCode: old.uniformCreditCode,
            serviceAreaCode: old.serviceAreaCode,
            applicantPhone: old.applicantPhone,
            requestId: old.requestId,
            payload: old.payload,
            submittedAt: old.submittedAt,
          });
          await recordAudit(tx, request, {
            action: change ? 'change.resubmit' : 'register_apply.resubmit',
            entity: 'register_apply',
            entityId: old.id,
            before: { status: '3', round: old.round, traderName: old.traderName },
            after: { status: '0', round: old.round + 1, traderName: record.traderName },
          });
          id = old.id;
          round = old.round + 1;
          await tx
            .update(registerApplies)
            .set({ ...record, round, submittedAt: now })
            .where(eq(registerApplies.id, id));
        }
        const order: Record<string, number> = {};
        const link = (field: string, fileId: string) => {
          order[field] = (order[field] ?? 0) + 1;
          return { applyId: id, round, field, sort: order[field], fileId };
        };
        const links = [
          ...kept.map(({ field, fileId }) => link(field, fileId)),
          ...stored.map(({ part, row: file }) => link(REGISTER_FILE_PARTS[part].field, file.id)),
        ];
        if (links.length > 0) await tx.insert(registerApplyFiles).values(links);
        return id;
      })
      .catch((error: unknown) => {
        throw liveConflict(error) ?? error;
      });
    return { applyId: String(applyId), serviceAreaCode: trader.serviceAreaCode ?? '' };
  } catch (error) {
    await Promise.all(parts.map(({ received }) => store.discard(received)));
    throw error;
  }
}

/** The files of the returned application's current round that a resubmission keeps; any other id is refused. */
async function keptFiles(db: AppDatabase, applyId: number, round: number, ids: string[]) {
  if (ids.length === 0) return [];
  const current = new Map((await currentFiles(db, applyId, round)).map((row) => [row.file.id, row.field]));
  return ids.map((fileId) => {
    const field = current.get(fileId);
    if (!field || !FILE_PATHS[field]) throw new ApiError('400', STATUS_MESSAGES.unknownKeptFile);
    return { field, fileId };
  });
}

/** A unique key taken while this submission was checked: the same form (请勿重复提交), or the company by another. */
function liveConflict(error: unknown): ApiError | null {
  const cause = error as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } };
  const code = cause.code ?? cause.cause?.code;
  const constraint = String(cause.constraint ?? cause.cause?.constraint ?? '');
  if (code !== '23505') return null;
  if (constraint.includes('request_id')) return new ApiError('400', REGISTER_MESSAGES.duplicate);
  if (constraint.includes('open_change')) return new ApiError('400', CHANGE_MESSAGES.pending);
  if (constraint.includes('live_name'))
    return new ApiError('400', REGISTER_SERVER_MESSAGES.namePending, {
      errors: { 'traderInfo.traderName': REGISTER_SERVER_MESSAGES.namePending },
    });
  if (constraint.includes('live_code'))
    return new ApiError('400', REGISTER_SERVER_MESSAGES.codePending, {
      errors: { 'traderInfo.uniformCreditCode': REGISTER_SERVER_MESSAGES.codePending },
    });
  return null;
}

/** The enterprise's change request that is open: 待审核 or 退回修改 (at most one: a unique index). */
export function openChangeOf(enterpriseId: number) {
  return and(
    eq(registerApplies.enterpriseId, enterpriseId),
    eq(registerApplies.kind, 'change'),
    inArray(registerApplies.status, ['0', '3']),
  );
}

/**
 * The key a change request holds for its name or code: none ('') when another live application
 * of its own enterprise holds it already (its registration, an earlier change), else the key —
 * a new name or code, held under the unique index as a registration's is.
 */
async function keyToHold(
  db: AppDatabase,
  kind: 'name' | 'code',
  key: string,
  enterpriseId: number,
  self: number | undefined,
): Promise<string> {
  const column = kind === 'name' ? registerApplies.nameKey : registerApplies.codeKey;
  const [held] = await db
    .select({ id: registerApplies.id })
    .from(registerApplies)
    .where(
      and(
        eq(column, key),
        eq(registerApplies.enterpriseId, enterpriseId),
        inArray(registerApplies.status, ['0', '1', '3']),
        self === undefined ? undefined : ne(registerApplies.id, self),
      ),
    )
    .limit(1);
  return held ? '' : key;
}
