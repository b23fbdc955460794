import { Spin } from '@arco-design/web-react';
import styles from './BootSpinner.module.css';

/**
 * The page-wide spinner while the portal starts: before the router exists, and while the
 * first address's lazy route (the back office's frame, an exception page) loads.
 */
export function BootSpinner() {
  return (
    <div className={styles.booting} data-testid="boot-spinner">
      <Spin size={32} />
    </div>
  );
}
