import type { PluginManifest } from '@cotton/sdk/contracts';
import { useLocation } from 'react-router-dom';
import { PluginErrorBoundary } from '../plugin-loader/PluginErrorBoundary';
import { PluginErrorPanel } from '../plugin-loader/PluginErrorPanel';
import { pluginFailure } from '../plugin-loader/plugin-load-error';
import { PluginLoading } from '../plugin-loader/PluginRoute';
import { usePluginList } from '../plugin-loader/plugin-list-store';
import { usePlugin } from '../plugin-loader/use-plugin';
import { parseComponentPath } from './menu';

export interface MenuPluginRouteProps {
  plugins: readonly PluginManifest[];
  /** `<plugin id>/<export>`. */
  componentPath: string;
  /** The menu entry's name, for the messages. */
  title: string;
}

/**
 * A menu page: loads the plugin named by `componentPath` through the shell's one loader and
 * renders `definition.components[export]`. A malformed path, an unknown plugin or a
 * component the plugin does not declare is an error panel saying so, never a blank page;
 * the bundle is not downloaded for a component its manifest does not list.
 */
export function MenuPluginRoute({ plugins: built, componentPath, title }: MenuPluginRouteProps) {
  const { pathname } = useLocation();
  // The list now in use (an upgrade or roll back since the route table was built).
  const plugins = usePluginList(built);
  const parsed = parseComponentPath(componentPath);
  const manifest = parsed ? plugins.find((candidate) => candidate.id === parsed.pluginId) : undefined;
  const declared = parsed !== null && manifest !== undefined && manifest.components.includes(parsed.exportName);
  const { state, retry, retrying, recover } = usePlugin(declared ? manifest : undefined);

  if (!parsed) return <PluginErrorPanel error={pluginFailure.badComponentPath(componentPath, title)} />;
  if (!manifest) return <PluginErrorPanel error={pluginFailure.missingPlugin(parsed.pluginId, title)} />;
  const missingComponent = pluginFailure.missingComponent(parsed.pluginId, parsed.exportName, title);
  if (!declared) return <PluginErrorPanel error={missingComponent} />;
  if (state.status === 'error') return <PluginErrorPanel error={state.error} onRetry={retry} retrying={retrying} />;
  if (state.status !== 'ready') return <PluginLoading />;
  // The loader checked every declared component against the definition.
  const Component = state.plugin.definition.components?.[parsed.exportName];
  if (!Component) return <PluginErrorPanel error={missingComponent} />;
  return (
    <PluginErrorBoundary pluginId={manifest.id} resetKey={pathname} recover={recover}>
      <Component />
    </PluginErrorBoundary>
  );
}
