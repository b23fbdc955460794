import * as contracts from '@cotton/sdk/contracts';
import { CODES_MARK, type PluginPermission } from '@cotton/sdk/contracts';
import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pluginPermissions, sysPermissions } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { escapeLike } from '../../lib/list/index';

/**
 * The permission codes an uploaded plugin declares (docs/plugins.md "Permission codes"). The
 * codes of each plugin's active version are claimed in `plugin_permissions`; in the menu tree
 * a `button` code is a node under the first menu (in menu order) whose component is the
 * code's, carrying the plugin's id, and a `menu` code becomes that menu's own code when it has
 * none. The tree follows the claims whenever either changes: a version made active, a menu
 * added, changed or deleted. A node's id stays while its code is declared, so the roles
 * granted it keep it across upgrades; the ceiling guard of 角色管理 applies to it as to any.
 */

export const CODE_MESSAGES = {
  otherPlugin: (code: string, other: string) => `权限编码「${code}」已被插件「${other}」使用，请更换权限编码后重新构建`,
  portal: (code: string, name: string) => `权限编码「${code}」已被门户的「${name}」使用，请更换权限编码后重新构建`,
  reserved: (code: string) => `权限编码「${code}」是门户自身功能的权限编码，请更换权限编码后重新构建`,
  otherEntity: (code: string, own: string) =>
    `权限编码「${code}」属于其他插件的数据实体：以 plugin: 开头的权限编码只能是本插件的（${own}…），请更换权限编码后重新构建`,
} as const;

/** The codes the portal's own features declare (`defineCodes` of the contracts), lower case. */
const PORTAL_CODES: ReadonlySet<string> = new Set(
  Object.values(contracts as Record<string, unknown>)
    .filter(
      (value): value is Record<string, string> => typeof value === 'object' && value !== null && CODES_MARK in value,
    )
    .flatMap((codes) => Object.values(codes))
    .map((code) => code.toLowerCase()),
);

/**
 * Refuses a declared code that is the portal's (a contract's, or a node of the menu tree that
 * is not this plugin's) or another plugin's, naming it and who has it.
 */
export async function checkCodesFree(tx: Tx, pluginId: string, permissions: readonly PluginPermission[]) {
  if (permissions.length === 0) return;
  const codes = permissions.map((permission) => permission.code);
  // `plugin:<id>:…` names a plugin's entity codes (plugin-entity): only that plugin may declare
  // them, or another plugin's roles would reach its data (and could claim its codes first).
  const ownPrefix = `plugin:${pluginId}:`;
  for (const code of codes) {
    if (code.startsWith('plugin:') && !code.startsWith(ownPrefix))
      throw new ApiError('400', CODE_MESSAGES.otherEntity(code, ownPrefix));
  }
  const claims = await tx
    .select({ code: pluginPermissions.code, pluginId: pluginPermissions.pluginId })
    .from(pluginPermissions)
    .where(inArray(pluginPermissions.code, codes));
  const own = new Set(claims.filter((claim) => claim.pluginId === pluginId).map((claim) => claim.code));
  for (const claim of claims) {
    if (claim.pluginId !== pluginId) throw new ApiError('400', CODE_MESSAGES.otherPlugin(claim.code, claim.pluginId));
  }
  for (const code of codes) {
    if (PORTAL_CODES.has(code)) throw new ApiError('400', CODE_MESSAGES.reserved(code));
  }
  // Menu codes are unique whatever the case (菜单管理).
  const nodes = await tx
    .select({ code: sysPermissions.code, name: sysPermissions.name, pluginId: sysPermissions.pluginId })
    .from(sysPermissions)
    .where(inArray(sql`lower(${sysPermissions.code})`, codes))
    .orderBy(asc(sysPermissions.id));
  for (const node of nodes) {
    const code = node.code!.toLowerCase();
    // This plugin's own node, or the menu its claimed `menu` code was written on.
    if (node.pluginId === pluginId || own.has(code)) continue;
    throw new ApiError('400', CODE_MESSAGES.portal(code, node.name));
  }
}

/**
 * Makes `permissions` the claimed codes of plugin `pluginId` (its version becoming active):
 * refused as {@link checkCodesFree}; the codes no longer declared leave the tree (their grants
 * with them); the tree then follows ({@link syncCodeNodes}).
 */
export async function claimCodes(tx: Tx, pluginId: string, permissions: readonly PluginPermission[]) {
  // Two plugins switching versions at once must not both find a code free (the second would
  // meet the primary key as a 500, not the message naming the first).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('plugin-codes'))`);
  await checkCodesFree(tx, pluginId, permissions);
  const before = await tx.select().from(pluginPermissions).where(eq(pluginPermissions.pluginId, pluginId));
  const declared = new Map(permissions.map((permission) => [permission.code, permission]));
  const gone = before.filter((claim) => declared.get(claim.code)?.type !== claim.type).map((claim) => claim.code);
  if (gone.length > 0) {
    await tx
      .delete(sysPermissions)
      .where(and(eq(sysPermissions.pluginId, pluginId), inArray(sysPermissions.code, gone)));
    await tx
      .update(sysPermissions)
      .set({ code: null })
      .where(
        and(
          eq(sysPermissions.type, 'menu'),
          inArray(sysPermissions.code, gone),
          like(sysPermissions.componentPath, `${escapeLike(pluginId)}/%`),
        ),
      );
  }
  await tx.delete(pluginPermissions).where(eq(pluginPermissions.pluginId, pluginId));
  if (permissions.length > 0) {
    await tx.insert(pluginPermissions).values(
      permissions.map((permission) => ({
        code: permission.code,
        pluginId,
        type: permission.type,
        component: permission.component,
        label: permission.label,
      })),
    );
  }
  await syncCodeNodes(tx, pluginId);
}

/** Removes a plugin's nodes (its claims go with its registry row). */
export async function releaseCodes(tx: Tx, pluginId: string) {
  await tx.delete(sysPermissions).where(eq(sysPermissions.pluginId, pluginId));
  await tx.delete(pluginPermissions).where(eq(pluginPermissions.pluginId, pluginId));
}

/**
 * Puts the menu tree in step with the claimed codes of `pluginId` (every plugin with claims
 * when null): each `button` code a node under the first menu showing its component (moved
 * there, renamed to the label, or added; removed while no menu shows it), each `menu` code
 * that menu's code when it has none.
 */
export async function syncCodeNodes(tx: Tx, pluginId: string | null = null) {
  const claims = await tx
    .select()
    .from(pluginPermissions)
    .where(pluginId === null ? undefined : eq(pluginPermissions.pluginId, pluginId))
    .orderBy(asc(pluginPermissions.pluginId), asc(pluginPermissions.code));
  if (claims.length === 0) return;
  const menus = await tx
    .select({ id: sysPermissions.id, code: sysPermissions.code, componentPath: sysPermissions.componentPath })
    .from(sysPermissions)
    .where(and(eq(sysPermissions.type, 'menu'), sql`${sysPermissions.componentPath} is not null`))
    .orderBy(asc(sysPermissions.id));
  const menuOf = (claim: (typeof claims)[number]) =>
    menus.find((menu) => menu.componentPath === `${claim.pluginId}/${claim.component}`) ?? null;
  const nodes = await tx
    .select({
      id: sysPermissions.id,
      code: sysPermissions.code,
      parentId: sysPermissions.parentId,
      name: sysPermissions.name,
    })
    .from(sysPermissions)
    .where(
      inArray(
        sysPermissions.code,
        claims.map((claim) => claim.code),
      ),
    );
  const nodeOf = new Map(nodes.map((node) => [node.code!, node]));
  for (const [index, claim] of claims.entries()) {
    const menu = menuOf(claim);
    const node = nodeOf.get(claim.code);
    if (claim.type === 'menu') {
      if (menu && menu.code === null && !node) {
        await tx
          .update(sysPermissions)
          .set({ code: claim.code })
          .where(and(eq(sysPermissions.id, menu.id), isNull(sysPermissions.code)));
        menu.code = claim.code;
      }
      continue;
    }
    if (!menu) {
      if (node)
        await tx
          .delete(sysPermissions)
          .where(and(eq(sysPermissions.id, node.id), eq(sysPermissions.pluginId, claim.pluginId)));
      continue;
    }
    if (!node) {
      await tx.insert(sysPermissions).values({
        parentId: menu.id,
        type: 'button',
        name: claim.label,
        code: claim.code,
        sort: index + 1,
        pluginId: claim.pluginId,
      });
    } else if (node.parentId !== menu.id || node.name !== claim.label) {
      await tx
        .update(sysPermissions)
        .set({ parentId: menu.id, name: claim.label })
        .where(and(eq(sysPermissions.id, node.id), eq(sysPermissions.pluginId, claim.pluginId)));
    }
  }
}

/** The plugin that claims `code` (whatever the case), or null. */
export async function codeClaim(tx: Tx, code: string): Promise<string | null> {
  const [claim] = await tx
    .select({ pluginId: pluginPermissions.pluginId })
    .from(pluginPermissions)
    .where(eq(pluginPermissions.code, code.toLowerCase()));
  return claim?.pluginId ?? null;
}

/** Whether any child of menu `id` is not a plugin's code node (those go with the menu). */
export function ownChildren(id: number) {
  return and(eq(sysPermissions.parentId, id), isNull(sysPermissions.pluginId));
}
