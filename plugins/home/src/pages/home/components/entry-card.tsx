import { Link } from 'react-router-dom';
import type { EntryCard as EntryCardConfig } from '../sections';
import type { HomeLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

export interface EntryCardProps {
  t: HomeLocale;
  card: EntryCardConfig;
}

/**
 * An entry to a service: a link when its page exists, otherwise a disabled 敬请期待 card.
 * A plain bordered box, not Arco's Card (issue 30: the home page loads no Arco component).
 */
export function EntryCard({ t, card }: EntryCardProps) {
  const body = (
    <div className={card.path ? styles.card : `${styles.card} ${styles['card-disabled']}`}>
      <div className={styles['card-head']}>
        <span className={styles['card-title']}>{t[card.title]}</span>
        {card.path ? (
          <span className={styles['card-enter']}>{t['home.card.enter']} →</span>
        ) : (
          <span className={styles['card-soon']}>{t['home.card.comingSoon']}</span>
        )}
      </div>
      <p className={styles['card-description']}>{t[card.description]}</p>
    </div>
  );

  if (card.path) {
    return (
      <Link to={card.path} className={styles['card-link']} data-testid={`home-card-${card.key}`}>
        {body}
      </Link>
    );
  }
  return (
    <div aria-disabled="true" className={styles['card-link']} data-testid={`home-card-${card.key}`}>
      {body}
    </div>
  );
}
