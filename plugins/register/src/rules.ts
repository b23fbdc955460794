// The registration rules shared with the server (sdk/src/validators/register.ts). This is the
// one file of the plugin that imports them: the form's rules, labels and messages all come
// from here, never re-typed. (A plugin imports them from `@cotton/sdk/validators`, which the
// shell lends one export at a time, as it does `@cotton/sdk`.)
import {
  REGISTER_FIELDS,
  REGISTER_MESSAGES,
  REGISTER_SECTIONS,
  REGISTER_SECTION_TITLES,
  USBKEY_DEFAULTS,
  USBKEY_HANDLE_TYPE,
  USBKEY_REQUIRED_FIELDS,
  checkRegisterField,
  checkRegisterFile,
  registerFileAccepts,
} from '@cotton/sdk/validators';
import type { RegisterFieldSpec, RegisterFileKind, RegisterSection } from '@cotton/sdk/validators';
import type { AccountRegisterDetail } from '@cotton/sdk/contracts';

export {
  REGISTER_FIELDS,
  REGISTER_MESSAGES,
  REGISTER_SECTIONS,
  REGISTER_SECTION_TITLES,
  USBKEY_DEFAULTS,
  USBKEY_HANDLE_TYPE,
  checkRegisterField,
  checkRegisterFile,
  registerFileAccepts,
};
export type { RegisterFieldSpec, RegisterFileKind, RegisterSection };

/** One field the registration shows: where it sits, how it is entered and whether it is required. */
export interface RegisterFieldView {
  section: RegisterSection;
  name: string;
  /** The form path: `section.name`. */
  path: string;
  spec: RegisterFieldSpec;
  required: boolean;
}

export const fieldPath = (section: RegisterSection, name: string) => `${section}.${name}`;

/** The sections the detail lists, in the form's order. */
export function shownSections(detail: AccountRegisterDetail): RegisterSection[] {
  return REGISTER_SECTIONS.filter((section) => detail[section] !== undefined);
}

/**
 * The fields of one section the detail lists, in the form's order; required when the detail
 * says `isRequired` '1' — and, in the signature section, the fields a key always needs.
 */
export function sectionFields(detail: AccountRegisterDetail, section: RegisterSection): RegisterFieldView[] {
  const flags = detail[section];
  if (!flags) return [];
  return Object.entries(REGISTER_FIELDS[section])
    .filter(([name]) => flags[name] !== undefined)
    .map(([name, spec]) => ({
      section,
      name,
      path: fieldPath(section, name),
      spec,
      required:
        flags[name].isRequired === '1' ||
        (section === 'usbkeyInfo' && (USBKEY_REQUIRED_FIELDS as readonly string[]).includes(name)),
    }));
}

/** A file chosen for an upload field (the form's value of a `files` field is a list of these). */
export interface UploadEntry {
  uid: string;
  /**
   * The file itself: the submission sends it. Absent for a file of a returned application
   * that stays (`fileId` names it; the resubmission lists it in `keepFileIds`).
   */
  file?: File;
  name: string;
  /** png, jpg, jpeg or pdf (from the name). */
  extension: string;
  status: 'uploading' | 'done';
  fileId?: string;
  /** Where the thumbnail (or the pdf) is read, once the server has it. */
  previewUrl?: string;
}

/** The extension of a file name, lower case, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** A form value as `checkRegisterField` takes it: file fields count, regions comma-join, texts as typed. */
export function checkedValue(spec: RegisterFieldSpec, value: unknown): string | number | null {
  if (spec.kind === 'files') return Array.isArray(value) ? value.length : 0;
  if (spec.kind === 'region') return Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '';
  if (value === undefined || value === null) return null;
  return String(value);
}

/** The note under an upload field: the types, the size, how many, and the company seal. */
export function uploadNote(spec: RegisterFieldSpec): string {
  const files = spec.files;
  if (!files) return '';
  const types = registerFileAccepts(files.kind).join('、');
  return `支持 ${types} 格式，单个文件不超过 10M，最多 ${files.max} 个；复印件须加盖企业公章。`;
}
