import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { cmsSites, dictItems, sysApps, sysEnterprises, sysIcons, sysPermissions } from '../../db/schema/index';
import { preferencesOf } from './preferences';
import type { InitData, MenuNode } from '@cotton/sdk/contracts';
import { permissionsOf } from './permissions';
import { toUserInfo, type SessionUser } from './session';

/** Dictionaries the back office reads from the init call. */
export const APP_DICT_CODES = [
  'WAREHOUSE_AREA_TYPE',
  'WAREHOUSE_STATUS',
  'TRADER_TYPE',
  'LR_CERTIFICATE_TYPE',
] as const;

export const INDEX_MENU_PATH = '/project/display';

/**
 * 企业管理 (企业信息, its 用户管理): the pages of an enterprise that registered. The centre's own
 * users — its system administrator holds every code, these too — do not get the group: their
 * enterprise has no registration to show, and its accounts are 系统管理 › 用户管理's.
 */
export const ENTERPRISE_MENU_PATH = '/enterprise';

export async function menuTree(db: AppDatabase): Promise<MenuNode[]> {
  const rows = await db
    .select()
    .from(sysPermissions)
    .where(eq(sysPermissions.type, 'menu'))
    .orderBy(asc(sysPermissions.sort), asc(sysPermissions.id));
  const nodes = new Map<number, MenuNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: String(row.id),
      name: row.name,
      path: row.path ?? '',
      icon: row.icon,
      componentPath: row.componentPath,
      permissions: row.code ? [row.code] : [],
      hidden: row.hidden,
      keepAlive: row.keepAlive,
      openMode: row.openMode,
      url: row.url,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

function findMenu(nodes: MenuNode[], path: string): MenuNode | null {
  for (const node of nodes) {
    if (node.path === path) return node;
    const found = findMenu(node.children, path);
    if (found) return found;
  }
  return null;
}

export async function siteDisplayName(db: AppDatabase): Promise<string> {
  const [site] = await db
    .select({ displayName: cmsSites.displayName })
    .from(cmsSites)
    .where(eq(cmsSites.isDefault, true))
    .limit(1);
  return site?.displayName ?? '';
}

export async function initData(db: AppDatabase, user: SessionUser): Promise<InitData> {
  const [permissions, tree, icons, appRows, dictRows, displayName, preferences, [enterprise]] = await Promise.all([
    permissionsOf(db, user.id),
    menuTree(db),
    db.select({ name: sysIcons.name, svgPath: sysIcons.svgPath }).from(sysIcons).orderBy(asc(sysIcons.name)),
    db.select().from(sysApps).orderBy(asc(sysApps.sort), asc(sysApps.appCode)),
    db
      .select({ categoryCode: dictItems.categoryCode, code: dictItems.itemCode, value: dictItems.itemValue })
      .from(dictItems)
      .where(and(inArray(dictItems.categoryCode, [...APP_DICT_CODES]), eq(dictItems.status, '1')))
      .orderBy(asc(dictItems.categoryCode), asc(dictItems.sort), asc(dictItems.itemCode)),
    siteDisplayName(db),
    preferencesOf(db, user.id),
    db
      .select({ registerApplyId: sysEnterprises.registerApplyId })
      .from(sysEnterprises)
      .where(eq(sysEnterprises.id, user.enterpriseId)),
  ]);
  const menu = enterprise?.registerApplyId == null ? tree.filter((node) => node.path !== ENTERPRISE_MENU_PATH) : tree;
  const held = new Set(permissions.map((permission) => permission.code));
  const appDicts: InitData['appDicts'] = {};
  for (const { categoryCode, code, value } of dictRows) (appDicts[categoryCode] ??= []).push({ code, value });
  const indexMenu = findMenu(menu, INDEX_MENU_PATH) ?? {
    id: 'index',
    name: '工作台',
    path: INDEX_MENU_PATH,
    icon: 'dashboard',
    componentPath: 'dashboard/ProjectDisplay',
    permissions: [],
    hidden: false,
    keepAlive: true,
    openMode: 'page',
    url: null,
    children: [],
  };
  return {
    loginUser: toUserInfo(user),
    preferences,
    enterprise: { code: user.enterpriseCode, name: user.enterpriseName },
    icons,
    menu,
    apps: appRows
      .filter((app) => app.menus.length === 0 || app.menus.some((code) => held.has(code)))
      .map((app) => ({
        appCode: app.appCode,
        appName: app.appName,
        visitUrl: app.visitUrl,
        icon: app.icon,
        menus: app.menus,
      })),
    indexMenu,
    appDicts,
    permissions,
    siteDisplayName: displayName,
    mustChangePassword: user.mustChangePassword,
  };
}
