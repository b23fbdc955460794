import { Button } from '@arco-design/web-react';
import { StatusPanel } from '../components/StatusPanel';

export interface BootFailureProps {
  reason: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** The 500 page's content when the portal's configuration could not be loaded at start. */
export function BootFailure({ reason, onRetry, retrying }: BootFailureProps) {
  return (
    <StatusPanel
      status="error"
      title="服务器出错了"
      reason={reason}
      fullHeight
      data-testid="boot-failure"
      actions={
        <Button type="primary" loading={retrying} onClick={onRetry} data-testid="boot-retry">
          重试
        </Button>
      }
    />
  );
}
