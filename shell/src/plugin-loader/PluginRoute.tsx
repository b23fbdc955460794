import { Spin } from '@arco-design/web-react';
import type { PluginManifest } from '@cotton/sdk/contracts';
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { PluginErrorBoundary } from './PluginErrorBoundary';
import { PluginErrorPanel } from './PluginErrorPanel';
import { useCurrentManifest } from './plugin-list-store';
import { pluginFailure } from './plugin-load-error';
import styles from './PluginRoute.module.css';
import { usePlugin } from './use-plugin';

export interface PluginRouteProps {
  manifest: PluginManifest;
  /** The route's path as declared in the manifest. */
  path: string;
}

/**
 * The element of a plugin's route: loads the bundle on first visit (a spinner meanwhile),
 * then renders the route's component; any failure shows the error panel with 重试.
 */
export function PluginRoute({ manifest: built, path }: PluginRouteProps) {
  const { pathname } = useLocation();
  // An upgrade or roll back since the route table was built: the version now listed.
  const manifest = useCurrentManifest(built);
  const { state, retry, retrying, recover } = usePlugin(manifest);
  // The loader checked the manifest's routes against the definition; a path outside the
  // manifest can only come from a route table built from another manifest.
  const route =
    state.status === 'ready' ? state.plugin.definition.routes?.find((candidate) => candidate.path === path) : undefined;
  const Page = route?.element;
  // The page's element is kept while nothing it depends on changes: this route rendering
  // again (a page rendered ahead being shown, a store it follows answering the same) does
  // not render the page again.
  const page = useMemo(
    () =>
      Page ? (
        <PluginErrorBoundary pluginId={manifest.id} resetKey={pathname} recover={recover}>
          <Page />
        </PluginErrorBoundary>
      ) : null,
    [Page, manifest.id, pathname, recover],
  );

  if (state.status === 'error') {
    return <PluginErrorPanel error={state.error} onRetry={retry} retrying={retrying} />;
  }
  if (state.status !== 'ready') return <PluginLoading />;
  if (!page) return <PluginErrorPanel error={pluginFailure.contract(manifest.id, `缺少路由 ${path}`)} />;
  return page;
}

/** Shown while a plugin's bundle loads. */
export function PluginLoading() {
  return (
    <div className={styles.loading} data-testid="plugin-loading">
      <Spin size={32} tip="页面加载中…" />
    </div>
  );
}
