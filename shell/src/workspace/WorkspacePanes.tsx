import { useContext, useState, type ContextType, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useOutlet } from 'react-router-dom';
import styles from './WorkspaceTabs.module.css';
import type { WorkspaceTab } from './workspace-store';

type LocationValue = ContextType<typeof LocationContext>;

interface KeptPaneProps {
  path: string;
  /** The route's element and location while the pane is shown; `null` while hidden. */
  live: { element: ReactNode; location: LocationValue } | null;
}

/**
 * One open page. Shown, it renders the router's element; hidden, the last one it showed,
 * under the location it had then: the page stays mounted with its state (queries, forms,
 * scroll of inner panels) and does not see the other tabs' URLs.
 */
function KeptPane({ path, live }: KeptPaneProps) {
  const [kept, setKept] = useState(live);
  // Remember what was last shown (state derived during render, the React way).
  if (live && (kept === null || kept.element !== live.element || kept.location !== live.location)) setKept(live);
  const shown = live ?? kept;
  return (
    <div className={styles.pane} hidden={!live} data-testid="workspace-pane" data-path={path}>
      {shown ? <LocationContext.Provider value={shown.location}>{shown.element}</LocationContext.Provider> : null}
    </div>
  );
}

export interface WorkspacePanesProps {
  tabs: readonly WorkspaceTab[];
  activePath: string | null;
}

/**
 * The layout's outlet, kept alive per tab: every open tab that has been shown stays
 * mounted in its own hidden container; 刷新 (a new tab version) mounts it again. A page of
 * the layout that is not a tab (403) shows alone, the tabs' pages hidden.
 */
export function WorkspacePanes({ tabs, activePath }: WorkspacePanesProps) {
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
