import { Descriptions, Typography } from '@arco-design/web-react';
import type { RegisterApplyDetail } from '@cotton/sdk/contracts';
import { fillText, formatDate } from '@cotton/sdk';
import type { RegisterReviewLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';
import { StatusTag } from './StatusTag';

export interface ApplySummaryProps {
  t: RegisterReviewLocale;
  detail: RegisterApplyDetail;
}

/** The drawer's head: the enterprise, its status and round, when it was submitted, and its 业务代码 once approved. */
export function ApplySummary({ t, detail }: ApplySummaryProps) {
  const data = [
    { key: 'kind', label: t['registerReview.fields.kind'], value: t[`registerReview.kind.${detail.kind}`] },
    { key: 'code', label: t['registerReview.fields.uniformCreditCode'], value: detail.uniformCreditCode },
    { key: 'types', label: t['registerReview.fields.accountTypeNames'], value: detail.accountTypeNames },
    {
      key: 'round',
      label: t['registerReview.fields.round'],
      value: fillText(t['registerReview.round'], { round: detail.round }),
    },
    {
      key: 'time',
      label: t['registerReview.fields.createTime'],
      value: formatDate(detail.createTime, 'YYYY-MM-DD HH:mm'),
    },
  ];
  if (detail.enterpriseCode) {
    data.push({ key: 'enterprise', label: t['registerReview.fields.enterpriseCode'], value: detail.enterpriseCode });
  }
  if (detail.enterpriseName) {
    data.push({ key: 'current', label: t['registerReview.fields.enterpriseName'], value: detail.enterpriseName });
  }
  return (
    <div className={styles.summary} data-testid="register-review-summary">
      <div className={styles.summaryTitle}>
        <Typography.Title heading={5} className={styles.summaryName}>
          {detail.traderName}
        </Typography.Title>
        <StatusTag t={t} status={detail.status} />
      </div>
      <Descriptions column={2} border data={data} labelStyle={{ width: 140 }} />
    </div>
  );
}
