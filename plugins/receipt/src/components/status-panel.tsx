import type { ReactNode } from 'react';
import styles from './style/index.module.css';

export interface StatusPanelProps {
  /** `prompt`: nothing asked yet; `notFound`: no such batch; `error`: the data could not be loaded. */
  status: 'prompt' | 'notFound' | 'error';
  icon: ReactNode;
  title: string;
  message?: string;
  actions?: ReactNode;
  'data-testid'?: string;
}

/** A not-found or error state: an icon, a title, the reason and the buttons (no Arco Result: its illustrations weigh 27 KB gzip). */
export function StatusPanel({ status, icon, title, message, actions, ...rest }: StatusPanelProps) {
  return (
    <div
      className={styles.status}
      role={status === 'error' ? 'alert' : undefined}
      data-status={status}
      data-testid={rest['data-testid'] ?? 'status-panel'}
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
      {actions ? <div className={styles['status-actions']}>{actions}</div> : null}
    </div>
  );
}
