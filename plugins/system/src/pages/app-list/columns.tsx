import { Tag } from '@arco-design/web-react';
import { dash, fillText } from '@cotton/sdk';
import type { AdminColumn } from '@cotton/sdk';
import type { AdminAppRow } from '@cotton/sdk/contracts';
import type { AppListLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

/**
 * The columns, with 查询 (编码, 名称) and 高级查询 (编码, 名称, 访问地址, 排序). Sortable and super
 * queried: the server's allow-lists for getAppPage.
 */
export function getAppColumns(t: AppListLocale): AdminColumn<AdminAppRow>[] {
  return [
    {
      title: t['appList.fields.appCode'],
      dataIndex: 'appCode',
      sortable: true,
      width: 140,
      search: 'text',
      query: 'text',
    },
    {
      title: t['appList.fields.appName'],
      dataIndex: 'appName',
      sortable: true,
      width: 160,
      search: 'text',
      query: 'text',
    },
    { title: t['appList.fields.visitUrl'], dataIndex: 'visitUrl', width: 220, show: 'text', query: 'text' },
    { title: t['appList.fields.icon'], dataIndex: 'icon', width: 100, render: (_, row) => dash(row.icon) },
    {
      title: t['appList.fields.menus'],
      dataIndex: 'menus',
      width: 320,
      render: (_, row) =>
        row.menus.length === 0 ? (
          <span className={styles.hint}>{t['appList.menus.none']}</span>
        ) : (
          row.menus.map((menu) => (
            <Tag
              key={menu.code}
              size="small"
              className={styles.menuTag}
              color={menu.name === null ? 'red' : undefined}
              title={menu.code}
            >
              {menu.name ?? fillText(t['appList.menus.gone'], { code: menu.code })}
            </Tag>
          ))
        ),
    },
    { title: t['appList.fields.sort'], dataIndex: 'sort', sortable: true, width: 80, query: 'number' },
  ];
}
