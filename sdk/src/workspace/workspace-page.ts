import { createContext, useContext, useId, useLayoutEffect, useMemo } from 'react';

/**
 * What the back office's workspace gives the page shown in one of its tabs (docs/plugins.md
 * "The workspace"). The host (the shell) provides it around each tab's page; outside the
 * workspace (a public page, a test) there is none and the hooks below do what they would
 * without tabs.
 */
export interface WorkspacePage {
  /**
   * Where the page's drawers mount: an element inside the tab, below the tab bar, so that a
   * half-filled drawer hides with its tab and is there again, as left, when the tab is shown.
   * The same element for the life of the page.
   */
  popupContainer(): HTMLElement;
  /** Part `source` of the page holds input not yet saved (`true`), or no longer does. */
  setUnsaved(source: string, unsaved: boolean): void;
}

/** Host side: the shell provides it around each tab's page. */
export const WorkspacePageContext = createContext<WorkspacePage | null>(null);

/** What {@link useTabDrawer} gives: props for an Arco `Drawer` (or `Modal`). */
export interface TabDrawerProps {
  /** The tab's own layer (none outside the workspace: the document body). */
  getPopupContainer?: () => HTMLElement;
  /** `false` in a tab: the tab bar and the menu stay usable beside a parked drawer. */
  focusLock?: boolean;
}

const outside: TabDrawerProps = {};

/**
 * Props that make a page's own Arco `Drawer` belong to its tab in the back office:
 * `<Drawer {...useTabDrawer()} …>`. It mounts in the tab's layer below the tab bar, so that a
 * half-filled drawer hides with its tab and is there again, as left, when the tab is shown;
 * its focus is not locked in (a locked drawer of a hidden tab would pull the focus back from
 * the tab shown). Outside the workspace: nothing (Arco's defaults). {@link FormDrawer} uses it.
 */
export function useTabDrawer(): TabDrawerProps {
  const page = useContext(WorkspacePageContext);
  return useMemo(() => (page ? { getPopupContainer: page.popupContainer, focusLock: false } : outside), [page]);
}

/**
 * Tells the workspace that the page holds input not yet saved while `unsaved` is true:
 * closing (or refreshing) its tab then asks first (确认关闭？未保存的内容将丢失). Any number of
 * parts of a page may call it; the page is unsaved while one of them says so. Nothing outside
 * the workspace. {@link FormDrawer} calls it while its form has been typed in.
 */
export function useUnsavedChanges(unsaved: boolean): void {
  const page = useContext(WorkspacePageContext);
  const source = useId();
  // In the commit itself, not after the paint: a tab closed right after 保存 must not ask.
  useLayoutEffect(() => {
    if (!page || !unsaved) return undefined;
    page.setUnsaved(source, true);
    return () => page.setUnsaved(source, false);
  }, [page, source, unsaved]);
}
