import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysSettings } from '../../db/schema/index';

/**
 * The OAuth 2 `state`: `<payload>.<signature>` (base64url), the payload naming the provider,
 * a nonce and the expiry (10 minutes). The HMAC key is generated once and kept in
 * `sys_settings`, so every server process of the portal accepts the others' states. The
 * nonce is also set in a cookie for the callback path: a state only works in the browser
 * that started the login (no login CSRF with someone else's code), and once — the callback
 * clears the cookie whatever happens next.
 *
 * A state that binds an account (docs/auth.md "Third-party accounts") also names the user
 * and the session that started it (`m: 'bind'`, `u`, `s`): the callback binds to that user
 * only while that session is still open. Never anything the browser sent.
 */

export const STATE_TTL_MS = 10 * 60 * 1000;
export const STATE_COOKIE = 'cotton_third_state';
const KEY_SETTING = 'third_login_state_key';

interface StatePayload {
  p: string;
  n: string;
  e: number;
  /** Bind mode: the user and the session that started the binding. */
  m?: 'bind';
  u?: number;
  s?: number;
}

/** Who a binding is for: the user and the session that asked for it (`bindStart`). */
export interface BindTarget {
  userId: number;
  sessionId: number;
}

/**
 * What the callback may do with a state: a valid one is a login (`bind: null`) or a binding;
 * an invalid one tells whether it was signed here as a binding's (to send the browser back
 * to the account centre rather than the login page) — nothing else of it counts.
 */
export type StateCheck = { valid: true; bind: BindTarget | null } | { valid: false; bindMode: boolean };

async function loadKey(db: AppDatabase): Promise<Buffer> {
  await db
    .insert(sysSettings)
    .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: sysSettings.key });
  const [row] = await db.select({ value: sysSettings.value }).from(sysSettings).where(eq(sysSettings.key, KEY_SETTING));
  return Buffer.from(row.value, 'base64url');
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** Signs and checks states; the key is read from the database once per instance. */
export class StateSigner {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: AppDatabase) {}

  private async currentKey(): Promise<Buffer> {
    this.key ??= loadKey(this.db).catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  /** A new state for `providerId` (a login, or binding for `bind`) and the nonce to keep in the browser's cookie. */
  async create(
    providerId: string,
    now = Date.now(),
    bind: BindTarget | null = null,
  ): Promise<{ state: string; nonce: string }> {
    const nonce = randomBytes(16).toString('base64url');
    const content: StatePayload = { p: providerId, n: nonce, e: now + STATE_TTL_MS };
    if (bind) Object.assign(content, { m: 'bind', u: bind.userId, s: bind.sessionId });
    const payload = Buffer.from(JSON.stringify(content)).toString('base64url');
    return { state: `${payload}.${sign(await this.currentKey(), payload)}`, nonce };
  }

  /**
   * Valid when `state` was signed here for `providerId`, is not stale, and carries the
   * cookie's nonce; then a login's or a binding's.
   */
  async verify(
    state: string | undefined,
    providerId: string,
    cookieNonce: string | undefined,
    now = Date.now(),
  ): Promise<StateCheck> {
    const refused: StateCheck = { valid: false, bindMode: false };
    if (!state || state.length > 1024) return refused;
    const [payload, signature, ...rest] = state.split('.');
    if (!payload || !signature || rest.length > 0) return refused;
    const expected = Buffer.from(sign(await this.currentKey(), payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return refused;
    let parsed: StatePayload;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StatePayload;
    } catch {
      return refused;
    }
    if (!parsed || typeof parsed !== 'object') return refused;
    const bind =
      parsed.m === 'bind' && Number.isSafeInteger(parsed.u) && Number.isSafeInteger(parsed.s)
        ? { userId: parsed.u!, sessionId: parsed.s! }
        : null;
    const nonce = Buffer.from(String(parsed.n));
    const cookie = Buffer.from(cookieNonce ?? '');
    const valid =
      cookieNonce !== undefined &&
      parsed.p === providerId &&
      typeof parsed.e === 'number' &&
      parsed.e > now &&
      (parsed.m === undefined || bind !== null) &&
      nonce.length === cookie.length &&
      timingSafeEqual(nonce, cookie);
    return valid ? { valid: true, bind } : { valid: false, bindMode: parsed.m === 'bind' };
  }
}
