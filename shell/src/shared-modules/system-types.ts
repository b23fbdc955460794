/**
 * The part of SystemJS 6 the shell uses. `systemjs/dist/system.min.js` assigns an instance
 * to `window.System`; the package ships no types.
 */
export interface ImportMap {
  imports?: Record<string, string>;
  scopes?: Record<string, Record<string, string>>;
  integrity?: Record<string, string>;
  depcache?: Record<string, string[]>;
}

/** What `System.register(deps, declare)` records and `instantiate` returns. */
export type SystemExport = {
  (name: string, value: unknown): unknown;
  (values: Record<string, unknown>): unknown;
};
export type SystemDeclare = (_export: SystemExport) => {
  setters?: Array<(module: unknown) => void>;
  execute?: () => unknown;
};
export type SystemRegistration = [deps: string[], declare: SystemDeclare];

export interface SystemLoader {
  import(id: string, parentUrl?: string): Promise<Record<string, unknown>>;
  resolve(id: string, parentUrl?: string): string;
  /** Removes a module from the registry so that the next import loads it again. */
  delete(id: string): false | (() => void);
  has(id: string): boolean;
  addImportMap(map: ImportMap, baseUrl?: string): void;
  getImportMap?(): Required<ImportMap>;
  instantiate(
    url: string,
    parentUrl?: string,
    meta?: unknown,
  ): Promise<SystemRegistration | undefined> | SystemRegistration | undefined;
}

declare global {
  interface Window {
    System: SystemLoader;
  }
}
