import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  buildPluginArchive,
  checkAuthorPlugin,
  installAuthorPackages,
  packAuthorPackages,
  scaffoldPlugin,
} from '../../scripts/plugin-author.mjs';

// The outside author's half of plugin-author.spec.ts: pack the three packages, scaffold,
// install them, type-check and test the scaffold as it comes, build 1.0.0 (its page says
// 版本 1) and 1.1.0 (版本 2). It needs no portal, and most of it is npm waiting on the disk:
// a full `npm test` (E2E_AUTHOR_EARLY=1) starts it in the global set-up, beside the portal's
// start and the first specs, and the spec picks up what it left in E2E_AUTHOR_FOLDER; a run
// of the spec alone does it in the spec.

export const AUTHOR_ID = 'acme-ledger';
/** The title the scaffold gives the list page (`__TITLE__`), and the one each version shows. */
export const SCAFFOLD_TITLE = `${AUTHOR_ID} 列表`;
export const versionTitle = (version: 1 | 2) => `Acme 台账 · 版本 ${version}`;

export interface AuthorPlugin {
  /** The scaffolded plugin's folder (with its node_modules: dev mode runs there). */
  dir: string;
  /** 1.0.0's and 1.1.0's archives, kept outside `dist/`. */
  archives: string[];
  /** Their manifests, as `cotton-plugin build` wrote them. */
  manifests: Array<Record<string, unknown>>;
  /** Each command the author ran, with its time. */
  log: string[];
}

const RESULT = 'result.json';
const FAILURE = 'failure.txt';

/** Replaces the list page's title (`<Typography.Title …>from</Typography.Title>`) in the source. */
export function retitle(dir: string, from: string, to: string) {
  const file = join(dir, 'src', 'list-page.tsx');
  const text = readFileSync(file, 'utf8');
  if (!text.includes(`>${from}<`)) throw new Error(`src/list-page.tsx has no title ${from}`);
  writeFileSync(file, text.replace(`>${from}<`, `>${to}<`));
}

function setVersion(dir: string, version: string) {
  const file = join(dir, 'package.json');
  writeFileSync(file, `${JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version }, null, 2)}\n`);
}

/** The author's steps, in `folder`. */
export async function authorPlugin(folder: string): Promise<AuthorPlugin> {
  const log: string[] = [];
  const say = (line: string) => log.push(line);
  try {
    const tarballs = await packAuthorPackages(folder, say);
    const dir = await scaffoldPlugin(folder, tarballs, say, AUTHOR_ID);
    await installAuthorPackages(dir, tarballs, say);
    // The scaffold passes its own type check and component test as it comes.
    await checkAuthorPlugin(dir, say);
    const kept = join(folder, 'archives');
    mkdirSync(kept, { recursive: true });
    const archives: string[] = [];
    const manifests: Array<Record<string, unknown>> = [];
    let shown = SCAFFOLD_TITLE;
    for (const [version, label] of [
      ['1.0.0', 1],
      ['1.1.0', 2],
    ] as const) {
      setVersion(dir, version);
      retitle(dir, shown, versionTitle(label));
      shown = versionTitle(label);
      const { archive, manifest } = await buildPluginArchive(dir, say);
      archives.push(join(kept, basename(archive)));
      copyFileSync(archive, archives.at(-1)!);
      manifests.push(manifest);
    }
    return { dir, archives, manifests, log };
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- author steps ---\n${log.join('\n')}`, { cause: error });
  }
}

/** Runs the author's steps in `folder`, leaving their result (or failure) there for {@link authoredPlugin}. */
export async function startAuthorPlugin(folder: string): Promise<void> {
  // Written whole, then renamed: the spec never reads half a file.
  const [name, text] = await authorPlugin(folder).then(
    (plugin) => [RESULT, JSON.stringify(plugin)],
    (error: Error) => [FAILURE, error.message],
  );
  writeFileSync(join(folder, `${name}.partial`), text);
  renameSync(join(folder, `${name}.partial`), join(folder, name));
}

/**
 * The author's plugin: the one the global set-up started (waiting for it to finish), or made
 * now in `folder` when no set-up started one.
 */
export async function authoredPlugin(folder: string, deadlineMs = 200_000): Promise<AuthorPlugin> {
  const early = process.env.E2E_AUTHOR_FOLDER;
  if (!early) return authorPlugin(folder);
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (existsSync(join(early, FAILURE))) throw new Error(readFileSync(join(early, FAILURE), 'utf8'));
    if (existsSync(join(early, RESULT))) return JSON.parse(readFileSync(join(early, RESULT), 'utf8')) as AuthorPlugin;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the author's steps started by the global set-up did not finish within ${deadlineMs / 1000} s`);
}
