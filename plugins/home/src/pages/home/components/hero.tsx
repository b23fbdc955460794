import { Button, Typography } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import type { HomeLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

export interface HeroProps {
  t: HomeLocale;
  siteName?: string;
}

/** Banner with the site name and the one-line mission. */
export function Hero({ t, siteName }: HeroProps) {
  const navigate = useNavigate();
  return (
    <section className={styles.hero} data-testid="home-hero">
      <div className={styles['hero-inner']}>
        <Typography.Title heading={2} className={styles['hero-title']}>
          {siteName || t['home.hero.fallbackSiteName']}
        </Typography.Title>
        <Typography.Paragraph className={styles['hero-mission']}>{t['home.hero.mission']}</Typography.Paragraph>
        <div className={styles['hero-actions']}>
          <Button type="primary" size="large" className={styles['hero-primary']} onClick={() => navigate('/warehouse')}>
            {t['home.hero.primary']}
          </Button>
          <Button size="large" className={styles['hero-secondary']} onClick={() => navigate({ hash: '#supervision' })}>
            {t['home.hero.secondary']}
          </Button>
        </div>
      </div>
    </section>
  );
}
