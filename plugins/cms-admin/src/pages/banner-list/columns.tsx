import { dash, formatDate } from '@cotton/sdk';
import type { AdminContentRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import type { CmsLocale } from '../../locale/zh-CN';
import { statusTag } from '../article-list/columns';
import styles from './style/index.module.css';

/** Sortable: 标题, 排序, 发布时间, 更新时间 (the server's allow-list for getBannerPage). */
export function getBannerColumns(t: CmsLocale): ListColumn<AdminContentRow>[] {
  return [
    {
      title: t['banner.image'],
      // The export's field (图片, the stored address): 列设置 sends the columns shown by it.
      dataIndex: 'coverUrl',
      width: 130,
      render: (_, row) =>
        row.coverPreviewUrl ? <img className={styles.thumb} src={row.coverPreviewUrl} alt={row.title} /> : dash(null),
    },
    { title: t['common.title'], dataIndex: 'title', sortable: true, width: 220 },
    { title: t['common.catalog'], dataIndex: 'catalogTitle', width: 110 },
    { title: t['common.status'], dataIndex: 'status', width: 90, render: (_, row) => statusTag(t, row.status) },
    { title: t['banner.linkUrl'], dataIndex: 'linkUrl', width: 200, render: (_, row) => dash(row.linkUrl) },
    { title: t['common.sort'], dataIndex: 'sort', sortable: true, width: 80 },
    {
      title: t['common.updateTime'],
      dataIndex: 'updateTime',
      sortable: true,
      width: 170,
      render: (_, row) => formatDate(row.updateTime, 'YYYY-MM-DD HH:mm'),
    },
  ];
}
