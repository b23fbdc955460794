import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptCredentials } from './api';

describe('encryptCredentials', () => {
  it('is RSA-OAEP with SHA-256 that Node decrypts, UTF-8 included', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const payload = { c: 'CNCE', u: '张三', p: 'Admin@2026', s: 'x'.repeat(43) };
    const cipher = await encryptCredentials(pem, payload);
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(cipher, 'base64'),
    );
    expect(JSON.parse(plain.toString('utf8'))).toEqual(payload);
  });
});
