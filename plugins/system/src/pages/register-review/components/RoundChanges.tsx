import { Alert, Table, Typography, type TableColumnProps } from '@arco-design/web-react';
import { dash, fillText } from '@cotton/sdk';
import type { RegisterApplyChange, RegisterApplyKind } from '@cotton/sdk/contracts';
import type { RegisterReviewLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

export interface RoundChangesProps {
  t: RegisterReviewLocale;
  /** The application's round (a registration's changes exist from round 2). */
  round: number;
  changes: RegisterApplyChange[];
  /** A change request: its changes are against the enterprise's registered information, in every round. */
  kind?: RegisterApplyKind;
}

/**
 * 本次修改: what a resubmitted application changed against the round before (files by name);
 * for a change request, what it changes against the enterprise's current information.
 */
export function RoundChanges({ t, round, changes, kind = 'register' }: RoundChangesProps) {
  const change = kind === 'change';
  if (!change && round <= 1) return null;
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
        {change
          ? t['registerReview.changes.changeTitle']
          : fillText(t['registerReview.changes.title'], { previous: round - 1 })}
      </Typography.Title>
      {changes.length === 0 ? (
        <Alert
          type="info"
          content={change ? t['registerReview.changes.changeNone'] : t['registerReview.changes.none']}
        />
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
