import { Tag } from '@arco-design/web-react';
import { AdminTreePage, adminColumns, fillText } from '@cotton/sdk';
import type { AdminFormConfig } from '@cotton/sdk';
import type { AddCatalogBody, AdminCatalogRow, AdminCatalogs } from '@cotton/sdk/contracts';
import { cmsAdminCalls, cmsAdminCodes } from '@cotton/sdk/calls';
import { CATALOG_CODE_PATTERN } from '@cotton/sdk/validators';
import locale from '../../locale/zh-CN';
import { getCatalogDetailColumns } from './detail';

const t = locale;

const TYPE_OPTIONS = [
  { label: t['catalog.type.COLUMN'], value: 'COLUMN' },
  { label: t['catalog.type.BANNER'], value: 'BANNER' },
];

/**
 * The tree's columns, the name indented by depth; 高级查询 offers those the server's catalogue
 * list allows (its allow-list checks them again), and the found list sorts by them.
 */
const { columns: COLUMNS, superQueryFields: SUPER_QUERY_FIELDS } = adminColumns<AdminCatalogRow>([
  { title: t['catalog.name'], dataIndex: 'title', width: 260, query: 'text' },
  { title: t['catalog.code'], dataIndex: 'code', width: 180, query: 'text' },
  { title: t['catalog.type'], dataIndex: 'catalogType', width: 100, options: TYPE_OPTIONS, query: 'code' },
  {
    title: t['catalog.visible'],
    dataIndex: 'visible',
    width: 80,
    render: (_, row) =>
      row.visible ? <Tag color="green">{t['catalog.visible']}</Tag> : <Tag>{t['catalog.hidden']}</Tag>,
  },
  { title: t['catalog.contentCount'], dataIndex: 'contentCount', width: 90, query: 'number' },
  { title: t['common.sort'], dataIndex: 'sort', width: 70, query: 'number' },
  { title: t['catalog.description'], dataIndex: 'description', width: 240, show: 'text', query: 'text' },
]);

/** 新增栏目 / 编辑栏目 (the parent first, added by the tree page): the code and type are fixed once created. */
const FORM: AdminFormConfig<AdminCatalogRow, AddCatalogBody> = {
  noun: '栏目',
  fields: [
    {
      name: 'code',
      label: t['catalog.code'],
      unique: { tableName: 'cms_catalogs', fieldName: 'code' },
      type: 'text',
      required: true,
      maxLength: 48,
      pattern: { match: CATALOG_CODE_PATTERN, message: t['catalog.rules.code'] },
      readOnlyOnEdit: true,
    },
    { name: 'title', label: t['catalog.name'], type: 'text', required: t['catalog.rules.name'], maxLength: 64 },
    {
      name: 'catalogType',
      label: t['catalog.type'],
      type: 'radio',
      options: TYPE_OPTIONS,
      initialValue: 'COLUMN',
      readOnlyOnEdit: true,
    },
    { name: 'sort', label: t['common.sort'], type: 'number', max: 9999, initialValue: 0 },
    { name: 'visible', label: t['catalog.visible'], type: 'switch', initialValue: true },
    { name: 'description', label: t['catalog.description'], type: 'textarea', maxLength: 256 },
  ],
  add: { call: cmsAdminCalls.catalogAdd },
  update: { call: cmsAdminCalls.catalogUpdate },
};

/**
 * 内容管理 › 栏目管理 (`/cms/catalog`): the site's catalogue tree (hidden ones too) with each
 * one's contents; 新增 / 新增下级 / 编辑 (another 上级栏目 moves it with its subtree; the server
 * refuses more than 5 levels) / 删除 and 批量删除 (refused while one has children or contents),
 * 详情 and 导出 (the tree, or the ticked ones); 查询 by name or code and 高级查询 make the
 * catalogues found a list (sorted by a column, paged, 列设置, 导出 of what it shows). Each by its code.
 */
export function CatalogTree() {
  return (
    <AdminTreePage<AdminCatalogRow, AddCatalogBody>
      title={t['catalog.title']}
      testId="catalog"
      form={FORM}
      parent={{ name: 'parentId', label: t['catalog.parent'], rootLabel: t['catalog.parentNone'], refusal: ['级'] }}
      tree={{
        rowKey: 'id',
        parentKey: 'parentId',
        load: { call: cmsAdminCalls.catalogList, rows: (answer: AdminCatalogs) => answer.catalogs },
        search: {
          placeholder: t['catalog.search'],
          list: {
            call: cmsAdminCalls.catalogPage,
            filters: (text) => ({ keyword: text }),
            superQueryFields: SUPER_QUERY_FIELDS,
            sortable: ['title', 'code', 'contentCount', 'sort'],
            defaultSort: { field: 'sort', order: 'asc' },
          },
        },
        columns: COLUMNS,
        permissions: {
          add: cmsAdminCodes.catalogAdd,
          edit: cmsAdminCodes.catalogEdit,
          delete: cmsAdminCodes.catalogDelete,
          export: cmsAdminCodes.catalogExport,
        },
        export: { call: cmsAdminCalls.catalogExport, fileName: '栏目列表.xlsx' },
        detail: (rows) => getCatalogDetailColumns(t, rows),
        delete: {
          call: cmsAdminCalls.catalogDelete,
          confirm: (row) => fillText(t['catalog.confirm.delete'], { name: row.title }),
        },
        batchDelete: { call: cmsAdminCalls.catalogDeleteMany },
        testId: (row) => row.code,
      }}
    />
  );
}
