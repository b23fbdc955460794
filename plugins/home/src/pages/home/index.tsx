import { usePortalConfig } from '@cotton/sdk';
import { CmsBoard } from './cms/cms-board';
import { Hero } from './components/hero';
import { ServiceSection } from './components/service-section';
import { useHashScroll } from './hooks/use-hash-scroll';
import locale from './locale/zh-CN';
import { HOME_SECTIONS } from './sections';
import styles from './style/index.module.css';

/** The portal's home page: hero banner, then one anchored section per service (ids = nav keys). */
export function HomePage() {
  const t = locale;
  const config = usePortalConfig();
  useHashScroll();

  return (
    <div className={styles.home}>
      <Hero t={t} siteName={config.siteName} />
      <CmsBoard />
      {HOME_SECTIONS.map((section, index) => (
        <ServiceSection key={section.key} t={t} section={section} tinted={index % 2 === 1} />
      ))}
    </div>
  );
}
