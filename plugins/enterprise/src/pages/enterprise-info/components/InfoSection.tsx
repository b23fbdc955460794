import { Card, Descriptions, Typography } from '@arco-design/web-react';
import { dash } from '@cotton/sdk';
import type { RegisterApplySection } from '@cotton/sdk/contracts';
import type { EnterpriseInfoLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';
import { SectionFiles } from './SectionFiles';

export interface InfoSectionProps {
  t: EnterpriseInfoLocale;
  section: RegisterApplySection;
}

/** One section of the registered information (企业信息, 法定代表人信息, …) as the registration form labels it, then its files. */
export function InfoSection({ t, section }: InfoSectionProps) {
  const hasFiles = section.files.some((group) => group.files.length > 0);
  return (
    <Card className={styles.card} data-testid="enterprise-info-section">
      <Typography.Title heading={6} className={styles.sectionTitle}>
        {section.title}
      </Typography.Title>
      {section.fields.length > 0 ? (
        <Descriptions
          column={{ xs: 1, sm: 1, md: 2 }}
          border
          data={section.fields.map((field, index) => ({ key: index, label: field.label, value: dash(field.value) }))}
          labelStyle={{ width: 160 }}
          valueStyle={{ wordBreak: 'break-all' }}
        />
      ) : (
        !hasFiles && <Typography.Text type="secondary">{t['enterpriseInfo.section.noFields']}</Typography.Text>
      )}
      <SectionFiles t={t} groups={section.files} />
    </Card>
  );
}
