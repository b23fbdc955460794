import { Alert, Card, Descriptions, Table, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { dash, fillText, formatDate } from '@cotton/sdk';
import type { EnterpriseChangeState, RegisterApplicantDecision, RegisterApplyChange } from '@cotton/sdk/contracts';
import type { EnterpriseInfoLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

const STATUS_COLORS: Record<string, string> = { '0': 'arcoblue', '1': 'green', '2': 'red', '3': 'orange' };
const ALERTS = {
  '0': { type: 'info', text: 'enterpriseInfo.changeState.pending' },
  '1': { type: 'success', text: 'enterpriseInfo.changeState.approved' },
  '2': { type: 'error', text: 'enterpriseInfo.changeState.rejected' },
  '3': { type: 'warning', text: 'enterpriseInfo.changeState.returned' },
} as const;

const time = (value: string) => formatDate(value, 'YYYY-MM-DD HH:mm');

export interface ChangeStateProps {
  t: EnterpriseInfoLocale;
  change: EnterpriseChangeState;
}

/**
 * The enterprise's latest change request: its status, while open what it changes against the
 * information below, and every decision with its reason.
 */
export function ChangeState({ t, change }: ChangeStateProps) {
  const alert = ALERTS[change.status];
  const changeColumns: TableColumnProps<RegisterApplyChange>[] = [
    { title: t['enterpriseInfo.changes.section'], dataIndex: 'section', width: 140 },
    { title: t['enterpriseInfo.changes.label'], dataIndex: 'label', width: 160 },
    {
      title: t['enterpriseInfo.changes.before'],
      dataIndex: 'before',
      render: (_, row) => <span className={styles.before}>{dash(row.before)}</span>,
    },
    {
      title: t['enterpriseInfo.changes.after'],
      dataIndex: 'after',
      render: (_, row) => <span className={styles.after}>{dash(row.after)}</span>,
    },
  ];
  const historyColumns: TableColumnProps<RegisterApplicantDecision>[] = [
    {
      title: t['enterpriseInfo.history.round'],
      dataIndex: 'round',
      width: 110,
      render: (_, review) => fillText(t['enterpriseInfo.changeState.round'], { round: review.round }),
    },
    {
      title: t['enterpriseInfo.history.decision'],
      dataIndex: 'decisionName',
      width: 110,
      render: (_, review) => <Tag color={STATUS_COLORS[review.decision] ?? 'gray'}>{review.decisionName}</Tag>,
    },
    {
      title: t['enterpriseInfo.history.reason'],
      dataIndex: 'reason',
      render: (_, review) => <span className={styles.reason}>{dash(review.reason)}</span>,
    },
    {
      title: t['enterpriseInfo.history.reviewedAt'],
      dataIndex: 'reviewedAt',
      width: 160,
      render: (_, review) => time(review.reviewedAt),
    },
  ];
  return (
    <Card className={styles.card} data-testid="enterprise-change-state">
      <Typography.Title heading={6} className={styles.sectionTitle}>
        {t['enterpriseInfo.changeState.title']}{' '}
        <Tag color={STATUS_COLORS[change.status]} data-testid="enterprise-change-status">
          {change.statusName}
        </Tag>
      </Typography.Title>
      {alert ? <Alert type={alert.type} className={styles.changeAlert} content={t[alert.text]} /> : null}
      <Descriptions
        column={{ xs: 1, sm: 1, md: 3 }}
        border
        labelStyle={{ width: 160 }}
        data={[
          { label: t['enterpriseInfo.changeState.name'], value: change.traderName },
          {
            label: t['enterpriseInfo.history.round'],
            value: fillText(t['enterpriseInfo.changeState.round'], { round: change.round }),
          },
          { label: t['enterpriseInfo.changeState.submitTime'], value: time(change.submitTime) },
        ]}
      />
      {change.changes.length > 0 ? (
        <>
          <div className={styles.subTitle}>{t['enterpriseInfo.changes.title']}</div>
          <Table<RegisterApplyChange>
            rowKey={(row) => `${row.section}-${row.label}`}
            columns={changeColumns}
            data={change.changes}
            pagination={false}
            border={{ wrapper: true, cell: true }}
            data-testid="enterprise-change-changes"
          />
        </>
      ) : null}
      {change.reviews.length > 0 ? (
        <>
          <div className={styles.subTitle}>{t['enterpriseInfo.history.title']}</div>
          <Table<RegisterApplicantDecision>
            rowKey={(review) => `${review.round}-${review.reviewedAt}`}
            columns={historyColumns}
            data={change.reviews}
            pagination={false}
            border={{ wrapper: true, cell: true }}
            data-testid="enterprise-change-history"
          />
        </>
      ) : null}
    </Card>
  );
}
