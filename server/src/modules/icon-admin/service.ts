import type { IconList, IconUsage } from '@cotton/sdk/contracts';
import { trimmed } from '@cotton/sdk/validators';
import { asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { sysApps, sysIcons, sysPermissions } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { recordAudit } from '../shared/audit';
import { ICON_CATALOGUE } from './catalogue';

/**
 * 系统管理 › 图标管理 (docs/auth.md "Icons"): which icons of the catalogue the menu and
 * application editors offer. An icon a menu or an application still shows is not removed.
 */

export const ICON_ADMIN_MESSAGES = {
  notFound: '图标不存在或已删除',
  unknown: '只能添加图标库中的图标',
  exists: '该图标已在可选图标中',
  inUse: (name: string, users: string) => `图标「${name}」仍被${users}使用，请先在菜单管理或应用管理中更换图标`,
} as const;

const KIND_NAMES: Record<IconUsage['kind'], string> = { menu: '菜单', app: '应用' };

/** `菜单「用户管理」「角色管理」、应用「仓储监管」`. */
function describeUsage(usage: readonly IconUsage[]): string {
  return (['menu', 'app'] as const)
    .map((kind) => {
      const names = usage.filter((use) => use.kind === kind).map((use) => `「${use.name}」`);
      return names.length > 0 ? `${KIND_NAMES[kind]}${names.join('')}` : '';
    })
    .filter(Boolean)
    .join('、');
}

async function usageByIcon(db: Pick<AppDatabase, 'select'>): Promise<Map<string, IconUsage[]>> {
  const [menus, apps] = await Promise.all([
    db
      .select({ icon: sysPermissions.icon, name: sysPermissions.name })
      .from(sysPermissions)
      .where(isNotNull(sysPermissions.icon))
      .orderBy(asc(sysPermissions.sort), asc(sysPermissions.id)),
    db
      .select({ icon: sysApps.icon, name: sysApps.appName })
      .from(sysApps)
      .where(isNotNull(sysApps.icon))
      .orderBy(asc(sysApps.sort), asc(sysApps.appCode)),
  ]);
  const usage = new Map<string, IconUsage[]>();
  const add = (icon: string | null, use: IconUsage) => {
    if (icon) usage.set(icon, [...(usage.get(icon) ?? []), use]);
  };
  for (const menu of menus) add(menu.icon, { kind: 'menu', name: menu.name });
  for (const app of apps) add(app.icon, { kind: 'app', name: app.name });
  return usage;
}

/** `POST /rest/icon/Geticon`. */
export async function iconList(db: AppDatabase): Promise<IconList> {
  const [rows, usage] = await Promise.all([
    db.select({ name: sysIcons.name, svgPath: sysIcons.svgPath }).from(sysIcons).orderBy(asc(sysIcons.name)),
    usageByIcon(db),
  ]);
  const offered = new Set(rows.map((row) => row.name));
  return {
    icons: rows.map((row) => ({ ...row, usedBy: usage.get(row.name) ?? [] })),
    available: Object.entries(ICON_CATALOGUE)
      .filter(([name]) => !offered.has(name))
      .map(([name, svgPath]) => ({ name, svgPath }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** `POST /rest/icon/Addicon`: offers an icon of the catalogue again. */
export async function addIcon(db: AppDatabase, request: FastifyRequest, nameInput: string) {
  const name = trimmed(nameInput);
  const svgPath = Object.hasOwn(ICON_CATALOGUE, name) ? ICON_CATALOGUE[name] : undefined;
  if (!svgPath) throw new ApiError('504', ICON_ADMIN_MESSAGES.unknown);
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(sysIcons)
      .values({ name, svgPath })
      .onConflictDoNothing()
      .returning({ name: sysIcons.name });
    if (added.length === 0) throw new ApiError('504', ICON_ADMIN_MESSAGES.exists);
    await recordAudit(tx, request, { action: 'icon.add', entity: 'icon', entityId: name, after: { name } });
    return { name };
  });
}

/** `POST /rest/icon/Delicon`: refused while a menu or an application shows the icon, naming them. */
export async function deleteIcon(db: AppDatabase, request: FastifyRequest, nameInput: string) {
  const name = trimmed(nameInput);
  return db.transaction(async (tx) => {
    // Locked: two administrators deleting the same icon get one success and one 不存在.
    const [icon] = await tx.select().from(sysIcons).where(eq(sysIcons.name, name)).for('update');
    if (!icon) throw new ApiError('504', ICON_ADMIN_MESSAGES.notFound);
    const usedBy = (await usageByIcon(tx)).get(name) ?? [];
    if (usedBy.length > 0) throw new ApiError('504', ICON_ADMIN_MESSAGES.inUse(name, describeUsage(usedBy)));
    await tx.delete(sysIcons).where(eq(sysIcons.name, name));
    await recordAudit(tx, request, { action: 'icon.delete', entity: 'icon', entityId: name, before: { name } });
    return { name };
  });
}
