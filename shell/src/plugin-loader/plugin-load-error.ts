/** Why a plugin page could not be shown: one kind per failure class, each with its own panel text. */
export type PluginLoadErrorKind =
  /** Built against another SDK major. */
  | 'sdk'
  /** The bundle's URL answered 404: usually a portal upgraded since the page was opened. */
  | 'not-found'
  /** The bundle could not be downloaded: offline, aborted, or a server error. */
  | 'network'
  /** The bundle's bytes do not match the manifest's sha384. */
  | 'integrity'
  /** Nothing settled within the time limit. */
  | 'timeout'
  /** The file ran but did not call System.register (not a plugin bundle). */
  | 'not-a-module'
  /** The bundle registered, but without a default export (its `definePlugin({ … })`). */
  | 'no-default-export'
  /** The default export contradicts the manifest the server published (id, routes, components). */
  | 'contract'
  /** A menu names a component the plugin does not declare. */
  | 'missing-component'
  /** A menu names a plugin the portal does not have (not installed, disabled, or a malformed path). */
  | 'missing-plugin'
  /** The bundle threw while executing, or a shared module it needs failed to load. */
  | 'execute'
  /** A part of the page loaded while it was shown (a lazy part) failed to load. */
  | 'part'
  /** The plugin's component threw while rendering. */
  | 'render';

/**
 * What the panel offers. `retry` loads again in place (worth it when the cause may pass:
 * network, a bad copy, a server hiccup); `reload` offers 刷新页面 and 返回首页 where the same
 * files can never work (the page needs the portal's newer plugin list, or an administrator);
 * `reload-or-retry` is a missing file: most likely an upgrade (refresh), perhaps a deployment
 * still in progress (retry).
 */
export type PluginRecovery = 'retry' | 'reload' | 'reload-or-retry';

const RECOVERY: Record<PluginLoadErrorKind, PluginRecovery> = {
  sdk: 'reload',
  'not-found': 'reload-or-retry',
  network: 'retry',
  integrity: 'retry',
  timeout: 'retry',
  'not-a-module': 'reload',
  'no-default-export': 'reload',
  contract: 'reload',
  'missing-component': 'reload',
  'missing-plugin': 'reload',
  execute: 'retry',
  part: 'retry',
  render: 'retry',
};

export function recoveryOf(kind: PluginLoadErrorKind): PluginRecovery {
  return RECOVERY[kind];
}

/** A failure with a message for the user (Chinese) and, when there is one, the technical detail. */
export class PluginLoadError extends Error {
  readonly kind: PluginLoadErrorKind;
  readonly pluginId: string;
  /** The browser's or the bundle's own message, shown small under the reason. */
  readonly detail?: string;

  constructor(kind: PluginLoadErrorKind, pluginId: string, message: string, detail?: string) {
    super(message);
    this.name = 'PluginLoadError';
    this.kind = kind;
    this.pluginId = pluginId;
    this.detail = detail;
  }
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}

/**
 * The panel texts, one factory per class, in one place: plain words for a visitor or a
 * member of staff first, the file or the browser's message as the small detail.
 */
export const pluginFailure = {
  sdk: (pluginId: string, wanted: string, current: string) =>
    new PluginLoadError(
      'sdk',
      pluginId,
      `插件「${pluginId}」需要 SDK ${wanted}，当前为 ${current}`,
      '该插件与当前门户版本不兼容，需由管理员更新插件',
    ),
  notFound: (pluginId: string, file: string) =>
    new PluginLoadError('not-found', pluginId, '插件文件不存在，可能已被更新，请刷新页面', `HTTP 404：${file}`),
  network: (pluginId: string, detail: string) =>
    new PluginLoadError('network', pluginId, '网络异常，插件文件无法下载，请检查网络后重试', detail),
  serverError: (pluginId: string, status: number, file: string) =>
    new PluginLoadError('network', pluginId, '服务器暂时无法提供插件文件，请稍后重试', `HTTP ${status}：${file}`),
  integrity: (pluginId: string, file: string) =>
    new PluginLoadError(
      'integrity',
      pluginId,
      '插件文件校验未通过：文件内容与发布时不一致，可能在传输中损坏，请重试',
      `${file} 的内容与登记的校验值不符`,
    ),
  timeout: (pluginId: string, seconds: number, file: string) =>
    new PluginLoadError('timeout', pluginId, '页面加载超时，请检查网络后重试', `${seconds} 秒内未能加载 ${file}`),
  notAModule: (pluginId: string, detail: string) =>
    new PluginLoadError('not-a-module', pluginId, `插件「${pluginId}」的文件格式不正确，无法显示此页面`, detail),
  noDefaultExport: (pluginId: string) =>
    new PluginLoadError(
      'no-default-export',
      pluginId,
      `插件「${pluginId}」的文件不完整，缺少插件定义，无法显示此页面`,
      '文件没有默认导出 definePlugin({ … })',
    ),
  contract: (pluginId: string, what: string) =>
    new PluginLoadError('contract', pluginId, `插件「${pluginId}」与登记的信息不一致，无法显示此页面`, what),
  missingComponent: (pluginId: string, component: string, menu: string) =>
    new PluginLoadError(
      'missing-component',
      pluginId,
      `插件「${pluginId}」没有菜单「${menu}」所需的页面「${component}」，请联系管理员检查菜单设置`,
    ),
  missingPlugin: (pluginId: string, menu: string) =>
    new PluginLoadError(
      'missing-plugin',
      pluginId,
      `菜单「${menu}」所需的插件「${pluginId}」未安装或未启用，请联系管理员`,
    ),
  badComponentPath: (componentPath: string, menu: string) =>
    new PluginLoadError(
      'missing-plugin',
      '',
      `菜单「${menu}」的组件路径「${componentPath}」不正确，应为「插件/组件」，请联系管理员`,
    ),
  execute: (pluginId: string, detail: string) =>
    new PluginLoadError('execute', pluginId, '插件运行出错，请重试；如果仍然出错，请联系管理员', detail),
  part: (pluginId: string, detail: string) =>
    new PluginLoadError('part', pluginId, '页面的一部分未能加载，请检查网络后重试', detail),
  render: (pluginId: string, detail: string) =>
    new PluginLoadError('render', pluginId, '页面显示时出错，请重试；如果仍然出错，请联系管理员', detail),
} as const;
