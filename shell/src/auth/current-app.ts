import { storage } from '@cotton/sdk';
import type { AppEntry, MenuNode } from '@cotton/sdk/contracts';
import { DEFAULT_MAIN_PATH } from './menu';

/** Storage key (under the SDK's `dandelion__` namespace) of the app each user last chose. */
export const CURRENT_APP_KEY = 'CURRENT_APP';

interface StoredApp {
  /** Whose choice: another user's is never applied. */
  owner: string;
  appCode: string;
}

/** Users whose choice one browser keeps (the latest first): a shared office computer's staff. */
export const REMEMBERED_APP_USERS = 20;

/** The stored choices, the latest first (an older portal kept one `StoredApp`). */
function storedApps(): StoredApp[] {
  const saved = storage.get<StoredApp | StoredApp[]>(CURRENT_APP_KEY);
  const list = Array.isArray(saved) ? saved : saved ? [saved] : [];
  return list.filter(
    (item): item is StoredApp =>
      typeof item === 'object' && item !== null && typeof item.owner === 'string' && typeof item.appCode === 'string',
  );
}

/** The app `owner` chose last (its code), or null. */
export function loadCurrentApp(owner: string): string | null {
  return storedApps().find((item) => item.owner === owner)?.appCode ?? null;
}

/**
 * Remembers `appCode` for `owner`, beside the choices of the browser's other users (the
 * {@link REMEMBERED_APP_USERS} latest); null forgets the owner's choice (全部菜单).
 */
export function saveCurrentApp(owner: string, appCode: string | null): void {
  const others = storedApps().filter((item) => item.owner !== owner);
  const next = appCode === null ? others : [{ owner, appCode }, ...others];
  if (next.length === 0) storage.remove(CURRENT_APP_KEY);
  else storage.set(CURRENT_APP_KEY, next.slice(0, REMEMBERED_APP_USERS));
}

/**
 * The menu of an app: the pages whose permission codes the app groups (`app.menus`), the home
 * page (工作台) and the pages every user has (no code), and the groups on the way to them. An app that groups no
 * menu, or whose pages the user holds none of, leaves the menu whole.
 */
export function appMenu(menu: readonly MenuNode[], app: AppEntry | null): readonly MenuNode[] {
  if (!app || app.menus.length === 0) return menu;
  const codes = new Set(app.menus);
  const own = (node: MenuNode) => node.permissions.some((code) => codes.has(code));
  function keep(nodes: readonly MenuNode[]): MenuNode[] {
    return nodes.flatMap((node) => {
      const children = keep(node.children);
      if (node.children.length > 0) return children.length > 0 ? [{ ...node, children }] : [];
      return own(node) || node.permissions.length === 0 || node.path === DEFAULT_MAIN_PATH ? [node] : [];
    });
  }
  const kept = keep(menu);
  // Nothing of the app's but the pages everyone has: the whole menu rather than an empty one.
  const anyOwn = (nodes: readonly MenuNode[]): boolean => nodes.some((node) => own(node) || anyOwn(node.children));
  return anyOwn(kept) ? kept : menu;
}

/** An app that opens in the back office (a local path) switches the menu; another site opens in a new tab. */
export function switchesMenu(app: AppEntry): boolean {
  return app.visitUrl.startsWith('/') && !app.visitUrl.startsWith('//');
}
