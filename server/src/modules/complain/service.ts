import { isEmail, isPhone, messages } from '@cotton/sdk/validators';
import { and, count, eq, gt } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { complaints } from '../../db/schema/index';
import { ApiError } from '../../plugins/envelope';
import { COMPLAINT_TYPES, type AddComplainBody, type ComplaintType } from './schema';

/** The form's rules; the content plugin's complaint form mirrors them. */
export const COMPLAINT_LIMITS = { nameMax: 32, emailMax: 64, contentMin: 10, contentMax: 1000 } as const;
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

/** Per client IP: at most `max` complaints in `windowMs`. */
export const COMPLAINT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;

export interface CleanComplaint {
  name: string;
  phone: string;
  email: string | null;
  complaintType: ComplaintType;
  content: string;
}

/** The complaint trimmed and checked; the first broken rule is a `400` with its message. */
export function validateComplaint(body: AddComplainBody): CleanComplaint {
  const name = body.name.trim();
  const phone = body.phone.trim();
  const email = (body.email ?? '').trim();
  const content = body.content.trim();
  const fail = (message: string): never => {
    throw new ApiError('400', message);
  };
  if (!name) fail(COMPLAINT_MESSAGES.nameRequired);
  if (name.length > COMPLAINT_LIMITS.nameMax) fail(COMPLAINT_MESSAGES.nameTooLong);
  if (!phone) fail(COMPLAINT_MESSAGES.phoneRequired);
  if (!isPhone(phone)) fail(COMPLAINT_MESSAGES.phoneInvalid);
  if (email.length > COMPLAINT_LIMITS.emailMax) fail(COMPLAINT_MESSAGES.emailTooLong);
  if (email && !isEmail(email)) fail(COMPLAINT_MESSAGES.emailInvalid);
  if (!(COMPLAINT_TYPES as readonly string[]).includes(body.complaintType)) fail(COMPLAINT_MESSAGES.typeRequired);
  if (!content) fail(COMPLAINT_MESSAGES.contentRequired);
  if ([...content].length < COMPLAINT_LIMITS.contentMin) fail(COMPLAINT_MESSAGES.contentTooShort);
  if ([...content].length > COMPLAINT_LIMITS.contentMax) fail(COMPLAINT_MESSAGES.contentTooLong);
  return { name, phone, email: email || null, complaintType: body.complaintType as ComplaintType, content };
}

/**
 * Stores a complaint after checking it and the sender's rate (counted from the stored
 * complaints, so the limit holds across server processes).
 */
export async function addComplaint(db: AppDatabase, body: AddComplainBody, clientIp: string, now = new Date()): Promise<{ id: string }> {
  const complaint = validateComplaint(body);
  const since = new Date(now.getTime() - COMPLAINT_RATE_LIMIT.windowMs);
  const [{ recent }] = await db
    .select({ recent: count() })
    .from(complaints)
    .where(and(eq(complaints.clientIp, clientIp), gt(complaints.createdAt, since)));
  if (recent >= COMPLAINT_RATE_LIMIT.max) throw new ApiError('429', '请求过于频繁，请稍后再试');
  const [row] = await db
    .insert(complaints)
    .values({ ...complaint, clientIp, createdAt: now })
    .returning({ id: complaints.id });
  return { id: String(row.id) };
}
