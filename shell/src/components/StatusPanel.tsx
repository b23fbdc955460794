import { IconCloseCircleFill, IconExclamationCircleFill } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import styles from './StatusPanel.module.css';

export interface StatusPanelProps {
  status: 'error' | 'warning';
  title: ReactNode;
  reason?: ReactNode;
  detail?: ReactNode;
  actions?: ReactNode;
  fullHeight?: boolean;
  'data-testid'?: string;
  /** What went wrong, for tests and support (`PluginErrorPanel`: the failure's kind). */
  'data-failure'?: string;
}

/**
 * A light Result: icon, title, reason, actions. Arco's Result pulls its large 403/404/500
 * illustrations into whatever imports it, which the shell's first load cannot afford.
 */
export function StatusPanel({ status, title, reason, detail, actions, fullHeight, ...rest }: StatusPanelProps) {
  const Icon = status === 'error' ? IconCloseCircleFill : IconExclamationCircleFill;
  return (
    <div
      className={fullHeight ? `${styles.panel} ${styles.fullHeight}` : styles.panel}
      role="alert"
      data-testid={rest['data-testid']}
      data-failure={rest['data-failure']}
    >
      <Icon className={status === 'error' ? styles.iconError : styles.iconWarning} />
      <div className={styles.title}>{title}</div>
      {reason ? <div className={styles.reason}>{reason}</div> : null}
      {detail ? <div className={styles.detail}>{detail}</div> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
