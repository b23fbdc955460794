import { adminColumns, dash } from '@cotton/sdk';
import type { ListOption } from '@cotton/sdk';
import type { AdminContentRow } from '@cotton/sdk/contracts';
import type { CmsLocale } from '../../locale/zh-CN';
import {
  CONTENT_QUERY_ORDER,
  CONTENT_SEARCH_ORDER,
  contentColumns,
  type ContentColumns,
} from '../article-list/columns';
import styles from './style/index.module.css';

/**
 * Sortable: 标题, 排序, 更新时间 (the server's allow-list for getBannerPage). 作者 and 发布时间 have
 * no column here, but 查询 (the day) and 高级查询 ask for them as on 文章管理.
 */
export function getBannerColumns(t: CmsLocale, catalogs: ListOption[]): ContentColumns {
  const column = contentColumns(t, catalogs);
  const { author, publishTime } = column;
  return adminColumns<AdminContentRow>(
    [
      {
        title: t['banner.image'],
        // The export's field (图片, the stored address): 列设置 sends the columns shown by it.
        dataIndex: 'coverUrl',
        width: 130,
        render: (_, row) =>
          row.coverPreviewUrl ? <img className={styles.thumb} src={row.coverPreviewUrl} alt={row.title} /> : dash(null),
      },
      { ...column.title, width: 220 },
      { ...column.catalog, width: 110 },
      column.status,
      { title: t['banner.linkUrl'], dataIndex: 'linkUrl', width: 200, render: (_, row) => dash(row.linkUrl) },
      column.sort,
      column.updateTime,
    ],
    {
      searchFields: [{ name: publishTime.dataIndex, label: publishTime.title, kind: publishTime.search }],
      superQueryFields: [
        { name: author.dataIndex, label: author.title, type: author.query },
        { name: publishTime.dataIndex, label: publishTime.title, type: publishTime.query },
      ],
      searchOrder: CONTENT_SEARCH_ORDER,
      superQueryOrder: CONTENT_QUERY_ORDER,
    },
  );
}
