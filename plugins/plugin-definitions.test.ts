import type { PluginDefinition } from '@cotton/sdk';
import { describe, expect, it } from 'vitest';

// Vite's `import.meta.glob`, declared here rather than with vite/client's types, which would
// lend every plugin Vite's module declarations (this file is type-checked with the plugins).
declare global {
  interface ImportMeta {
    glob<T>(pattern: string, options: { eager: true; import: 'default' }): Record<string, T>;
  }
}

// The build writes each manifest from the plugin's static plugin.json (so the shell can
// register routes without downloading bundles); the definition in src/index.tsx is what
// actually renders. This keeps the two in agreement for every plugin folder, from the
// sources; the build checks the same on the built bundle (tools/plugin-tools,
// check-definition.mjs), which is what an author outside the repository gets.
const definitions = import.meta.glob<PluginDefinition>('./*/src/index.tsx', { eager: true, import: 'default' });
const manifests = import.meta.glob<{ id: string; routes: unknown[]; components: string[] }>('./*/plugin.json', {
  eager: true,
  import: 'default',
});

const folders = Object.keys(manifests).map((file) => file.split('/')[1]);

describe.each(folders)('plugin %s', (folder) => {
  const manifest = manifests[`./${folder}/plugin.json`];
  const plugin = definitions[`./${folder}/src/index.tsx`];

  it('agrees with plugin.json', () => {
    expect(plugin.id).toBe(manifest.id);
    expect(
      (plugin.routes ?? []).map(({ path, public: isPublic, title }) => ({ path, public: Boolean(isPublic), title })),
    ).toEqual(manifest.routes);
    expect(Object.keys(plugin.components ?? {}).sort()).toEqual([...manifest.components].sort());
  });

  it('gives every route and component a React component', () => {
    for (const route of plugin.routes ?? []) expect(typeof route.element).toBe('function');
    for (const component of Object.values(plugin.components ?? {})) expect(typeof component).toBe('function');
  });
});
