import { PROGRESS_BARS, litBars } from '../house';
import styles from '../style/index.module.css';

const BAR_INDEXES = Array.from({ length: PROGRESS_BARS }, (_, index) => index);
const LIT = `${styles.bar} ${styles['bar-lit']}`;

/** The progress icon: 9 bars of 10 % each, lit from the left (see `litBars`). */
export function ProgressBars({ percent }: { percent: number }) {
  const lit = litBars(percent);
  return (
    <span className={styles.bars} data-testid="reservation-bars" data-lit={lit} aria-hidden="true">
      {BAR_INDEXES.map((index) => (
        <span key={index} className={index < lit ? LIT : styles.bar} />
      ))}
    </span>
  );
}
