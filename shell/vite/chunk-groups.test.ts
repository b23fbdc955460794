import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EAGER_COMPILE_HINT,
  EAGER_GROUPS,
  chunkGroups,
  eagerCompileHint,
  iconNameOf,
  iconsArcoShares,
} from './chunk-groups';

const arco = (file: string) => `/repo/node_modules/@arco-design/web-react/${file}`;
/** The name of the first group whose test the module id matches (Rolldown's order), or null. */
function groupOf(id: string): string | null {
  for (const group of chunkGroups()) {
    if (!group.test) continue;
    const hit = typeof group.test === 'function' ? group.test(id) : group.test.test(id);
    if (hit) return group.name;
  }
  return null;
}

describe('iconsArcoShares', () => {
  it('lists the icons several Arco components draw, not those one component or none uses', () => {
    const icons = iconsArcoShares();
    // Table, Tree, Cascader…; Select, Cascader, Tree…
    expect(icons).toContain('IconCaretDown');
    expect(icons).toContain('IconCheck');
    // Upload only, Image only, no component.
    expect(icons).not.toContain('IconUpload');
    expect(icons).not.toContain('IconZoomIn');
    expect(icons).not.toContain('IconGift');
  });
});

describe('iconNameOf', () => {
  it('names an icon module, either slash, and nothing else', () => {
    expect(iconNameOf(arco('icon/react-icon/IconDown/index.js'))).toBe('IconDown');
    expect(iconNameOf('C:\\x\\@arco-design\\web-react\\icon\\react-icon\\IconUp\\index.js')).toBe('IconUp');
    expect(iconNameOf(arco('es/Table/index.js'))).toBeNull();
  });
});

describe('chunkGroups', () => {
  it('starts with the entry group', () => {
    expect(chunkGroups()[0]).toEqual({ name: 'boot', tags: ['$initial'] });
  });

  it('puts shared icons and helpers in the common group, before the form and table groups', () => {
    expect(groupOf(arco('icon/react-icon/IconCaretDown/index.js'))).toBe('arco-common');
    expect(groupOf(arco('es/_util/hooks/useUpdate.js'))).toBe('arco-common');
    expect(groupOf('/repo/node_modules/b-tween/dist/b-tween.es.js')).toBe('arco-common');
    // What only the pickers or Typography need stays with them.
    expect(groupOf(arco('es/_util/dayjs.js'))).toBeNull();
    expect(groupOf(arco('icon/react-icon/IconUpload/index.js'))).toBeNull();
  });

  it('groups the components of a list page, and leaves the others to their own chunks', () => {
    expect(groupOf(arco('es/Grid/index.js'))).toBe('arco-grid');
    expect(groupOf(arco('es/Form/form.js'))).toBe('arco-form');
    expect(groupOf(arco('es/Checkbox/index.js'))).toBe('arco-form');
    expect(groupOf(arco('es/Table/table.js'))).toBe('arco-table');
    expect(groupOf(arco('es/Select/select.js'))).toBe('arco-table');
    expect(groupOf(arco('es/Tabs/index.js'))).toBeNull();
    expect(groupOf(arco('es/Typography/index.js'))).toBeNull();
  });

  it('groups the SDK’s table widgets, not the pager of the light lists, its formatters or hooks', () => {
    expect(groupOf('/repo/sdk/src/widgets/column-setting-table/ColumnSettingTable.tsx')).toBe('sdk-list');
    expect(groupOf('/repo/sdk/src/widgets/footer-pager/FooterPager.tsx')).toBeNull();
    expect(groupOf('/repo/sdk/src/validators/codes.ts')).toBe('sdk-codes');
    expect(groupOf('/repo/sdk/src/validators/password.ts')).toBeNull();
    expect(groupOf('/repo/sdk/src/widgets/column-setting-table/ColumnSettingDrawer.tsx')).toBeNull();
    expect(groupOf('/repo/sdk/src/format.ts')).toBeNull();
    expect(groupOf('/repo/sdk/src/hooks/use-search-params-state.ts')).toBeNull();
  });
});

describe('eagerCompileHint', () => {
  it('puts the compile hint first in the written table and form chunks, not the entry or other chunks; their maps a line down', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eager-hint-'));
    try {
      const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
      const chunk = (name: string, fileName: string, isEntry = false) => ({ type: 'chunk', name, fileName, isEntry });
      write('arco-table-a.js', 'const __vite__mapDeps=()=>[];export const t=()=>1;\n');
      write('arco-table-a.js.map', JSON.stringify({ version: 3, mappings: 'AAAA' }));
      write('index-b.js', 'export const boot=1;\n');
      write('Tabs-c.js', 'export const tabs=1;\n');
      const bundle = {
        'arco-table-a.js': chunk('arco-table', 'arco-table-a.js'),
        'index-b.js': chunk('index', 'index-b.js', true),
        'Tabs-c.js': chunk('Tabs', 'Tabs-c.js'),
      };
      const plugin = eagerCompileHint();
      const writeBundle = plugin.writeBundle as (options: { dir: string }, bundle: unknown) => void;
      writeBundle.call({}, { dir }, bundle);

      const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
      expect(read('arco-table-a.js')).toBe(
        `${EAGER_COMPILE_HINT}\nconst __vite__mapDeps=()=>[];export const t=()=>1;\n`,
      );
      expect(JSON.parse(read('arco-table-a.js.map')).mappings).toBe(';AAAA');
      expect(read('index-b.js')).toBe('export const boot=1;\n');
      expect(read('Tabs-c.js')).toBe('export const tabs=1;\n');
      expect(EAGER_COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
      expect([...EAGER_GROUPS].sort()).toEqual(['arco-common', 'arco-form', 'arco-grid', 'arco-table', 'sdk-list']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
