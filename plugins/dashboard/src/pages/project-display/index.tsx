import { Button, Card, Grid, Result, Skeleton, Typography } from '@arco-design/web-react';
import { IconCalendar, IconFile, IconHome, IconUserAdd } from '@arco-design/web-react/icon';
import { Link } from 'react-router-dom';
import { chinaHour, fillText, formatDate, formatNumber, greetingByHour, useQuery, useSession } from '@cotton/sdk';
import { registerReviewCodes } from '@cotton/sdk/calls';
import { queryOverviewSummary } from '../../api';
import type { OverviewSummary } from '@cotton/sdk/contracts';
import locale from './locale/zh-CN';
import type { ProjectDisplayLocale } from './locale/zh-CN';
import { StatCard } from './stat-card';
import { VisitedMenusCards } from './visited-menus';
import styles from './style/index.module.css';

/** Where each figure leads. */
export const OVERVIEW_LINKS = {
  warehouses: '/warehouse',
  receipts: '/bid',
  appointments: '/reservation',
  /** 系统管理 › 注册审核, for those holding its permission. */
  registrations: '/system/register',
} as const;

const SHORTCUTS: Array<{ key: keyof ProjectDisplayLocale; to: string }> = [
  { key: 'projectDisplay.shortcuts.reservation', to: '/reservation' },
  { key: 'projectDisplay.shortcuts.inlReservation', to: '/inlReservation' },
  { key: 'projectDisplay.shortcuts.warehouse', to: '/warehouse' },
  { key: 'projectDisplay.shortcuts.bid', to: '/bid' },
  { key: 'projectDisplay.shortcuts.account', to: '/account/center' },
];

const count = (value: number) => formatNumber(value, 0);

function StatCards({ t, summary }: { t: ProjectDisplayLocale; summary: OverviewSummary }) {
  const { warehouses, receipts, appointmentsThisWeek, registrationsAwaitingReview } = summary;
  const canReview = useSession().permissions.includes(registerReviewCodes.review);
  const cards = [
    <StatCard
      key="warehouses"
      testId="overview-card-warehouses"
      to={OVERVIEW_LINKS.warehouses}
      title={t['projectDisplay.warehouses']}
      icon={<IconHome />}
      tone="blue"
      value={count(warehouses.total)}
      unit={t['projectDisplay.warehouses.unit']}
      footer={
        <>
          <span>
            {t['projectDisplay.warehouses.xinjiang']} <strong>{count(warehouses.xinjiang)}</strong>
          </span>
          <span className={styles.divider} />
          <span>
            {t['projectDisplay.warehouses.inland']} <strong>{count(warehouses.inland)}</strong>
          </span>
        </>
      }
    />,
    <StatCard
      key="receipts"
      testId="overview-card-receipts"
      to={OVERVIEW_LINKS.receipts}
      title={t['projectDisplay.receipts']}
      icon={<IconFile />}
      tone="green"
      value={count(receipts.total)}
      unit={t['projectDisplay.receipts.unit']}
      footer={t['projectDisplay.receipts.hint']}
    />,
    <StatCard
      key="appointments"
      testId="overview-card-appointments"
      to={OVERVIEW_LINKS.appointments}
      title={t['projectDisplay.appointments']}
      icon={<IconCalendar />}
      tone="orange"
      value={count(appointmentsThisWeek.total)}
      unit={t['projectDisplay.appointments.unit']}
      footer={fillText(t['projectDisplay.appointments.tonnage'], {
        tonnage: formatNumber(appointmentsThisWeek.tonnage),
      })}
    />,
  ];
  if (registrationsAwaitingReview !== null && registrationsAwaitingReview !== undefined) {
    cards.push(
      <StatCard
        key="registrations"
        testId="overview-card-registrations"
        to={canReview ? OVERVIEW_LINKS.registrations : undefined}
        title={t['projectDisplay.registrations']}
        icon={<IconUserAdd />}
        tone="purple"
        value={count(registrationsAwaitingReview)}
        unit={t['projectDisplay.registrations.unit']}
        footer={t[canReview ? 'projectDisplay.registrations.hint' : 'projectDisplay.registrations.elsewhere']}
      />,
    );
  }
  const span = 24 / cards.length;
  return (
    <Grid.Row gutter={[16, 16]} data-testid="overview-cards">
      {cards.map((card) => (
        <Grid.Col key={card.key} xs={24} sm={12} xl={span}>
          {card}
        </Grid.Col>
      ))}
    </Grid.Row>
  );
}

function LoadingCards() {
  return (
    <Grid.Row gutter={[16, 16]} data-testid="overview-loading">
      {[0, 1, 2, 3].map((i) => (
        <Grid.Col key={i} xs={24} sm={12} xl={6}>
          <div className={styles['card-skeleton']}>
            <Skeleton animation text={{ rows: 3, width: ['40%', '60%', '80%'] }} />
          </div>
        </Grid.Col>
      ))}
    </Grid.Row>
  );
}

/**
 * 工作台 (`/project/display`, the main page after login): a greeting and the overview's
 * figures, each a link to the screen behind it, shortcuts to the common queries, and the
 * user's 最近访问 and 常用功能 menu pages.
 */
export function ProjectDisplay() {
  const t = locale;
  const { user, siteDisplayName } = useSession();
  const { data, loading, error, reload } = useQuery(queryOverviewSummary, [], { silent: true });
  const now = Date.now();
  // The greeting and today's date are China's (UTC+8), whatever the browser's zone.
  const greeting = greetingByHour(chinaHour(now));
  const name = user?.realname || user?.nickName || user?.loginName || '';
  const site = siteDisplayName || t['projectDisplay.defaultSite'];

  return (
    <div className={styles.container} data-testid="project-display">
      <Card className={styles.banner} bordered={false}>
        <Typography.Title heading={5} className={styles.greeting} data-testid="overview-greeting">
          {name ? fillText(t['projectDisplay.greeting'], { greeting, name }) : greeting}
        </Typography.Title>
        <Typography.Text type="secondary">
          {fillText(t['projectDisplay.welcome'], { site })}
          {user?.enterpriseName && user.enterpriseName !== site ? ` · ${user.enterpriseName}` : ''} ·{' '}
          {formatDate(now, 'YYYY-MM-DD')}
        </Typography.Text>
      </Card>

      <Card className={styles.section} title={t['projectDisplay.overview']} bordered={false}>
        {data ? (
          <StatCards t={t} summary={data} />
        ) : loading || !error ? (
          <LoadingCards />
        ) : (
          <Result
            status="error"
            title={t['projectDisplay.loadFailed']}
            subTitle={error.message}
            extra={
              <Button type="primary" onClick={reload} data-testid="overview-retry">
                {t['projectDisplay.retry']}
              </Button>
            }
            data-testid="overview-error"
          />
        )}
      </Card>

      <Card className={styles.section} title={t['projectDisplay.shortcuts']} bordered={false}>
        <div className={styles.shortcuts} data-testid="overview-shortcuts">
          {SHORTCUTS.map(({ key, to }) => (
            <Link key={to} to={to} className={styles.shortcut}>
              {t[key]}
            </Link>
          ))}
        </div>
      </Card>

      <VisitedMenusCards />
    </div>
  );
}
