import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUTHOR_PLUGIN_ID, archiveProblems, runAuthorFlow } from './plugin-author.mjs';

// An outside author's walk (scripts/plugin-author.mjs): pack the SDK and the two tools,
// scaffold, npm install the tarballs, type-check, test, build, and check the archive. Most of
// its time is `npm install` (from npm's cache when the repository's install filled it).
describe('a plugin author outside the repository', () => {
  it('scaffolds, installs the packed packages, type-checks, tests and builds an archive whose files match its manifest', async () => {
    /** @type {string[]} */
    const lines = [];
    const { manifest } = await runAuthorFlow({ test: true, log: (line) => lines.push(line) }).catch((error) => {
      throw new Error(`${error.message}\n--- steps ---\n${lines.join('\n')}`);
    });
    expect(manifest).toMatchObject({
      id: AUTHOR_PLUGIN_ID,
      version: '0.1.0',
      routes: [],
      components: ['AcmeReportList'],
    });
    expect(manifest.sharedImports).toContain('@cotton/sdk/ListPage');
  }, 240_000);
});

describe('archiveProblems', () => {
  const bytes = Buffer.from('System.register([],function(){return{execute(){}}});');
  const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
  const manifest = {
    id: 'x',
    version: '0.1.0',
    entry: '/plugins/x/x.1.js',
    integrity,
    files: [{ name: 'x.1.js', integrity, size: bytes.length }],
  };
  const archive = (/** @type {object} */ m, /** @type {Record<string, Buffer>} */ extra = {}) =>
    new Map([['manifest.json', Buffer.from(JSON.stringify(m))], ['x.1.js', bytes], ...Object.entries(extra)]);

  it('accepts an archive whose files are as its manifest says', () => {
    expect(archiveProblems(archive(manifest), 'x')).toEqual([]);
  });

  it('names a wrong integrity, a wrong size and a file the manifest does not list', () => {
    const wrong = { ...manifest, files: [{ name: 'x.1.js', integrity: 'sha384-AAAA', size: 1 }] };
    expect(archiveProblems(archive(wrong, { 'x.1.js.gz': Buffer.from('') }), 'x')).toEqual([
      'archive holds x.1.js, x.1.js.gz; manifest lists x.1.js',
      'x.1.js.gz should not be in the archive',
      `x.1.js: integrity sha384-AAAA, the file's is ${integrity}`,
      `x.1.js: size 1, the file has ${bytes.length} bytes`,
      "the entry's integrity differs from manifest.integrity",
    ]);
  });
});
