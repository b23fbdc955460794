// Builds dist/main.js (the server), dist/seed.js (the seed CLI) and dist/demo-accounts.js
// (`npm run demo-accounts:disable`) with esbuild.
// Packages from node_modules stay external (installed next to the server at run time);
// workspace packages (@cotton/sdk: TypeScript source) are bundled in.
// `node build.mjs` builds; tests import `buildServer` to build the same thing elsewhere.
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = dirname(fileURLToPath(import.meta.url));

/**
 * Bare imports are external, except the workspace's own `@cotton/*` packages.
 * @type {import('esbuild').Plugin}
 */
const externalNodeModules = {
  name: 'external-node-modules',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@cotton/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * @param {{ outdir?: string, logLevel?: import('esbuild').LogLevel }} [options]
 *   outdir must sit under server/ so that the built files find server/package.json and server/drizzle.
 */
export async function buildServer({ outdir = join(serverRoot, 'dist'), logLevel = 'info' } = {}) {
  await rm(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: serverRoot,
    entryPoints: { main: 'src/main.ts', seed: 'src/seed/cli.ts', 'demo-accounts': 'src/seed/demo-accounts-cli.ts' },
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
    logLevel,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
