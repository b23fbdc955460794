import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing (docs/auth.md): scrypt N=16384, r=8, p=1, 16-byte salt, 32-byte key,
 * stored as `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`; constant-time compare. An unknown
 * account is checked against {@link DUMMY_PASSWORD_HASH} so that it costs one scrypt too.
 */

export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/** A hash of a password nobody knows, verified against when the account does not exist. */
export const DUMMY_PASSWORD_HASH =
  'scrypt$16384$8$1$GTkxkYy7J+se+BDsbDo+RA==$cKV61a4vh3qC9vzobHRy5uZRNeOho9ONysbCHglPDVQ=';

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, keylen, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `salt` defaults to 16 random bytes; the seed passes a fixed one to stay deterministic. */
export async function hashPassword(password: string, salt: Buffer = randomBytes(SALT_BYTES)): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await scrypt(password, salt, KEY_BYTES, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Whether `password` matches `stored`. `stored` null/undefined (unknown account) is checked
 * against the dummy hash and answers false, in about the same time as a real check.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const known = typeof stored === 'string' && stored.startsWith('scrypt$');
  const parts = (known ? stored : DUMMY_PASSWORD_HASH).split('$');
  const [, nText, rText, pText, saltText, hashText] = parts;
  const N = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  if (parts.length !== 6 || ![N, r, p].every((value) => Number.isInteger(value) && value > 0) || N > 1 << 20) {
    return false;
  }
  const expected = Buffer.from(hashText, 'base64');
  if (expected.length === 0) return false;
  const actual = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length, { N, r, p });
  return timingSafeEqual(actual, expected) && known;
}
