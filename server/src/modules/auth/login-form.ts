import { safeLocalPath } from '@cotton/sdk/validators';
import type { AppDatabase } from '../../db/client';
import { ApiError } from '../../http/envelope';
import { noteLogin, type LoginNote } from '../log/login-log';
import { agreementRefusal } from './agreement';
import { decryptLoginPayload, type LoginKey } from './login-key';
import { LOGIN_MESSAGES } from './login-messages';
import { checkPasswordLogin } from './password-login';
import { issueLoginTicket } from './login-ticket';
import { consumeSliderProof, SLIDER_MESSAGES } from './slider';

export const FORM_CLIENT_NAME = 'form_client';

export interface LoginFields {
  code: string;
  username: string;
  password: string;
  proof: string;
  /** The login agreement was ticked (`"a": "1"`). */
  agreed: boolean;
}

/** The decrypted JSON `{c, u, p, s, a}`, trimmed and checked for presence (`400`). */
export function parseLoginFields(plain: string | null): LoginFields {
  let parsed: unknown;
  try {
    parsed = plain === null ? null : JSON.parse(plain);
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ApiError('400', LOGIN_MESSAGES.undecryptable);
  const record = parsed as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const fields = {
    code: text(record.c),
    username: text(record.u),
    password: text(record.p),
    proof: text(record.s),
    agreed: record.a === '1',
  };
  if (!fields.code) throw new ApiError('400', LOGIN_MESSAGES.code);
  if (!fields.username) throw new ApiError('400', LOGIN_MESSAGES.username);
  if (!fields.password) throw new ApiError('400', LOGIN_MESSAGES.password);
  return fields;
}

/** `redirect`: `service` when it is a path of this site (the SDK's `safeLocalPath`, as the login page decides), else `/`. */
export function localRedirect(service: string | undefined): string {
  return safeLocalPath(service) ?? '/';
}

/**
 * The form login: decrypt, check the fields, use up the slider proof (even when the
 * password then turns out wrong), check the password, and hand out a one-time ticket.
 */
export async function formLogin(
  db: AppDatabase,
  key: LoginKey,
  input: { authorization: string; ip: string; service?: string; note?: LoginNote | null },
): Promise<{ ticket: string; redirect: string }> {
  const fields = parseLoginFields(decryptLoginPayload(key, input.authorization));
  noteLogin(input.note, { account: `${fields.code}/${fields.username}` });
  const refusal = await agreementRefusal(db, fields.agreed);
  if (refusal) throw new ApiError('400', refusal);
  if (!fields.proof) throw new ApiError('1003', SLIDER_MESSAGES.missing);
  if (!(await consumeSliderProof(db, fields.proof, input.ip))) throw new ApiError('1003', SLIDER_MESSAGES.stale);
  const user = await checkPasswordLogin(db, {
    ...fields,
    ip: input.ip,
    clientName: FORM_CLIENT_NAME,
    note: input.note,
  });
  const ticket = await issueLoginTicket(db, user.id, FORM_CLIENT_NAME);
  return { ticket, redirect: localRedirect(input.service) };
}
