import type { ListExportBody } from '@cotton/sdk/contracts';
import { asc, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysPermissions } from '../../db/schema/index';
import { defineList, type CompiledList } from '../../lib/list/index';
import { placeRows } from '../../lib/list/tree';
import { chinaTime } from '../shared/china-time';

/**
 * 菜单管理's 导出 (docs/architecture.md "Generic admin list: 导出", Trees): the tree of menus and
 * buttons (`sys_permissions`) written as rows, the way 机构管理 and 栏目管理 write theirs.
 */

/** The nodes one export reads at once: the tree's order is read whole (a portal has hundreds). */
const MAX_MENU_NODES = 5000;

/**
 * What a node is, as the page tells them apart: `button` 按钮; `group` 目录 — a menu that opens
 * no page (a page menu without a component: it only holds others); `menu` 菜单 — a plugin's page,
 * an external link or an embedded page.
 */
const menuKind = sql<MenuKind>`case
  when ${sysPermissions.type} = 'button' then 'button'
  when ${sysPermissions.openMode} = 'page' and ${sysPermissions.componentPath} is null then 'group'
  else 'menu' end`;

type MenuKind = 'group' | 'menu' | 'button';

const KIND_NAMES: Record<MenuKind, string> = { group: '目录', menu: '菜单', button: '按钮' };
const OPEN_MODE_NAMES: Record<string, string> = { page: '页面', link: '外部链接', iframe: '内嵌页面' };

/** A row of 菜单列表.xlsx. */
export interface MenuExportRow {
  name: string;
  type: MenuKind;
  code: string | null;
  path: string | null;
  componentPath: string | null;
  openMode: 'page' | 'link' | 'iframe';
  url: string | null;
  icon: string | null;
  sort: number;
  hidden: boolean;
  keepAlive: boolean;
  parentName: string;
  parentCode: string;
  level: number;
  /** The names from the top menu down to this node, ` / `-joined. */
  fullName: string;
  createTime: string;
}

const yesNo = (value: boolean) => (value ? '是' : '否');

/**
 * The tree read as a list: what a request may filter, sort and super-query on, and the columns
 * 导出's file may hold (`field`). A button has no 打开方式 or 是否隐藏, a button or an external
 * link no 缓存 (the page shows none): those cells are empty.
 */
export const menuList = defineList<MenuExportRow>()({
  table: sysPermissions,
  key: sysPermissions.id,
  fields: {
    name: {
      label: '名称',
      column: sysPermissions.name,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 20 },
    },
    type: {
      label: '类型',
      column: menuKind,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => KIND_NAMES[row.type] },
    },
    code: {
      label: '权限编码',
      column: sysPermissions.code,
      type: 'text',
      sortable: true,
      superQuery: true,
      export: { width: 28 },
    },
    path: {
      label: '路由地址',
      column: sysPermissions.path,
      type: 'text',
      sortable: true,
      superQuery: true,
      export: { width: 24 },
    },
    componentPath: {
      label: '组件',
      column: sysPermissions.componentPath,
      type: 'text',
      superQuery: true,
      export: { width: 28 },
    },
    openMode: {
      label: '打开方式',
      column: sysPermissions.openMode,
      type: 'code',
      superQuery: true,
      export: { width: 10, value: (row) => (row.type === 'button' ? '' : OPEN_MODE_NAMES[row.openMode]!) },
    },
    url: {
      label: '链接地址',
      column: sysPermissions.url,
      type: 'text',
      superQuery: true,
      export: { width: 32 },
    },
    icon: { label: '图标', column: sysPermissions.icon, type: 'text', superQuery: true, export: { width: 12 } },
    sort: {
      label: '排序',
      column: sysPermissions.sort,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 8 },
    },
    hidden: {
      label: '是否隐藏',
      export: { width: 10, value: (row) => (row.type === 'button' ? '' : yesNo(row.hidden)) },
    },
    keepAlive: {
      label: '缓存',
      export: {
        width: 8,
        value: (row) => (row.type === 'button' || row.openMode === 'link' ? '' : yesNo(row.keepAlive)),
      },
    },
    parentName: { label: '上级菜单', export: { width: 20 } },
    parentCode: { label: '上级菜单编码', export: { width: 28 } },
    level: { label: '层级', export: { width: 8 } },
    fullName: { label: '路径', export: { width: 40 } },
    createTime: {
      label: '创建时间',
      column: sysPermissions.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
});

/**
 * 导出: the nodes the query matches (or the selected ones), in the tree's order (parents first,
 * siblings by 排序 as the page shows them) unless the query sorts, each with its parent, level
 * and path. The tree is every user's: no data scope.
 */
export async function menuExport(db: AppDatabase, body: ListExportBody) {
  const rows = async (query: CompiledList): Promise<MenuExportRow[]> => {
    const [all, matched] = await Promise.all([
      db
        .select({
          id: sysPermissions.id,
          parentId: sysPermissions.parentId,
          name: sysPermissions.name,
          code: sysPermissions.code,
          sort: sysPermissions.sort,
        })
        .from(sysPermissions)
        .orderBy(asc(sysPermissions.sort), asc(sysPermissions.id)),
      db
        .select({
          id: sysPermissions.id,
          name: sysPermissions.name,
          type: menuKind,
          code: sysPermissions.code,
          path: sysPermissions.path,
          componentPath: sysPermissions.componentPath,
          openMode: sysPermissions.openMode,
          url: sysPermissions.url,
          icon: sysPermissions.icon,
          sort: sysPermissions.sort,
          hidden: sysPermissions.hidden,
          keepAlive: sysPermissions.keepAlive,
          createdAt: sysPermissions.createdAt,
        })
        .from(sysPermissions)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
    ]);
    return placeRows(all, matched, Boolean(body.sort)).map(
      ({ row: { id: _id, createdAt, ...node }, level, ancestors }) => {
        const parent = ancestors.at(-1);
        return {
          ...node,
          parentName: parent?.name ?? '',
          parentCode: parent?.code ?? '',
          level,
          fullName: [...ancestors.map((item) => item.name), node.name].join(' / '),
          createTime: createdAt.toISOString(),
        };
      },
    );
  };
  // One batch: the tree's order is read whole (past MAX_MENU_NODES each batch would be in the
  // tree's order on its own).
  return menuList.exportRows(db, body, { rows, batchSize: MAX_MENU_NODES });
}
