import { Modal } from '@arco-design/web-react';
import { useSession } from '@cotton/sdk';
import { useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthState } from '../auth/auth-store';
import { DEFAULT_MAIN_PATH, type MenuRoute } from '../auth/menu';
import { loadSavedTabs, saveTabs } from './saved-tabs';
import { UnsavedPages } from './unsaved-pages';
import { DEFAULT_TAB_LIMIT, WorkspaceStore, type WorkspaceTab } from './workspace-store';

export interface WorkspaceTabsOptions {
  /** At most this many tabs (default 10). */
  limit?: number;
}

export interface WorkspaceTabsApi {
  tabs: readonly WorkspaceTab[];
  /** The page shown, when it is a menu page (a tab); `null` on other pages of the layout (403). */
  activePath: string | null;
  select(path: string): void;
  close(path: string): void;
  closeOthers(path: string): void;
  closeRight(path: string): void;
  /** Mounts the page again (and shows it). */
  refresh(path: string): void;
  /** The tabs whose pages hold unsaved input: closing or refreshing one asks first. */
  unsaved: UnsavedPages;
}

/** What closing (or refreshing) a tab with unsaved input asks. */
export const UNSAVED_MESSAGES = {
  closeTitle: '确认关闭？',
  refreshTitle: '确认刷新？',
  content: '未保存的内容将丢失',
  close: '关闭',
  refresh: '刷新',
  cancel: '取消',
} as const;

/** Runs `action` at once, or after the user agrees when one of `paths` holds unsaved input. */
function confirmLoss(unsaved: UnsavedPages, paths: readonly string[], kind: 'close' | 'refresh', action: () => void) {
  if (!unsaved.any(paths)) {
    action();
    return;
  }
  Modal.confirm({
    title: kind === 'close' ? UNSAVED_MESSAGES.closeTitle : UNSAVED_MESSAGES.refreshTitle,
    content: UNSAVED_MESSAGES.content,
    okText: kind === 'close' ? UNSAVED_MESSAGES.close : UNSAVED_MESSAGES.refresh,
    cancelText: UNSAVED_MESSAGES.cancel,
    okButtonProps: { status: 'danger' },
    onOk: action,
  });
}

/** The fixed tab: the main page when the menu has it, else the first menu page. */
export function homeTab(routes: readonly MenuRoute[]): { path: string; title: string } | null {
  const home = routes.find((route) => route.path === DEFAULT_MAIN_PATH) ?? routes[0];
  return home ? { path: home.path, title: home.title } : null;
}

/**
 * The back office's tabs, following the router: each menu page visited opens (or
 * activates) its tab; the actions navigate to the tab to show. The open tabs are saved per
 * user and restored, for the pages the menu still has, when the layout mounts again.
 */
export function useWorkspaceTabs({ limit = DEFAULT_TAB_LIMIT }: WorkspaceTabsOptions = {}): WorkspaceTabsApi {
  const auth = useAuthState();
  const owner = useSession().user?.uid ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const routes = auth?.routes;
  const menu = useMemo(() => new Map((routes ?? []).map((route) => [route.path, route.title])), [routes]);
  const [unsaved] = useState(() => new UnsavedPages());
  const [store] = useState(() => {
    // The limit never closes a tab with unsaved input behind the user's back.
    const created = new WorkspaceStore({ fixed: homeTab(routes ?? []), limit, spare: (path) => unsaved.any([path]) });
    const saved = loadSavedTabs(owner);
    created.restore(saved.urls, menu, saved.uses);
    return created;
  });
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  // Logged out (the router is about to be rebuilt): the tab shown stays as it was.
  const activePath = auth ? (menu.has(location.pathname) ? location.pathname : null) : snapshot.activePath;
  const url = location.pathname + location.search + location.hash;

  // A menu change (session reload): drop the pages that are gone. After logout (no auth) nothing changes.
  useLayoutEffect(() => {
    if (routes) store.retain(menu, homeTab(routes));
  }, [store, menu, routes]);

  useLayoutEffect(() => {
    if (activePath) store.open(url, menu.get(activePath) ?? activePath);
  }, [store, activePath, url, menu]);

  // Closing or reloading the browser's tab with unsaved input in an open tab asks first (the
  // browser's own question), and only then.
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!unsaved.any(store.getSnapshot().tabs.map((tab) => tab.path))) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [store, unsaved]);

  useEffect(() => {
    if (!auth || !owner) return;
    saveTabs(owner, store.saved());
    return store.subscribe(() => saveTabs(owner, store.saved()));
  }, [store, auth, owner]);

  return useMemo(() => {
    const go = (tab: WorkspaceTab | null, replace = true) => {
      if (tab) void navigate(tab.url, { replace });
    };
    return {
      tabs: snapshot.tabs,
      activePath,
      select(path) {
        const tab = store.find(path);
        if (tab && path !== activePath) go(tab, false);
      },
      close(path) {
        confirmLoss(unsaved, [path], 'close', () => go(store.close(path)));
      },
      closeOthers(path) {
        const closing = snapshot.tabs.filter((tab) => !tab.fixed && tab.path !== path).map((tab) => tab.path);
        confirmLoss(unsaved, closing, 'close', () => go(store.closeOthers(path)));
      },
      closeRight(path) {
        const at = snapshot.tabs.findIndex((tab) => tab.path === path);
        const closing = snapshot.tabs.filter((tab, index) => !tab.fixed && index > at).map((tab) => tab.path);
        confirmLoss(unsaved, closing, 'close', () => go(store.closeRight(path)));
      },
      refresh(path) {
        const tab = store.find(path);
        if (!tab) return;
        confirmLoss(unsaved, [path], 'refresh', () => {
          store.refresh(path);
          if (path !== activePath) go(tab, false);
        });
      },
      unsaved,
    };
  }, [snapshot.tabs, activePath, store, navigate, unsaved]);
}
