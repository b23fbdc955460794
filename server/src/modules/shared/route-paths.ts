import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * The portal's addresses, one namespace shared by three owners (docs/architecture.md "Plugin
 * registry"): the shell's own pages, the public pages enabled plugins claim, and the menus'
 * pages. Each address has one owner: a plugin may not claim a menu's address and a menu may
 * not take a plugin's or the shell's — else one of them would silently never show.
 */

/** Paths the shell itself answers (shell/src/router): no plugin or menu may claim them. */
export const SHELL_PATHS = ['/', '/login', '/403', '/404', '/500', '/errorBlank'];

/** A route path as the router compares it: case-folded, parameters anonymous, no trailing slash. */
export function routeKey(path: string): string {
  const key = path
    .toLowerCase()
    .replace(/:[^/]+/g, ':')
    .replace(/\/+$/, '');
  return key === '' ? '/' : key;
}

/**
 * Serialises a check of the addresses with the write that follows it (a plugin enabled, a menu
 * saved): else two writes at once could each see the address as free. Held until the
 * transaction ends.
 */
export async function lockRoutes(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('plugin-routes'))`);
}
