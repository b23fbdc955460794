import { PROGRESS_BARS, litBars } from '../house';
import styles from '../style/index.module.css';

/** The progress icon: 9 bars of 10 % each, lit from the left (see `litBars`). */
export function ProgressBars({ percent }: { percent: number }) {
  const lit = litBars(percent);
  return (
    <span className={styles.bars} data-testid="reservation-bars" data-lit={lit} aria-hidden="true">
      {Array.from({ length: PROGRESS_BARS }, (_, index) => (
        <span key={index} className={index < lit ? `${styles.bar} ${styles['bar-lit']}` : styles.bar} />
      ))}
    </span>
  );
}
