// Builds dist/main.js (the server) and dist/seed.js (the seed CLI) with esbuild.
// Packages from node_modules stay external (installed next to the server at run time);
// workspace packages (@cotton/sdk: TypeScript source) are bundled in.
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = dirname(fileURLToPath(import.meta.url));
const outdir = join(serverRoot, 'dist');

/** Bare imports are external, except the workspace's own `@cotton/*` packages. */
const externalNodeModules = {
  name: 'external-node-modules',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@cotton/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverRoot,
  entryPoints: { main: 'src/main.ts', seed: 'src/seed/cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNodeModules],
  // Bundled CommonJS (if a workspace package ever brings some) needs `require` in ESM.
  banner: {
    js: "import { createRequire as __cottonCreateRequire } from 'node:module';\nconst require = __cottonCreateRequire(import.meta.url);",
  },
  logLevel: 'info',
});
