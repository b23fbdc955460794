import type { PluginManifest } from '@cotton/sdk';
import { PluginLoadError, messageOf } from './plugin-load-error';

function base64(bytes: ArrayBuffer): string {
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text);
}

const DIGESTS: Record<string, AlgorithmIdentifier> = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

/**
 * A `<script>` that fails fires one opaque "error" event, whether the file is missing, the
 * network is down or its hash does not match the integrity attribute. Fetching the file
 * again tells them apart, so the panel can say which.
 */
export async function diagnoseScriptFailure(
  url: string,
  manifest: PluginManifest,
  error: unknown,
): Promise<PluginLoadError> {
  const browserMessage = messageOf(error);
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (fetchError) {
    return new PluginLoadError(
      'network',
      manifest.id,
      '网络异常，插件文件无法下载，请检查网络后重试',
      messageOf(fetchError),
    );
  }
  if (!response.ok) {
    return new PluginLoadError(
      'network',
      manifest.id,
      `插件文件下载失败（HTTP ${response.status}）`,
      `${manifest.entry}`,
    );
  }
  const [algorithm, expected] = manifest.integrity.split(/-(.*)/s);
  const digest = DIGESTS[algorithm ?? ''];
  if (digest && expected && globalThis.crypto?.subtle) {
    try {
      const actual = base64(await crypto.subtle.digest(digest, await response.arrayBuffer()));
      if (actual !== expected) {
        return new PluginLoadError(
          'integrity',
          manifest.id,
          '插件文件校验失败',
          `${manifest.entry}：文件内容与清单中的 ${algorithm} 不符`,
        );
      }
    } catch {
      // No digest available: fall through to the browser's message.
    }
  }
  return new PluginLoadError('network', manifest.id, '插件文件加载失败', browserMessage);
}
