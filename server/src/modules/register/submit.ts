import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { RegisterApplyVo, type AccountRegisterDetail, type RegisterApplyResult } from '@cotton/sdk/contracts';
import {
  DAY_PATTERN,
  REGISTER_FIELDS,
  REGISTER_FILE_MAX_BYTES,
  REGISTER_MESSAGES,
  REGISTER_SECTIONS,
  USBKEY_CHOICES,
  USBKEY_HANDLE_TYPE,
  checkRegisterApply,
  type RegisterFileKind,
  type RegisterSection,
  type RegisterValues,
  REGION_CODE_PATTERN,
} from '@cotton/sdk/validators';
import { Value } from 'typebox/value';
import type { AppDatabase } from '../../db/client';
import {
  banks,
  dictItems,
  files,
  registerApplies,
  registerApplyFiles,
  registerApplyRounds,
  regionGroups,
  regions,
  serviceAreas,
  sysEnterprises,
} from '../../db/schema/index';
import { fullLimit, takeLimits, type Limit } from '../../lib/limits/index';
import { ApiError } from '../../http/envelope';
import { refusedInput } from '../../http/refused-input';
import { OFFICE_GROUP } from '../region/service';
import { accountRegisterDetail, chosenTypes } from './catalogue';
import { CHANGE_MESSAGES, keyToHold, openChangeOf } from './change-request';
import { compareKey } from './compare-key';
import { creditCodeProblem, traderNameProblem, type TakenExcept } from './duplicates';
import { REGISTER_SERVER_MESSAGES } from './messages';
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
 * The submission (docs/registration.md): a registration, the correction of a returned one, or
 * an approved enterprise's change request — read from the multipart, checked with the SDK's
 * rules the browser uses and for what the browser cannot know, stored with its files in one
 * transaction.
 */

/**
 * What a submission makes: a registration, the correction of a returned one (the status
 * page's token named it), or a change request of an approved enterprise — new, or the
 * correction of its returned one — by one of its users.
 */
export type SubmissionTarget =
  | { kind: 'register' }
  | { kind: 'resubmit'; applyId: number }
  | { kind: 'change'; enterpriseId: number; phone: string | null };

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
  if (trader.serviceAreaCode && !(await isOfferedOffice(db, trader.serviceAreaCode)))
    errors['traderInfo.serviceAreaCode'] = REGISTER_FIELDS.traderInfo.serviceAreaCode.empty;
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
        const problem = await regionPathProblem(db, value, spec.label);
        if (problem) errors[key] = problem === 'unknown' ? spec.empty : problem;
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

/**
 * Whether the office is one the form offers: an office of the `office` region group (the
 * picker's list) that takes applicants — in `service_areas`, not the headquarters' customer
 * service centre (`HQ`), not 青岛 (which `service_areas` does not hold).
 */
async function isOfferedOffice(db: AppDatabase, code: string): Promise<boolean> {
  const [area] = await db
    .select({ code: serviceAreas.code })
    .from(serviceAreas)
    .innerJoin(regionGroups, and(eq(regionGroups.groupType, OFFICE_GROUP), eq(regionGroups.code, serviceAreas.code)))
    .where(and(eq(serviceAreas.code, code), eq(serviceAreas.headquarters, '0')));
  return area !== undefined;
}

/**
 * What is wrong with a region field's path (`650000,650100,650102`), as the form's picker
 * would never send it: `'unknown'` when a code is no enabled region, a message when the codes
 * are not a chain from a province down — each the child of the one before (`110000,410100`:
 * 北京市 + 郑州市) — or when it stops above the picker's last level (a county, or a region
 * without enabled children: 北京市 alone where it has none, not 河南省 alone). Null when fine.
 */
async function regionPathProblem(db: AppDatabase, value: string, label: string): Promise<string | null> {
  const codes = value.split(',');
  if (
    codes.length > 3 ||
    !codes.every((code) => REGION_CODE_PATTERN.test(code)) ||
    new Set(codes).size !== codes.length
  )
    return 'unknown';
  const rows = await db
    .select({ code: regions.code, parentCode: regions.parentCode, level: regions.level })
    .from(regions)
    .where(and(inArray(regions.code, codes), eq(regions.status, '1')));
  if (rows.length !== codes.length) return 'unknown';
  const byCode = new Map(rows.map((row) => [row.code, row]));
  const path = codes.map((code) => byCode.get(code)!);
  if (path[0].level !== 1 || path.some((row, index) => index > 0 && row.parentCode !== path[index - 1].code))
    return REGISTER_SERVER_MESSAGES.regionMismatch(label);
  const last = path[path.length - 1];
  if (last.level >= REGION_PICKER_LEVELS) return null;
  const [child] = await db
    .select({ code: regions.code })
    .from(regions)
    .where(and(eq(regions.parentCode, last.code), eq(regions.status, '1')))
    .limit(1);
  return child ? REGISTER_SERVER_MESSAGES.regionIncomplete(label) : null;
}

/** The levels the form's region picker offers: province, city, county (`RegionField`, `maxLevel` 3). */
const REGION_PICKER_LEVELS = 3;

/**
 * The key choices outside the sections' fields, allowed only as the form makes them:
 * 是否申请 '0' or '1'; with 是, `applyAccountRelationIds` the chosen types and
 * `usbKeyExtInfoDto` 办理类型 申请办理 — without, neither.
 */
function usbkeyChoiceProblems(apply: RegisterApplyVo): Record<string, string> {
  const errors: Record<string, string> = {};
  const need = apply.usbkeyInfo?.isNeedUsbkey;
  if (need !== undefined && !(USBKEY_CHOICES as readonly string[]).includes(need))
    errors['usbkeyInfo.isNeedUsbkey'] = REGISTER_SERVER_MESSAGES.usbkeyChoice;
  const withKey = need === '1';
  const relations = apply.applyAccountRelationIds;
  if (
    relations !== undefined &&
    (!withKey || [...new Set(relations.split(','))].sort().join() !== [...new Set(apply.accountTypeIds)].sort().join())
  )
    errors.applyAccountRelationIds = REGISTER_SERVER_MESSAGES.usbkeyExtra;
  const extra = apply.usbKeyExtInfoDto;
  if (extra !== undefined && (!withKey || Object.keys(extra).length !== 1 || extra.handleType !== USBKEY_HANDLE_TYPE))
    errors.usbKeyExtInfoDto = REGISTER_SERVER_MESSAGES.usbkeyExtra;
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
 * received are the caller's to keep and discard; on a failure here they are discarded.
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
    for (const [key, message] of Object.entries(usbkeyChoiceProblems(application))) errors[key] ??= message;

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
        // …then the bytes and the rows, all or none (never bytes of a refused submission).
        for (const { received } of parts) await store.keep(tx, received);
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
  } finally {
    // The temporary copies, stored or refused.
    await Promise.all(parts.map(({ received }) => store.discard(received)));
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
