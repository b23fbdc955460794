import { type ListColumn } from '@cotton/sdk';
import type { AdminCatalogRow } from '@cotton/sdk/contracts';
import type { CmsLocale } from '../../locale/zh-CN';

/**
 * 详情's lines: the tree's columns with the parent (title and code), path and level, which
 * the tree shows by its indentation only; 类型 and 显示 as words.
 */
export function getCatalogDetailColumns(
  t: CmsLocale,
  catalogs: readonly AdminCatalogRow[],
): Array<ListColumn<AdminCatalogRow>> {
  const byId = new Map(catalogs.map((catalog) => [catalog.id, catalog]));
  const ancestors = (catalog: AdminCatalogRow) => {
    const above: AdminCatalogRow[] = [];
    for (let parent = byId.get(catalog.parentId ?? ''); parent && above.length < catalogs.length;) {
      above.unshift(parent);
      parent = byId.get(parent.parentId ?? '');
    }
    return above;
  };
  return [
    { title: t['catalog.name'], dataIndex: 'title' },
    { title: t['catalog.code'], dataIndex: 'code' },
    {
      title: t['catalog.type'],
      dataIndex: 'catalogType',
      render: (_, row) => (row.catalogType === 'BANNER' ? t['catalog.type.BANNER'] : t['catalog.type.COLUMN']),
    },
    {
      title: t['catalog.parent'],
      dataIndex: 'parentId',
      render: (_, row) => {
        const parent = row.parentId ? byId.get(row.parentId) : undefined;
        return parent ? `${parent.title}（${parent.code}）` : t['catalog.parentNone'];
      },
    },
    {
      title: t['catalog.path'],
      dataIndex: 'path',
      render: (_, row) => [...ancestors(row).map((item) => item.title), row.title].join(' / '),
    },
    { title: t['catalog.level'], dataIndex: 'level', render: (_, row) => ancestors(row).length + 1 },
    {
      title: t['catalog.visible'],
      dataIndex: 'visible',
      render: (_, row) => (row.visible ? t['catalog.visible'] : t['catalog.hidden']),
    },
    { title: t['catalog.contentCount'], dataIndex: 'contentCount' },
    { title: t['common.sort'], dataIndex: 'sort' },
    { title: t['catalog.description'], dataIndex: 'description' },
  ];
}
