import { request } from '@cotton/sdk';
import { pluginAdminCalls, pluginDataCalls } from '@cotton/sdk/calls';

// 系统管理 › 插件管理 (docs/architecture.md, "Plugin registry"); the calls and shapes are the
// wire contracts of `@cotton/sdk` (sdk/src/contracts/plugin-admin.ts).

/** Archives take longer than a JSON call: up to 20 MB uploaded, then checked. */
const INSTALL_TIMEOUT_MS = 120_000;

export const pluginVersions = (id: string) => request.call(pluginAdminCalls.versions, { id });

/** Uploads an archive; `activate`: the new version becomes the active one at once. */
export function installPlugin(file: File, activate: boolean) {
  const form = new FormData();
  form.append('activate', activate ? '1' : '0');
  form.append('file', file, file.name);
  return request.upload(pluginAdminCalls.install, form, { timeout: INSTALL_TIMEOUT_MS });
}

export const activatePluginVersion = (id: string, version: string) =>
  request.call(pluginAdminCalls.activate, { id, version });

export const setPluginEnabled = (id: string, enabled: boolean) =>
  request.call(enabled ? pluginAdminCalls.enable : pluginAdminCalls.disable, { id });

export const uninstallPlugin = (id: string) => request.call(pluginAdminCalls.uninstall, { id });

/** 发布者密钥: the trusted publisher keys. */
export const publisherKeys = () => request.call(pluginAdminCalls.publisherKeys, {});

export const addPublisherKey = (name: string, publicKey: string) =>
  request.call(pluginAdminCalls.addPublisherKey, { name, publicKey });

export const removePublisherKey = (keyId: string) => request.call(pluginAdminCalls.removePublisherKey, { keyId });

/** 插件数据: every plugin that keeps data (its entities' tables), installed or uninstalled. */
export const pluginDataList = () => request.call(pluginDataCalls.list, {});

/** 清除数据: drops an uninstalled plugin's tables; `confirm` is the id typed again. */
export const purgePluginData = (id: string, confirm: string) => request.call(pluginDataCalls.purge, { id, confirm });
