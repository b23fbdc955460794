import { Spin } from '@arco-design/web-react';
import type { PluginManifest } from '@cotton/sdk';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { usePluginLoader } from './context';
import { PluginErrorBoundary } from './PluginErrorBoundary';
import { PluginErrorPanel } from './PluginErrorPanel';
import styles from './PluginRoute.module.css';

export interface PluginRouteProps {
  manifest: PluginManifest;
  /** The route's path as declared in the manifest. */
  path: string;
}

/**
 * The element of a plugin's route: loads the bundle on first visit (a spinner meanwhile),
 * then renders the route's component; any failure shows the error panel with 重试.
 */
export function PluginRoute({ manifest, path }: PluginRouteProps) {
  const loader = usePluginLoader();
  const { pathname } = useLocation();
  const state = useSyncExternalStore(
    loader.subscribe,
    () => loader.getState(manifest.id),
    () => loader.getState(manifest.id),
  );
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    // Failures are shown through the loader's state.
    loader.load(manifest).catch(() => undefined);
  }, [loader, manifest]);

  const retry = useCallback(() => {
    setRetrying(true);
    loader
      .retry(manifest)
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  }, [loader, manifest]);

  if (state.status === 'error') {
    return <PluginErrorPanel reason={state.error.message} detail={state.error.detail} onRetry={retry} retrying={retrying} />;
  }
  if (state.status !== 'ready') {
    return (
      <div className={styles.loading} data-testid="plugin-loading">
        <Spin size={32} tip="页面加载中…" />
      </div>
    );
  }
  const route = state.plugin.definition.routes?.find((candidate) => candidate.path === path);
  if (!route) {
    return <PluginErrorPanel reason={`插件「${manifest.id}」没有提供页面 ${path}`} onRetry={retry} />;
  }
  const Page = route.element;
  return (
    <PluginErrorBoundary pluginId={manifest.id} resetKey={pathname}>
      <Page />
    </PluginErrorBoundary>
  );
}
