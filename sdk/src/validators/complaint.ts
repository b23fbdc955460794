import { messages } from './messages';
import { isEmail, isPhone } from './patterns';

/**
 * The rules of a complaint (投诉建议), written once: the content plugin's form stops bad input
 * with them, and the server refuses it with them (`/rest/complain/addComplain`).
 */
export const COMPLAINT_LIMITS = { nameMax: 32, emailMax: 64, contentMin: 10, contentMax: 1000 } as const;

export const COMPLAINT_TYPES = ['COMPLAINT', 'SUGGESTION', 'CONSULT'] as const;
export type ComplaintType = (typeof COMPLAINT_TYPES)[number];

export const COMPLAINT_MESSAGES = {
  nameRequired: '请输入姓名',
  nameTooLong: `姓名不能超过 ${COMPLAINT_LIMITS.nameMax} 个字符`,
  phoneRequired: '请输入联系电话',
  phoneInvalid: '请输入正确的手机号码或固定电话（如 0991-1234567）',
  emailInvalid: messages.email,
  emailTooLong: `邮箱不能超过 ${COMPLAINT_LIMITS.emailMax} 个字符`,
  typeRequired: '请选择类型',
  contentRequired: '请输入内容',
  contentTooShort: `内容不能少于 ${COMPLAINT_LIMITS.contentMin} 个字`,
  contentTooLong: `内容不能超过 ${COMPLAINT_LIMITS.contentMax} 个字`,
} as const;

export interface ComplaintValues {
  name?: string;
  phone?: string;
  email?: string | null;
  complaintType?: string;
  content?: string;
}

/** Characters, not UTF-16 units: a Chinese text of 10 characters is 10. */
const length = (text: string) => [...text].length;

/**
 * The first broken rule of each field, in form order (values are trimmed first, as the
 * server stores them trimmed). An empty object means the complaint may be sent.
 */
export function checkComplaint(values: ComplaintValues): Partial<Record<keyof ComplaintValues, string>> {
  const errors: Partial<Record<keyof ComplaintValues, string>> = {};
  const name = (values.name ?? '').trim();
  const phone = (values.phone ?? '').trim();
  const email = (values.email ?? '').trim();
  const content = (values.content ?? '').trim();
  if (!name) errors.name = COMPLAINT_MESSAGES.nameRequired;
  else if (length(name) > COMPLAINT_LIMITS.nameMax) errors.name = COMPLAINT_MESSAGES.nameTooLong;
  if (!phone) errors.phone = COMPLAINT_MESSAGES.phoneRequired;
  else if (!isPhone(phone)) errors.phone = COMPLAINT_MESSAGES.phoneInvalid;
  if (length(email) > COMPLAINT_LIMITS.emailMax) errors.email = COMPLAINT_MESSAGES.emailTooLong;
  else if (email && !isEmail(email)) errors.email = COMPLAINT_MESSAGES.emailInvalid;
  if (!(COMPLAINT_TYPES as readonly string[]).includes(values.complaintType ?? '')) {
    errors.complaintType = COMPLAINT_MESSAGES.typeRequired;
  }
  if (!content) errors.content = COMPLAINT_MESSAGES.contentRequired;
  else if (length(content) < COMPLAINT_LIMITS.contentMin) errors.content = COMPLAINT_MESSAGES.contentTooShort;
  else if (length(content) > COMPLAINT_LIMITS.contentMax) errors.content = COMPLAINT_MESSAGES.contentTooLong;
  return errors;
}
