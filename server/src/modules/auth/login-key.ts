import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysSettings } from '../../db/schema/index';

/**
 * The login encryption key (docs/auth.md): RSA 2048, from `LOGIN_RSA_PRIVATE_KEY` or
 * generated once and kept in `sys_settings`. The browser encrypts with jsencrypt's
 * `encryptOAEP` (OAEP, SHA-256 for both the hash and MGF1, empty label). jsencrypt pads
 * the string's UTF-16 code units as bytes, so the client hands it the JSON's UTF-8 bytes
 * as a binary string (shell/src/auth/login/api.ts) or escapes non-ASCII characters as
 * `\uXXXX`; the decrypted bytes are read as UTF-8 either way. At most 190 bytes fit.
 */

export const LOGIN_KEY_SETTING = 'login_rsa_private_key';

export interface LoginKey {
  privateKey: KeyObject;
  /** PEM SPKI. */
  publicKeyPem: string;
}

function loginKeyOf(privatePem: string): LoginKey {
  const privateKey = createPrivateKey(privatePem);
  return { privateKey, publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString() };
}

/** The configured key, or the one kept in the database (created on first use). */
export async function loadLoginKey(db: AppDatabase, configured: string | null): Promise<LoginKey> {
  if (configured) return loginKeyOf(configured.replace(/\\n/g, '\n'));
  const read = async () =>
    (
      await db
        .select({ value: sysSettings.value })
        .from(sysSettings)
        .where(eq(sysSettings.key, LOGIN_KEY_SETTING))
        .limit(1)
    )[0]?.value;
  let pem = await read();
  if (!pem) {
    const generated = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    // Another process may have stored one meanwhile: keep the first.
    await db.insert(sysSettings).values({ key: LOGIN_KEY_SETTING, value: generated }).onConflictDoNothing();
    pem = (await read())!;
  }
  return loginKeyOf(pem);
}

/** A per-application cache of the key (no module state: one per app instance). */
export function loginKeyCache(db: AppDatabase, configured: string | null): () => Promise<LoginKey> {
  let pending: Promise<LoginKey> | null = null;
  return () => {
    pending ??= loadLoginKey(db, configured).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/** Decrypts the base64 `Authorization` field; null when it is not a valid ciphertext. */
export function decryptLoginPayload(key: LoginKey, base64: string): string | null {
  const data = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
  if (data.length === 0 || data.length > 512) return null;
  try {
    return privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      data,
    ).toString('utf8');
  } catch {
    return null;
  }
}
