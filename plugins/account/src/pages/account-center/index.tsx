import { Button, Card, Grid, Result, Skeleton, Tabs } from '@arco-design/web-react';
import { useQuery } from '@cotton/sdk';
import { queryAccountCenter } from '../../api';
import { BasicInfoForm } from './basic-info-form';
import locale from './locale/zh-CN';
import { PasswordForm } from './password-form';
import { ProfileCard } from './profile-card';
import styles from './style/index.module.css';

/**
 * 个人中心 (`/account/center`, any signed-in user): the profile card, and tabs to edit the
 * basic information and to change the password.
 */
export function AccountCenter() {
  const t = locale;
  const { data, loading, error, reload } = useQuery(queryAccountCenter, [], { silent: true });

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
          <ProfileCard t={t} data={data} />
        </Grid.Col>
        <Grid.Col xs={24} lg={16}>
          <Card className={styles.card}>
            <Tabs defaultActiveTab="basic" destroyOnHide={false}>
              <Tabs.TabPane key="basic" title={t['accountCenter.tabs.basic']}>
                <BasicInfoForm t={t} user={data.userInfo} onSaved={reload} />
              </Tabs.TabPane>
              <Tabs.TabPane key="password" title={t['accountCenter.tabs.password']}>
                <PasswordForm t={t} />
              </Tabs.TabPane>
            </Tabs>
          </Card>
        </Grid.Col>
      </Grid.Row>
    </div>
  );
}
