import { Type, type Static } from 'typebox';
import { defineCall } from './call';
import { EmptyBody, Nullable } from './common';
import { DictsByCategory } from './dict';

// The logged-in user and the back office's start-up data (docs/auth.md, "After login").

/** `userInfo` of the login calls and `loginUser` of the init call. */
export const UserInfo = Type.Object({
  uid: Type.String(),
  loginName: Type.String(),
  nickName: Type.String(),
  realname: Type.String(),
  avatar: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  enterpriseCode: Nullable(Type.String()),
  enterpriseName: Nullable(Type.String()),
});
export type UserInfo = Static<typeof UserInfo>;

/**
 * The user's back-office layout and theme (`UpdUserDefault` saves them; the values and the
 * palette are `@cotton/sdk/validators`' MENU_LAYOUTS, THEME_MODES, THEME_COLORS).
 */
export const UserPreferences = Type.Object({
  menuLayout: Type.Enum(['side', 'top'], {
    title: '菜单布局',
    errorMessage: '只能是 side（侧边菜单）或 top（顶部菜单）',
  }),
  theme: Type.Enum(['light', 'dark'], {
    title: '主题',
    errorMessage: '只能是 light（浅色）或 dark（深色）',
  }),
  /** `#RRGGBB`. */
  primaryColor: Type.String({ maxLength: 7, title: '主题色' }),
});
export type UserPreferences = Static<typeof UserPreferences>;

/** The user's enterprise. */
export const Enterprise = Type.Object({ code: Type.String(), name: Type.String() });
export type Enterprise = Static<typeof Enterprise>;

/** A menu icon: 24×24 path data by name. */
export const MenuIcon = Type.Object({ name: Type.String(), svgPath: Type.String() });
export type MenuIcon = Static<typeof MenuIcon>;

// The fields of a menu node; `children` refers to the node by its `$id`.
const menuNodeFields = {
  id: Type.String(),
  name: Type.String(),
  path: Type.String(),
  icon: Nullable(Type.String()),
  /** `<plugin id>/<export>`; `null` for a group. */
  componentPath: Nullable(Type.String()),
  /** The user needs one of them; `[]` = any logged-in user. */
  permissions: Type.Array(Type.String()),
  /** A route that is not listed in the side menu (个人中心: the user menu has it). */
  hidden: Type.Boolean(),
  /** 缓存: the page stays mounted while its tab is hidden; `false`: mounted afresh each time it is shown. */
  keepAlive: Type.Boolean(),
  /** `page` (a component, or a group), `link` (`url` in a new browser tab), `iframe` (`url` in a tab). */
  openMode: Type.Union([Type.Literal('page'), Type.Literal('link'), Type.Literal('iframe')]),
  /** The address of a `link` or `iframe` menu. */
  url: Nullable(Type.String()),
  children: Type.Array(Type.Ref('MenuNode')),
};
/** A node of the site's menu tree (recursive: `children` are nodes). */
export const MenuNode = Type.Cyclic({ MenuNode: Type.Object(menuNodeFields) }, 'MenuNode');
export type MenuNode = Static<typeof MenuNode>;

/** An application of the app switcher: its menus (permission codes) decide who sees it. */
export const AppEntry = Type.Object({
  appCode: Type.String(),
  appName: Type.String(),
  visitUrl: Type.String(),
  icon: Nullable(Type.String()),
  menus: Type.Array(Type.String()),
});
export type AppEntry = Static<typeof AppEntry>;

/** A permission the user holds: a menu or a button code. */
export const UserPermission = Type.Object({
  code: Type.String(),
  type: Type.Union([Type.Literal('menu'), Type.Literal('button')]),
});
export type UserPermission = Static<typeof UserPermission>;

/**
 * `POST /rest/auth/init` → `dataSet`. One cyclic schema holding the menu node once: a
 * schema document may name the node's `$id` only once (the serialiser resolves it with Ajv).
 */
export const InitData = Type.Cyclic(
  {
    MenuNode: Type.Object(menuNodeFields),
    InitData: Type.Object({
      loginUser: UserInfo,
      /** The user's layout and theme (the defaults until they choose). */
      preferences: UserPreferences,
      enterprise: Nullable(Enterprise),
      icons: Type.Array(MenuIcon),
      /** The templateList: the site's whole menu tree, each node with its required permissions. */
      menu: Type.Array(Type.Ref('MenuNode')),
      apps: Type.Array(AppEntry),
      /** The home menu (`/project/display`). */
      indexMenu: Type.Ref('MenuNode'),
      appDicts: DictsByCategory,
      /** What the user holds. */
      permissions: Type.Array(UserPermission),
      /** The project title. */
      siteDisplayName: Type.String(),
      /**
       * The password is an initial one (an approved registration's administrator): until it is
       * changed the server answers every other call with 403, and the shell opens 个人中心 › 修改密码.
       */
      mustChangePassword: Type.Boolean(),
    }),
  },
  'InitData',
);
export type InitData = Static<typeof InitData>;

/** The back office's start-up call (any logged-in user; open before an initial password is changed). */
export const sessionCalls = {
  init: defineCall({
    method: 'POST',
    path: '/rest/auth/init',
    permission: null,
    body: EmptyBody,
    answer: InitData,
  }),
};
