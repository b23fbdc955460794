import type { CSSProperties } from 'react';
import { PROGRESS_BARS, litBars } from '../house';
import styles from '../style/index.module.css';

/**
 * The progress icon: 9 bars of 10 % each, lit from the left (see `litBars`). One element drawn
 * by two CSS gradients (the bars, and the lit ones over them), not nine: the week draws 280 of
 * these, and nine spans each were a third of the page's elements — style, layout and the
 * accessibility check's time grew with them.
 */
export function ProgressBars({ percent }: { percent: number }) {
  const lit = litBars(percent);
  return (
    <span
      className={styles.bars}
      style={{ '--lit': lit } as CSSProperties}
      data-testid="reservation-bars"
      data-lit={lit}
      data-bars={PROGRESS_BARS}
      aria-hidden="true"
    />
  );
}
