import { APP_URL_MESSAGE, safeAppUrl, trimmed } from '@cotton/sdk/validators';
import {
  MAX_ID_LIST,
  type AddAppBody,
  type AdminAppRow,
  type AppMenuOption,
  type ListExportBody,
  type ListRequest,
  type UpdAppBody,
  appAdminCodes,
} from '@cotton/sdk/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { sysApps, sysIcons, sysPermissions } from '../../db/schema/index';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { defineList, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';

/**
 * 系统管理 › 应用管理 (docs/auth.md "App administration"): the apps of the back office's
 * header switcher (`sys_apps`). An app names the menus it groups by their permission codes;
 * init answers the apps the user holds a menu of (or that group none), so a change shows in
 * each user's switcher at their next init. The role grant tree groups the menus by them.
 */

export const APP_ADMIN_MESSAGES = {
  notFound: '应用不存在或已删除',
  codeTaken: '该应用编码已被使用，请更换',
  nameEmpty: '请输入应用名称',
  visitUrl: APP_URL_MESSAGE,
  icon: (icon: string) => `图标 ${icon} 不存在`,
  unknownMenu: (code: string) => `所选菜单 ${code} 不存在或没有权限编码，请刷新后重新选择`,
  idsEmpty: '参数错误：ids（应用编码）不能为空',
  tooMany: `参数错误：一次最多处理 ${MAX_ID_LIST} 条`,
  codeTooLong: '参数错误：ids 应为以逗号分隔的应用编码，每个至多 32 个字符',
} as const;

/** The list's allow-list: what the client may filter, sort and super-query on. */
export const appList = defineList<AdminAppRow>()({
  table: sysApps,
  key: sysApps.appCode,
  fields: {
    appCode: {
      label: '应用编码',
      column: sysApps.appCode,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 16 },
    },
    appName: {
      label: '应用名称',
      column: sysApps.appName,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 18 },
    },
    visitUrl: {
      label: '访问地址',
      column: sysApps.visitUrl,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 32 },
    },
    icon: { label: '图标', export: { width: 12 } },
    // Each menu by its name (a code no menu has any more as the code).
    menus: {
      label: '包含菜单',
      export: { width: 40, value: (row) => row.menus.map((menu) => menu.name ?? menu.code).join('、') },
    },
    sort: {
      label: '排序',
      column: sysApps.sort,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 8 },
    },
  },
  defaultSort: { field: 'sort', order: 'asc' },
});

/** The menus of the tree that have a permission code, in menu order, with their names from the top. */
export async function codedMenus(db: Tx | AppDatabase): Promise<AppMenuOption[]> {
  const rows = await db
    .select({
      id: sysPermissions.id,
      parentId: sysPermissions.parentId,
      name: sysPermissions.name,
      code: sysPermissions.code,
    })
    .from(sysPermissions)
    .where(eq(sysPermissions.type, 'menu'))
    .orderBy(asc(sysPermissions.sort), asc(sysPermissions.id));
  const children = new Map<number | null, typeof rows>();
  const ids = new Set(rows.map((row) => row.id));
  for (const row of rows) {
    // A menu under a button (not allowed, but not impossible in old data) counts as a top one.
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const options: AppMenuOption[] = [];
  const visit = (parentId: number | null, names: string[]) => {
    for (const row of children.get(parentId) ?? []) {
      const path = [...names, row.name];
      if (row.code !== null) options.push({ code: row.code, name: row.name, fullName: path.join(' / ') });
      visit(row.id, path);
    }
  };
  visit(null, []);
  return options;
}

async function iconNames(db: Tx | AppDatabase): Promise<string[]> {
  const icons = await db.select({ name: sysIcons.name }).from(sysIcons).orderBy(asc(sysIcons.name));
  return icons.map((icon) => icon.name);
}

/** What the form offers: the menus an app may group and the icon names. */
export async function appOptions(db: AppDatabase) {
  const [menus, icons] = await Promise.all([codedMenus(db), iconNames(db)]);
  return { menus, icons };
}

function appRows(db: AppDatabase) {
  return async (query: CompiledList): Promise<AdminAppRow[]> => {
    const [rows, menus] = await Promise.all([
      db
        .select({
          appCode: sysApps.appCode,
          appName: sysApps.appName,
          visitUrl: sysApps.visitUrl,
          icon: sysApps.icon,
          menus: sysApps.menus,
          sort: sysApps.sort,
        })
        .from(sysApps)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db
        .select({ code: sysPermissions.code, name: sysPermissions.name })
        .from(sysPermissions)
        .where(eq(sysPermissions.type, 'menu')),
    ]);
    const names = new Map(menus.map((menu) => [menu.code, menu.name]));
    return rows.map((row) => ({
      ...row,
      menus: row.menus.map((code) => ({ code, name: names.get(code) ?? null })),
    }));
  };
}

export async function appPage(db: AppDatabase, body: ListRequest) {
  return appList.page<AdminAppRow>(db, body, { rows: appRows(db) });
}

/** 导出: the apps the list's query matches (or the selected ones, by app code). */
export async function appExport(db: AppDatabase, body: ListExportBody) {
  return appList.exportRows(db, body, { rows: appRows(db) });
}

/** 新增 / 编辑 / 删除 (lib/admin-resource), by code; a delete skips the codes gone. */
export const appResource = defineAdminResource({
  entity: 'app',
  action: 'app',
  table: sysApps,
  key: sysApps.appCode,
  audited: {
    appCode: sysApps.appCode,
    appName: sysApps.appName,
    visitUrl: sysApps.visitUrl,
    icon: sysApps.icon,
    menus: sysApps.menus,
    sort: sysApps.sort,
  },
  label: 'appName',
  notFound: APP_ADMIN_MESSAGES.notFound,
  missing: 'ignore',
  duplicateCheck: { codes: [appAdminCodes.add, appAdminCodes.edit] },
  unique: [{ field: 'appCode', message: APP_ADMIN_MESSAGES.codeTaken, caseInsensitive: true }],
});

/** The stored values of the form, after every rule of docs/auth.md "App administration". */
async function checkedValues(tx: Tx, body: AddAppBody | UpdAppBody) {
  const appName = trimmed(body.appName);
  if (appName === '') throw new ApiError('400', APP_ADMIN_MESSAGES.nameEmpty);
  const visitUrl = safeAppUrl(body.visitUrl);
  if (visitUrl === null || visitUrl.length > 256) throw new ApiError('400', APP_ADMIN_MESSAGES.visitUrl);
  const iconText = trimmed(body.icon);
  const icon = iconText === '' ? null : iconText;
  if (icon !== null && !(await iconNames(tx)).includes(icon)) throw new ApiError('400', APP_ADMIN_MESSAGES.icon(icon));
  const menus = [...new Set(body.menus.map((code) => code.trim()).filter(Boolean))];
  if (menus.length > 0) {
    const known = new Set((await codedMenus(tx)).map((menu) => menu.code));
    const unknown = menus.find((code) => !known.has(code));
    if (unknown !== undefined) throw new ApiError('400', APP_ADMIN_MESSAGES.unknownMenu(unknown));
  }
  return { appName, visitUrl, icon, menus, sort: body.sort ?? 0 };
}

export async function addApp(db: AppDatabase, request: FastifyRequest, body: AddAppBody) {
  const appCode = body.appCode.trim();
  await appResource.add(db, request, async (tx) => ({ appCode, ...(await checkedValues(tx, body)) }));
  return { appCode };
}

export async function updateApp(db: AppDatabase, request: FastifyRequest, body: UpdAppBody) {
  return appResource.update(db, request, body.appCode.trim(), (tx) => checkedValues(tx, body));
}

/** The codes of a comma-joined list (`DelAppBody.ids`), each once, in order. */
function parseAppCodes(text: string): string[] {
  const codes = [
    ...new Set(
      text
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
  if (codes.length === 0) throw new ApiError('400', APP_ADMIN_MESSAGES.idsEmpty);
  if (codes.length > MAX_ID_LIST) throw new ApiError('400', APP_ADMIN_MESSAGES.tooMany);
  if (codes.some((code) => code.length > 32)) throw new ApiError('400', APP_ADMIN_MESSAGES.codeTooLong);
  return codes;
}

export async function deleteApps(db: AppDatabase, request: FastifyRequest, idsText: string) {
  return appResource.remove(db, request, parseAppCodes(idsText));
}
