import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';

/**
 * What Vite's preload helper is told to fetch beside a dynamically imported chunk. By default
 * each dynamic import lists the chunk and every chunk it imports, transitively — also the
 * ones `index.html` already loaded (the entry and its static imports), which the browser
 * has. The shell has one dynamic import per export of Arco, its icons and the SDK (hundreds,
 * `virtual:cotton-shared-modules`), so those lists are a large part of the entry. This keeps
 * only the chunks not loaded at boot; a chunk whose imports are all loaded lists nothing
 * (its own `import()` fetches it). Stylesheets are not filtered (Vite adds them after).
 */
export function preloadDependencies(): { plugin: Plugin; resolveDependencies: ResolveModulePreloadDependenciesFn } {
  /** File names of the chunks loaded at boot: the entries and their static imports. */
  const initial = new Set<string>();
  return {
    plugin: {
      name: 'cotton:initial-chunks',
      apply: 'build',
      generateBundle: {
        // Before Vite's import analysis writes the lists.
        order: 'pre',
        handler(_options, bundle) {
          initial.clear();
          const visit = (fileName: string) => {
            const chunk = bundle[fileName];
            if (initial.has(fileName) || chunk?.type !== 'chunk') return;
            initial.add(fileName);
            chunk.imports.forEach(visit);
          };
          for (const chunk of Object.values(bundle)) {
            if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
          }
        },
      },
    },
    resolveDependencies(fileName, deps) {
      const missing = deps.filter((dep) => dep !== fileName && !initial.has(dep));
      return missing.length > 0 ? [fileName, ...missing] : [];
    },
  };
}
