// `cotton-plugin install`: sends an archive to a portal's 插件管理 (`POST
// /rest/plugin/installPlugin`, multipart part `file`, field `activate`) with an administrator's
// token, and tells a refusal from a success. The portal answers refusals with HTTP 200 and
// `rtnCode` 400/403 (its envelope), so `curl` exits 0 on them: a script or CI job that installs
// with curl goes on as if it had worked. This exits non-zero and prints the portal's message.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parsePortalUrl } from './dev-server.mjs';

/** The install call (sdk `pluginAdminCalls.install`). */
export const INSTALL_PATH = '/rest/plugin/installPlugin';
/** The environment variable that holds the administrator's token (never a command-line argument: shell history). */
export const TOKEN_VARIABLE = 'COTTON_PORTAL_TOKEN';

/**
 * @typedef {{ id: string, version: string, active: boolean, enabled: boolean }} Installed
 * @typedef {{ ok: true, installed: Installed } | { ok: false, message: string }} InstallOutcome
 */

/**
 * Installs `archive` on `portal`.
 * @param {string} archive the `.tgz` that `cotton-plugin build` wrote
 * @param {{ portal: string, token: string, activate?: boolean, fetchImpl?: typeof fetch }} options
 * @returns {Promise<InstallOutcome>}
 */
export async function installArchive(archive, { portal, token, activate = false, fetchImpl = fetch }) {
  const base = parsePortalUrl(portal);
  if (!token)
    return {
      ok: false,
      message: `no administrator token: set ${TOKEN_VARIABLE} (docs/plugins.md "The same from a terminal")`,
    };
  let bytes;
  try {
    bytes = await readFile(archive);
  } catch (error) {
    return { ok: false, message: `cannot read the archive ${archive}: ${/** @type {Error} */ (error).message}` };
  }
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/gzip' }), path.basename(archive));
  if (activate) form.append('activate', '1');
  let response;
  try {
    response = await fetchImpl(new URL(INSTALL_PATH, base), {
      method: 'POST',
      headers: { 'X-Access-Token': token },
      body: form,
    });
  } catch (error) {
    return { ok: false, message: `cannot reach the portal ${base.origin}: ${/** @type {Error} */ (error).message}` };
  }
  /** @type {{ rtnCode?: string, rtnMessage?: string, dataSet?: Installed } | null} */
  const envelope = await response.json().catch(() => null);
  if (!response.ok || !envelope || typeof envelope.rtnCode !== 'string') {
    return {
      ok: false,
      message: `the answer is no install result (HTTP ${response.status}): is ${base.origin} the portal?`,
    };
  }
  if (envelope.rtnCode !== '0000' || !envelope.dataSet) {
    return { ok: false, message: `the portal refused the install (${envelope.rtnCode}): ${envelope.rtnMessage ?? ''}` };
  }
  return { ok: true, installed: envelope.dataSet };
}
