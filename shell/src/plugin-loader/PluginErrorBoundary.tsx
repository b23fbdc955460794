import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messageOf, pluginFailure } from './plugin-load-error';
import { PluginErrorPanel } from './PluginErrorPanel';

export interface PluginErrorBoundaryProps {
  pluginId: string;
  /** When it changes (another page), a previous error is forgotten. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Keeps a plugin that throws while rendering inside its panel: the header and footer stay. */
export class PluginErrorBoundary extends Component<PluginErrorBoundaryProps, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('未知错误') };
  }

  static getDerivedStateFromProps(props: PluginErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: undefined, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`插件「${this.props.pluginId}」渲染出错`, error, info.componentStack);
  }

  /**
   * Renders the page afresh (its state and effects start over, so its data is asked for
   * again). The bundle is not fetched again: its bytes are pinned by the integrity, so a new
   * copy could only be the same code.
   */
  private readonly retry = () => this.setState({ error: undefined });

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const error = pluginFailure.render(this.props.pluginId, messageOf(this.state.error));
    return <PluginErrorPanel error={error} onRetry={this.retry} />;
  }
}
