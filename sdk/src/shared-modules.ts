/**
 * The modules the shell lends to plugins. This list is the single source of truth:
 * the shell registers exactly these (see shell/src/shared-modules), and the plugin build
 * marks exactly these external (see tools/plugin-tools). A plugin that bundles one of them fails
 * its build.
 *
 * `perExport: true` packages are served one named export at a time: the plugin build
 * rewrites `import { Button } from '@arco-design/web-react'` to
 * `import { Button } from '@arco-design/web-react/Button'`, and the shell loads that
 * export's chunk only when a plugin asks for it. Arco as a whole is ~290 KB gz; a page
 * that uses five components should not pay for seventy. The SDK is per-export for the
 * same reason: its widgets pull in Arco's Table, Cascader and Drawer, which the home page
 * never needs. `@cotton/sdk/validators` is a package of its own here, as Arco's icons are:
 * `@cotton/sdk/validators/isMobile` is its export `isMobile`, not an export of `@cotton/sdk`
 * (the longest name wins), so plugins share the shell's one copy of the rules the server
 * applies too. A per-export package's entry must consist of `export { … } from '…'` lines
 * (the build reads the export table from it; `export type` lines are skipped).
 */
export interface SharedModule {
  /** The bare specifier plugins import. */
  readonly name: string;
  /** Serve each named export as its own lazily loaded module. */
  readonly perExport: boolean;
}

export const SHARED_MODULES = [
  { name: 'react', perExport: false },
  { name: 'react/jsx-runtime', perExport: false },
  { name: 'react-dom', perExport: false },
  { name: 'react-dom/client', perExport: false },
  { name: 'react-router-dom', perExport: false },
  { name: '@arco-design/web-react', perExport: true },
  { name: '@arco-design/web-react/icon', perExport: true },
  { name: 'mobx', perExport: false },
  { name: 'mobx-react-lite', perExport: false },
  { name: '@cotton/sdk', perExport: true },
  { name: '@cotton/sdk/validators', perExport: true },
] as const satisfies readonly SharedModule[];

/**
 * Entries of the SDK a plugin bundles rather than borrows: plain data, nothing imported at
 * runtime. `@cotton/sdk/calls` is each call's method, path and permission (a few dozen bytes
 * a call); a plugin keeps the calls of the SDK it was built with, as it keeps its own code.
 */
export const BUNDLED_ENTRIES = ['@cotton/sdk/calls'] as const;

/** The SystemJS id a shared module (or one export of a per-export module) is registered under. */
export function sharedModuleId(name: string, exportName?: string): string {
  return exportName ? `app:${name}/${exportName}` : `app:${name}`;
}
