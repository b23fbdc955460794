import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { PublisherKeyRow } from '@cotton/sdk/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PluginSignatureMode } from '../../config';
import type { AppDatabase, Tx } from '../../db/client';
import { pluginPublisherKeys, pluginVersions } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { recordAudit } from '../shared/audit';
import type { CheckedArchive } from './archive';

/**
 * Publisher signatures (docs/plugins.md "Signatures"): the trusted Ed25519 keys of 插件管理 and
 * the check of an archive's signature against them under `PLUGIN_SIGNATURES`.
 */

export const SIGNATURE_MESSAGES = {
  unsigned: '插件安装包未签名：门户要求插件由受信任的发布者签名（cotton-plugin sign），请签名后重新上传',
  unknownSigner: (keyId: string) =>
    `插件安装包的签名密钥（${keyId}）不在受信任的发布者密钥中：请先在插件管理 › 发布者密钥中添加该发布者的公钥`,
  badSignature:
    '插件安装包的签名校验失败：manifest.json 在签名后被修改（文件清单或完整性校验值与签名时不同），已拒绝安装',
  keyInvalid: '公钥无效：应为 Ed25519 公钥的 PEM 文本（cotton-plugin keygen 生成的 .pub 文件内容）',
  keyTaken: (name: string) => `该公钥已添加（名称「${name}」）`,
  nameTaken: (name: string) => `名称「${name}」已被另一个发布者密钥使用`,
  keyNotFound: '发布者密钥不存在或已删除',
  versionUnsigned: (id: string, version: string) =>
    `插件「${id}」的 ${version} 版本安装时未签名（或其签名密钥已不再受信任）：门户要求插件由受信任的发布者签名，请上传签名的安装包`,
} as const;

/** The id of a public key: the first 32 hex digits of the SHA-256 of its SPKI DER form. */
export function publicKeyId(key: KeyObject): string {
  return createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 32);
}

/** An Ed25519 public key from its PEM text, with its id and its PEM as stored; null when it is none. */
export function readPublicKey(pem: string): { key: KeyObject; keyId: string; pem: string } | null {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem.trim(), format: 'pem' });
  } catch {
    return null;
  }
  if (key.asymmetricKeyType !== 'ed25519') return null;
  return { key, keyId: publicKeyId(key), pem: String(key.export({ type: 'spki', format: 'pem' })).trim() };
}

/**
 * Who signed `archive`, checked against the trusted keys: `{ keyId, name }`, or null for an
 * archive installed 未签名 (unsigned or unknown signer, allowed by `mode`). Refuses, in every
 * mode, a signature of a trusted key that does not match; under `required`, an unsigned
 * archive and an unknown signer.
 */
export async function checkSignature(
  db: Tx | AppDatabase,
  archive: Pick<CheckedArchive, 'signature'>,
  mode: PluginSignatureMode,
): Promise<{ keyId: string; name: string } | null> {
  const { signature } = archive;
  if (!signature) {
    if (mode === 'required') throw new ApiError('400', SIGNATURE_MESSAGES.unsigned);
    return null;
  }
  const [trusted] = await db
    .select({ name: pluginPublisherKeys.name, publicKey: pluginPublisherKeys.publicKey })
    .from(pluginPublisherKeys)
    .where(eq(pluginPublisherKeys.keyId, signature.keyId));
  if (!trusted) {
    if (mode === 'required') throw new ApiError('400', SIGNATURE_MESSAGES.unknownSigner(signature.keyId));
    return null;
  }
  const key = readPublicKey(trusted.publicKey);
  const valid =
    key !== null &&
    verify(null, Buffer.from(signature.signed, 'utf8'), key.key, Buffer.from(signature.value, 'base64'));
  if (!valid) throw new ApiError('400', SIGNATURE_MESSAGES.badSignature);
  return { keyId: signature.keyId, name: trusted.name };
}

/** 发布者密钥: the trusted keys, in order of name. */
/**
 * Under `required`, what runs must be signed, not only what is uploaded: refuses to make
 * active or to enable a version installed 未签名 (under `optional` or `off`, or before
 * signatures existed) or signed by a key since removed from the trusted ones.
 */
export async function checkVersionSigned(db: Tx | AppDatabase, id: string, version: string, mode: PluginSignatureMode) {
  if (mode !== 'required') return;
  const [row] = await db
    .select({ keyId: pluginVersions.signerKeyId })
    .from(pluginVersions)
    .where(and(eq(pluginVersions.pluginId, id), eq(pluginVersions.version, version)));
  const keyId = row?.keyId;
  const trusted = keyId
    ? await db
        .select({ keyId: pluginPublisherKeys.keyId })
        .from(pluginPublisherKeys)
        .where(eq(pluginPublisherKeys.keyId, keyId))
    : [];
  if (trusted.length === 0) throw new ApiError('400', SIGNATURE_MESSAGES.versionUnsigned(id, version));
}

export async function publisherKeys(db: AppDatabase): Promise<PublisherKeyRow[]> {
  const rows = await db.select().from(pluginPublisherKeys).orderBy(asc(pluginPublisherKeys.name));
  return rows.map((row) => ({
    keyId: row.keyId,
    name: row.name,
    publicKey: row.publicKey,
    addedBy: row.addedBy,
    addedAt: row.addedAt.toISOString(),
  }));
}

/** Trusts a publisher's key (audited). Refused: not an Ed25519 PEM, the key or the name already there. */
export async function addPublisherKey(db: AppDatabase, request: FastifyRequest, name: string, pem: string) {
  const key = readPublicKey(pem);
  if (!key) throw new ApiError('400', SIGNATURE_MESSAGES.keyInvalid);
  const trimmed = name.trim();
  return db.transaction(async (tx) => {
    const [same] = await tx
      .select({ name: pluginPublisherKeys.name })
      .from(pluginPublisherKeys)
      .where(eq(pluginPublisherKeys.keyId, key.keyId));
    if (same) throw new ApiError('400', SIGNATURE_MESSAGES.keyTaken(same.name));
    const inserted = await tx
      .insert(pluginPublisherKeys)
      .values({ keyId: key.keyId, name: trimmed, publicKey: key.pem, addedBy: request.auth?.user.loginName ?? null })
      .onConflictDoNothing()
      .returning({ keyId: pluginPublisherKeys.keyId });
    if (inserted.length === 0) throw new ApiError('400', SIGNATURE_MESSAGES.nameTaken(trimmed));
    await recordAudit(tx, request, {
      action: 'plugin.key.add',
      entity: 'plugin-key',
      entityId: key.keyId,
      before: null,
      after: { name: trimmed, keyId: key.keyId },
    });
    return { keyId: key.keyId, name: trimmed };
  });
}

/**
 * Stops trusting a key (audited). Versions installed with its signature keep their record of
 * it; archives it signs are from now on 未签名 (refused under `required`).
 */
export async function removePublisherKey(db: AppDatabase, request: FastifyRequest, keyId: string) {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(pluginPublisherKeys)
      .where(eq(pluginPublisherKeys.keyId, keyId))
      .returning({ name: pluginPublisherKeys.name });
    if (!removed) throw new ApiError('404', SIGNATURE_MESSAGES.keyNotFound);
    await recordAudit(tx, request, {
      action: 'plugin.key.remove',
      entity: 'plugin-key',
      entityId: keyId,
      before: { name: removed.name, keyId },
      after: null,
    });
    return { keyId };
  });
}
