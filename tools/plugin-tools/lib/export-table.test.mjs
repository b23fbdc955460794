import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBuildTools } from './test-support.mjs';

const { exportTable, getSharedModules, packageEntry, parseExportTable } = await loadBuildTools();

describe('exportTable', () => {
  it('reads Arco from es/index.js: Button is the default export of es/Button/index.js', () => {
    const table = exportTable('@arco-design/web-react');
    expect(packageEntry('@arco-design/web-react')).toMatch(/@arco-design\/web-react\/es\/index\.js$/);
    expect(table.get('Button')).toEqual({
      file: expect.stringMatching(/@arco-design\/web-react\/es\/Button\/index\.js$/),
      imported: 'default',
    });
    expect(table.has('Table')).toBe(true);
    expect(table.has('version')).toBe(false);
  });

  it('reads the icons from icon/index.es.js', () => {
    const table = exportTable('@arco-design/web-react/icon');
    expect(packageEntry('@arco-design/web-react/icon')).toMatch(/icon\/index\.es\.js$/);
    expect(table.get('IconHome')).toEqual({
      file: expect.stringMatching(/icon\/react-icon\/IconHome\/index\.js$/),
      imported: 'default',
    });
  });

  it('reads the SDK from its TypeScript entry, resolving .ts files', () => {
    expect(packageEntry('@cotton/sdk')).toMatch(/sdk\/src\/index\.ts$/);
    const table = exportTable('@cotton/sdk');
    expect(table.get('definePlugin')).toEqual({
      file: expect.stringMatching(/sdk\/src\/plugin\.ts$/),
      imported: 'definePlugin',
    });
    expect(table.has('PluginManifest')).toBe(false);
  });

  it('reads the validators from their own entry, skipping the type-only lines', () => {
    expect(packageEntry('@cotton/sdk/validators')).toMatch(/sdk\/src\/validators\/index\.ts$/);
    const table = exportTable('@cotton/sdk/validators');
    expect(table.get('isMobile')).toEqual({
      file: expect.stringMatching(/sdk\/src\/validators\/patterns\.ts$/),
      imported: 'isMobile',
    });
    expect(table.has('ValidatorRule')).toBe(false);
    expect(exportTable('@cotton/sdk').has('isMobile')).toBe(false);
  });

  it('refuses a package that is not per-export', () => {
    expect(() => exportTable('react')).toThrow(/not a per-export shared module/);
  });

  it('reads SHARED_MODULES from the SDK source', () => {
    const names = getSharedModules().map((m) => m.name);
    expect(names).toContain('react/jsx-runtime');
    expect(getSharedModules().find((m) => m.name === '@arco-design/web-react')?.perExport).toBe(true);
  });
});

describe('parseExportTable', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'export-table-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * Writes `files` and an index.ts of `source` into the temporary folder.
   * @param {string} source
   * @param {Record<string, string>} files path → text
   * @returns {string} the index.ts
   */
  function entry(source, files) {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    const file = path.join(dir, 'index.ts');
    writeFileSync(file, source);
    return file;
  }

  it('handles aliases, multi-line lists, type-only lines and specifiers, folders and extensions', () => {
    const file = entry(
      [
        '// a comment: export { nope } from "./nowhere"',
        "export { default as Widget } from './widget';",
        'export {',
        '  a,',
        '  b as c,',
        '  type T,',
        "} from './lib.js';",
        "export type { Props } from './widget';",
        "export var version = '1';",
      ].join('\n'),
      { 'widget/index.tsx': 'export default 1;', 'lib.ts': 'export const a = 1, b = 2;' },
    );
    const table = parseExportTable(file, 'pkg');
    expect([...table.keys()]).toEqual(['Widget', 'a', 'c']);
    expect(table.get('Widget')).toEqual({ file: path.join(dir, 'widget', 'index.tsx'), imported: 'default' });
    expect(table.get('c')).toEqual({ file: path.join(dir, 'lib.ts'), imported: 'b' });
  });

  it('refuses export * (the names cannot be listed)', () => {
    const file = entry("export * from './lib';", { 'lib.ts': 'export const a = 1;' });
    expect(() => parseExportTable(file, 'pkg')).toThrow(/export \* from '\.\/lib'.*not allowed/);
  });

  it('names a file it cannot resolve', () => {
    const file = entry("export { a } from './missing';", {});
    expect(() => parseExportTable(file, 'pkg')).toThrow(/cannot resolve '\.\/missing'/);
  });
});
