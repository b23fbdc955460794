import { request } from '@cotton/sdk';
import type { AdminPluginVersions, PluginChanged, PluginInstalled, PluginUninstalled } from '@cotton/sdk';

// 系统管理 › 插件管理 (docs/architecture.md, "Plugin registry"); the shapes are the wire
// contracts of `@cotton/sdk` (sdk/src/contracts/plugin-admin.ts).

export const PLUGIN_PAGE_URL = '/rest/plugin/getPluginPage';
export const PLUGIN_VERSIONS_URL = '/rest/plugin/getPluginVersions';
export const PLUGIN_INSTALL_URL = '/rest/plugin/installPlugin';
export const PLUGIN_ACTIVATE_URL = '/rest/plugin/activateVersion';
export const PLUGIN_ENABLE_URL = '/rest/plugin/enablePlugin';
export const PLUGIN_DISABLE_URL = '/rest/plugin/disablePlugin';
export const PLUGIN_UNINSTALL_URL = '/rest/plugin/uninstallPlugin';

export const PLUGIN_INSTALL_PERMISSION = 'system:plugin:install';
export const PLUGIN_MANAGE_PERMISSION = 'system:plugin:manage';

/** Archives take longer than a JSON call: up to 20 MB uploaded, then checked. */
const INSTALL_TIMEOUT_MS = 120_000;

export function pluginVersions(id: string): Promise<AdminPluginVersions> {
  return request.post<AdminPluginVersions>(PLUGIN_VERSIONS_URL, { id });
}

/** Uploads an archive; `activate`: the new version becomes the active one at once. */
export function installPlugin(file: File, activate: boolean): Promise<PluginInstalled> {
  const form = new FormData();
  form.append('activate', activate ? '1' : '0');
  form.append('file', file, file.name);
  return request.upload<PluginInstalled>(PLUGIN_INSTALL_URL, form, { timeout: INSTALL_TIMEOUT_MS });
}

export function activatePluginVersion(id: string, version: string): Promise<PluginChanged> {
  return request.post<PluginChanged>(PLUGIN_ACTIVATE_URL, { id, version });
}

export function setPluginEnabled(id: string, enabled: boolean): Promise<PluginChanged> {
  return request.post<PluginChanged>(enabled ? PLUGIN_ENABLE_URL : PLUGIN_DISABLE_URL, { id });
}

export function uninstallPlugin(id: string): Promise<PluginUninstalled> {
  return request.post<PluginUninstalled>(PLUGIN_UNINSTALL_URL, { id });
}
