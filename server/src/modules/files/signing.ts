import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { filesCalls } from '@cotton/sdk/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysSettings } from '../../db/schema/index';

/**
 * The files' signing key (kept in sys_settings, made once, the same for every process):
 * upload tokens are issued by the server only — a token a browser makes up is not one — and
 * a preview address is good for {@link PREVIEW_TTL_MS} for whoever was allowed to get it.
 */
const KEY_SETTING = 'files.signing_key';
export const PREVIEW_TTL_MS = 10 * 60 * 1000;
/** An upload token is good this long after it was issued: a registration is filled in well within it. */
export const UPLOAD_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Clocks of the machines serving a portal may differ by this much. */
const CLOCK_SKEW_MS = 60 * 1000;
/** An applicant's status token is good this long after it was issued (each reading issues a new one)… */
export const STATUS_TOKEN_TTL_MS = 30 * 60 * 1000;
/** …and never longer than this after the SMS code was checked. */
export const STATUS_SESSION_MAX_MS = 2 * 60 * 60 * 1000;
/** application id, when the SMS code was checked, expiry (ms, base 36), signature. */
const STATUS_TOKEN = /^(\d{1,9})\.([0-9a-z]{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;
/** id, issue time (ms, base 36), signature. */
const TOKEN = /^([A-Za-z0-9_-]{32})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export class FileSigner {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: AppDatabase) {}

  private currentKey(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.db
        .insert(sysSettings)
        .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing({ target: sysSettings.key });
      const [row] = await this.db
        .select({ value: sysSettings.value })
        .from(sysSettings)
        .where(eq(sysSettings.key, KEY_SETTING));
      return Buffer.from(row.value, 'base64url');
    })().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  /** A new applicant upload token: random, with its issue time, signed. */
  async newUploadToken(now = Date.now()): Promise<string> {
    const id = randomBytes(24).toString('base64url');
    const issued = now.toString(36);
    return `${id}.${issued}.${sign(await this.currentKey(), `upload:${id}:${issued}`)}`;
  }

  /** Whether `token` is one this server issued within {@link UPLOAD_TOKEN_TTL_MS}. */
  async isUploadToken(token: string | null | undefined, now = Date.now()): Promise<boolean> {
    const match = typeof token === 'string' ? TOKEN.exec(token) : null;
    if (!match) return false;
    const issued = parseInt(match[2], 36);
    if (!(issued <= now + CLOCK_SKEW_MS && now - issued <= UPLOAD_TOKEN_TTL_MS)) return false;
    return same(match[3], sign(await this.currentKey(), `upload:${match[1]}:${match[2]}`));
  }

  /** The preview address of a file, good for ten minutes. */
  async previewUrl(fileId: string, now = Date.now()): Promise<string> {
    const expires = now + PREVIEW_TTL_MS;
    const signature = sign(await this.currentKey(), `preview:${fileId}:${expires}`);
    return `${filesCalls.preview.path.replace(':id', fileId)}?exp=${expires}&sig=${signature}`;
  }

  async isPreview(fileId: string, expires: string, signature: string, now = Date.now()): Promise<boolean> {
    if (
      !/^\d{13}$/.test(expires) ||
      Number(expires) < now - CLOCK_SKEW_MS ||
      Number(expires) > now + PREVIEW_TTL_MS + CLOCK_SKEW_MS
    )
      return false;
    return same(signature, sign(await this.currentKey(), `preview:${fileId}:${expires}`));
  }

  /**
   * An applicant's status token (docs/registration.md "The applicant's status"): the
   * application's id, when the SMS code was checked (`checkedAt`), and an expiry
   * {@link STATUS_TOKEN_TTL_MS} ahead but never past {@link STATUS_SESSION_MAX_MS} after the
   * check, signed. It reads the status again (which gives a new one) and authorises the
   * resubmission.
   */
  async statusToken(applyId: number, checkedAt: number, now = Date.now()): Promise<string> {
    const expires = Math.min(now + STATUS_TOKEN_TTL_MS, checkedAt + STATUS_SESSION_MAX_MS);
    const payload = `${applyId}.${checkedAt.toString(36)}.${expires.toString(36)}`;
    return `${payload}.${sign(await this.currentKey(), `status:${payload}`)}`;
  }

  /** The application a status token is for and when its SMS code was checked, or null (no token of ours, or expired). */
  async statusOf(
    token: string | null | undefined,
    now = Date.now(),
  ): Promise<{ applyId: number; checkedAt: number } | null> {
    const match = typeof token === 'string' ? STATUS_TOKEN.exec(token) : null;
    if (!match) return null;
    const checkedAt = parseInt(match[2], 36);
    const expires = parseInt(match[3], 36);
    if (!(expires >= now - CLOCK_SKEW_MS && expires <= checkedAt + STATUS_SESSION_MAX_MS)) return null;
    if (!(checkedAt <= now + CLOCK_SKEW_MS)) return null;
    const payload = `${match[1]}.${match[2]}.${match[3]}`;
    if (!same(match[4], sign(await this.currentKey(), `status:${payload}`))) return null;
    return { applyId: Number(match[1]), checkedAt };
  }
}
