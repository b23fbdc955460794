import { Empty, Table, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { dash, fillText, formatDate } from '@cotton/sdk';
import type { RegisterApplyReview } from '@cotton/sdk/contracts';
import type { RegisterReviewLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

const DECISION_COLORS: Record<string, string> = { '1': 'green', '2': 'red', '3': 'orange' };

export interface ReviewHistoryProps {
  t: RegisterReviewLocale;
  reviews: RegisterApplyReview[];
}

/** 审核记录: every decision of every round — who, when, what and why — in the server's order. */
export function ReviewHistory({ t, reviews }: ReviewHistoryProps) {
  const columns: TableColumnProps<RegisterApplyReview>[] = [
    {
      title: t['registerReview.history.round'],
      dataIndex: 'round',
      width: 90,
      render: (_, review) => fillText(t['registerReview.round'], { round: review.round }),
    },
    {
      title: t['registerReview.history.decision'],
      dataIndex: 'decisionName',
      width: 110,
      render: (_, review) => <Tag color={DECISION_COLORS[review.decision] ?? 'gray'}>{review.decisionName}</Tag>,
    },
    {
      title: t['registerReview.history.reason'],
      dataIndex: 'reason',
      render: (_, review) => <span className={styles.reason}>{dash(review.reason)}</span>,
    },
    { title: t['registerReview.history.reviewer'], dataIndex: 'reviewerName', width: 110 },
    {
      title: t['registerReview.history.reviewedAt'],
      dataIndex: 'reviewedAt',
      width: 180,
      render: (_, review) => formatDate(review.reviewedAt, 'YYYY-MM-DD HH:mm'),
    },
  ];
  return (
    <section className={styles.section} data-testid="register-review-history">
      <Typography.Title heading={6} className={styles.sectionTitle}>
        {t['registerReview.history.title']}
      </Typography.Title>
      <Table<RegisterApplyReview>
        rowKey={(review) => `${review.round}-${review.decision}-${review.reviewedAt}`}
        columns={columns}
        data={reviews}
        pagination={false}
        border={{ wrapper: true, cell: true }}
        noDataElement={<Empty description={t['registerReview.history.none']} />}
      />
    </section>
  );
}
