import type {
  AccountRegisterDetail,
  RegisterApplicantFile,
  RegisterApplyResult,
  RegisterApplyVo,
} from '@cotton/sdk/contracts';
import { REGISTER_FIELDS, USBKEY_HANDLE_TYPE, checkedValue, shownSections, type UploadEntry } from '../../rules';

/** The form's store: section → field → value as the controls hold it. */
export type RegisterFormStore = Partial<Record<string, Record<string, unknown> | undefined>>;

/** 办理类型 of a key applied for with the registration (spec §3: shown as 申请办理; the server allows only it). */
export { USBKEY_HANDLE_TYPE };

/**
 * A UUID for the form's `requestId` (made once per form): `crypto.randomUUID` where the page
 * is a secure context, else the same from `crypto.getRandomValues`.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The application (`registerApplyVo`) and its file parts from the form: for every section the
 * detail shows, the fields it lists with a value (trimmed; regions comma-joined); the office's
 * name with its code; the signature section's fields only when a key is asked for.
 */
export function buildApplication(
  detail: AccountRegisterDetail,
  store: RegisterFormStore,
  requestId: string,
  /** The type chosen on step 1, when the detail names none. */
  chosenTypeId: string,
  /** A returned application corrected: the files it keeps are listed by id (`keepFileIds`). */
  correcting = false,
): { apply: RegisterApplyVo; files: Array<{ field: string; file: File }> } {
  const sections: Record<string, Record<string, string>> = { traderInfo: {} };
  const files: Array<{ field: string; file: File }> = [];
  const keepFileIds: string[] = [];
  let needKey = false;
  for (const section of shownSections(detail)) {
    const flags = detail[section] ?? {};
    const stored = store[section] ?? {};
    const values: Record<string, string> = {};
    sections[section] = values;
    if (section === 'usbkeyInfo') {
      needKey = stored.isNeedUsbkey === '1';
      values.isNeedUsbkey = needKey ? '1' : '0';
      if (!needKey) continue;
    }
    for (const [name, spec] of Object.entries(REGISTER_FIELDS[section])) {
      if (flags[name] === undefined) continue;
      const value = stored[name];
      if (spec.kind === 'files') {
        for (const entry of (Array.isArray(value) ? value : []) as UploadEntry[]) {
          if (entry.file) files.push({ field: spec.files!.field, file: entry.file });
          else if (entry.fileId) keepFileIds.push(entry.fileId);
        }
        continue;
      }
      const checked = checkedValue(spec, value);
      const text = checked === null ? '' : String(checked).trim();
      if (text !== '') values[name] = text;
    }
    if (section === 'traderInfo' && values.serviceAreaCode) {
      const name = typeof stored.serviceAreaName === 'string' ? stored.serviceAreaName.trim() : '';
      if (name) values.serviceAreaName = name;
    }
  }
  const accountTypeIds = detail.accountTypeIds.length > 0 ? [...detail.accountTypeIds] : [chosenTypeId];
  const apply = {
    requestId,
    accountTypeIds,
    ...sections,
    ...(needKey
      ? {
          applyAccountRelationIds: accountTypeIds.join(','),
          usbKeyExtInfoDto: { handleType: USBKEY_HANDLE_TYPE },
        }
      : {}),
    ...(correcting ? { keepFileIds } : {}),
  } as RegisterApplyVo;
  return { apply, files };
}

/** The field messages of a refused submission (`dataSet.errors`: `section.field` → message), else null. */
export function fieldErrorsOf(data: unknown): Record<string, string> | null {
  if (typeof data !== 'object' || data === null) return null;
  const errors = (data as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return null;
  const entries = Object.entries(errors).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/**
 * An application the form starts from instead of an empty one: a returned registration the
 * status page corrects, or an approved enterprise's registered information (or its returned
 * change request) that 企业信息变更申请 edits. Its values, its files, and how it is sent.
 */
export interface RegisterCorrection {
  /** Sends it: the status page's resubmission under its (renewed) token, or the change request. */
  submit: (apply: RegisterApplyVo, files: Array<{ field: string; file: File }>) => Promise<RegisterApplyResult>;
  /** section → field → value as stored (regions as comma-joined codes). */
  values: Record<string, Record<string, string>>;
  files: readonly RegisterApplicantFile[];
  /**
   * An enterprise's change request: the form's title, and where its completion dialog leads.
   * The name and credit code are checked by the submission only (the enterprise's own, past or
   * pending, are not taken for it, which the public checks cannot know).
   */
  change?: { title: string; onDone: () => void };
}

/**
 * The form's values of a returned application over `defaults`: every field the form shows
 * with its stored value (regions as code lists), the files as entries that stay unless
 * removed, the key section's 是/否 as submitted.
 */
export function correctionValues(
  detail: AccountRegisterDetail,
  correction: RegisterCorrection,
  defaults: RegisterFormStore,
): RegisterFormStore {
  const values: RegisterFormStore = { ...defaults };
  for (const section of shownSections(detail)) {
    const stored = correction.values[section] ?? {};
    const target: Record<string, unknown> = { ...(defaults[section] ?? {}) };
    for (const [name, spec] of Object.entries(REGISTER_FIELDS[section])) {
      if (detail[section]?.[name] === undefined) continue;
      if (spec.kind === 'files') {
        target[name] = correction.files
          .filter((file) => file.path === `${section}.${name}`)
          .map((file): UploadEntry => ({
            uid: `kept-${file.fileId}`,
            name: file.fileName,
            extension: file.fileType,
            status: 'done',
            fileId: file.fileId,
            previewUrl: file.previewUrl,
          }));
        continue;
      }
      const value = stored[name];
      if (value !== undefined) target[name] = spec.kind === 'region' ? value.split(',') : value;
    }
    if (section === 'traderInfo' && stored.serviceAreaName) target.serviceAreaName = stored.serviceAreaName;
    if (section === 'usbkeyInfo') target.isNeedUsbkey = stored.isNeedUsbkey === '1' ? '1' : '0';
    values[section] = target;
  }
  return values;
}
