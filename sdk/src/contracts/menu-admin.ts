import { Type, type Static } from 'typebox';
import { MENU_PATH_PATTERN, MENU_URL_PATTERN, PERMISSION_CODE_PATTERN } from '../validators/ident';
import { defineCall, defineCodes } from './call';
import { EmptyBody, Nullable, RecordId } from './common';
import { ListExportBody } from './list';
import { MenuIcon } from './session';

// 系统管理 › 菜单管理 (docs/auth.md, "Menu administration"): `/rest/menu/…` calls of the back
// office. Menus and buttons are one tree (`sys_permissions`); a button is a permission node
// under its menu. A change shows in each user's menu at their next init.

/**
 * How a menu opens: `page` a plugin component in a tab (no component: a group), `link` its
 * `url` in a new browser tab, `iframe` its `url` embedded in a tab — only from the origins the
 * server allows (`IFRAME_ALLOWED_ORIGINS`, docs/auth.md "Menu administration").
 */
export const MenuOpenMode = Type.Union([Type.Literal('page'), Type.Literal('link'), Type.Literal('iframe')], {
  title: '打开方式',
  errorMessage: '只能是 page（页面）、link（外部链接）或 iframe（内嵌页面）',
});
export type MenuOpenMode = Static<typeof MenuOpenMode>;

// The fields of a node of the editor's tree; `children` refers to the node by its `$id`.
const menuAdminNodeFields = {
  id: Type.String(),
  parentId: Nullable(Type.String()),
  type: Type.Union([Type.Literal('menu'), Type.Literal('button')]),
  name: Type.String(),
  /** The permission code a user needs (`null`: open to every logged-in user). */
  code: Nullable(Type.String()),
  path: Nullable(Type.String()),
  /** `<plugin id>/<component>`; `null` for a group or a button. */
  componentPath: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  sort: Type.Integer(),
  /** Routed but not listed in the side menu. */
  hidden: Type.Boolean(),
  /** 缓存: the page stays mounted while its tab is hidden (`false`: mounted afresh each time it is shown). */
  keepAlive: Type.Boolean(),
  /** 打开方式: a plugin page (or a group), an external link (a new browser tab), an embedded page. */
  openMode: MenuOpenMode,
  /** The address of a `link` or `iframe` menu; `null` for a page. */
  url: Nullable(Type.String()),
  children: Type.Array(Type.Ref('MenuAdminNode')),
};
/** A node of the menu editor's tree. */
export const MenuAdminNode = Type.Cyclic({ MenuAdminNode: Type.Object(menuAdminNodeFields) }, 'MenuAdminNode');
export type MenuAdminNode = Static<typeof MenuAdminNode>;

/**
 * `POST /rest/menu/getMenuTree` (`{}`) → `dataSet`: the whole tree, the components the
 * enabled plugins declare (the only `componentPath` values accepted), the icons (name and
 * 24×24 path data, for the picker to draw) and the origins an iframe menu may embed.
 */
export const MenuTree = Type.Cyclic(
  {
    MenuAdminNode: Type.Object(menuAdminNodeFields),
    MenuTree: Type.Object({
      tree: Type.Array(Type.Ref('MenuAdminNode')),
      components: Type.Array(Type.String()),
      icons: Type.Array(MenuIcon),
      iframeOrigins: Type.Array(Type.String()),
    }),
  },
  'MenuTree',
);
export type MenuTree = Static<typeof MenuTree>;

/**
 * `POST /rest/menu/addMenuRel`: adds a node (no `id`) or changes one (`id`). A menu needs a
 * path; a `link` or `iframe` menu a `url` and no component; a button needs a code and a menu
 * as parent and has no path, component, icon or url.
 */
export const SaveMenuBody = Type.Object({
  id: Type.Optional(RecordId('菜单编号')),
  parentId: Type.Optional(Nullable(RecordId('上级菜单'))),
  type: Type.Union([Type.Literal('menu'), Type.Literal('button')], {
    title: '类型',
    errorMessage: '只能是 menu（菜单）或 button（按钮）',
  }),
  name: Type.String({ minLength: 1, maxLength: 32, title: '名称' }),
  code: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 64,
        pattern: `^$|${PERMISSION_CODE_PATTERN.source}`,
        title: '权限编码',
        errorMessage: '权限编码为字母开头的字母、数字、_ 或 -，可用冒号分段，如 system:user:add',
      }),
    ),
  ),
  path: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 128,
        pattern: `^$|${MENU_PATH_PATTERN.source}`,
        title: '路由地址',
        errorMessage: '路由地址以 / 开头，由 1～3 段字母、数字、_ 或 - 组成，如 /system/user',
      }),
    ),
  ),
  componentPath: Type.Optional(Nullable(Type.String({ maxLength: 128, title: '组件' }))),
  icon: Type.Optional(Nullable(Type.String({ maxLength: 32, title: '图标' }))),
  sort: Type.Integer({ minimum: 0, maximum: 99999, title: '排序' }),
  hidden: Type.Boolean({ title: '隐藏' }),
  /** Default `true`. */
  keepAlive: Type.Optional(Type.Boolean({ title: '缓存' })),
  /** Default `page`. */
  openMode: Type.Optional(MenuOpenMode),
  url: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 512,
        pattern: `^$|${MENU_URL_PATTERN.source}`,
        title: '链接地址',
        errorMessage: '链接地址须为 http:// 或 https:// 开头的完整网址',
      }),
    ),
  ),
});
export type SaveMenuBody = Static<typeof SaveMenuBody>;

/** `POST /rest/menu/delMenuRel`: a node without children (its grants go with it). */
export const DelMenuBody = Type.Object({ id: RecordId('菜单编号') });
export type DelMenuBody = Static<typeof DelMenuBody>;

/**
 * `POST /rest/menu/moveMenu`: 上移 / 下移 — the node one place up or down among its siblings
 * (those under the same parent, in menu order), by exchanging their 排序.
 */
export const MoveMenuBody = Type.Object({
  id: RecordId('菜单编号'),
  direction: Type.Union([Type.Literal('up'), Type.Literal('down')], {
    title: '方向',
    errorMessage: '只能是 up（上移）或 down（下移）',
  }),
});
export type MoveMenuBody = Static<typeof MoveMenuBody>;

/** `POST /rest/menu/moveMenu` → `dataSet`: the nodes changed (0: already first or last). */
export const MenuMoved = Type.Object({ updated: Type.Integer() });
export type MenuMoved = Static<typeof MenuMoved>;

/** `POST /rest/menu/addMenuRel` → `dataSet`: the node's id (new or changed). */
export const MenuSaved = Type.Object({ id: Type.String() });
export type MenuSaved = Static<typeof MenuSaved>;

/** `POST /rest/menu/delMenuRel` → `dataSet`. */
export const MenuDeleted = Type.Object({ deleted: Type.Integer() });
export type MenuDeleted = Static<typeof MenuDeleted>;

/** 系统管理 › 菜单管理's permission codes (the menu and its buttons). */
export const menuAdminCodes = defineCodes({
  list: 'system:menu:list',
  edit: 'system:menu:edit',
  delete: 'system:menu:delete',
  export: 'system:menu:export',
});

/** 系统管理 › 菜单管理's calls. */
export const menuAdminCalls = {
  tree: defineCall({
    method: 'POST',
    path: '/rest/menu/getMenuTree',
    permission: menuAdminCodes.list,
    body: EmptyBody,
    answer: MenuTree,
  }),
  /** Adds a node (no `id`) or changes one. */
  save: defineCall({
    method: 'POST',
    path: '/rest/menu/addMenuRel',
    permission: menuAdminCodes.edit,
    body: SaveMenuBody,
    answer: MenuSaved,
  }),
  /** 上移 / 下移 among its siblings. */
  move: defineCall({
    method: 'POST',
    path: '/rest/menu/moveMenu',
    permission: menuAdminCodes.edit,
    body: MoveMenuBody,
    answer: MenuMoved,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/rest/menu/delMenuRel',
    permission: menuAdminCodes.delete,
    body: DelMenuBody,
    answer: MenuDeleted,
  }),
  /**
   * The tree as rows (filters `name`, `type`: `group` 目录, `menu` 菜单, `button` 按钮; the
   * selected ids as `selections`), parents first unless `sort` says otherwise, each with its
   * parent, level and path → 菜单列表.xlsx.
   */
  export: defineCall({
    method: 'POST',
    path: '/rest/menu/exportXls',
    permission: menuAdminCodes.export,
    body: ListExportBody,
    kind: 'download',
  }),
};
