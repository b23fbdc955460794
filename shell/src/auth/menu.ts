import type { MenuNode } from '@cotton/sdk/contracts';

/** The default main page after login (spec §2). */
export const DEFAULT_MAIN_PATH = '/project/display';

/** A route of the dynamic set: a menu node that names a plugin component. */
export interface MenuRoute {
  path: string;
  title: string;
  componentPath: string;
}

function allowed(node: MenuNode, codes: ReadonlySet<string>): boolean {
  const required = node.permissions ?? [];
  return required.length === 0 || required.some((code) => codes.has(code));
}

function filterNodes(nodes: readonly MenuNode[], codes: ReadonlySet<string>): MenuNode[] {
  const kept: MenuNode[] = [];
  for (const node of nodes) {
    if (!allowed(node, codes)) continue;
    const children = filterNodes(node.children ?? [], codes);
    const isGroup = !node.componentPath;
    // A group left without children has nothing to show.
    if (isGroup && children.length === 0) continue;
    kept.push({ ...node, children });
  }
  return kept;
}

/**
 * The menu the user may see (spec §4): a node stays when it requires nothing or the user
 * holds one of its codes; children are filtered the same way; a group without children
 * left is dropped. With nothing left for the sidebar (or no menu at all), the home menu
 * `indexMenu` is added, so a user without permissions still has a home page — the hidden
 * pages left (the account centre) stay.
 */
export function filterMenu(
  menu: readonly MenuNode[] | null | undefined,
  codes: Iterable<string>,
  indexMenu?: MenuNode | null,
): MenuNode[] {
  const kept = filterNodes(menu ?? [], new Set(codes));
  if (sideMenu(kept).length > 0 || !indexMenu) return kept;
  return [{ ...indexMenu, children: [] }, ...kept.filter((node) => node.path !== indexMenu.path)];
}

function joinPath(parent: string, path: string): string {
  if (!path) return parent || '/';
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/+$/, '')}/${path}`;
}

function* walk(nodes: readonly MenuNode[], parentPath = ''): Generator<MenuNode & { fullPath: string }> {
  for (const node of nodes) {
    const fullPath = joinPath(parentPath, node.path);
    yield { ...node, fullPath };
    yield* walk(node.children ?? [], fullPath);
  }
}

/** One route per node with a componentPath, in menu order; the first node to claim a path keeps it. */
export function buildMenuRoutes(menu: readonly MenuNode[], reserved: Iterable<string> = []): MenuRoute[] {
  const taken = new Set(reserved);
  const routes: MenuRoute[] = [];
  for (const node of walk(menu)) {
    if (!node.componentPath || taken.has(node.fullPath)) continue;
    taken.add(node.fullPath);
    routes.push({ path: node.fullPath, title: node.name, componentPath: node.componentPath });
  }
  return routes;
}

/** Paths of the whole menu that the filter took away: they render the 403 page. */
export function forbiddenPaths(
  menu: readonly MenuNode[],
  visible: readonly MenuNode[],
  reserved: Iterable<string> = [],
): string[] {
  const open = new Set([...reserved, ...[...walk(visible)].map((node) => node.fullPath)]);
  const paths: string[] = [];
  for (const node of walk(menu)) {
    if (!node.componentPath || open.has(node.fullPath) || paths.includes(node.fullPath)) continue;
    paths.push(node.fullPath);
  }
  return paths;
}

/** True when `path` (query and hash ignored) is a page of `menu`. */
export function menuHasPath(menu: readonly MenuNode[], path: string): boolean {
  const pathname = path.split(/[?#]/)[0];
  for (const node of walk(menu)) if (node.componentPath && node.fullPath === pathname) return true;
  return false;
}

/** What the side menu lists: no hidden nodes, no groups left empty by that. */
export function sideMenu(menu: readonly MenuNode[]): MenuNode[] {
  const kept: MenuNode[] = [];
  for (const node of menu) {
    if (node.hidden) continue;
    const children = sideMenu(node.children ?? []);
    if (!node.componentPath && children.length === 0) continue;
    kept.push({ ...node, children });
  }
  return kept;
}

/** `dashboard/ProjectDisplay` → `{ pluginId: 'dashboard', exportName: 'ProjectDisplay' }`. */
export function parseComponentPath(componentPath: string): { pluginId: string; exportName: string } | null {
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(componentPath.trim());
  return match ? { pluginId: match[1], exportName: match[2] } : null;
}
