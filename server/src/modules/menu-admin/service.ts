import { trimmed } from '@cotton/sdk/validators';
import { menuAdminCodes, type MenuAdminNode, type SaveMenuBody } from '@cotton/sdk/contracts';
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { pluginRegistry, sysIcons, sysPermissions, sysRolePermissions } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { authOf } from '../auth/authenticate';
import { guardCodes, guardRoles } from '../ceiling/guard';
import { recordAudit } from '../shared/audit';
import { codeClaim, ownChildren, syncCodeNodes } from '../plugin-admin/codes';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { lockRoutes, routeKey, SHELL_PATHS } from '../shared/route-paths';

/**
 * 系统管理 › 菜单管理 (docs/auth.md "Menu administration"): the tree of menus and buttons
 * (`sys_permissions`) that the shell builds its routes and side menu from. A menu's
 * component must be one that an enabled plugin declares; the change reaches each user's
 * menu at their next init, with no restart.
 */

export const MENU_ADMIN_MESSAGES = {
  notFound: '菜单不存在或已删除',
  pluginCode: (code: string, plugin: string) =>
    `权限编码「${code}」由插件「${plugin}」声明，安装插件后会自动出现在使用其组件的菜单下，请更换权限编码`,
  parentNotFound: '上级菜单不存在，请刷新后重试',
  parentNotMenu: '上级只能是菜单，不能是按钮',
  parentLoop: '不能把菜单移到它自己或它的下级之下',
  nameEmpty: '请输入名称',
  pathRequired: '请输入路由地址',
  pathTaken: (path: string, name: string) => `路由地址 ${path} 已被菜单「${name}」使用`,
  pathReserved: (path: string) => `路由地址 ${path} 是门户保留的地址，请更换`,
  pathPlugin: (path: string, plugin: string) => `路由地址 ${path} 是插件「${plugin}」的公开页面，请更换`,
  codeTaken: (code: string, name: string) => `权限编码 ${code} 已被「${name}」使用`,
  buttonCode: '按钮须填写权限编码',
  buttonParent: '按钮须放在某个菜单之下',
  buttonFields: '按钮没有路由地址、组件和图标',
  buttonChildren: '该节点有下级，不能改为按钮',
  component: (component: string) => `组件 ${component} 不是已启用插件提供的组件`,
  icon: (icon: string) => `图标 ${icon} 不存在`,
  hasChildren: (name: string) => `请先删除「${name}」的下级菜单或按钮`,
  urlRequired: '外部链接和内嵌页面须填写链接地址',
  urlInvalid: '链接地址须为 http:// 或 https:// 开头的完整网址',
  urlOnPage: '页面菜单没有链接地址，请选择外部链接或内嵌页面',
  urlComponent: '外部链接和内嵌页面不能选择组件',
  buttonOpenMode: '按钮没有打开方式和链接地址',
  iframeNone: '未配置允许内嵌的来源（IFRAME_ALLOWED_ORIGINS），不能添加内嵌页面菜单，请联系运维人员',
  iframeOrigin: (origin: string, allowed: readonly string[]) =>
    `链接地址的来源 ${origin} 不在允许内嵌的来源之内（${allowed.join('、')}）`,
} as const;

type Row = {
  id: number;
  parentId: number | null;
  type: 'menu' | 'button';
  name: string;
  code: string | null;
  path: string | null;
  componentPath: string | null;
  icon: string | null;
  sort: number;
  hidden: boolean;
  keepAlive: boolean;
  openMode: 'page' | 'link' | 'iframe';
  url: string | null;
};

const COLUMNS = {
  id: sysPermissions.id,
  parentId: sysPermissions.parentId,
  type: sysPermissions.type,
  name: sysPermissions.name,
  code: sysPermissions.code,
  path: sysPermissions.path,
  componentPath: sysPermissions.componentPath,
  icon: sysPermissions.icon,
  sort: sysPermissions.sort,
  hidden: sysPermissions.hidden,
  keepAlive: sysPermissions.keepAlive,
  openMode: sysPermissions.openMode,
  url: sysPermissions.url,
};

async function allNodes(db: Tx | AppDatabase): Promise<Row[]> {
  return db.select(COLUMNS).from(sysPermissions).orderBy(asc(sysPermissions.sort), asc(sysPermissions.id));
}

function toTree(rows: Row[]): MenuAdminNode[] {
  const nodes = new Map<number, MenuAdminNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      ...row,
      id: String(row.id),
      parentId: row.parentId === null ? null : String(row.parentId),
      children: [],
    });
  }
  const roots: MenuAdminNode[] = [];
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(nodes.get(row.id)!);
  }
  return roots;
}

/** `<plugin>/<component>` of every enabled plugin, sorted. */
async function availableComponents(db: Tx | AppDatabase): Promise<string[]> {
  const plugins = await db
    .select({ id: pluginRegistry.id, components: pluginRegistry.components })
    .from(pluginRegistry)
    .where(eq(pluginRegistry.enabled, true));
  return plugins.flatMap((plugin) => plugin.components.map((component) => `${plugin.id}/${component}`)).sort();
}

async function allIcons(db: Tx | AppDatabase) {
  return db.select({ name: sysIcons.name, svgPath: sysIcons.svgPath }).from(sysIcons).orderBy(asc(sysIcons.name));
}

async function iconNames(db: Tx | AppDatabase): Promise<string[]> {
  return (await allIcons(db)).map((icon) => icon.name);
}

/** The tree, the components on offer, the icons (drawn by the picker) and the origins an iframe menu may embed. */
export async function menuTree(db: AppDatabase, iframeOrigins: readonly string[]) {
  const [rows, components, icons] = await Promise.all([allNodes(db), availableComponents(db), allIcons(db)]);
  return { tree: toTree(rows), components, icons, iframeOrigins: [...iframeOrigins] };
}

/**
 * A `link` or `iframe` menu's address: an absolute http(s) URL (the body's pattern checked its
 * shape; the URL parser decides), for an iframe one from an allowed origin.
 */
function checkedUrl(openMode: 'link' | 'iframe', url: string | null, iframeOrigins: readonly string[]): string {
  if (url === null) throw new ApiError('400', MENU_ADMIN_MESSAGES.urlRequired);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ApiError('400', MENU_ADMIN_MESSAGES.urlInvalid);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ApiError('400', MENU_ADMIN_MESSAGES.urlInvalid);
  }
  if (openMode === 'iframe') {
    if (iframeOrigins.length === 0) throw new ApiError('400', MENU_ADMIN_MESSAGES.iframeNone);
    if (!iframeOrigins.includes(parsed.origin)) {
      throw new ApiError('400', MENU_ADMIN_MESSAGES.iframeOrigin(parsed.origin, iframeOrigins));
    }
  }
  return parsed.href;
}

const blankToNull = (value: string | null | undefined) => {
  const text = trimmed(value);
  return text === '' ? null : text;
};

/**
 * 菜单管理's writes (docs/architecture.md "Admin resources"): a node's 路由地址 and 权限编码 are
 * unique (the code whatever the case), each refusal naming the node that holds it; the code is
 * also checked as the field is left. Changing or deleting a coded node is guarded by the ceiling
 * (`guardCodeChange`) before the uniqueness and children checks; its grants go with it (ON
 * DELETE CASCADE).
 */
export const menuResource = defineAdminResource({
  entity: 'menu',
  action: 'menu',
  table: sysPermissions,
  key: sysPermissions.id,
  audited: COLUMNS,
  notFound: MENU_ADMIN_MESSAGES.notFound,
  unique: [
    { field: 'path', message: MENU_ADMIN_MESSAGES.pathTaken },
    { field: 'code', message: MENU_ADMIN_MESSAGES.codeTaken, caseInsensitive: true },
  ],
  duplicateCheck: { codes: [menuAdminCodes.edit], fields: ['code'] },
  async guard(tx, request, target) {
    if (target.kind === 'add') return;
    for (const node of target.rows) {
      const code = target.kind === 'update' ? ((target.values?.code as string | null | undefined) ?? null) : null;
      if (target.kind === 'update' && node.code === code) continue;
      if (target.kind === 'delete' && node.code === null) continue;
      await guardCodeChange(tx, request, node, code);
    }
  },
});

type MenuValues = typeof sysPermissions.$inferInsert;

/**
 * The rules of docs/auth.md "Menu administration" on the tree as it is (the parent, the loop,
 * a button's children, the component, the icon, an address the shell or a plugin answers).
 */
async function checkPlace(tx: Tx, id: number | null, values: MenuValues): Promise<MenuValues> {
  const rows = await allNodes(tx);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const parentId = values.parentId ?? null;
  if (parentId !== null) {
    const parent = byId.get(parentId);
    if (!parent) throw new ApiError('400', MENU_ADMIN_MESSAGES.parentNotFound);
    if (parent.type !== 'menu') throw new ApiError('400', MENU_ADMIN_MESSAGES.parentNotMenu);
    // The new parent may not be the node itself or below it.
    for (let at: Row | undefined = parent; at; at = at.parentId === null ? undefined : byId.get(at.parentId)) {
      if (at.id === id) throw new ApiError('400', MENU_ADMIN_MESSAGES.parentLoop);
    }
  }
  if (values.type === 'button' && id !== null && rows.some((row) => row.parentId === id)) {
    throw new ApiError('400', MENU_ADMIN_MESSAGES.buttonChildren);
  }
  const componentPath = values.componentPath ?? null;
  if (componentPath !== null && !(await availableComponents(tx)).includes(componentPath)) {
    throw new ApiError('400', MENU_ADMIN_MESSAGES.component(componentPath));
  }
  const code = values.code ?? null;
  const before = id === null ? undefined : byId.get(id);
  if (code !== null && before?.code?.toLowerCase() !== code.toLowerCase()) {
    const claim = await codeClaim(tx, code);
    if (claim) throw new ApiError('400', MENU_ADMIN_MESSAGES.pluginCode(code, claim));
  }
  const icon = values.icon ?? null;
  if (icon !== null && !(await iconNames(tx)).includes(icon)) {
    throw new ApiError('400', MENU_ADMIN_MESSAGES.icon(icon));
  }
  if (values.path) await checkPathFree(tx, values.path);
  return values;
}

/** Adds a node (no `id`) or changes one, after every rule of docs/auth.md "Menu administration". */
export async function saveMenu(
  db: AppDatabase,
  request: FastifyRequest,
  body: SaveMenuBody,
  iframeOrigins: readonly string[] = [],
) {
  const name = trimmed(body.name);
  if (name === '') throw new ApiError('400', MENU_ADMIN_MESSAGES.nameEmpty);
  const id = body.id === undefined ? null : Number(body.id);
  const parentId = body.parentId === undefined || body.parentId === null ? null : Number(body.parentId);
  const button = body.type === 'button';
  const openMode = body.openMode ?? 'page';
  const url = blankToNull(body.url);
  if (button && (openMode !== 'page' || url !== null)) throw new ApiError('400', MENU_ADMIN_MESSAGES.buttonOpenMode);
  if (openMode === 'page' && url !== null) throw new ApiError('400', MENU_ADMIN_MESSAGES.urlOnPage);
  if (openMode !== 'page' && blankToNull(body.componentPath) !== null) {
    throw new ApiError('400', MENU_ADMIN_MESSAGES.urlComponent);
  }
  const values = {
    parentId,
    type: body.type,
    name,
    code: blankToNull(body.code),
    path: button ? null : blankToNull(body.path),
    componentPath: button ? null : blankToNull(body.componentPath),
    icon: button ? null : blankToNull(body.icon),
    sort: body.sort,
    hidden: body.hidden,
    keepAlive: button ? true : (body.keepAlive ?? true),
    openMode,
    url: openMode === 'page' ? null : checkedUrl(openMode, url, iframeOrigins),
  };
  if (button && (blankToNull(body.path) || blankToNull(body.componentPath) || blankToNull(body.icon))) {
    throw new ApiError('400', MENU_ADMIN_MESSAGES.buttonFields);
  }
  if (button && values.code === null) throw new ApiError('400', MENU_ADMIN_MESSAGES.buttonCode);
  if (button && parentId === null) throw new ApiError('400', MENU_ADMIN_MESSAGES.buttonParent);
  if (!button && values.path === null) throw new ApiError('400', MENU_ADMIN_MESSAGES.pathRequired);

  // A plugin's declared codes follow the menus showing its components (plugin-admin/codes.ts).
  const write = async (tx: Tx) => {
    await syncCodeNodes(tx);
  };
  if (id === null) {
    const row = await menuResource.add(db, request, (tx) => checkPlace(tx, null, values), { write });
    return { id: String(row.id) };
  }
  await menuResource.update(db, request, id, (tx) => checkPlace(tx, id, values), {
    audit: (before) => ({ before, after: values }),
    write,
  });
  return { id: String(id) };
}

/** The most 排序 a node takes (`SaveMenuBody`). */
const MAX_SORT = 99999;

/**
 * 上移 / 下移: the node exchanges its 排序 with the sibling before or after it (same parent, in
 * menu order: 排序, then id). Equal numbers order by id, so then the moved node gets one next to
 * its neighbour's instead. Already first or last: nothing changes (`updated: 0`).
 */
export async function moveMenu(db: AppDatabase, request: FastifyRequest, id: number, direction: 'up' | 'down') {
  return db.transaction(async (tx) => {
    const [node] = await tx.select(COLUMNS).from(sysPermissions).where(eq(sysPermissions.id, id));
    if (!node) throw new ApiError('404', MENU_ADMIN_MESSAGES.notFound);
    const up = direction === 'up';
    const siblings =
      node.parentId === null ? isNull(sysPermissions.parentId) : eq(sysPermissions.parentId, node.parentId);
    const beside = up
      ? or(lt(sysPermissions.sort, node.sort), and(eq(sysPermissions.sort, node.sort), lt(sysPermissions.id, id)))
      : or(gt(sysPermissions.sort, node.sort), and(eq(sysPermissions.sort, node.sort), gt(sysPermissions.id, id)));
    const order = up ? desc : asc;
    const [neighbour] = await tx
      .select(COLUMNS)
      .from(sysPermissions)
      .where(and(siblings, beside))
      .orderBy(order(sysPermissions.sort), order(sysPermissions.id))
      .limit(1);
    if (!neighbour) return { updated: 0 };
    let nodeSort = neighbour.sort;
    let neighbourSort = node.sort;
    if (nodeSort === neighbourSort) {
      // Equal numbers: one apart, the moved node on the far side (within 0…MAX_SORT).
      const edge = up ? neighbour.sort === 0 : neighbour.sort === MAX_SORT;
      nodeSort = edge ? neighbour.sort : neighbour.sort + (up ? -1 : 1);
      neighbourSort = edge ? neighbour.sort + (up ? 1 : -1) : neighbour.sort;
    }
    await tx.update(sysPermissions).set({ sort: nodeSort }).where(eq(sysPermissions.id, id));
    await tx.update(sysPermissions).set({ sort: neighbourSort }).where(eq(sysPermissions.id, neighbour.id));
    await recordAudit(tx, request, {
      action: 'menu.move',
      entity: 'menu',
      entityId: id,
      before: { ...node, neighbour: { id: neighbour.id, name: neighbour.name, sort: neighbour.sort } },
      after: { ...node, sort: nodeSort, neighbour: { id: neighbour.id, name: neighbour.name, sort: neighbourSort } },
    });
    return { updated: 2 };
  });
}

/**
 * Refuses a menu address the shell or an enabled plugin's public page already answers
 * (shared/route-paths.ts): the router would show that page, never the menu's. Takes the
 * routes lock, so a plugin enabled meanwhile sees this menu (plugin-admin checkRoutes).
 */
async function checkPathFree(tx: Tx, path: string): Promise<void> {
  const key = routeKey(path);
  if (SHELL_PATHS.some((reserved) => routeKey(reserved) === key)) {
    throw new ApiError('400', MENU_ADMIN_MESSAGES.pathReserved(path));
  }
  await lockRoutes(tx);
  const plugins = await tx
    .select({ id: pluginRegistry.id, routes: pluginRegistry.routes })
    .from(pluginRegistry)
    .where(eq(pluginRegistry.enabled, true))
    .orderBy(asc(pluginRegistry.id));
  const owner = plugins.find((plugin) => plugin.routes.some((route) => routeKey(route.path) === key));
  if (owner) throw new ApiError('400', MENU_ADMIN_MESSAGES.pathPlugin(path, owner.id));
}

/**
 * A node's code changed or gone changes what every role granted it holds (the ceiling, docs/auth.md
 * "The ceiling"): only for a caller holding the old code and the new, and only when every role
 * granted the node is within their reach — else renaming a button one holds to
 * `system:role:grant` would hand it to oneself, and deleting one would strip those above.
 */
async function guardCodeChange(
  tx: Tx,
  request: FastifyRequest,
  node: { id: number; name: string; code: string | null },
  code: string | null,
) {
  const auth = authOf(request);
  guardCodes(auth, [node, { name: code ?? '', code }]);
  const holders = await tx
    .select({ roleId: sysRolePermissions.roleId })
    .from(sysRolePermissions)
    .where(eq(sysRolePermissions.permissionId, node.id));
  await guardRoles(
    tx,
    auth,
    holders.map((holder) => holder.roleId),
  );
}

export async function deleteMenu(db: AppDatabase, request: FastifyRequest, id: number) {
  return menuResource.remove(db, request, [id], {
    async check(tx, [node]) {
      // The nodes of a plugin's declared codes go with the menu (to the next menu showing the component).
      const [child] = await tx
        .select({ one: sql<number>`1` })
        .from(sysPermissions)
        .where(ownChildren(id))
        .limit(1);
      if (child) throw new ApiError('400', MENU_ADMIN_MESSAGES.hasChildren(node!.name));
    },
    async write(tx) {
      await syncCodeNodes(tx);
    },
  });
}
