import {
  AdminPluginPage,
  AdminPluginVersions,
  Envelope,
  PluginChanged,
  PluginInstalled,
  PluginUninstalled,
} from '@cotton/sdk/contracts';

// 系统管理 › 插件管理: the wire contracts (sdk/src/contracts/plugin-admin.ts, list.ts).
export { ActivatePluginVersionBody, ListRequest, PluginIdBody } from '@cotton/sdk/contracts';

export const AdminPluginPageResponse = Envelope(AdminPluginPage);
export const PluginVersionsResponse = Envelope(AdminPluginVersions);
export const PluginInstalledResponse = Envelope(PluginInstalled);
export const PluginChangedResponse = Envelope(PluginChanged);
export const PluginUninstalledResponse = Envelope(PluginUninstalled);
