import { Link } from 'react-router-dom';
import type { HomeLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

export interface HeroProps {
  t: HomeLocale;
  siteName?: string;
}

/** Arco's large button look on a real link (it opens in a new tab, and the shell prefetches what it leads to). */
const BUTTON_LOOK = 'arco-btn arco-btn-size-large arco-btn-shape-square';

/** Banner with the site name and the one-line mission. */
export function Hero({ t, siteName }: HeroProps) {
  return (
    <section className={styles.hero} data-testid="home-hero">
      <div className={styles['hero-inner']}>
        <h2 className={styles['hero-title']}>{siteName || t['home.hero.fallbackSiteName']}</h2>
        <p className={styles['hero-mission']}>{t['home.hero.mission']}</p>
        <div className={styles['hero-actions']}>
          <Link to="/warehouse" className={`${BUTTON_LOOK} arco-btn-primary ${styles['hero-primary']}`}>
            {t['home.hero.primary']}
          </Link>
          <Link
            to={{ hash: '#supervision' }}
            className={`${BUTTON_LOOK} arco-btn-secondary ${styles['hero-secondary']}`}
          >
            {t['home.hero.secondary']}
          </Link>
        </div>
      </div>
    </section>
  );
}
