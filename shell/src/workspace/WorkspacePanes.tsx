import { WorkspacePageContext, type WorkspacePage } from '@cotton/sdk/host';
import { useCallback, useContext, useMemo, useState, type ContextType, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useOutlet } from 'react-router-dom';
import type { UnsavedPages } from './unsaved-pages';
import styles from './WorkspaceTabs.module.css';
import type { WorkspaceTab } from './workspace-store';

type LocationValue = ContextType<typeof LocationContext>;

interface KeptPaneProps {
  path: string;
  /** The route's element and location while the pane is shown; `null` while hidden. */
  live: { element: ReactNode; location: LocationValue } | null;
  unsaved?: UnsavedPages;
  /** 缓存 off (the menu's keepAlive): nothing kept while hidden, mounted afresh when shown. */
  keepAlive?: boolean;
}

/**
 * One open page. Shown, it renders the router's element; hidden, the last one it showed,
 * under the location it had then: the page stays mounted with its state (queries, forms,
 * scroll of inner panels) and does not see the other tabs' URLs. Its drawers mount in the
 * pane's own layer below the tab bar (`WorkspacePage` of `@cotton/sdk/host`), so a
 * half-filled one hides and comes back with its tab; what the page says is unsaved goes to
 * `unsaved`, under the pane's path.
 */
function KeptPane({ path, live, unsaved, keepAlive = true }: KeptPaneProps) {
  const [kept, setKept] = useState(live);
  // Remember what was last shown (state derived during render, the React way).
  if (live && (kept === null || kept.element !== live.element || kept.location !== live.location)) setKept(live);
  const shown = live ?? (keepAlive ? kept : null);
  // One element for the pane's life, there before the page first renders (a drawer reads its
  // container while rendering); put into the pane's layer once that is in the document.
  const [drawers] = useState(() => document.createElement('div'));
  const layer = useCallback(
    (node: HTMLDivElement | null) => {
      if (node && drawers.parentNode !== node) node.append(drawers);
    },
    [drawers],
  );
  const page = useMemo<WorkspacePage>(
    () => ({
      popupContainer: () => drawers,
      setUnsaved: (source, value) => unsaved?.set(path, source, value),
    }),
    [drawers, unsaved, path],
  );
  return (
    <div className={styles.pane} hidden={!live} data-testid="workspace-pane" data-path={path}>
      <div ref={layer} className={styles.drawerLayer} data-testid="workspace-pane-drawers" />
      {shown ? (
        <WorkspacePageContext.Provider value={page}>
          <LocationContext.Provider value={shown.location}>{shown.element}</LocationContext.Provider>
        </WorkspacePageContext.Provider>
      ) : null}
    </div>
  );
}

export interface WorkspacePanesProps {
  tabs: readonly WorkspaceTab[];
  activePath: string | null;
  /** Where the pages say they hold unsaved input (`useWorkspaceTabs().unsaved`). */
  unsaved?: UnsavedPages;
  /** Paths of the menus with 缓存 off: their pages are mounted afresh each time they are shown. */
  notKept?: ReadonlySet<string>;
}

/**
 * The layout's outlet, kept alive per tab: every open tab that has been shown stays
 * mounted in its own hidden container (unless its menu's 缓存 is off: then it is mounted
 * afresh each time it is shown); 刷新 (a new tab version) mounts it again. A page of
 * the layout that is not a tab (403) shows alone, the tabs' pages hidden.
 */
export function WorkspacePanes({ tabs, activePath, unsaved, notKept }: WorkspacePanesProps) {
  const outlet = useOutlet();
  const location = useContext(LocationContext);
  const panes = tabs.some((tab) => tab.path === activePath)
    ? tabs
    : activePath
      ? [...tabs, { path: activePath, version: 0 }]
      : tabs;
  return (
    <div className={styles.panes}>
      {panes.map((tab) => (
        <KeptPane
          key={`${tab.path}#${tab.version}`}
          path={tab.path}
          live={tab.path === activePath ? { element: outlet, location } : null}
          unsaved={unsaved}
          keepAlive={!notKept?.has(tab.path)}
        />
      ))}
      {activePath ? null : (
        <div key=":outlet" className={styles.pane}>
          {outlet}
        </div>
      )}
    </div>
  );
}
