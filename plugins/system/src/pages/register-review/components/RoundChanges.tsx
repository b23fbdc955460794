import { Alert, Table, Typography, type TableColumnProps } from '@arco-design/web-react';
import { dash, fillText } from '@cotton/sdk';
import type { RegisterApplyChange } from '@cotton/sdk';
import type { RegisterReviewLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

export interface RoundChangesProps {
  t: RegisterReviewLocale;
  /** The application's round (changes exist from round 2). */
  round: number;
  changes: RegisterApplyChange[];
}

/** 本次修改: what a resubmitted application changed against the round before (files by name). */
export function RoundChanges({ t, round, changes }: RoundChangesProps) {
  if (round <= 1) return null;
  const columns: TableColumnProps<RegisterApplyChange>[] = [
    { title: t['registerReview.changes.section'], dataIndex: 'section', width: 140 },
    { title: t['registerReview.changes.label'], dataIndex: 'label', width: 160 },
    {
      title: t['registerReview.changes.before'],
      dataIndex: 'before',
      render: (_, change) => <span className={styles.changeBefore}>{dash(change.before)}</span>,
    },
    {
      title: t['registerReview.changes.after'],
      dataIndex: 'after',
      render: (_, change) => <span className={styles.changeAfter}>{dash(change.after)}</span>,
    },
  ];
  return (
    <section className={styles.section} data-testid="register-review-changes">
      <Typography.Title heading={6} className={styles.sectionTitle}>
        {fillText(t['registerReview.changes.title'], { previous: round - 1 })}
      </Typography.Title>
      {changes.length === 0 ? (
        <Alert type="info" content={t['registerReview.changes.none']} />
      ) : (
        <Table<RegisterApplyChange>
          rowKey={(change) => `${change.section}-${change.label}`}
          columns={columns}
          data={changes}
          pagination={false}
          border={{ wrapper: true, cell: true }}
        />
      )}
    </section>
  );
}
