import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { archiveProblems } from './plugin-author.mjs';

// The author's whole walk (scripts/plugin-author.mjs: pack, scaffold, install, type-check,
// test, build) runs once, in the end-to-end test that then installs what it built
// (tests/e2e/plugin-author.spec.ts); `npm run test:plugin-author` runs it alone.
describe('archiveProblems', () => {
  const bytes = Buffer.from('System.register([],function(){return{execute(){}}});');
  /** @param {Buffer} b */
  const sha384 = (b) => `sha384-${createHash('sha384').update(b).digest('base64')}`;
  const integrity = sha384(bytes);
  /** @type {Record<string, Buffer>} */
  const siblings = { 'x.1.js.br': brotliCompressSync(bytes), 'x.1.js.gz': gzipSync(bytes) };
  const listed = (/** @type {string} */ name, /** @type {Buffer} */ b) => ({
    name,
    integrity: sha384(b),
    size: b.length,
  });
  const manifest = {
    id: 'x',
    version: '0.1.0',
    entry: '/plugins/x/x.1.js',
    integrity,
    files: [
      { name: 'x.1.js', integrity, size: bytes.length },
      ...Object.entries(siblings).map(([name, b]) => listed(name, b)),
    ],
  };
  const archive = (/** @type {object} */ m, /** @type {Record<string, Buffer>} */ files = siblings) =>
    new Map([['manifest.json', Buffer.from(JSON.stringify(m))], ['x.1.js', bytes], ...Object.entries(files)]);

  it('accepts an archive whose files are as its manifest says, each JS file with its .br and .gz', () => {
    expect(archiveProblems(archive(manifest), 'x')).toEqual([]);
  });

  it('names a wrong integrity, a wrong size and a file the manifest does not list', () => {
    const wrong = {
      ...manifest,
      files: [{ name: 'x.1.js', integrity: 'sha384-AAAA', size: 1 }, ...manifest.files.slice(1)],
    };
    const map = Buffer.from('{}');
    expect(archiveProblems(archive(wrong, { ...siblings, 'x.1.js.map': map }), 'x')).toEqual([
      'archive holds x.1.js, x.1.js.br, x.1.js.gz, x.1.js.map; manifest lists x.1.js, x.1.js.br, x.1.js.gz',
      'x.1.js.map should not be in the archive',
      `x.1.js: integrity sha384-AAAA, the file's is ${integrity}`,
      `x.1.js: size 1, the file has ${bytes.length} bytes`,
      "the entry's integrity differs from manifest.integrity",
    ]);
  });

  it('requires the .br and .gz of each JS file, listed, decompressing to it', () => {
    const bare = { ...manifest, files: manifest.files.slice(0, 1) };
    expect(archiveProblems(archive(bare, {}), 'x')).toEqual([
      "x.1.js.br is not in the archive or not listed in the manifest's files",
      "x.1.js.gz is not in the archive or not listed in the manifest's files",
    ]);
    const other = { 'x.1.js.br': brotliCompressSync('other'), 'x.1.js.gz': Buffer.from('not gzip') };
    const lying = {
      ...manifest,
      files: [manifest.files[0], ...Object.entries(other).map(([name, b]) => listed(name, b))],
    };
    expect(archiveProblems(archive(lying, other), 'x')).toEqual([
      'x.1.js.br does not decompress to x.1.js',
      'x.1.js.gz does not decompress to x.1.js',
    ]);
    const stray = { 'y.js.gz': gzipSync('y') };
    const strayManifest = { ...manifest, files: [...manifest.files, listed('y.js.gz', stray['y.js.gz'])] };
    expect(archiveProblems(archive(strayManifest, { ...siblings, ...stray }), 'x')).toEqual([
      'y.js.gz is not beside a file of the archive',
    ]);
  });
});
