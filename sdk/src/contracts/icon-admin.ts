import { Type, type Static } from 'typebox';
import { MenuIcon } from './session';
import { defineCall, defineCodes } from './call';
import { EmptyBody } from './common';

// 系统管理 › 图标管理 (docs/auth.md "Icons"): the icons menus and applications may use. The set
// is the server's catalogue of 24×24 icons; the administrator chooses which of them are offered.

/** A menu or an application drawn with an icon. */
export const IconUsage = Type.Object({
  kind: Type.Union([Type.Literal('menu'), Type.Literal('app')]),
  name: Type.String(),
});
export type IconUsage = Static<typeof IconUsage>;

/** An icon offered to the menu and application editors, with where it is used. */
export const IconItem = Type.Object({
  name: Type.String(),
  svgPath: Type.String(),
  usedBy: Type.Array(IconUsage),
});
export type IconItem = Static<typeof IconItem>;

/** `POST /rest/icon/Geticon` → `dataSet`. */
export const IconList = Type.Object({
  icons: Type.Array(IconItem),
  /** Icons of the catalogue not offered now (what 新增图标 may add back). */
  available: Type.Array(MenuIcon),
});
export type IconList = Static<typeof IconList>;

/** `POST /rest/icon/Addicon` and `/rest/icon/Delicon`. */
export const IconNameBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 32, title: '图标名称' }),
});
export type IconNameBody = Static<typeof IconNameBody>;

/** Addicon / Delicon → `dataSet`: the icon's name. */
const IconChanged = Type.Object({ name: Type.String() });

/** 系统管理 › 图标管理's permission codes. */
export const iconAdminCodes = defineCodes({
  list: 'system:icon:list',
  add: 'system:icon:add',
  delete: 'system:icon:delete',
});

/** 系统管理 › 图标管理's calls. */
export const iconAdminCalls = {
  list: defineCall({
    method: 'POST',
    path: '/rest/icon/Geticon',
    permission: iconAdminCodes.list,
    body: EmptyBody,
    answer: IconList,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/icon/Addicon',
    permission: iconAdminCodes.add,
    body: IconNameBody,
    answer: IconChanged,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/rest/icon/Delicon',
    permission: iconAdminCodes.delete,
    body: IconNameBody,
    answer: IconChanged,
  }),
};
