import { Type, type Static } from 'typebox';
import { FILE_ID_PATTERN } from '../validators/file-id';
import { EmptyBody, Nullable } from './common';
import { ListAnswer, ListExportBody, ListRequest } from './list';
import { defineCall, defineCodes } from './call';

// 系统管理 › 插件管理 (docs/architecture.md, "Plugin registry"): `/rest/plugin/…` calls of
// the back office. The list is a generic admin list (contracts/list.ts): filters `id` (any
// part), `source`, `enabled`; sort on `id`, `version`, `updateTime`. An archive is installed
// with a multipart `POST /rest/plugin/installPlugin` (part `file`: `<id>-<version>.tgz`;
// optional field `activate`: `1` makes the new version the active one at once).

/** A plugin id as the admin calls name it: the manifest's `PluginId`, at most 64 characters. */
export const AdminPluginId = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z][a-z0-9-]{0,63}$',
  title: '插件标识',
  errorMessage: '插件标识为小写字母开头的小写字母、数字或 -',
});

/** A version as stored: at most 32 characters. */
export const AdminPluginVersion = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: '^[0-9A-Za-z][0-9A-Za-z.+-]{0,31}$',
  title: '版本',
  errorMessage: '版本号格式不正确',
});

/** A registered plugin as the administration list shows it. */
export const AdminPluginRow = Type.Object({
  id: Type.String(),
  /** The first route's title, else the id. */
  title: Type.String(),
  /** The active version. */
  version: Type.String(),
  /** `bundled` 内置 (from the portal's own build) or `external` 上传 (installed from an archive). */
  source: Type.Union([Type.Literal('bundled'), Type.Literal('external')]),
  enabled: Type.Boolean(),
  components: Type.Array(Type.String()),
  /** How many versions are installed (1 for a bundled plugin). */
  versionCount: Type.Integer(),
  /**
   * The name of the trusted publisher key that signed the active version; null: a bundled
   * plugin, or an uploaded one installed 未签名 (unsigned, or by a key not trusted then).
   */
  signer: Nullable(Type.String()),
  /** ISO 8601. */
  updateTime: Type.String(),
});
export type AdminPluginRow = Static<typeof AdminPluginRow>;

/** `POST /rest/plugin/getPluginPage` → `dataSet`. */
export const AdminPluginPage = ListAnswer(AdminPluginRow);
export type AdminPluginPage = Static<typeof AdminPluginPage>;

/** `POST /rest/plugin/getPluginVersions`, `enablePlugin`, `disablePlugin`, `uninstallPlugin`. */
export const PluginIdBody = Type.Object({ id: AdminPluginId });
export type PluginIdBody = Static<typeof PluginIdBody>;

/** An installed version of a plugin. */
export const AdminPluginVersionRow = Type.Object({
  version: Type.String(),
  sdkVersion: Type.String(),
  /** Whether it is the plugin's active version (the one the portal loads while enabled). */
  active: Type.Boolean(),
  /** ISO 8601. */
  installedAt: Type.String(),
  /** Login name of who installed it (null: the portal's own build). */
  installedBy: Nullable(Type.String()),
  /** The trusted publisher key's name that signed it (null: 未签名, or the portal's own build). */
  signer: Nullable(Type.String()),
  fileCount: Type.Integer(),
  /** Bytes of its files together. */
  size: Type.Integer(),
  components: Type.Array(Type.String()),
  routes: Type.Array(Type.String()),
});
export type AdminPluginVersionRow = Static<typeof AdminPluginVersionRow>;

/** `dataSet` of `getPluginVersions`: newest install first. */
export const AdminPluginVersions = Type.Object({
  id: Type.String(),
  source: Type.Union([Type.Literal('bundled'), Type.Literal('external')]),
  versions: Type.Array(AdminPluginVersionRow),
});
export type AdminPluginVersions = Static<typeof AdminPluginVersions>;

/** `POST /rest/plugin/activateVersion`: make an installed version the active one (upgrade or roll back). */
export const ActivatePluginVersionBody = Type.Object({ id: AdminPluginId, version: AdminPluginVersion });
export type ActivatePluginVersionBody = Static<typeof ActivatePluginVersionBody>;

/** `dataSet` of `installPlugin`. */
export const PluginInstalled = Type.Object({
  id: Type.String(),
  version: Type.String(),
  /** Whether the new version is now the active one (a plugin's first version always is). */
  active: Type.Boolean(),
  /**
   * Whether the plugin is enabled: the portal loads its active version only then. A version
   * made active on a disabled plugin waits for 启用.
   */
  enabled: Type.Boolean(),
  /** The trusted publisher key's name that signed it; null: installed 未签名. */
  signer: Nullable(Type.String()),
});
export type PluginInstalled = Static<typeof PluginInstalled>;

/** `dataSet` of the other writes: the plugin as it now stands. */
export const PluginChanged = Type.Object({
  id: Type.String(),
  version: Type.String(),
  enabled: Type.Boolean(),
  /**
   * `disablePlugin` only: the names of the menus that show one of the plugin's components —
   * they cannot be opened while it is disabled (the page shows them as a warning).
   */
  menus: Type.Optional(Type.Array(Type.String())),
});
export type PluginChanged = Static<typeof PluginChanged>;

/** `dataSet` of `uninstallPlugin`: how many versions went. */
export const PluginUninstalled = Type.Object({ id: Type.String(), versions: Type.Integer() });
export type PluginUninstalled = Static<typeof PluginUninstalled>;

/** A trusted publisher key of 插件管理 › 发布者密钥. */
export const PublisherKeyRow = Type.Object({
  /** The first 32 hex digits of the SHA-256 of the key's SPKI DER form (what a signature names). */
  keyId: Type.String(),
  name: Type.String(),
  /** SPKI PEM. */
  publicKey: Type.String(),
  addedBy: Nullable(Type.String()),
  /** ISO 8601. */
  addedAt: Type.String(),
});
export type PublisherKeyRow = Static<typeof PublisherKeyRow>;

/** `dataSet` of `getPublisherKeys`. */
export const PublisherKeyList = Type.Object({ keys: Type.Array(PublisherKeyRow) });
export type PublisherKeyList = Static<typeof PublisherKeyList>;

/** `POST /rest/plugin/addPublisherKey`: a name and the `.pub` file's text (`cotton-plugin keygen`). */
export const AddPublisherKeyBody = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 32,
    pattern: '^[^\\s](?:[^\\u0000-\\u001f]{0,30}[^\\s])?$',
    title: '名称',
    errorMessage: '名称为 1 到 32 个字符，首尾不能是空格',
  }),
  publicKey: Type.String({
    minLength: 1,
    maxLength: 400,
    title: '公钥',
    errorMessage: '公钥为 Ed25519 公钥的 PEM 文本，不超过 400 个字符',
  }),
});
export type AddPublisherKeyBody = Static<typeof AddPublisherKeyBody>;

/** `POST /rest/plugin/removePublisherKey`. */
export const PublisherKeyIdBody = Type.Object({
  keyId: Type.String({
    maxLength: 32,
    pattern: FILE_ID_PATTERN.source,
    title: '密钥编号',
    errorMessage: '密钥编号无效',
  }),
});
export type PublisherKeyIdBody = Static<typeof PublisherKeyIdBody>;

/** 系统管理 › 插件管理's permission codes. */
export const pluginAdminCodes = defineCodes({
  list: 'system:plugin:list',
  install: 'system:plugin:install',
  manage: 'system:plugin:manage',
  export: 'system:plugin:export',
});

/** 系统管理 › 插件管理's calls. */
export const pluginAdminCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/plugin/getPluginPage',
    permission: pluginAdminCodes.list,
    body: ListRequest,
    answer: AdminPluginPage,
  }),
  versions: defineCall({
    method: 'POST',
    path: '/rest/plugin/getPluginVersions',
    permission: pluginAdminCodes.list,
    body: PluginIdBody,
    answer: AdminPluginVersions,
  }),
  /** Multipart: part `file` (the archive, at most 20 MB) and, optionally, field `activate` = `1`. */
  install: defineCall({
    method: 'POST',
    path: '/rest/plugin/installPlugin',
    permission: pluginAdminCodes.install,
    answer: PluginInstalled,
    kind: 'upload',
  }),
  activate: defineCall({
    method: 'POST',
    path: '/rest/plugin/activateVersion',
    permission: pluginAdminCodes.manage,
    body: ActivatePluginVersionBody,
    answer: PluginChanged,
  }),
  enable: defineCall({
    method: 'POST',
    path: '/rest/plugin/enablePlugin',
    permission: pluginAdminCodes.manage,
    body: PluginIdBody,
    answer: PluginChanged,
  }),
  disable: defineCall({
    method: 'POST',
    path: '/rest/plugin/disablePlugin',
    permission: pluginAdminCodes.manage,
    body: PluginIdBody,
    answer: PluginChanged,
  }),
  uninstall: defineCall({
    method: 'POST',
    path: '/rest/plugin/uninstallPlugin',
    permission: pluginAdminCodes.manage,
    body: PluginIdBody,
    answer: PluginUninstalled,
  }),
  /** 发布者密钥: the trusted publisher keys. */
  publisherKeys: defineCall({
    method: 'POST',
    path: '/rest/plugin/getPublisherKeys',
    permission: pluginAdminCodes.list,
    body: EmptyBody,
    answer: PublisherKeyList,
  }),
  addPublisherKey: defineCall({
    method: 'POST',
    path: '/rest/plugin/addPublisherKey',
    permission: pluginAdminCodes.manage,
    body: AddPublisherKeyBody,
    answer: Type.Object({ keyId: Type.String(), name: Type.String() }),
  }),
  removePublisherKey: defineCall({
    method: 'POST',
    path: '/rest/plugin/removePublisherKey',
    permission: pluginAdminCodes.manage,
    body: PublisherKeyIdBody,
    answer: Type.Object({ keyId: Type.String() }),
  }),
  /** The list's query and the selected rows → 插件列表.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/plugin/exportXls',
    permission: pluginAdminCodes.export,
    body: ListExportBody,
    kind: 'download',
  }),
};
