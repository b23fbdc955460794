import type { MenuNode } from '@cotton/sdk/contracts';

/** The default main page after login (spec §2). */
export const DEFAULT_MAIN_PATH = '/project/display';

/**
 * A route of the dynamic set: a menu node that names a plugin component (`componentPath`), or
 * an iframe menu (`iframeUrl`: a page of an allowed origin, embedded in the tab).
 */
export interface MenuRoute {
  path: string;
  title: string;
  componentPath: string | null;
  iframeUrl: string | null;
  /** 缓存: kept mounted while its tab is hidden; `false`: mounted afresh each time it is shown. */
  keepAlive: boolean;
}

/** An external-link menu: opens its address in a new browser tab, no route. */
export function isExternalLink(node: MenuNode): boolean {
  return node.openMode === 'link' && !!node.url;
}

function isIframe(node: MenuNode): boolean {
  return node.openMode === 'iframe' && !!node.url;
}

/** A node that is a page of the workspace: a plugin component or an embedded page. */
function isPage(node: MenuNode): boolean {
  return isIframe(node) || (node.openMode !== 'link' && !!node.componentPath);
}

/** A node that opens something when chosen (a page, or a link); the others are groups. */
function opens(node: MenuNode): boolean {
  return isPage(node) || isExternalLink(node);
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
    const isGroup = !opens(node);
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

/**
 * One route per page node (a componentPath, or an iframe menu), in menu order; the first node
 * to claim a path keeps it. External links have none: the menu opens them in a new tab.
 */
export function buildMenuRoutes(menu: readonly MenuNode[], reserved: Iterable<string> = []): MenuRoute[] {
  const taken = new Set(reserved);
  const routes: MenuRoute[] = [];
  for (const node of walk(menu)) {
    if (!isPage(node) || taken.has(node.fullPath)) continue;
    taken.add(node.fullPath);
    const iframe = isIframe(node);
    routes.push({
      path: node.fullPath,
      title: node.name,
      componentPath: iframe ? null : node.componentPath,
      iframeUrl: iframe ? node.url : null,
      keepAlive: node.keepAlive !== false,
    });
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
    if (!isPage(node) || open.has(node.fullPath) || paths.includes(node.fullPath)) continue;
    paths.push(node.fullPath);
  }
  return paths;
}

/** True when `path` (query and hash ignored) is a page of `menu`. */
export function menuHasPath(menu: readonly MenuNode[], path: string): boolean {
  const pathname = path.split(/[?#]/)[0];
  for (const node of walk(menu)) if (isPage(node) && node.fullPath === pathname) return true;
  return false;
}

/** What the side menu lists: no hidden nodes, no groups left empty by that. */
export function sideMenu(menu: readonly MenuNode[]): MenuNode[] {
  const kept: MenuNode[] = [];
  for (const node of menu) {
    if (node.hidden) continue;
    const children = sideMenu(node.children ?? []);
    if (!opens(node) && children.length === 0) continue;
    kept.push({ ...node, children });
  }
  return kept;
}

/** `dashboard/ProjectDisplay` → `{ pluginId: 'dashboard', exportName: 'ProjectDisplay' }`. */
export function parseComponentPath(componentPath: string): { pluginId: string; exportName: string } | null {
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(componentPath.trim());
  return match ? { pluginId: match[1], exportName: match[2] } : null;
}
