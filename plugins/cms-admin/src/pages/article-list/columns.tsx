import { adminColumns, dash, EllipsisText, formatDate } from '@cotton/sdk';
import type { AdminColumn, ListConfig, ListOption } from '@cotton/sdk';
import type { AdminContentRow } from '@cotton/sdk/contracts';
import type { CmsLocale } from '../../locale/zh-CN';
import { statusOptions } from './fields';

/** A content list's columns, search form and 高级查询, each label once (`adminColumns`). */
export type ContentColumns = Pick<ListConfig<AdminContentRow>, 'columns' | 'searchFields' | 'superQueryFields'>;

/** '1' 已发布, '2' 已撤回 (published, then withdrawn), '0' 草稿 (never published). */
export const STATUS_COLORS = { '0': 'gray', '1': 'green', '2': 'orange' } as const;

/** The columns 文章 and 轮播图 share, by field: each list takes them in its own order. */
export function contentColumns(t: CmsLocale, catalogs: ListOption[]) {
  return {
    title: {
      title: t['common.title'],
      dataIndex: 'title',
      sortable: true,
      search: 'text',
      query: 'text',
    },
    // Shown by its title, filtered by its id (the search form offers the list's catalogues).
    catalog: {
      title: t['common.catalog'],
      dataIndex: 'catalogTitle',
      filterName: 'catalogId',
      options: catalogs,
      search: 'select',
      render: (_, row) => row.catalogTitle,
    },
    status: {
      title: t['common.status'],
      dataIndex: 'status',
      width: 90,
      options: statusOptions(t),
      colors: STATUS_COLORS,
      search: 'select',
      query: 'code',
    },
    author: {
      title: t['common.author'],
      dataIndex: 'author',
      width: 100,
      query: 'text',
      render: (_, row) => dash(row.author),
    },
    sort: { title: t['common.sort'], dataIndex: 'sort', sortable: true, width: 80, query: 'number' },
    // A draft's or a withdrawn content's publish time is not shown; 查询 asks for a day.
    publishTime: {
      title: t['common.publishTime'],
      dataIndex: 'publishTime',
      sortable: true,
      width: 170,
      search: 'date',
      query: 'date',
      render: (_, row) => (row.status === '1' ? formatDate(row.publishTime, 'YYYY-MM-DD HH:mm') : dash(null)),
    },
    updateTime: {
      title: t['common.updateTime'],
      dataIndex: 'updateTime',
      sortable: true,
      width: 170,
      show: 'minute',
      query: 'date',
    },
  } satisfies Record<string, AdminColumn<AdminContentRow>>;
}

/** The order of 查询 and of 高级查询 on both lists. */
export const CONTENT_SEARCH_ORDER = ['title', 'catalogId', 'status', 'publishTime'];
export const CONTENT_QUERY_ORDER = ['title', 'status', 'author', 'sort', 'publishTime', 'updateTime'];

/** Sortable: 标题, 排序, 发布时间, 更新时间 (the server's allow-list for getContentPage). */
export function getArticleColumns(t: CmsLocale, catalogs: ListOption[]): ContentColumns {
  const column = contentColumns(t, catalogs);
  return adminColumns<AdminContentRow>(
    [
      { ...column.title, width: 280, render: (_, row) => <EllipsisText text={row.title} /> },
      { ...column.catalog, width: 120 },
      column.status,
      column.author,
      column.sort,
      column.publishTime,
      column.updateTime,
    ],
    { searchOrder: CONTENT_SEARCH_ORDER, superQueryOrder: CONTENT_QUERY_ORDER },
  );
}
