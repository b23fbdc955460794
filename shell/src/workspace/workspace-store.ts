/** How many tabs stay open (and mounted) at most, the fixed one included. */
export const DEFAULT_TAB_LIMIT = 10;

/** An open page of the back office. */
export interface WorkspaceTab {
  /** The menu route's path: the tab's identity. */
  path: string;
  /** The menu entry's name. */
  title: string;
  /** Where the tab was last: path, query and hash (what switching back navigates to). */
  url: string;
  /** The home page's tab: always there, never closed. */
  fixed: boolean;
  /** Bumped by 刷新: the page is mounted again. */
  version: number;
}

export interface WorkspaceSnapshot {
  tabs: readonly WorkspaceTab[];
  activePath: string | null;
}

export interface WorkspaceStoreOptions {
  /** The fixed tab (the back office's home page), when the menu has it. */
  fixed?: { path: string; title: string } | null;
  /** At most this many tabs (at least 2); opening one more closes the least recently used. */
  limit?: number;
  /**
   * Tabs the limit must not close (their pages hold unsaved input): it closes the least
   * recently used of the others, and lets the tabs exceed it when there is none.
   */
  spare?: (path: string) => boolean;
}

/** The path of a URL (`/a/b?x=1#y` → `/a/b`). */
export function pathOf(url: string): string {
  return url.split(/[?#]/)[0];
}

/**
 * The open tabs of the back office, in display order, with the active one and the order of
 * use (for the limit). Plain state with `subscribe`/`getSnapshot` for `useSyncExternalStore`;
 * it never navigates: the caller follows the tab an action returns.
 */
export class WorkspaceStore {
  private snapshot: WorkspaceSnapshot = { tabs: [], activePath: null };
  private readonly used = new Map<string, number>();
  private tick = 0;
  private readonly listeners = new Set<() => void>();
  private fixed: { path: string; title: string } | null;
  private readonly spare: (path: string) => boolean;
  readonly limit: number;

  constructor(options: WorkspaceStoreOptions = {}) {
    this.fixed = options.fixed ?? null;
    this.spare = options.spare ?? (() => false);
    this.limit = Math.max(2, Math.floor(options.limit ?? DEFAULT_TAB_LIMIT));
    this.snapshot = { tabs: this.withFixed([]), activePath: null };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): WorkspaceSnapshot => this.snapshot;

  get tabs(): readonly WorkspaceTab[] {
    return this.snapshot.tabs;
  }

  get activePath(): string | null {
    return this.snapshot.activePath;
  }

  find(path: string): WorkspaceTab | undefined {
    return this.snapshot.tabs.find((tab) => tab.path === path);
  }

  /** Opens (or activates) the page at `url`; its URL is remembered. Over the limit, the least recently used tab closes. */
  open(url: string, title: string): void {
    const path = pathOf(url);
    const existing = this.find(path);
    let tabs: WorkspaceTab[];
    if (existing) {
      tabs = this.snapshot.tabs.map((tab) =>
        tab.path === path && (tab.url !== url || tab.title !== title) ? { ...tab, url, title } : tab,
      );
    } else {
      tabs = [...this.snapshot.tabs, { path, title, url, fixed: this.fixed?.path === path, version: 0 }];
    }
    this.touch(path);
    this.set(this.trim(tabs, path), path);
  }

  /** Marks `path` active (it must be open). */
  activate(path: string): WorkspaceTab | null {
    const tab = this.find(path);
    if (!tab) return null;
    this.touch(path);
    this.set(this.snapshot.tabs, path);
    return tab;
  }

  /**
   * Closes `path` (never the fixed tab). When it was the active tab, its right neighbour
   * (else its left one) becomes active and is returned: the caller goes there.
   */
  close(path: string): WorkspaceTab | null {
    const { tabs, activePath } = this.snapshot;
    const index = tabs.findIndex((tab) => tab.path === path);
    if (index < 0 || tabs[index].fixed) return null;
    const rest = tabs.filter((tab) => tab.path !== path);
    this.used.delete(path);
    if (activePath !== path) {
      this.set(rest, activePath);
      return null;
    }
    const next = rest[index] ?? rest[index - 1] ?? null;
    if (next) this.touch(next.path);
    this.set(rest, next?.path ?? null);
    return next;
  }

  /** Keeps the fixed tab and `path`; returns `path`'s tab when it becomes the active one. */
  closeOthers(path: string): WorkspaceTab | null {
    return this.keep((tab, index, at) => tab.fixed || index === at, path);
  }

  /** Closes the tabs right of `path` (not the fixed one); returns `path`'s tab when the active tab was among them. */
  closeRight(path: string): WorkspaceTab | null {
    return this.keep((tab, index, at) => tab.fixed || index <= at, path);
  }

  /** Mounts the page again (a new `version`). */
  refresh(path: string): void {
    if (!this.find(path)) return;
    this.set(
      this.snapshot.tabs.map((tab) => (tab.path === path ? { ...tab, version: tab.version + 1 } : tab)),
      this.snapshot.activePath,
    );
  }

  /**
   * Opens the saved URLs (in the order the tabs were shown) whose paths `menu` (path → menu
   * name) still has, behind the fixed tab, without activating any; `uses` (each URL's rank in
   * the order of use, 0 the oldest; from {@link saved}) tells which give way over the limit.
   * Without it (tabs saved before the order was kept) the URLs are taken as oldest use first.
   */
  restore(urls: readonly unknown[], menu: ReadonlyMap<string, string>, uses?: readonly unknown[]): void {
    let tabs = [...this.snapshot.tabs];
    const ranked = Array.isArray(uses) && uses.length === urls.length && uses.every((use) => Number.isInteger(use));
    /** Restored paths with their rank of use. */
    const restored: Array<{ path: string; rank: number }> = [];
    urls.forEach((url, index) => {
      if (typeof url !== 'string' || !url.startsWith('/')) return;
      const path = pathOf(url);
      const title = menu.get(path);
      if (title === undefined) return;
      const existing = tabs.find((tab) => tab.path === path);
      if (existing) {
        tabs = tabs.map((tab) => (tab === existing ? { ...tab, url } : tab));
      } else {
        tabs.push({ path, title, url, fixed: this.fixed?.path === path, version: 0 });
      }
      restored.push({ path, rank: ranked ? Number(uses[index]) : index });
    });
    for (const { path } of restored.sort((a, b) => a.rank - b.rank)) this.touch(path);
    this.set(this.trim(tabs, this.snapshot.activePath), this.snapshot.activePath);
  }

  /** After a menu change: drops the tabs whose page is gone, renames the others, moves the fixed tab. */
  retain(menu: ReadonlyMap<string, string>, fixed: { path: string; title: string } | null): void {
    this.fixed = fixed;
    const kept = this.snapshot.tabs
      .filter((tab) => menu.has(tab.path))
      .map((tab) => {
        const title = menu.get(tab.path) ?? tab.title;
        const isFixed = fixed?.path === tab.path;
        return title === tab.title && isFixed === tab.fixed ? tab : { ...tab, title, fixed: isFixed };
      });
    for (const path of this.used.keys()) if (!menu.has(path)) this.used.delete(path);
    const activePath = this.snapshot.activePath && menu.has(this.snapshot.activePath) ? this.snapshot.activePath : null;
    const tabs = this.withFixed(kept);
    const same =
      tabs.length === this.snapshot.tabs.length && tabs.every((tab, index) => tab === this.snapshot.tabs[index]);
    if (!same || activePath !== this.snapshot.activePath) this.set(tabs, activePath);
  }

  /**
   * What to save: the tabs' URLs in the order they are shown, and each one's rank in the order
   * of use (0 the oldest), so that a restore shows them in the same order and the same tabs
   * give way over the limit.
   */
  saved(): { urls: string[]; uses: number[] } {
    const tabs = this.snapshot.tabs;
    const byUse = [...tabs].sort((a, b) => (this.used.get(a.path) ?? 0) - (this.used.get(b.path) ?? 0));
    return { urls: tabs.map((tab) => tab.url), uses: tabs.map((tab) => byUse.indexOf(tab)) };
  }

  private keep(
    predicate: (tab: WorkspaceTab, index: number, at: number) => boolean,
    path: string,
  ): WorkspaceTab | null {
    const { tabs, activePath } = this.snapshot;
    const at = tabs.findIndex((tab) => tab.path === path);
    if (at < 0) return null;
    const rest = tabs.filter((tab, index) => predicate(tab, index, at));
    for (const tab of tabs) if (!rest.includes(tab)) this.used.delete(tab.path);
    if (activePath && rest.some((tab) => tab.path === activePath)) {
      this.set(rest, activePath);
      return null;
    }
    this.touch(path);
    this.set(rest, path);
    return tabs[at];
  }

  private touch(path: string) {
    this.tick += 1;
    this.used.set(path, this.tick);
  }

  /** The fixed tab first (added when missing), then the others in their order. */
  private withFixed(tabs: WorkspaceTab[]): WorkspaceTab[] {
    const fixed = this.fixed;
    if (!fixed) return tabs;
    const own = tabs.find((tab) => tab.path === fixed.path) ?? {
      path: fixed.path,
      title: fixed.title,
      url: fixed.path,
      fixed: true,
      version: 0,
    };
    return [own, ...tabs.filter((tab) => tab !== own)];
  }

  /**
   * Over the limit: closes the least recently used tabs, never the fixed one, `keepPath` nor
   * one `spare` says holds unsaved input.
   */
  private trim(tabs: WorkspaceTab[], keepPath: string | null): WorkspaceTab[] {
    let result = this.withFixed(tabs);
    while (result.length > this.limit) {
      const candidates = result.filter((tab) => !tab.fixed && tab.path !== keepPath && !this.spare(tab.path));
      if (candidates.length === 0) break;
      const oldest = candidates.reduce((a, b) =>
        (this.used.get(a.path) ?? 0) <= (this.used.get(b.path) ?? 0) ? a : b,
      );
      this.used.delete(oldest.path);
      result = result.filter((tab) => tab !== oldest);
    }
    return result;
  }

  private set(tabs: WorkspaceTab[] | readonly WorkspaceTab[], activePath: string | null) {
    const same =
      tabs.length === this.snapshot.tabs.length &&
      tabs.every((tab, index) => tab === this.snapshot.tabs[index]) &&
      activePath === this.snapshot.activePath;
    if (same) return;
    this.snapshot = { tabs: [...tabs], activePath };
    for (const listener of this.listeners) listener();
  }
}
