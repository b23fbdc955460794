// Publisher signatures (docs/plugins.md "Signatures"): `cotton-plugin keygen` writes an Ed25519
// key pair, `cotton-plugin sign` (and `build --sign`) adds to an archive's manifest.json the
// signature of its canonical text (`manifestSigningText` of the contract: the manifest with
// every file's integrity, without the signature). The portal checks it against the publisher
// keys its administrator trusts (插件管理 › 发布者密钥).
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create as createTar, extract as extractTar } from 'tar';
import { pluginContract } from './contracts.mjs';

/**
 * The id a signature names: the first 32 hex digits of the SHA-256 of the public key's SPKI
 * DER form (what the portal computes from the key it trusts).
 * @param {import('node:crypto').KeyObject} publicKey
 */
export function publicKeyId(publicKey) {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 32);
}

/**
 * Writes a new Ed25519 key pair: `<base>.key` (PKCS #8 PEM, readable by its owner only: keep
 * it secret, out of the repository) and `<base>.pub` (SPKI PEM: what the portal's
 * administrator adds). Never overwrites a file.
 * @param {string} base path without extension
 * @returns {Promise<{ privateFile: string, publicFile: string, keyId: string }>}
 */
export async function generateSigningKey(base) {
  const privateFile = `${base}.key`;
  const publicFile = `${base}.pub`;
  for (const file of [privateFile, publicFile]) {
    if (await stat(file).catch(() => null)) throw new Error(`${file} already exists: choose another name (--out)`);
  }
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  await writeFile(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  await writeFile(publicFile, publicKey.export({ type: 'spki', format: 'pem' }), { flag: 'wx' });
  return { privateFile, publicFile, keyId: publicKeyId(publicKey) };
}

/**
 * Reads an Ed25519 private key (PEM) from `file`.
 * @param {string} file
 */
export async function readSigningKey(file) {
  let key;
  try {
    key = createPrivateKey(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not a PEM private key (${/** @type {Error} */ (error).message})`, { cause: error });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${file}: an Ed25519 key is needed (cotton-plugin keygen)`);
  return key;
}

/**
 * The manifest with its `signature` by `privateKey` (any earlier signature replaced).
 * @template {Record<string, unknown>} M
 * @param {M} manifest an archive's manifest.json (with `files`)
 * @param {import('node:crypto').KeyObject} privateKey
 * @returns {M & { signature: { keyId: string, value: string } }}
 */
export function signManifest(manifest, privateKey) {
  if (!Array.isArray(manifest.files)) throw new Error('the manifest has no "files": sign the archive, not dist/');
  const { manifestSigningText } = pluginContract();
  const { signature: _old, ...unsigned } = manifest;
  const value = sign(null, Buffer.from(manifestSigningText(unsigned), 'utf8'), privateKey).toString('base64');
  return /** @type {M & { signature: { keyId: string, value: string } }} */ ({
    ...unsigned,
    signature: { keyId: publicKeyId(createPublicKey(privateKey)), value },
  });
}

/**
 * Signs an archive in place: its manifest.json gets the signature; the files are packed again
 * as `cotton-plugin build` packs them (root, no owner, a fixed time). Also rewrites
 * `manifestFile` (dist/manifest.json) when given, so that it says what the archive says.
 * @param {string} archive path of `<id>-<version>.tgz`
 * @param {string} keyFile the private key (PEM)
 * @param {{ manifestFile?: string }} [options]
 * @returns {Promise<{ keyId: string, id: string, version: string }>}
 */
export async function signArchive(archive, keyFile, options = {}) {
  const privateKey = await readSigningKey(keyFile);
  const folder = await mkdtemp(path.join(tmpdir(), 'cotton-sign-'));
  try {
    await extractTar({ file: archive, cwd: folder, strict: true });
    /** @type {Record<string, unknown>} */
    let manifest;
    try {
      manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8'));
    } catch (error) {
      throw new Error(`${archive}: no readable manifest.json at its root (an archive of cotton-plugin build?)`, {
        cause: error,
      });
    }
    const signed = signManifest(manifest, privateKey);
    const text = `${JSON.stringify(signed, null, 2)}\n`;
    await writeFile(path.join(folder, 'manifest.json'), text);
    const files = /** @type {Array<{ name: string }>} */ (signed.files).map((file) => file.name);
    const packed = `${archive}.signing`;
    await createTar(
      { gzip: { level: 9 }, file: packed, cwd: folder, portable: true, noDirRecurse: true, mtime: new Date(0) },
      ['manifest.json', ...files],
    );
    await rename(packed, archive);
    if (options.manifestFile) await writeFile(options.manifestFile, text);
    return { keyId: signed.signature.keyId, id: String(signed.id), version: String(signed.version) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
