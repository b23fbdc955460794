/** Why a plugin could not be shown. */
export type PluginLoadErrorKind =
  /** Built against another SDK major. */
  | 'sdk'
  /** The bundle could not be downloaded. */
  | 'network'
  /** The bundle's bytes do not match the manifest's sha384. */
  | 'integrity'
  /** Nothing settled within the time limit. */
  | 'timeout'
  /** The bundle is not a plugin: not System.register, or a default export that breaks the contract. */
  | 'invalid'
  /** The bundle threw while executing, or a shared module it needs failed. */
  | 'execute';

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
