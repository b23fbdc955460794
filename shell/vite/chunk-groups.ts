import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** Arco's component sources: `…/@arco-design/web-react/es`. */
const ARCO_ES = path.join(path.dirname(require.resolve('@arco-design/web-react/package.json')), 'es');
/** `…/@arco-design/web-react/icon/react-icon/<IconName>/index.js`, either slash: the icon's name. */
const ICON_MODULE = /[\\/]@arco-design[\\/]web-react[\\/]icon[\\/]react-icon[\\/](Icon[A-Za-z0-9]+)[\\/]index\.js$/;
/** An import of an icon module in Arco's component sources (`../../icon/react-icon/IconDown`). */
const ICON_IMPORT = /from\s+['"](?:\.\.\/)+icon\/react-icon\/(Icon[A-Za-z0-9]+)['"]/g;
/** Arco's small shared helpers (`es/_util/…`) and b-tween; not dayjs, colour and clipboard code (pickers, Typography only). */
const ARCO_UTIL = /[\\/]@arco-design[\\/]web-react[\\/]es[\\/]_util[\\/]|[\\/]node_modules[\\/]b-tween[\\/]/;
const ARCO_UTIL_ALONE = /[\\/]_util[\\/](dayjs|color|clipboard)\.js$/;

/** A component folder of Arco's sources, either slash: `es/Table/…`. */
const arcoFolders = (...names: string[]) =>
  new RegExp(`[\\\\/]@arco-design[\\\\/]web-react[\\\\/]es[\\\\/](${names.join('|')})[\\\\/]`);

/**
 * The icons that two or more of Arco's folders (`es/Table`, `es/Tree`, `es/_class/picker`…)
 * import themselves (IconDown, IconCaretUp…): each is shared by several components.
 */
export function iconsArcoShares(esDir = ARCO_ES): Set<string> {
  /** icon name → the folders importing it */
  const users = new Map<string, Set<string>>();
  const visit = (dir: string, folder: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full, folder || (entry.name === '_class' ? '' : entry.name));
      else if (entry.name.endsWith('.js')) {
        const owner = folder || path.relative(esDir, full).split(path.sep).slice(0, 2).join('/');
        for (const match of readFileSync(full, 'utf8').matchAll(ICON_IMPORT)) {
          const set = users.get(match[1]) ?? new Set<string>();
          set.add(owner);
          users.set(match[1], set);
        }
      }
    }
  };
  visit(esDir, '');
  return new Set([...users].filter(([, folders]) => folders.size >= 2).map(([name]) => name));
}

/** The icon a module id is, or null. */
export function iconNameOf(id: string): string | null {
  return ICON_MODULE.exec(id.split('?')[0])?.[1] ?? null;
}

/** One of Rolldown's `output.codeSplitting.groups` (the fields this file uses). */
export interface ChunkGroup {
  name: string;
  tags?: ['$initial'];
  test?: RegExp | ((id: string) => boolean);
}

/**
 * The shell's chunk groups (issue 16), in the order Rolldown fills them: a module goes to
 * the first group whose `test` it matches, with the modules it imports that no earlier group
 * took. Arco and the SDK are lent one export at a time (`virtual:cotton-shared-modules`), so
 * without groups each export and each helper shared by two exports is a file of its own: a
 * data page loaded some 70 files, a quarter of their gzip size being per-file overhead.
 *
 * - `boot`: the entry and everything it imports statically (`index.html` loads it).
 * - `arco-common`: the icons several Arco components draw themselves and Arco's small helpers
 *   (hooks, scroll, tween): first, so that a component outside the groups below (Tabs, Tree,
 *   a plugin's `IconDown`) loads these few KB, not the form or the table.
 * - `arco-grid`: Grid (home page, Form's layout, Descriptions).
 * - `arco-form`: Form, Checkbox, Radio (the login page: no table).
 * - `arco-table`: Table, Pagination, Select, Cascader and what they use (Tag, InputTag,
 *   virtual list…): a list page's search form and table.
 * - `sdk-codes`: the SDK's code patterns (region, bank, batch…), which list widgets and light
 *   pages both import.
 * - `sdk-list`: the SDK's list-page widgets (ColumnSettingTable, RegionCascader), which need
 *   the table anyway; not its formatters and hooks, which any page may import, nor FooterPager,
 *   which the light public lists (/warehouse) draw without the table.
 *
 * A component's stylesheet goes with its chunk: a group's chunk has one stylesheet, linked
 * (and waited for) before the chunk's import resolves, as for any chunk.
 */
export function chunkGroups(sharedIcons = iconsArcoShares()): ChunkGroup[] {
  return [
    { name: 'boot', tags: ['$initial'] },
    {
      name: 'arco-common',
      test: (id) => sharedIcons.has(iconNameOf(id) ?? '') || (ARCO_UTIL.test(id) && !ARCO_UTIL_ALONE.test(id)),
    },
    { name: 'arco-grid', test: arcoFolders('Grid') },
    { name: 'arco-form', test: arcoFolders('Form', 'Checkbox', 'Radio') },
    { name: 'arco-table', test: arcoFolders('Table', 'Pagination', 'Select', 'Cascader') },
    // Before `sdk-list`: RegionCascader imports the code patterns, which would otherwise join
    // its chunk, and a light page that checks one pattern (/warehouse's province list) would
    // load the table with it.
    { name: 'sdk-codes', test: /[\\/]sdk[\\/]src[\\/]validators[\\/]codes\.ts$/ },
    {
      name: 'sdk-list',
      test: /[\\/]sdk[\\/]src[\\/]widgets[\\/](column-setting-table[\\/]ColumnSettingTable|region-cascader[\\/])/,
    },
  ];
}

/** The groups whose chunks start with `//# allFunctionsCalledOnLoad` (see {@link eagerCompileHint}). */
export const EAGER_GROUPS: ReadonlySet<string> = new Set([
  'arco-common',
  'arco-grid',
  'arco-form',
  'arco-table',
  'sdk-list',
]);

/**
 * V8's explicit compile hint on the first line of the groups a public page needs on a click
 * (issue 16). The link prefetch loads them while the visitor is still on the page before, and
 * a list page calls most of their functions at once (the form, the table, the pager), so
 * compiling them whole as they load, on a background thread, takes that work out of the
 * click. Not the boot chunk (a cold load waits for all of it) nor the per-export chunks
 * outside the groups. Written into the files once they are final: the minifier would drop a
 * banner, and Vite puts its preload map (`__vite__mapDeps`) first after every plugin's
 * `generateBundle`; the source map moves down the one line.
 */
export function eagerCompileHint(): Plugin {
  return {
    name: 'cotton-eager-compile-hint',
    apply: 'build',
    enforce: 'post',
    // On the written files: Vite's own last step, its preload map, comes after every
    // plugin's generateBundle.
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk' || item.isEntry || !EAGER_GROUPS.has(item.name)) continue;
        const file = path.join(dir, item.fileName);
        writeFileSync(file, `${EAGER_COMPILE_HINT}\n${readFileSync(file, 'utf8')}`);
        const mapFile = `${file}.map`;
        if (existsSync(mapFile)) {
          const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string };
          writeFileSync(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
        }
      }
    },
  };
}

/** Chromium's file-wide compile hint (Chrome 136+). */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';
