import { useEffect, useState } from 'react';
import { Alert, Button, Card, Grid, Result, Skeleton, Tabs } from '@arco-design/web-react';
import { useQuery, useSearchParamsState, useSession } from '@cotton/sdk';
import { thirdBindOutcome } from '@cotton/sdk/validators';
import { queryAccountCenter } from '../../api';
import { BasicInfoForm } from './basic-info-form';
import locale from './locale/zh-CN';
import { PasswordForm } from './password-form';
import { ProfileCard } from './profile-card';
import { ThirdAccounts, type ThirdBindNotice } from './third-accounts';
import styles from './style/index.module.css';

const BIND_QUERY = { thirdBind: '' };

/**
 * 个人中心 (`/account/center`, any signed-in user): the profile card, and tabs to edit the
 * basic information, to change the password and to manage third-party accounts. Coming back
 * from binding one (`?thirdBind=<code>`), the third-party tab opens with the outcome; the
 * code leaves the address at once (a reload does not show it again).
 */
export function AccountCenter() {
  const t = locale;
  const { data, loading, error, reload } = useQuery(queryAccountCenter, [], { silent: true });
  const [query, setQuery] = useSearchParamsState(BIND_QUERY);
  // The message of a known code, never text from the address.
  const [notice, setNotice] = useState<ThirdBindNotice | null>(() => thirdBindOutcome(query.thirdBind));
  const session = useSession();
  const [activeTab, setActiveTab] = useState(() =>
    session.mustChangePassword ? 'password' : query.thirdBind ? 'third' : 'basic',
  );
  useEffect(() => {
    if (query.thirdBind) setQuery({ thirdBind: '' }, { replace: true });
  }, [query.thirdBind, setQuery]);

  if (!data) {
    return (
      <div className={styles.container} data-testid="account-center">
        <Card>
          {loading || !error ? (
            <Skeleton animation text={{ rows: 6 }} image={{ shape: 'circle' }} data-testid="account-loading" />
          ) : (
            <Result
              className={styles.state}
              status="error"
              title={t['accountCenter.loadFailed']}
              subTitle={error.message}
              extra={
                <Button type="primary" onClick={reload}>
                  {t['accountCenter.retry']}
                </Button>
              }
              data-testid="account-error"
            />
          )}
        </Card>
      </div>
    );
  }

  return (
    <div className={styles.container} data-testid="account-center">
      <Grid.Row gutter={[16, 16]}>
        <Grid.Col xs={24} lg={8}>
          <ProfileCard t={t} data={data} onAvatarSaved={reload} />
        </Grid.Col>
        <Grid.Col xs={24} lg={16}>
          <Card className={styles.card}>
            {session.mustChangePassword && (
              <Alert
                type="warning"
                className={styles.notice}
                content={t['accountCenter.password.mustChange']}
                data-testid="account-must-change-password"
              />
            )}
            <Tabs activeTab={activeTab} onChange={setActiveTab} destroyOnHide={false}>
              <Tabs.TabPane key="basic" title={t['accountCenter.tabs.basic']}>
                <BasicInfoForm t={t} user={data.userInfo} onSaved={reload} />
              </Tabs.TabPane>
              <Tabs.TabPane key="password" title={t['accountCenter.tabs.password']}>
                <PasswordForm t={t} />
              </Tabs.TabPane>
              <Tabs.TabPane key="third" title={t['accountCenter.tabs.third']}>
                <ThirdAccounts t={t} notice={notice} onNoticeClose={() => setNotice(null)} />
              </Tabs.TabPane>
            </Tabs>
          </Card>
        </Grid.Col>
      </Grid.Row>
    </div>
  );
}
