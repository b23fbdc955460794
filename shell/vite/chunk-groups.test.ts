import { describe, expect, it } from 'vitest';
import { chunkGroups, iconNameOf, iconsArcoShares } from './chunk-groups';

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

  it('groups the SDK’s list widgets, not its formatters or hooks', () => {
    expect(groupOf('/repo/sdk/src/widgets/column-setting-table/ColumnSettingTable.tsx')).toBe('sdk-list');
    expect(groupOf('/repo/sdk/src/widgets/footer-pager/FooterPager.tsx')).toBe('sdk-list');
    expect(groupOf('/repo/sdk/src/widgets/column-setting-table/ColumnSettingDrawer.tsx')).toBeNull();
    expect(groupOf('/repo/sdk/src/format.ts')).toBeNull();
    expect(groupOf('/repo/sdk/src/hooks/use-search-params-state.ts')).toBeNull();
  });
});
