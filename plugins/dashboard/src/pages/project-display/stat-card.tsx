import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { IconRight } from '@arco-design/web-react/icon';
import styles from './style/index.module.css';

export interface StatCardProps {
  /** Where the card leads (a real link: middle click, new tab, copy address work); none = a plain figure. */
  to?: string;
  title: string;
  icon: ReactNode;
  /** Colour of the icon's disc: one of the style's tones. */
  tone: 'blue' | 'green' | 'orange' | 'purple';
  value: ReactNode;
  unit: string;
  footer: ReactNode;
  testId: string;
}

/** One figure of the overview; the whole card is a link to the screen behind the figure. */
export function StatCard({ to, title, icon, tone, value, unit, footer, testId }: StatCardProps) {
  const body = (
    <>
      <div className={styles['card-head']}>
        <span className={`${styles.icon} ${styles[`tone-${tone}`]}`}>{icon}</span>
        <span className={styles['card-title']}>{title}</span>
        {to ? <IconRight className={styles.arrow} /> : null}
      </div>
      <div className={styles['card-value']}>
        <span className={styles.number}>{value}</span>
        <span className={styles.unit}>{unit}</span>
      </div>
      <div className={styles['card-footer']}>{footer}</div>
    </>
  );
  return to ? (
    <Link to={to} className={styles.card} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className={styles.card} data-testid={testId}>
      {body}
    </div>
  );
}
