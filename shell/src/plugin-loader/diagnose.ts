import type { PluginManifest } from '@cotton/sdk/contracts';
import { type PluginLoadError, messageOf, pluginFailure } from './plugin-load-error';

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
    return pluginFailure.network(manifest.id, messageOf(fetchError));
  }
  if (response.status === 404 || response.status === 410) return pluginFailure.notFound(manifest.id, manifest.entry);
  if (!response.ok) return pluginFailure.serverError(manifest.id, response.status, manifest.entry);
  const [algorithm, expected] = manifest.integrity.split(/-(.*)/s);
  const digest = DIGESTS[algorithm ?? ''];
  if (digest && expected && globalThis.crypto?.subtle) {
    try {
      const bytes = new Uint8Array(await response.arrayBuffer());
      const actual = base64(await crypto.subtle.digest(digest, bytes));
      if (actual !== expected) return pluginFailure.integrity(manifest.id, manifest.entry);
    } catch {
      // No digest available: fall through to the browser's message.
    }
  }
  return pluginFailure.network(manifest.id, browserMessage);
}

/**
 * Replaces the browser's cached copy of a bundle file (the entry, or one of its chunks) with
 * a fresh one, before a retry imports the entry again. Bundles are cached as immutable for a
 * year, so a copy that failed its integrity check (a proxy that altered it, a deployment caught half-way) would otherwise be served
 * from the cache on every retry and every later visit. `cache: 'reload'` skips the cache
 * and stores the answer, and the `<script>` SystemJS creates next reads that fresh copy
 * (Chromium reuses the refreshed entry, without a second download).
 *
 * SystemJS's own fetch loader (`shouldFetch` / `System.fetch`) could take `cache: 'reload'`
 * directly, but it runs the source with `eval`, which the portal's Content-Security-Policy
 * (`script-src 'self'`) forbids. The integrity is checked here too; a failure is left to the
 * import that follows, whose error the diagnosis then explains.
 */
export async function refetchPastCache(url: string, integrity: string | undefined): Promise<void> {
  try {
    const response = await fetch(url, { cache: 'reload', credentials: 'same-origin', integrity: integrity ?? '' });
    // The cache entry is complete once the body has been read.
    await response.arrayBuffer();
  } catch {
    // Offline, or the file is still bad: the import reports it.
  }
}
