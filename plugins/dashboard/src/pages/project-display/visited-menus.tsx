import { Card, Grid, Skeleton, Typography } from '@arco-design/web-react';
import { fillText, formatDate, useQuery } from '@cotton/sdk';
import type { VisitedMenu, VisitedMenus } from '@cotton/sdk/contracts';
import { Link, useLocation } from 'react-router-dom';
import { queryFrequentMenus, queryRecentMenus } from '../../api';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

/** The workbench's own path: not listed on itself. */
const OWN_PATH = '/project/display';

interface VisitListProps {
  title: string;
  testId: string;
  load: () => Promise<VisitedMenus>;
  /** What each entry shows after its name. */
  detail: (menu: VisitedMenu) => string;
}

function VisitList({ title, testId, load, detail }: VisitListProps) {
  const t = locale;
  // A kept tab gets a new location each time it is shown again: the lists follow the visits since.
  const { key } = useLocation();
  const { data, loading, error } = useQuery(load, [key], { silent: true });
  const menus = (data?.menus ?? []).filter((menu) => menu.path !== OWN_PATH);
  return (
    <Card className={styles.section} title={title} bordered={false} data-testid={testId}>
      {error ? (
        <Typography.Text type="error">
          {fillText(t['projectDisplay.visits.failed'], { message: error.message })}
        </Typography.Text>
      ) : loading && !data ? (
        <Skeleton animation text={{ rows: 3 }} />
      ) : menus.length === 0 ? (
        <Typography.Text type="secondary">{t['projectDisplay.visits.empty']}</Typography.Text>
      ) : (
        <div className={styles.shortcuts}>
          {menus.map((menu) => (
            <Link key={menu.id} to={menu.path} className={styles.shortcut} title={detail(menu)}>
              {menu.name}
              <span className={styles['visit-detail']}>{detail(menu)}</span>
            </Link>
          ))}
        </div>
      )}
    </Card>
  );
}

/** 最近访问 and 常用功能: the menu pages the user opened last and most, each a link. */
export function VisitedMenusCards() {
  const t = locale;
  return (
    <Grid.Row gutter={16}>
      <Grid.Col xs={24} lg={12}>
        <VisitList
          title={t['projectDisplay.recent']}
          testId="overview-recent-menus"
          load={queryRecentMenus}
          detail={(menu) => formatDate(menu.lastViewedAt, 'MM-DD HH:mm')}
        />
      </Grid.Col>
      <Grid.Col xs={24} lg={12}>
        <VisitList
          title={t['projectDisplay.frequent']}
          testId="overview-frequent-menus"
          load={queryFrequentMenus}
          detail={(menu) => fillText(t['projectDisplay.visits.count'], { count: String(menu.viewCount) })}
        />
      </Grid.Col>
    </Grid.Row>
  );
}
