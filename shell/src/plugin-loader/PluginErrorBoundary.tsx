import { isLazyPartFailure } from '@cotton/sdk/host';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messageOf, pluginFailure } from './plugin-load-error';
import { PluginErrorPanel } from './PluginErrorPanel';

export interface PluginErrorBoundaryProps {
  pluginId: string;
  /** When it changes (another page), a previous error is forgotten. */
  resetKey: string;
  /**
   * Called by 重试 before the page is rendered again (`loader.recover`): what failed to load
   * while the page was shown — a lazy part's chunk, a shared module, a stylesheet — is
   * forgotten and fetched afresh, else the next render would meet the same cached failure.
   */
  recover?: () => Promise<void>;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
  retrying: boolean;
}

/** Keeps a plugin that throws while rendering inside its panel: the header and footer stay. */
export class PluginErrorBoundary extends Component<PluginErrorBoundaryProps, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey, retrying: false };
  private mounted = false;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('未知错误'), retrying: false };
  }

  static getDerivedStateFromProps(props: PluginErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: undefined, resetKey: props.resetKey, retrying: false } : null;
  }

  override componentDidMount() {
    this.mounted = true;
  }

  override componentWillUnmount() {
    this.mounted = false;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`插件「${this.props.pluginId}」渲染出错`, error, info.componentStack);
  }

  /**
   * Renders the page afresh (its state and effects start over, so its data is asked for
   * again), once `recover` has cleared the failed loads. The plugin's entry is not fetched
   * again: it loaded, and its bytes are pinned by the integrity.
   */
  private readonly retry = () => {
    if (this.state.retrying) return;
    const { error, resetKey } = this.state;
    this.setState({ retrying: true });
    const recovered = this.props.recover?.() ?? Promise.resolve();
    void recovered
      .catch(() => undefined)
      .then(() => {
        // Another page since, or the boundary gone: nothing to render again here.
        if (!this.mounted || this.state.error !== error || this.state.resetKey !== resetKey) return;
        this.setState({ error: undefined, retrying: false });
      });
  };

  override render() {
    const { error, retrying } = this.state;
    if (error === undefined) return this.props.children;
    const detail = messageOf(error);
    const failure = isLazyPartFailure(error)
      ? pluginFailure.part(this.props.pluginId, detail)
      : pluginFailure.render(this.props.pluginId, detail);
    return <PluginErrorPanel error={failure} onRetry={this.retry} retrying={retrying} />;
  }
}
