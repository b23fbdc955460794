import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { pluginRegistry, sysPermissions } from '../../db/schema/index';
import { CMS_IMAGE_ADD_PERMISSION, CMS_IMAGE_EDIT_PERMISSION } from '../cms-admin/images';
import { USER_CONTACT_CHECK_CODES } from '../field-check/service';
import { FILE_REVIEW_PERMISSION } from '../files/service';
import { NOTICE_LIST_PERMISSION } from '../notice/service';
import { REGISTER_REVIEW_PERMISSION as REVIEW_COUNT_PERMISSION } from '../overview/service';

/**
 * Codes a handler checks itself (`permissionCodes.includes(…)`) rather than a route's
 * `config.permission`. Keep in step with the handlers: server/test/role-admin.test.ts
 * fails when a handler checks a code this list does not name.
 */
export const CODES_CHECKED_IN_HANDLERS: readonly string[] = [
  REVIEW_COUNT_PERMISSION,
  FILE_REVIEW_PERMISSION,
  NOTICE_LIST_PERMISSION,
  CMS_IMAGE_ADD_PERMISSION,
  CMS_IMAGE_EDIT_PERMISSION,
  ...USER_CONTACT_CHECK_CODES,
];

/**
 * The permission codes that may be granted (or a role holding them assigned) by someone who
 * does not hold them (docs/auth.md "Role administration"): the codes of the menus that show
 * an uploaded plugin's component, and of their buttons — unless a server route or handler
 * checks the code. Such a code only shows a plugin's menu; the page's data calls carry their
 * own codes. Without this a menu made for a newly installed plugin could be granted by
 * nobody (nobody holds a new code) short of SQL. Every other code must be held to be granted.
 */
export async function grantableUnheld(db: Pick<AppDatabase, 'select'>, server: FastifyInstance): Promise<Set<string>> {
  const uploaded = await db
    .select({ id: pluginRegistry.id })
    .from(pluginRegistry)
    .where(eq(pluginRegistry.source, 'external'));
  if (uploaded.length === 0) return new Set();
  const prefixes = uploaded.map((plugin) => `${plugin.id}/`);
  const rows = await db
    .select({
      id: sysPermissions.id,
      parentId: sysPermissions.parentId,
      code: sysPermissions.code,
      componentPath: sysPermissions.componentPath,
    })
    .from(sysPermissions);
  const pluginMenus = new Set(
    rows
      .filter((row) => row.componentPath !== null && prefixes.some((prefix) => row.componentPath!.startsWith(prefix)))
      .map((row) => row.id),
  );
  const guarded = new Set<string>(CODES_CHECKED_IN_HANDLERS);
  for (const route of server.routeCatalogue) if (typeof route.permission === 'string') guarded.add(route.permission);
  return new Set(
    rows
      .filter((row) => pluginMenus.has(row.id) || (row.parentId !== null && pluginMenus.has(row.parentId)))
      .map((row) => row.code)
      .filter((code): code is string => code !== null && !guarded.has(code)),
  );
}
