import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { SDK_VERSION } from '@cotton/sdk/contracts';

/**
 * Installable plugin archives for the tests (the format of docs/architecture.md "Plugin
 * registry"): a System.register bundle with its real sha384, a manifest with `files`, and a
 * hand-written tar so that a test can put in anything a hostile archive could carry.
 */

export interface TarEntry {
  name: string;
  body?: Buffer | string;
  /** `0` file, `2` symlink, `5` directory. */
  type?: '0' | '2' | '5';
  linkname?: string;
}

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, '0') + '\0';
}

function header(entry: TarEntry, size: number): Buffer {
  const block = Buffer.alloc(512);
  block.write(entry.name, 0, 100, 'utf8');
  block.write(octal(entry.type === '5' ? 0o755 : 0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(1_700_000_000, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(entry.type ?? '0', 156, 'ascii');
  if (entry.linkname) block.write(entry.linkname, 157, 100, 'utf8');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

/** An uncompressed tar of `entries`. */
export function tarOf(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const body = entry.type && entry.type !== '0' ? Buffer.alloc(0) : Buffer.from(entry.body ?? '');
    parts.push(header(entry, body.length), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

export const tgzOf = (entries: TarEntry[]) => gzipSync(tarOf(entries));

export const sha384 = (bytes: Buffer | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** A plugin bundle as rollup writes it (format `system`): its default export is the definition. */
export function bundleText(id: string, version: string, component = 'PartnerPage'): string {
  return `System.register([], function (exports) {
  'use strict';
  return {
    execute: function () {
      exports('default', {
        id: ${JSON.stringify(id)},
        routes: [],
        components: { ${component}: function () { return ${JSON.stringify(`${id} ${version}`)}; } },
      });
    },
  };
});
`;
}

export interface FixtureOptions {
  id?: string;
  version?: string;
  sdkVersion?: string;
  routes?: Array<{ path: string; public: boolean; title?: string }>;
  components?: string[];
  /** Extra files beside the entry (listed in `files`). */
  extra?: Array<{ name: string; body: string | Buffer }>;
  /** Changes the manifest before it is written. */
  edit?: (manifest: Record<string, unknown>) => void;
  /** Changes the entries before they are packed. */
  entries?: (entries: TarEntry[]) => TarEntry[];
}

export interface Fixture {
  archive: Buffer;
  manifest: Record<string, unknown>;
  entryName: string;
  entryText: string;
}

/** A valid archive (unless `edit` / `entries` say otherwise). */
export function pluginArchive(options: FixtureOptions = {}): Fixture {
  const id = options.id ?? 'partner';
  const version = options.version ?? '1.0.0';
  const entryText = bundleText(id, version, options.components?.[0]);
  const hash = createHash('sha256').update(entryText).digest('hex').slice(0, 8);
  const entryName = `${id}.${hash}.js`;
  const files: Array<{ name: string; body: string | Buffer }> = [
    { name: entryName, body: entryText },
    ...(options.extra ?? []),
  ];
  const manifest: Record<string, unknown> = {
    id,
    version,
    entry: `/plugins/${id}/${entryName}`,
    integrity: sha384(entryText),
    routes: options.routes ?? [],
    components: options.components ?? ['PartnerPage'],
    sdkVersion: options.sdkVersion ?? SDK_VERSION,
    sharedImports: [],
    files: files.map((file) => ({
      name: file.name,
      integrity: sha384(file.body),
      size: Buffer.byteLength(file.body),
    })),
  };
  options.edit?.(manifest);
  let entries: TarEntry[] = [
    { name: 'manifest.json', body: JSON.stringify(manifest) },
    ...files.map((file) => ({ name: file.name, body: file.body })),
  ];
  if (options.entries) entries = options.entries(entries);
  return { archive: tgzOf(entries), manifest, entryName, entryText };
}
