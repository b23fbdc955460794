import { Button } from '@arco-design/web-react';
import { useSyncExternalStore } from 'react';
import type { DevMode } from './dev-mode';
import styles from './DevModeBadge.module.css';

const STATUS_TEXT = { active: '已连接', unreachable: '未连接', failed: '构建失败' } as const;

/**
 * The corner badge while this browser loads a plugin from a dev server: which plugin, from
 * where, whether the last build failed, and 关闭 (back to the installed plugins).
 */
export function DevModeBadge({ devMode }: { devMode: DevMode }) {
  const state = useSyncExternalStore(devMode.subscribe, devMode.getState);
  if (!state) return null;
  return (
    <div className={styles.badge} data-status={state.status} data-testid="plugin-dev-badge" role="status">
      <span className={styles.label}>开发模式</span>
      <span className={styles.plugin}>
        {state.pluginId ? `插件「${state.pluginId}」` : '插件'}来自 {state.url} · {STATUS_TEXT[state.status]}
      </span>
      {state.message && (
        <span className={styles.message} title={state.message}>
          {state.message}
        </span>
      )}
      <Button size="mini" onClick={() => devMode.service.switchOff()} data-testid="plugin-dev-off">
        关闭
      </Button>
    </div>
  );
}
