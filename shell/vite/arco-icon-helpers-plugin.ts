import type { Plugin } from 'vite';

/** `…/@arco-design/web-react/icon/react-icon/<IconName>/index.js`, either slash. */
const ICON_MODULE = /[\\/]@arco-design[\\/]web-react[\\/]icon[\\/]react-icon[\\/]Icon[A-Za-z0-9]+[\\/]index\.js$/;
/** Babel's inlined object-spread helpers, one line each, as every Arco icon module has them. */
const OWN_KEYS = /^function ownKeys\(object, enumerableOnly\) \{.*\}$/m;
const OBJECT_SPREAD = /^function _objectSpread\(target\) \{.*\}$/m;
/** The same helper as a module of its own (ownKeys + defineProperty, identical semantics). */
export const SHARED_OBJECT_SPREAD = '@babel/runtime/helpers/esm/objectSpread2';

/**
 * The module text of an Arco icon with Babel's inlined `ownKeys` / `_objectSpread` replaced by
 * an import of `@babel/runtime`'s `objectSpread2`; null when `id` is no icon module or the
 * helpers are not written as expected (the module is then left as it is).
 */
export function withSharedSpreadHelper(code: string, id: string): string | null {
  if (!ICON_MODULE.test(id.split('?')[0]) || !OWN_KEYS.test(code) || !OBJECT_SPREAD.test(code)) return null;
  return code
    .replace(OWN_KEYS, '')
    .replace(OBJECT_SPREAD, `import _objectSpread from ${JSON.stringify(SHARED_OBJECT_SPREAD)};`);
}

/**
 * Each Arco icon is a shared module of its own (`@arco-design/web-react/icon/IconDown`), so
 * each is a chunk of its own — and each carried its own copy of Babel's object-spread
 * helpers, about a third of a small icon's chunk (a page with Arco's form, table and cascader
 * loads some 25 icons). In the build they share one copy instead.
 */
export function arcoIconHelpersPlugin(): Plugin {
  return {
    name: 'cotton:arco-icon-helpers',
    apply: 'build',
    transform(code, id) {
      const shared = withSharedSpreadHelper(code, id);
      return shared === null ? null : { code: shared, map: null };
    },
  };
}
