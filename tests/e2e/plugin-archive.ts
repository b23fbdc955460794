import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create as createTar } from 'tar';

/**
 * Packs `entries` (file name → content) into the gzipped tar `archive`, laid out as
 * `cotton-plugin build` packs a plugin (`manifest.json` and its files at the top, portable
 * headers); answers `archive`. For the specs that make or spoil an archive by hand.
 */
export async function packPluginArchive(
  archive: string,
  entries: Iterable<readonly [name: string, content: string | Buffer]>,
): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'cotton-e2e-archive-'));
  try {
    const names: string[] = [];
    for (const [name, content] of entries) {
      writeFileSync(join(folder, name), content);
      names.push(name);
    }
    await createTar({ gzip: true, cwd: folder, file: archive, portable: true }, names);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return archive;
}
