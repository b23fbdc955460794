import type { ComponentType } from 'react';

/** A route a plugin contributes. `public` routes are reachable without login. */
export interface PluginRoute {
  /** Absolute path, e.g. `/warehouse`. May contain react-router params. */
  path: string;
  element: ComponentType;
  public?: boolean;
  /** Document title while the route is shown. */
  title?: string;
}

/** What a plugin bundle's default export must be. */
export interface PluginDefinition {
  id: string;
  routes?: PluginRoute[];
  /** Components a server menu's `componentPath` (`<plugin id>/<export>`) may name. */
  components?: Record<string, ComponentType>;
}

/** The manifest the plugin build writes and the server publishes. */
export interface PluginManifest {
  id: string;
  version: string;
  /** URL of the SystemJS bundle, e.g. `/plugins/warehouse/warehouse.3f2a1b9c.js`. */
  entry: string;
  /** `sha384-…` of the bundle. */
  integrity: string;
  routes: Array<{ path: string; public: boolean; title?: string }>;
  components: string[];
  /** SDK_VERSION the plugin was built against. */
  sdkVersion: string;
  /**
   * The shared modules the bundle imports, as the specifiers it asks SystemJS for: whole
   * modules (`react`, `react-router-dom`) and single exports of per-export ones
   * (`@arco-design/web-react/Table`, `@cotton/sdk/RegionCascader`); sorted, each once.
   * Written by the plugin build; the shell imports them ahead of a visit (prefetch of the
   * plugins a page links to). Absent in manifests from older builds (treat as `[]`).
   */
  sharedImports?: string[];
  /**
   * The bundle's other files: the chunks its dynamic `import()`s load (relative to the
   * entry, e.g. `/plugins/receipt/receipt.bar-chart.1a2b3c4d.js`), each with the `sha384-…`
   * of the file. The shell adds every one to the import map's integrity before importing
   * the entry. Absent when the bundle is one file.
   */
  chunks?: Array<{ url: string; integrity: string }>;
}

/** Declares a plugin. Identity at runtime; gives the definition its type. */
export function definePlugin<T extends PluginDefinition>(definition: T): T {
  return definition;
}
