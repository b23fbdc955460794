import { Type, type Static } from 'typebox';
import { defineCall } from './call';
import { Nullable } from './common';

// 最近访问 and 常用功能 (docs/auth.md, "Menu visits"): `/rest/menu/…` calls any logged-in user
// makes. The shell records each menu page the user opens; the workbench lists the latest
// and the most opened ones, of the menus the user may still open.

/** `POST /rest/menu/addMenuView`: the menu page opened, by its route path. */
export const AddMenuViewBody = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 128, pattern: '^/[A-Za-z0-9/_-]*$', title: '菜单路径' }),
});
export type AddMenuViewBody = Static<typeof AddMenuViewBody>;

/** `POST /rest/menu/addMenuView` → `dataSet`: `recorded` false when it is no menu page the user may open. */
export const MenuViewed = Type.Object({ recorded: Type.Boolean() });
export type MenuViewed = Static<typeof MenuViewed>;

/** A menu the user visited. */
export const VisitedMenu = Type.Object({
  id: Type.String(),
  name: Type.String(),
  path: Type.String(),
  icon: Nullable(Type.String()),
  /** How many times the user opened it. */
  viewCount: Type.Integer(),
  /** ISO 8601, the last time. */
  lastViewedAt: Type.String(),
});
export type VisitedMenu = Static<typeof VisitedMenu>;

/**
 * `POST /rest/menu/UserNearMenuList` (`{}`): the menus opened last, latest first;
 * `POST /rest/menu/UserMenuList` (`{}`): the menus opened most (常用功能). At most 8 each.
 */
export const VisitedMenus = Type.Object({ menus: Type.Array(VisitedMenu) });
export type VisitedMenus = Static<typeof VisitedMenus>;

/** 最近访问 and 常用功能's calls: any logged-in user, their own visits only. */
export const menuViewCalls = {
  add: defineCall({
    method: 'POST',
    path: '/rest/menu/addMenuView',
    permission: null,
    body: AddMenuViewBody,
    answer: MenuViewed,
  }),
  /** 最近访问: the latest first. */
  recent: defineCall({ method: 'POST', path: '/rest/menu/UserNearMenuList', permission: null, answer: VisitedMenus }),
  /** 常用功能: the most opened first. */
  frequent: defineCall({ method: 'POST', path: '/rest/menu/UserMenuList', permission: null, answer: VisitedMenus }),
};
