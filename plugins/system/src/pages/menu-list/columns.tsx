import { Tag } from '@arco-design/web-react';
import { dash } from '@cotton/sdk';
import type { ListColumn } from '@cotton/sdk';
import type { MenuListLocale } from './locale/zh-CN';
import type { MenuRow } from './menu-form';

/** The tree table's columns (the tree page adds 操作). */
export function getMenuColumns(t: MenuListLocale): ListColumn<MenuRow>[] {
  return [
    { title: t['menuList.fields.name'], dataIndex: 'name', width: 220 },
    {
      title: t['menuList.fields.type'],
      dataIndex: 'type',
      width: 80,
      render: (_, node) =>
        node.type === 'button' ? (
          <Tag color="orangered">{t['menuList.type.button']}</Tag>
        ) : (
          <Tag color="arcoblue">{t['menuList.type.menu']}</Tag>
        ),
    },
    { title: t['menuList.fields.path'], dataIndex: 'path', width: 160, render: (_, node) => dash(node.path) },
    {
      title: t['menuList.fields.component'],
      dataIndex: 'componentPath',
      width: 180,
      render: (_, node) =>
        node.openMode === 'page' ? (
          dash(node.componentPath)
        ) : (
          <span title={node.url ?? ''}>
            <Tag size="small">
              {t[node.openMode === 'link' ? 'menuList.openMode.link' : 'menuList.openMode.iframe']}
            </Tag>{' '}
            {node.url}
          </span>
        ),
    },
    { title: t['menuList.fields.code'], dataIndex: 'code', width: 180, render: (_, node) => dash(node.code) },
    { title: t['menuList.fields.sort'], dataIndex: 'sort', width: 70 },
    {
      title: t['menuList.fields.hidden'],
      dataIndex: 'hidden',
      width: 70,
      render: (_, node) => (node.type === 'menu' && node.hidden ? t['menuList.hidden.yes'] : dash(null)),
    },
    {
      title: t['menuList.fields.keepAlive'],
      dataIndex: 'keepAlive',
      width: 70,
      render: (_, node) =>
        node.type === 'menu' && node.openMode !== 'link' && !node.keepAlive ? t['menuList.keepAlive.off'] : dash(null),
    },
  ];
}
