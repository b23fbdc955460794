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

/** Declares a plugin. Identity at runtime; gives the definition its type. */
export function definePlugin<T extends PluginDefinition>(definition: T): T {
  return definition;
}
