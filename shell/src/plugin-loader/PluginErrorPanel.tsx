import { Button } from '@arco-design/web-react';
import { StatusPanel } from '../components/StatusPanel';

export interface PluginErrorPanelProps {
  /** Why the page could not be shown, in Chinese. */
  reason: string;
  /** The browser's or the plugin's own message. */
  detail?: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** Shown in place of a plugin page that failed to load or to render: never a blank page. */
export function PluginErrorPanel({ reason, detail, onRetry, retrying }: PluginErrorPanelProps) {
  return (
    <StatusPanel
      status="error"
      title="页面加载失败"
      reason={<span data-testid="plugin-error-reason">{reason}</span>}
      detail={detail && detail !== reason ? detail : undefined}
      data-testid="plugin-error-panel"
      actions={
        <Button type="primary" loading={retrying} onClick={onRetry} data-testid="plugin-retry">
          重试
        </Button>
      }
    />
  );
}
