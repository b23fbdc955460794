import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { VisitedMenu } from '@cotton/sdk/contracts';
import type { AppDatabase } from '../../db/client';
import { sysMenuViews, sysPermissions } from '../../db/schema/index';
import { recordVisit } from '../log/service';
import { authOf } from '../auth/authenticate';

/**
 * 最近访问 and 常用功能 (docs/auth.md "Menu visits"): each user's visits of menu pages, one
 * row per user and menu (`sys_menu_views`: count, last time). Only a menu page the user may
 * open is recorded, and only those are listed — a menu taken away or deleted since drops out.
 */

/** How many menus each list answers. */
export const VISITED_MENU_LIMIT = 8;

/** The ids of the menus `codes` may open: its own code held (or none), and its parents' too. */
async function openableMenus(db: AppDatabase, codes: readonly string[]): Promise<Set<number>> {
  const menus = await db
    .select({ id: sysPermissions.id, parentId: sysPermissions.parentId, code: sysPermissions.code })
    .from(sysPermissions)
    .where(eq(sysPermissions.type, 'menu'));
  const held = new Set(codes);
  const byId = new Map(menus.map((menu) => [menu.id, menu]));
  const openable = new Set<number>();
  for (const menu of menus) {
    let node: (typeof menus)[number] | undefined = menu;
    let open = true;
    // A parent chain is short; the bound only guards against a loop in bad data.
    for (let depth = 0; node && depth < 16; depth += 1) {
      if (node.code !== null && !held.has(node.code)) {
        open = false;
        break;
      }
      node = node.parentId === null ? undefined : byId.get(node.parentId);
    }
    if (open) openable.add(menu.id);
  }
  return openable;
}

/** Records that the caller opened the menu page at `path`; `recorded: false` when it is none they may open. */
export async function addMenuView(db: AppDatabase, request: FastifyRequest, path: string) {
  const auth = authOf(request);
  const [menu] = await db
    .select({ id: sysPermissions.id, name: sysPermissions.name })
    .from(sysPermissions)
    .where(and(eq(sysPermissions.type, 'menu'), eq(sysPermissions.path, path), isNotNull(sysPermissions.componentPath)))
    .limit(1);
  if (!menu || !(await openableMenus(db, auth.permissionCodes)).has(menu.id)) return { recorded: false };
  const now = new Date();
  await recordVisit(db, request, { menuName: menu.name, path, at: now });
  await db
    .insert(sysMenuViews)
    .values({ userId: auth.user.id, permissionId: menu.id, viewCount: 1, lastViewedAt: now })
    .onConflictDoUpdate({
      target: [sysMenuViews.userId, sysMenuViews.permissionId],
      set: { viewCount: sql`${sysMenuViews.viewCount} + 1`, lastViewedAt: now },
    });
  return { recorded: true };
}

/** The caller's visited menus that they may still open: the latest or the most opened first. */
export async function visitedMenus(
  db: AppDatabase,
  request: FastifyRequest,
  order: 'recent' | 'frequent',
): Promise<{ menus: VisitedMenu[] }> {
  const auth = authOf(request);
  const [rows, openable] = await Promise.all([
    db
      .select({
        id: sysPermissions.id,
        name: sysPermissions.name,
        path: sysPermissions.path,
        icon: sysPermissions.icon,
        viewCount: sysMenuViews.viewCount,
        lastViewedAt: sysMenuViews.lastViewedAt,
      })
      .from(sysMenuViews)
      .innerJoin(sysPermissions, eq(sysPermissions.id, sysMenuViews.permissionId))
      .where(and(eq(sysMenuViews.userId, auth.user.id), isNotNull(sysPermissions.componentPath)))
      .orderBy(
        ...(order === 'recent'
          ? [desc(sysMenuViews.lastViewedAt), desc(sysMenuViews.viewCount)]
          : [desc(sysMenuViews.viewCount), desc(sysMenuViews.lastViewedAt)]),
        desc(sysPermissions.id),
      ),
    openableMenus(db, auth.permissionCodes),
  ]);
  const menus = rows
    .filter((row) => openable.has(row.id) && row.path !== null)
    .slice(0, VISITED_MENU_LIMIT)
    .map((row) => ({
      id: String(row.id),
      name: row.name,
      path: row.path ?? '',
      icon: row.icon,
      viewCount: row.viewCount,
      lastViewedAt: row.lastViewedAt.toISOString(),
    }));
  return { menus };
}
