import type { PluginManifest } from '@cotton/sdk';
import { useLocation } from 'react-router-dom';
import { PluginErrorBoundary } from '../plugin-loader/PluginErrorBoundary';
import { PluginErrorPanel } from '../plugin-loader/PluginErrorPanel';
import { PluginLoading } from '../plugin-loader/PluginRoute';
import { usePlugin } from '../plugin-loader/use-plugin';
import { parseComponentPath } from './menu';

export interface MenuPluginRouteProps {
  plugins: readonly PluginManifest[];
  /** `<plugin id>/<export>`. */
  componentPath: string;
  /** The menu entry's name, for the messages. */
  title: string;
}

const reloadPage = () => window.location.reload();

/**
 * A menu page: loads the plugin named by `componentPath` through the shell's one loader and
 * renders `definition.components[export]`. An unknown plugin or export is an error panel
 * saying so, never a blank page.
 */
export function MenuPluginRoute({ plugins, componentPath, title }: MenuPluginRouteProps) {
  const { pathname } = useLocation();
  const parsed = parseComponentPath(componentPath);
  const manifest = parsed ? plugins.find((candidate) => candidate.id === parsed.pluginId) : undefined;
  const { state, retry, retrying } = usePlugin(manifest);

  if (!parsed) {
    return (
      <PluginErrorPanel
        reason={`菜单「${title}」的组件路径「${componentPath}」不正确，应为「插件/组件」`}
        onRetry={reloadPage}
      />
    );
  }
  if (!manifest) {
    return (
      <PluginErrorPanel
        reason={`菜单「${title}」所需的插件「${parsed.pluginId}」未安装或未启用`}
        onRetry={reloadPage}
      />
    );
  }
  if (state.status === 'error') {
    return (
      <PluginErrorPanel reason={state.error.message} detail={state.error.detail} onRetry={retry} retrying={retrying} />
    );
  }
  if (state.status !== 'ready') return <PluginLoading />;
  const Component = state.plugin.definition.components?.[parsed.exportName];
  if (!Component) {
    return (
      <PluginErrorPanel
        reason={`插件「${parsed.pluginId}」没有提供组件「${parsed.exportName}」（菜单「${title}」）`}
        onRetry={retry}
      />
    );
  }
  return (
    <PluginErrorBoundary pluginId={manifest.id} resetKey={pathname}>
      <Component />
    </PluginErrorBoundary>
  );
}
