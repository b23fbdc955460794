import { Descriptions, Typography } from '@arco-design/web-react';
import { dash } from '@cotton/sdk';
import type { RegisterApplyDetail } from '@cotton/sdk/contracts';
import type { RegisterReviewLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';
import { ApplyFiles } from './ApplyFiles';

export interface ApplySectionProps {
  t: RegisterReviewLocale;
  section: RegisterApplyDetail['sections'][number];
}

/** One section the applicant filled (企业信息, 法定代表人信息, …): its fields as the server words them, then its files. */
export function ApplySection({ t, section }: ApplySectionProps) {
  const hasFiles = section.files.some((group) => group.files.length > 0);
  return (
    <section className={styles.section} data-testid="register-review-section">
      <Typography.Title heading={6} className={styles.sectionTitle}>
        {section.title}
      </Typography.Title>
      {section.fields.length > 0 ? (
        <Descriptions
          column={2}
          border
          data={section.fields.map((field, index) => ({ key: index, label: field.label, value: dash(field.value) }))}
          labelStyle={{ width: 160 }}
          valueStyle={{ wordBreak: 'break-all' }}
        />
      ) : (
        !hasFiles && <Typography.Text type="secondary">{t['registerReview.section.noFields']}</Typography.Text>
      )}
      <ApplyFiles t={t} groups={section.files} />
    </section>
  );
}
