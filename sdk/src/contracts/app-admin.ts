import { Type, type Static } from 'typebox';
import { APP_CODE_PATTERN } from '../validators/app-code';
import { EmptyBody, Nullable } from './common';
import { ListAnswer, ListDeleted, ListExportBody, ListRequest } from './list';
import { defineCall, defineCodes } from './call';

// 系统管理 › 应用管理 (docs/auth.md, "App administration"): `/rest/app/…` calls of the back
// office. An app (`sys_apps`) is an entry of the header's app switcher: a name, an address
// and the permission codes of the menus it groups; a user sees it when holding one of them
// (or always, when it groups none). A change shows in each user's switcher at their next init.

/** A menu an app groups: its permission code and name (`null`: no menu has that code any more). */
export const AdminAppMenu = Type.Object({ code: Type.String(), name: Nullable(Type.String()) });
export type AdminAppMenu = Static<typeof AdminAppMenu>;

/** An app as the administration list shows it. */
export const AdminAppRow = Type.Object({
  appCode: Type.String(),
  appName: Type.String(),
  /** A path of this portal (`/project/display`) or an `http(s)://` address. */
  visitUrl: Type.String(),
  icon: Nullable(Type.String()),
  /** The menus it groups, in the order stored. */
  menus: Type.Array(AdminAppMenu),
  sort: Type.Integer(),
});
export type AdminAppRow = Static<typeof AdminAppRow>;

/** `POST /rest/app/getAppPage` → `dataSet`. */
export const AdminAppPage = ListAnswer(AdminAppRow);
export type AdminAppPage = Static<typeof AdminAppPage>;

const appCode = Type.String({
  minLength: 2,
  maxLength: 32,
  pattern: APP_CODE_PATTERN.source,
  title: '应用编码',
  errorMessage: '应用编码为 2～32 位字母、数字或 _，以字母开头',
});

const appFields = {
  appName: Type.String({ minLength: 1, maxLength: 64, title: '应用名称' }),
  /** A local path (one leading `/`) or an `http(s)://` address; checked by `safeAppUrl` of the validators. */
  visitUrl: Type.String({ minLength: 1, maxLength: 256, title: '访问地址' }),
  /** One of the icon names (`sys_icons`); empty or `null`: none. */
  icon: Type.Optional(Nullable(Type.String({ maxLength: 32, title: '图标' }))),
  /** Permission codes of existing menus (`getAppOptions`), each once. */
  menus: Type.Array(Type.String({ maxLength: 64, title: '包含菜单' }), { maxItems: 500, title: '包含菜单' }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999, title: '排序' })),
};

/** `POST /rest/app/addApp` → `{ appCode }`. The code is unique whatever the case. */
export const AddAppBody = Type.Object({ appCode, ...appFields });
export type AddAppBody = Static<typeof AddAppBody>;

/** `POST /rest/app/updApp` → `{ updated: 1 }`: `appCode` names the app, it does not change. */
export const UpdAppBody = Type.Object({ appCode, ...appFields });
export type UpdAppBody = Static<typeof UpdAppBody>;

/** `POST /rest/app/delApp` → `{ deleted }`: one app or several, their codes comma-joined (at most 200). */
export const DelAppBody = Type.Object({
  ids: Type.String({
    minLength: 1,
    maxLength: 6800,
    // Unbounded inside the list, so that its linear time is proven (a bounded repeat in a
    // repeated group is too large an automaton for the request-schema check to decide); the
    // server refuses a code longer than 32 characters (app-admin/service.ts parseAppCodes).
    pattern: '^\\s*[A-Za-z][A-Za-z0-9_]*(?:\\s*,\\s*[A-Za-z][A-Za-z0-9_]*)*\\s*(?:,\\s*)?$',
    title: '应用编码',
    errorMessage: '应为以逗号分隔的应用编码',
  }),
});
export type DelAppBody = Static<typeof DelAppBody>;

/** A menu an app may group: a menu of the tree with a permission code. */
export const AppMenuOption = Type.Object({
  code: Type.String(),
  name: Type.String(),
  /** The names from the top of the tree down to it: 系统管理 / 用户管理. */
  fullName: Type.String(),
});
export type AppMenuOption = Static<typeof AppMenuOption>;

/** `POST /rest/app/getAppOptions` (`{}`) → `dataSet`: what the form offers (menus in menu order, icon names). */
export const AppFormOptions = Type.Object({ menus: Type.Array(AppMenuOption), icons: Type.Array(Type.String()) });
export type AppFormOptions = Static<typeof AppFormOptions>;

/** addApp → `dataSet`: the new app's code. */
const AddedApp = Type.Object({ appCode: Type.String() });

/** updApp → `dataSet`. */
const AppUpdated = Type.Object({ updated: Type.Integer() });

/** 系统管理 › 应用管理's permission codes. */
export const appAdminCodes = defineCodes({
  list: 'system:app:list',
  add: 'system:app:add',
  edit: 'system:app:edit',
  delete: 'system:app:delete',
  export: 'system:app:export',
});

/** 系统管理 › 应用管理's calls. */
export const appAdminCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/app/getAppPage',
    permission: appAdminCodes.list,
    body: ListRequest,
    answer: AdminAppPage,
  }),
  options: defineCall({
    method: 'POST',
    path: '/rest/app/getAppOptions',
    permission: appAdminCodes.list,
    body: EmptyBody,
    answer: AppFormOptions,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/app/addApp',
    permission: appAdminCodes.add,
    body: AddAppBody,
    answer: AddedApp,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/app/updApp',
    permission: appAdminCodes.edit,
    body: UpdAppBody,
    answer: AppUpdated,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/rest/app/delApp',
    permission: appAdminCodes.delete,
    body: DelAppBody,
    answer: ListDeleted,
  }),
  /** The list's query and the selected rows → 应用列表.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/app/exportXls',
    permission: appAdminCodes.export,
    body: ListExportBody,
    kind: 'download',
  }),
};
