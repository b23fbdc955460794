import { Button } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { StatusPanel } from '../components/StatusPanel';
import { type PluginLoadError, recoveryOf } from './plugin-load-error';

export interface PluginErrorPanelProps {
  /** Why the page could not be shown: its kind decides the title and the buttons. */
  error: PluginLoadError;
  /** Loads (or renders) the plugin again; offered only where a retry can succeed. */
  onRetry?: () => void;
  retrying?: boolean;
}

const reloadPage = () => window.location.reload();

/**
 * Shown in place of a plugin page that failed to load or to render: never a blank page, and
 * only the page — the header, the menus and every other page keep working. 重试 only where
 * it can succeed; where the same files can never work, 刷新页面 (fetches the portal's
 * current plugin list) and 返回首页.
 */
export function PluginErrorPanel({ error, onRetry, retrying }: PluginErrorPanelProps) {
  const navigate = useNavigate();
  const recovery = recoveryOf(error.kind);
  const canRetry = onRetry !== undefined && recovery !== 'reload';
  const retryButton = canRetry ? (
    <Button
      key="retry"
      type={recovery === 'retry' ? 'primary' : 'secondary'}
      loading={retrying}
      onClick={onRetry}
      data-testid="plugin-retry"
    >
      重试
    </Button>
  ) : null;
  const reloadButton =
    recovery === 'retry' ? null : (
      <Button key="reload" type="primary" onClick={reloadPage} data-testid="plugin-reload">
        刷新页面
      </Button>
    );
  const homeButton =
    recovery === 'reload' ? (
      <Button key="home" onClick={() => navigate('/')} data-testid="plugin-home">
        返回首页
      </Button>
    ) : null;
  return (
    <StatusPanel
      status="error"
      title={error.kind === 'render' ? '页面显示出错' : '页面加载失败'}
      reason={<span data-testid="plugin-error-reason">{error.message}</span>}
      detail={error.detail && error.detail !== error.message ? error.detail : undefined}
      data-testid="plugin-error-panel"
      data-failure={error.kind}
      actions={[reloadButton, retryButton, homeButton]}
    />
  );
}
