import type { HomeLocale } from '../locale/zh-CN';
import type { HomeSection } from '../sections';
import styles from '../style/index.module.css';
import { EntryCard } from './entry-card';

export interface ServiceSectionProps {
  t: HomeLocale;
  section: HomeSection;
  /** Alternate sections get a tinted background. */
  tinted?: boolean;
}

/** One anchored service section: title, what the service does, and its entry cards. */
export function ServiceSection({ t, section, tinted }: ServiceSectionProps) {
  return (
    <section
      id={section.key}
      className={tinted ? `${styles.section} ${styles['section-tinted']}` : styles.section}
      data-testid={`home-section-${section.key}`}
    >
      <div className={styles['section-inner']}>
        <h3 className={styles['section-title']}>{t[section.title]}</h3>
        <p className={styles['section-description']}>{t[section.description]}</p>
        {/* One column, two from 576 px, three from 992 px (Arco's sm / lg breakpoints). */}
        <div className={styles.cards}>
          {section.cards.map((card) => (
            <EntryCard key={card.key} t={t} card={card} />
          ))}
        </div>
      </div>
    </section>
  );
}
