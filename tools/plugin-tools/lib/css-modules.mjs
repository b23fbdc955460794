// CSS modules for plugins: `*.module.css` gets scoped class names
// (`<pluginId>_<local>_<hash5>`), its JS module exports the class-name map, and the CSS of
// the modules in a chunk is added by that chunk, once, to the plugin's constructed
// stylesheet in `document.adoptedStyleSheets` (older browsers: a `blob:` stylesheet link) —
// not a `<style>` element, which the portal's Content-Security-Policy (no inline styles)
// would refuse.
// Global stylesheets are refused: a plugin must not restyle the shell or another plugin.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postcss from 'postcss';
import postcssModules from 'postcss-modules';
import { transform } from 'esbuild';

/** @typedef {import('rollup').Plugin} Plugin */

/**
 * @param {string} text
 * @param {number} length
 * @returns {string}
 */
function shortHash(text, length) {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/**
 * The code a chunk runs first: adds its CSS to the plugin's constructed stylesheet (one per
 * plugin, found by its `cottonPlugin` mark) unless a previous execution (a retry, another
 * chunk with the same CSS) already did. Browsers without constructed stylesheets (Safari
 * before 16.4, Firefox before 101) get a `<link rel="stylesheet">` to a `blob:` URL of the
 * CSS instead, once per chunk (the policy's `style-src` allows `blob:`; only script of the
 * page itself can make one).
 * @param {string} pluginId
 * @param {string} css
 * @returns {string}
 */
export function styleInjection(pluginId, css) {
  const key = shortHash(css, 8);
  const body = [
    'if(typeof d==="undefined")return;',
    'if(typeof CSSStyleSheet==="function"&&"adoptedStyleSheets" in d&&"replaceSync" in CSSStyleSheet.prototype){',
    'var a=d.adoptedStyleSheets,s=null;for(var n=0;n<a.length;n++)if(a[n].cottonPlugin===i)s=a[n];',
    'if(!s){s=new CSSStyleSheet();s.cottonPlugin=i;s.cottonChunks=[];s.cottonText="";d.adoptedStyleSheets=a.concat([s])}',
    'if(s.cottonChunks.indexOf(k)<0){s.cottonChunks.push(k);s.cottonText+=c;s.replaceSync(s.cottonText)}',
    'return}',
    'var id="cotton-css-"+i+"-"+k;if(d.getElementById(id))return;',
    'var l=d.createElement("link");l.id=id;l.rel="stylesheet";l.href=URL.createObjectURL(new Blob([c],{type:"text/css"}));d.head.appendChild(l);',
  ].join('');
  return `(function(d,i,k,c){${body}})(typeof document==="undefined"?undefined:document,${JSON.stringify(pluginId)},${JSON.stringify(key)},${JSON.stringify(css)});`;
}

/**
 * @param {string} pluginId
 * @param {{ root?: string }} [options] `root` (the plugin folder) makes hashes independent of
 *   where the repository is checked out
 * @returns {Plugin}
 */
export function cssModules(pluginId, options = {}) {
  /** @type {Map<string, string>} module id → its scoped CSS */
  const styles = new Map();
  /** @param {string} file */
  const relative = (file) => (options.root ? path.relative(options.root, file) : file).split(path.sep).join('/');

  return {
    name: 'cotton:css-modules',
    buildStart() {
      styles.clear();
    },
    async load(id) {
      if (id.startsWith('\0')) return null;
      const file = id.replace(/\?.*$/, '');
      if (!/\.(css|less|scss|sass|styl)$/.test(file)) return null;
      if (!file.endsWith('.module.css')) {
        this.error(
          `${relative(file)}: global stylesheets are not allowed in plugin ${pluginId}; name it *.module.css (scoped class names) — Arco's CSS is loaded once by the shell`,
        );
      }
      const source = await readFile(file, 'utf8');
      if (/:global\b/.test(source)) {
        this.error(
          `${relative(file)}: :global selectors are not allowed in plugin ${pluginId}; style your own classes only`,
        );
      }
      /** @type {Record<string, string>} */
      let classes = {};
      const result = await postcss([
        postcssModules({
          localsConvention: 'camelCase',
          generateScopedName: (local, filename) =>
            `${pluginId}_${local}_${shortHash(`${relative(filename)}:${local}`, 5)}`,
          getJSON: (_file, json) => {
            classes = json;
          },
        }),
      ]).process(source, { from: file });
      for (const dependency of result.messages.filter((m) => m.type === 'dependency')) {
        this.addWatchFile(dependency.file);
      }
      const minified = await transform(result.css, { loader: 'css', minify: true, sourcefile: file });
      styles.set(id, minified.code.trim());
      return { code: `export default ${JSON.stringify(classes)};`, moduleSideEffects: false };
    },
    intro(chunk) {
      const css = chunk.moduleIds
        .map((id) => styles.get(id))
        .filter(Boolean)
        .join('\n');
      return css ? styleInjection(pluginId, css) : '';
    },
  };
}
