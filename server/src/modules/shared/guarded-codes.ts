import type { FastifyInstance } from 'fastify';

/**
 * The permission codes some server route checks (`config.permission`, read from the route
 * catalogue): what a grant opens beyond a menu's or a button's visibility. Nobody grants or
 * assigns these without holding them (role and user administration); a code no route
 * checks — a plugin's menu made in 菜单管理, whose data calls carry their own codes — only
 * shows a menu, so whoever may grant may grant it (docs/auth.md "Role administration").
 */
export function guardedCodes(server: FastifyInstance): ReadonlySet<string> {
  return new Set(
    server.routeCatalogue.map((route) => route.permission).filter((code): code is string => typeof code === 'string'),
  );
}
