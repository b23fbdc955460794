import { checkComplaint, type ComplaintType } from '@cotton/sdk/validators';
import type { AppDatabase } from '../../db/client';
import { complaints } from '../../db/schema/index';
import { takeLimits } from '../../lib/limits/index';
import { ApiError } from '../../http/envelope';
import type { AddComplainBody } from '@cotton/sdk/contracts';

/** Per client IP: at most `max` complaints in `windowMs`. */
export const COMPLAINT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;

export interface CleanComplaint {
  name: string;
  phone: string;
  email: string | null;
  complaintType: ComplaintType;
  content: string;
}

/** The complaint trimmed and checked with the SDK's rules; the first broken rule is a `400`. */
export function validateComplaint(body: AddComplainBody): CleanComplaint {
  const firstError = Object.values(checkComplaint(body))[0];
  if (firstError) throw new ApiError('400', firstError);
  const email = (body.email ?? '').trim();
  return {
    name: body.name.trim(),
    phone: body.phone.trim(),
    email: email || null,
    complaintType: body.complaintType as ComplaintType,
    content: body.content.trim(),
  };
}

/**
 * Stores a complaint after checking it and the sender's rate: the take and the row commit
 * together (lib/limits), so the limit holds for simultaneous complaints and across server
 * processes, and a refused complaint uses none of it.
 */
export async function addComplaint(
  db: AppDatabase,
  body: AddComplainBody,
  clientIp: string,
  now = new Date(),
): Promise<{ id: string }> {
  const complaint = validateComplaint(body);
  return db.transaction(async (tx) => {
    const limit = { key: `complaint-address:${clientIp}`, ...COMPLAINT_RATE_LIMIT };
    if (await takeLimits(tx, [limit], { now })) throw new ApiError('429', '请求过于频繁，请稍后再试');
    const [row] = await tx
      .insert(complaints)
      .values({ ...complaint, clientIp, createdAt: now })
      .returning({ id: complaints.id });
    return { id: String(row.id) };
  });
}
