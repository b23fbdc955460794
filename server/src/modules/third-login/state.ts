import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysSettings } from '../../db/schema/index';

/**
 * The OAuth 2 `state`: `<payload>.<signature>` (base64url), the payload naming the provider,
 * a nonce and the expiry (10 minutes). The HMAC key is generated once and kept in
 * `sys_settings`, so every server process of the portal accepts the others' states. The
 * nonce is also set in a cookie for the callback path: a state only works in the browser
 * that started the login (no login CSRF with someone else's code).
 */

export const STATE_TTL_MS = 10 * 60 * 1000;
export const STATE_COOKIE = 'cotton_third_state';
const KEY_SETTING = 'third_login_state_key';

interface StatePayload {
  p: string;
  n: string;
  e: number;
}

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

  /** A new state for `providerId` and the nonce to keep in the browser's cookie. */
  async create(providerId: string, now = Date.now()): Promise<{ state: string; nonce: string }> {
    const nonce = randomBytes(16).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ p: providerId, n: nonce, e: now + STATE_TTL_MS } satisfies StatePayload),
    ).toString('base64url');
    return { state: `${payload}.${sign(await this.currentKey(), payload)}`, nonce };
  }

  /** True when `state` was signed here for `providerId`, is not stale, and carries the cookie's nonce. */
  async check(
    state: string | undefined,
    providerId: string,
    cookieNonce: string | undefined,
    now = Date.now(),
  ): Promise<boolean> {
    if (!state || !cookieNonce || state.length > 1024) return false;
    const [payload, signature, ...rest] = state.split('.');
    if (!payload || !signature || rest.length > 0) return false;
    const expected = Buffer.from(sign(await this.currentKey(), payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    let parsed: StatePayload;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StatePayload;
    } catch {
      return false;
    }
    const nonce = Buffer.from(String(parsed.n));
    const cookie = Buffer.from(cookieNonce);
    return (
      parsed.p === providerId &&
      typeof parsed.e === 'number' &&
      parsed.e > now &&
      nonce.length === cookie.length &&
      timingSafeEqual(nonce, cookie)
    );
  }
}
