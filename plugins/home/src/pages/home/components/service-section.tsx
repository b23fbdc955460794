import { Grid } from '@arco-design/web-react';
import type { HomeLocale } from '../locale/zh-CN';
import type { HomeSection } from '../sections';
import styles from '../style/index.module.css';
import { EntryCard } from './entry-card';

const { Row, Col } = Grid;

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
        <Row gutter={[16, 16]}>
          {section.cards.map((card) => (
            <Col key={card.key} xs={24} sm={12} lg={8}>
              <EntryCard t={t} card={card} />
            </Col>
          ))}
        </Row>
      </div>
    </section>
  );
}
