import type { ReactNode } from 'react';
import styles from './style/index.module.css';

export interface StatusPanelProps {
  /** `notFound`: the code names no warehouse; `error`: the detail could not be loaded. */
  status: 'notFound' | 'error';
  icon: ReactNode;
  title: string;
  message?: string;
  actions: ReactNode;
}

/**
 * The detail's not-found and error states: an icon, a title, the reason and the buttons.
 * Arco's `Result` would do, but it bundles its 403/404/500 illustrations (27 KB gzip) into
 * every page that uses it, even for a status without one.
 */
export function StatusPanel({ status, icon, title, message, actions }: StatusPanelProps) {
  return (
    <div
      className={styles.status}
      role={status === 'error' ? 'alert' : undefined}
      data-status={status}
      data-testid="warehouse-detail-status"
    >
      <div
        className={
          status === 'error' ? `${styles['status-icon']} ${styles['status-icon-error']}` : styles['status-icon']
        }
      >
        {icon}
      </div>
      <h5 className={styles['status-title']}>{title}</h5>
      {message ? <p className={styles['status-message']}>{message}</p> : null}
      <div className={styles['status-actions']}>{actions}</div>
    </div>
  );
}
