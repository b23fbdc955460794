// Runs drizzle-kit (hoisted to the root node_modules) so that it sees this workspace's
// drizzle-orm (installed under server/node_modules): drizzle-kit loads drizzle-orm with a
// dynamic import from its own folder, which would not find it otherwise. It also requires
// esbuild (to load drizzle.config.ts and the schema), the root's one (`overrides` in the
// root package.json), so that is linked beside it too.
// Usage: node scripts/drizzle-kit.mjs generate [--name <name>]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(serverRoot, 'package.json'));
/**
 * Folder of an installed package, found the way Node would look for it from here.
 * @param {string} name
 * @returns {string}
 */
function packageDir(name) {
  const dir = (require.resolve.paths(name) ?? [])
    .map((base) => join(base, name))
    .find((candidate) => existsSync(candidate));
  if (!dir) throw new Error(`${name} is not installed`);
  return dir;
}

const shim = mkdtempSync(join(tmpdir(), 'cotton-drizzle-kit-'));
try {
  mkdirSync(join(shim, 'node_modules'));
  symlinkSync(packageDir('drizzle-kit'), join(shim, 'node_modules', 'drizzle-kit'));
  symlinkSync(packageDir('drizzle-orm'), join(shim, 'node_modules', 'drizzle-orm'));
  symlinkSync(packageDir('esbuild'), join(shim, 'node_modules', 'esbuild'));
  const result = spawnSync(
    process.execPath,
    [
      '--preserve-symlinks',
      '--preserve-symlinks-main',
      join(shim, 'node_modules', 'drizzle-kit', 'bin.cjs'),
      ...process.argv.slice(2),
    ],
    { cwd: serverRoot, stdio: 'inherit' },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(shim, { recursive: true, force: true });
}
