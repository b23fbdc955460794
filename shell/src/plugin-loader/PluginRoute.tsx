import { Spin } from '@arco-design/web-react';
import type { PluginManifest } from '@cotton/sdk';
import { useLocation } from 'react-router-dom';
import { PluginErrorBoundary } from './PluginErrorBoundary';
import { PluginErrorPanel } from './PluginErrorPanel';
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
export function PluginRoute({ manifest, path }: PluginRouteProps) {
  const { pathname } = useLocation();
  const { state, retry, retrying } = usePlugin(manifest);

  if (state.status === 'error') {
    return (
      <PluginErrorPanel reason={state.error.message} detail={state.error.detail} onRetry={retry} retrying={retrying} />
    );
  }
  if (state.status !== 'ready') return <PluginLoading />;
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

/** Shown while a plugin's bundle loads. */
export function PluginLoading() {
  return (
    <div className={styles.loading} data-testid="plugin-loading">
      <Spin size={32} tip="页面加载中…" />
    </div>
  );
}
