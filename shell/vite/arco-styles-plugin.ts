import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The module `src/main.tsx` imports first of all styles: Arco's base styles. */
export const VIRTUAL_ARCO_STYLES = 'virtual:cotton-arco-styles';
const RESOLVED_ID = `\0${VIRTUAL_ARCO_STYLES}`;

/** Arco's base styles: the colour palettes and theme variables (light and dark), reset, icons. */
export const ARCO_BASE_STYLES = '@arco-design/web-react/es/style/index.css';
/** Arco's whole stylesheet, for the dev server only (it pre-bundles Arco as one module). */
export const ARCO_WHOLE_STYLES = '@arco-design/web-react/dist/css/arco.min.css';

/** `…/@arco-design/web-react/es/<Component>/index.js` (a component's entry), either slash. */
const COMPONENT_ENTRY = /[\\/]@arco-design[\\/]web-react[\\/]es[\\/]([A-Z][A-Za-z]*)[\\/]index\.js$/;

/**
 * The style import a module of Arco should carry: `./style/css.js` for a component's entry
 * (`es/Table/index.js`) whose folder has one — Arco's own list of the CSS the component needs:
 * the base styles, the components it renders (Table: Checkbox, Pagination, Spin…), its own —,
 * else null (internal files, `ConfigProvider`, `Portal`…, anything outside Arco).
 */
export function arcoStyleImportOf(id: string): string | null {
  const file = id.split('?')[0];
  if (!COMPONENT_ENTRY.test(file)) return null;
  return existsSync(path.join(path.dirname(file), 'style', 'css.js')) ? './style/css.js' : null;
}

/**
 * Per-component Arco styles (issue 16). In the build each Arco component's entry imports its
 * own `style/css.js`, so its CSS lands in the chunk that holds the component:
 * - the components the shell renders up front (header, footer, messages) in the entry's
 *   stylesheet, which `index.html` links;
 * - the others — each one a shared module a plugin imports (`@arco-design/web-react/Table`),
 *   or a part of a lazily loaded shell page (login, back office) — in their chunk's
 *   stylesheet, which Vite's preload helper links and waits for before the chunk's import
 *   resolves: before SystemJS executes the plugin that imports it, so before it renders.
 * Each stylesheet is linked once, whichever plugin asks. `virtual:cotton-arco-styles` is the
 * base styles (first in the entry's stylesheet, before the shell's own CSS); on the dev
 * server, which pre-bundles Arco whole, it is Arco's whole stylesheet and nothing is added.
 */
export function arcoStylesPlugin(): Plugin {
  let serve = false;
  return {
    name: 'cotton:arco-styles',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      return id === VIRTUAL_ARCO_STYLES ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      return `import ${JSON.stringify(serve ? ARCO_WHOLE_STYLES : ARCO_BASE_STYLES)};\n`;
    },
    transform(code, id) {
      if (serve) return null;
      const styles = arcoStyleImportOf(id);
      // At the end: module imports are hoisted, and the lines (and the source map) stay as they are.
      return styles ? { code: `${code}\nimport ${JSON.stringify(styles)};\n`, map: null } : null;
    },
  };
}
