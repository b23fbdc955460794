import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package folder, found by walking up from this module to the `package.json`
 * named `@cotton/server`. The same code runs from `src/` (tests, tsx) and bundled into
 * `dist/main.js`, so no fixed number of `..` fits both.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@cotton/server') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('找不到 @cotton/server 的 package.json');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
export const REPO_ROOT = resolve(SERVER_ROOT, '..');
export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');
