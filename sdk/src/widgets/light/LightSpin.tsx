import type { CSSProperties, ReactNode } from 'react';
import styles from './LightSpin.module.css';

export interface LightSpinProps {
  /** Shows the spinner (over `children`, if any). Default true. */
  loading?: boolean;
  /** The content the spinner masks while loading; without it the spinner alone is drawn. */
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  /** Names the spinner for assistive technology. Default 加载中 (or the tip's text). */
  label?: string;
  /** Text under the spinner (Arco's `tip`), e.g. 加载中… */
  tip?: string;
  'data-testid'?: string;
}

/**
 * A loading spinner with Arco's Spin look (a 20 px primary-coloured ring; over content, a
 * white veil), made of plain elements for public pages, where Arco's Spin cost more on the
 * first render than it gives (issue 30). `role="status"` with a label, so it is announced.
 */
export function LightSpin({
  loading = true,
  children,
  className,
  style,
  label,
  tip,
  'data-testid': testId,
}: LightSpinProps) {
  const icon = (
    <span className={styles.status} role="status" aria-label={label ?? tip ?? '加载中'}>
      <span className={styles.ring} />
      {tip ? (
        <span className={styles.tip} aria-hidden="true">
          {tip}
        </span>
      ) : null}
    </span>
  );
  if (children === undefined) {
    if (!loading) return null;
    return (
      <span className={[styles.alone, className].filter(Boolean).join(' ')} style={style} data-testid={testId}>
        {icon}
      </span>
    );
  }
  return (
    <div
      className={[styles.box, className].filter(Boolean).join(' ')}
      style={style}
      aria-busy={loading}
      data-testid={testId}
    >
      {children}
      {loading ? <div className={styles.mask}>{icon}</div> : null}
    </div>
  );
}
